import { Address, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import {
  buildJettonDeposit,
  buildTonDeposit,
  formatUnits,
  jettonTransferOp,
  toNonBounceable,
  tonDepositKind,
  toUnits,
} from './ton-transfer';

const depositAddress = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: true });
const player = new Address(0, Buffer.alloc(32, 9)).toString({ bounceable: false });
const playerJettonWallet = new Address(0, Buffer.alloc(32, 3)).toRawString();
const now = new Date('2026-03-01T12:00:00.000Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

function readComment(cell: Cell): string {
  const slice = cell.beginParse();
  expect(slice.loadUint(32)).toBe(0);
  return slice.loadStringTail();
}

function onlyMessage(transaction: ReturnType<typeof buildTonDeposit>) {
  expect(transaction.messages).toHaveLength(1);
  const [message] = transaction.messages;
  if (!message) throw new Error('no message');
  return message;
}

describe('TON wallet deposits', () => {
  it('sends a plain TON transfer of the entered amount to the non-bounceable address, memo as comment', () => {
    const transaction = buildTonDeposit({ amount: '1.5', depositAddress, memo: '418204', now });
    expect(transaction.validUntil).toBe(nowSeconds + 360);
    const message = onlyMessage(transaction);
    expect(message.amount).toBe('1500000000');
    expect(message.address).toBe(toNonBounceable(depositAddress));
    expect(Address.parseFriendly(message.address).isBounceable).toBe(false);
    expect(Address.parse(message.address).equals(Address.parse(depositAddress))).toBe(true);
    expect(readComment(Cell.fromBase64(message.payload ?? ''))).toBe('418204');
  });

  it('omits the payload without a memo and refuses a non-positive amount', () => {
    expect(
      onlyMessage(buildTonDeposit({ amount: '2', depositAddress, memo: null, now })).payload,
    ).toBe(undefined);
    expect(() => buildTonDeposit({ amount: '0', depositAddress, memo: null, now })).toThrow(
      RangeError,
    );
    expect(() =>
      buildTonDeposit({ amount: '1.0000000001', depositAddress, memo: null, now }),
    ).toThrow(RangeError);
  });

  it('sends USDT on TON as a jetton transfer: 6 decimals, 0.1 TON gas, 0.01 TON forwarded with the memo', () => {
    const transaction = buildJettonDeposit({
      amount: '25.75',
      decimals: 6,
      depositAddress,
      memo: '418204',
      senderAddress: player,
      senderJettonWallet: playerJettonWallet,
      queryId: 42n,
      now,
    });
    expect(transaction.validUntil).toBe(nowSeconds + 360);
    const message = onlyMessage(transaction);
    expect(message.amount).toBe('100000000');
    expect(Address.parse(message.address).toRawString()).toBe(playerJettonWallet);

    const body = Cell.fromBase64(message.payload ?? '').beginParse();
    expect(body.loadUint(32)).toBe(jettonTransferOp);
    expect(jettonTransferOp).toBe(0xf8a7ea5);
    expect(body.loadUintBig(64)).toBe(42n);
    expect(body.loadCoins()).toBe(25_750_000n);
    expect(body.loadAddress().equals(Address.parse(depositAddress))).toBe(true);
    expect(body.loadAddress().equals(Address.parse(player))).toBe(true);
    expect(body.loadBit()).toBe(false);
    expect(body.loadCoins()).toBe(10_000_000n);
    expect(body.loadBit()).toBe(true);
    expect(readComment(body.loadRef())).toBe('418204');
    expect(body.remainingBits).toBe(0);
  });

  it('uses 9 decimals for NOT and an empty inline forward payload without a memo', () => {
    const kind = tonDepositKind({ code: 'NOT', asset: 'NOT' });
    expect(kind).toMatchObject({ kind: 'jetton', decimals: 9 });
    const message = onlyMessage(
      buildJettonDeposit({
        amount: '3',
        decimals: kind?.kind === 'jetton' ? kind.decimals : 0,
        depositAddress,
        memo: null,
        senderAddress: player,
        senderJettonWallet: playerJettonWallet,
        queryId: 1n,
        now,
      }),
    );
    const body = Cell.fromBase64(message.payload ?? '').beginParse();
    body.loadUint(32);
    body.loadUintBig(64);
    expect(body.loadCoins()).toBe(3_000_000_000n);
    body.loadAddress();
    body.loadAddress();
    body.loadBit();
    body.loadCoins();
    expect(body.loadBit()).toBe(false);
    expect(body.remainingRefs).toBe(0);
  });

  it('knows which methods a TON wallet pays and how', () => {
    expect(tonDepositKind({ code: 'TON', asset: 'TON' })).toEqual({ kind: 'ton' });
    expect(tonDepositKind({ code: 'USDTTON', asset: 'USDT' })).toMatchObject({
      kind: 'jetton',
      decimals: 6,
    });
    expect(tonDepositKind({ code: 'USDTTRC20', asset: 'USDT' })).toBeNull();
  });

  it('keeps a testnet address on testnet in non-bounceable form', () => {
    const testnet = new Address(0, Buffer.alloc(32, 5)).toString({ testOnly: true });
    const converted = Address.parseFriendly(toNonBounceable(testnet));
    expect(converted.isTestOnly).toBe(true);
    expect(converted.isBounceable).toBe(false);
  });

  it('reads amounts and balances in units', () => {
    expect(toUnits('0.000001', 6)).toBe(1n);
    expect(toUnits('abc', 6)).toBeNull();
    expect(formatUnits(1_239_999_999n, 9, 2)).toBe('1.23');
    expect(formatUnits(5n, 0, 2)).toBe('5.00');
    expect(formatUnits(0n, 6, 2)).toBe('0.00');
  });
});
