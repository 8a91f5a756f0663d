import './ton-buffer';
import {
  type CryptoMethodCode,
  formatMinorToDecimal,
  parseDecimalToMinor,
  tonJettonDecimals,
  tonJettonForwardNano,
  tonJettonGasNano,
  tonTransactionValiditySeconds,
} from '@casino/contract';
import { Address, beginCell, type Cell } from '@ton/core';

/**
 * What a TON wallet signs for a deposit (wallet spec §5 "TON deposit", §9 constants), in the
 * shape TON Connect's `sendTransaction` takes: amounts in nanotons as decimal strings, payloads
 * as base64 bags of cells.
 */
export interface TonConnectMessage {
  address: string;
  amount: string;
  payload?: string;
}

export interface TonConnectTransaction {
  /** unix seconds */
  validUntil: number;
  messages: TonConnectMessage[];
}

/** The jetton masters of the methods a TON wallet pays in a jetton (mainnet). */
export const tonJettonMasters: Partial<Record<CryptoMethodCode, string>> = {
  USDTTON: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
  NOT: 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT',
};

/** TEP-74 jetton `transfer` operation code. */
export const jettonTransferOp = 0x0f8a7ea5;
const tonDecimals = 9;

export type TonDepositKind = { kind: 'ton' } | { kind: 'jetton'; master: string; decimals: number };

/** TON itself, or the jetton a method's asset is on TON; null when a TON wallet cannot pay it. */
export function tonDepositKind(method: {
  code: CryptoMethodCode;
  asset: string;
}): TonDepositKind | null {
  if (method.code === 'TON') return { kind: 'ton' };
  const master = tonJettonMasters[method.code];
  const decimals = tonJettonDecimals[method.asset];
  if (!master || decimals === undefined) return null;
  return { kind: 'jetton', master, decimals };
}

/** The user-friendly non-bounceable form (spec §5), keeping a testnet address on testnet. */
export function toNonBounceable(address: string): string {
  const testOnly = Address.isFriendly(address) ? Address.parseFriendly(address).isTestOnly : false;
  return Address.parse(address).toString({ bounceable: false, testOnly });
}

/** A connected wallet's raw address (`0:…`) in the non-bounceable user-friendly form. */
export function friendlyWalletAddress(rawAddress: string, testnet: boolean): string {
  return Address.parse(rawAddress).toString({ bounceable: false, testOnly: testnet });
}

/** A decimal amount in the smallest units of `decimals`; null when it is not a positive decimal. */
export function toUnits(amount: string, decimals: number): bigint | null {
  const units = parseDecimalToMinor(amount.trim(), decimals);
  return units === null || units <= 0n ? null : units;
}

/** A text comment: op 0 then the UTF-8 text (snake-continued into references when long). */
export function commentCell(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}

function validUntil(now: Date): number {
  return Math.floor(now.getTime() / 1000) + tonTransactionValiditySeconds;
}

/** A plain TON transfer of the entered amount to the deposit address, the memo as its comment. */
export function buildTonDeposit(input: {
  amount: string;
  depositAddress: string;
  memo: string | null;
  now: Date;
}): TonConnectTransaction {
  const nano = toUnits(input.amount, tonDecimals);
  if (nano === null) throw new RangeError(`Not a TON amount: ${input.amount}`);
  return {
    validUntil: validUntil(input.now),
    messages: [
      {
        address: toNonBounceable(input.depositAddress),
        amount: nano.toString(),
        ...(input.memo ? { payload: commentCell(input.memo).toBoc().toString('base64') } : {}),
      },
    ],
  };
}

/**
 * The TEP-74 transfer body a player's jetton wallet executes: send `amount` jetton units to the
 * deposit address, return the excess gas to the sender, forward `forwardNano` with the memo.
 */
export function jettonTransferBody(input: {
  queryId: bigint;
  units: bigint;
  destination: string;
  responseDestination: string;
  forwardNano: bigint;
  memo: string | null;
}): Cell {
  const body = beginCell()
    .storeUint(jettonTransferOp, 32)
    .storeUint(input.queryId, 64)
    .storeCoins(input.units)
    .storeAddress(Address.parse(input.destination))
    .storeAddress(Address.parse(input.responseDestination))
    // no custom payload
    .storeBit(false)
    .storeCoins(input.forwardNano);
  // forward payload: the comment in a reference, or an empty inline payload
  if (input.memo) body.storeBit(true).storeRef(commentCell(input.memo));
  else body.storeBit(false);
  return body.endCell();
}

/**
 * A jetton deposit: one message to the player's own jetton wallet carrying 0.1 TON for gas, whose
 * body moves the amount (in the jetton's decimals) to the deposit address and forwards 0.01 TON.
 */
export function buildJettonDeposit(input: {
  amount: string;
  decimals: number;
  depositAddress: string;
  memo: string | null;
  senderAddress: string;
  senderJettonWallet: string;
  queryId: bigint;
  now: Date;
}): TonConnectTransaction {
  const units = toUnits(input.amount, input.decimals);
  if (units === null) throw new RangeError(`Not a jetton amount: ${input.amount}`);
  const body = jettonTransferBody({
    queryId: input.queryId,
    units,
    destination: input.depositAddress,
    responseDestination: input.senderAddress,
    forwardNano: tonJettonForwardNano,
    memo: input.memo,
  });
  return {
    validUntil: validUntil(input.now),
    messages: [
      {
        address: Address.parse(input.senderJettonWallet).toString({ bounceable: true }),
        amount: tonJettonGasNano.toString(),
        payload: body.toBoc().toString('base64'),
      },
    ],
  };
}

/** Units to a decimal string with `shown` decimals, rounded down (a balance is never overstated). */
export function formatUnits(units: bigint, decimals: number, shown: number): string {
  const scaled =
    decimals >= shown
      ? units / 10n ** BigInt(decimals - shown)
      : units * 10n ** BigInt(shown - decimals);
  return formatMinorToDecimal(scaled, shown);
}
