import { z } from 'zod';
import { decimalStringSchema } from './money-schemas.ts';

/**
 * The crypto wallet (wallet spec §2–§5, §7, §9; issue 7): crypto methods (an asset on a
 * network), deposit addresses, incoming transfers reported by a chain watcher, withdrawals paid
 * by a payout provider, the crypto-bot payment service and the TON wallet deposit. Amounts on the
 * wire are decimal strings in the method's asset (e.g. "12.5" USDT) unless named otherwise.
 */

// ─── networks and methods ───────────────────────────────────────────────────────────────────

/** Chains the platform watches; each has its own address rules and confirmation count. */
export const cryptoNetworkIds = [
  'bitcoin',
  'litecoin',
  'ethereum',
  'bsc',
  'tron',
  'ton',
  'solana',
] as const;
export const cryptoNetworkIdSchema = z.enum(cryptoNetworkIds);
export type CryptoNetworkId = z.infer<typeof cryptoNetworkIdSchema>;

/** Spec §9 crypto-bot mapping, network side, and the names players read. */
export const cryptoNetworkNames: Readonly<Record<CryptoNetworkId, string>> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  ethereum: 'Ethereum',
  bsc: 'BNB Smart Chain',
  tron: 'Tron',
  ton: 'Toncoin',
  solana: 'Solana',
};

/**
 * Networks where one shared operator address receives every player's deposit and a per-player
 * memo (TON comment, Solana memo) tells them apart: their keys are ed25519, so addresses cannot
 * be derived from an extended public key the way BIP32 allows on secp256k1 chains.
 */
export const memoNetworks: readonly CryptoNetworkId[] = ['ton', 'solana'];

/** Method codes (spec: code + network). USDT, USDC on several networks; native coins. */
export const cryptoMethodCodes = [
  'USDTTRC20',
  'USDTERC20',
  'USDTBEP20',
  'USDTTON',
  'USDCSOL',
  'USDCERC20',
  'USDCBEP20',
  'TON',
  'TRX',
  'ETH',
  'BTC',
  'SOL',
  'NOT',
  'LTC',
] as const;
export const cryptoMethodCodeSchema = z.enum(cryptoMethodCodes, {
  error: 'Validation.unsupported_currency',
});
export type CryptoMethodCode = z.infer<typeof cryptoMethodCodeSchema>;

export const cryptoProviders = ['cryptobot'] as const;
export const cryptoProviderSchema = z.enum(cryptoProviders);
export type CryptoProvider = z.infer<typeof cryptoProviderSchema>;

/** Extra ways to pay a method besides sending to its address. */
export const additionalCryptoProviders = ['cryptobot', 'ton_connect'] as const;
export const additionalCryptoProviderSchema = z.enum(additionalCryptoProviders);

/**
 * Spec §3 "Currency / crypto method". `code` is the method code, `asset` the ledger currency it
 * moves (USDT for every USDT network), `network` the display name of its chain.
 */
export const cryptoMethodSchema = z.object({
  code: cryptoMethodCodeSchema,
  asset: z.string(),
  networkId: cryptoNetworkIdSchema,
  network: z.string(),
  name: z.string(),
  /** decimals shown and accepted for amounts of this method */
  precision: z.number().int().min(0),
  /** path of the small icon (served by the app) */
  icon: z.string(),
  iconBig: z.string(),
  isFiat: z.literal(false),
  displayFormat: z.string(),
  /** decimal strings in the asset */
  minDepositAmount: z.string(),
  minWithdrawAmount: z.string(),
  /** a regular expression (JavaScript source, anchored) a withdrawal address must match */
  addressFormat: z.string(),
  withdrawAllowed: z.boolean(),
  depositBonusAvailable: z.boolean(),
  /** a fraction: 0.05 → '+5%' */
  depositBonus: z.number().min(0),
  /** amounts offered as quick picks (decimal strings in the asset) */
  valuePresets: z.array(z.string()),
  additionalProviders: z.array(additionalCryptoProviderSchema),
  /** a withdrawal may carry a memo (TON comment) */
  memoSupported: z.boolean(),
  /** confirmations before a deposit is credited */
  confirmations: z.number().int().min(0),
  /** one unit of the asset in the player's primary currency (decimal string), null: no rate */
  rate: z.string().nullable(),
});
export type CryptoMethod = z.infer<typeof cryptoMethodSchema>;

/** `GET /api/v1/wallet/currencies/crypto` (public): every enabled crypto method. */
export const cryptoMethodsResponseSchema = z.array(cryptoMethodSchema);

/** Spec §9: deposit bonus on a crypto method is '+{percent}%' (fraction × 100, no decimals). */
export function cryptoBonusLabel(depositBonus: number): string {
  return `+${Math.round(depositBonus * 100)}%`;
}

// ─── deposits ───────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/v1/wallet/txns/deposit`: `{currency}` answers the player's deposit address for the
 * method; `{amount, currency, provider: 'cryptobot'}` creates a crypto-bot invoice and answers its
 * pay URL as `redirectUrl`.
 */
export const cryptoDepositBodySchema = z
  .strictObject({
    currency: cryptoMethodCodeSchema,
    amount: decimalStringSchema.optional(),
    provider: z.literal('cryptobot').optional(),
  })
  .refine((body) => body.provider === undefined || body.amount !== undefined, {
    error: 'Validation.required',
    path: ['amount'],
  })
  .refine((body) => body.amount === undefined || body.provider !== undefined, {
    error: 'Validation.invalid_value',
    path: ['provider'],
  });
export type CryptoDepositBody = z.infer<typeof cryptoDepositBodySchema>;

/** Spec §3 "Crypto deposit": address, minAmount, redirectUrl (+ memo where the network needs it). */
export const cryptoDepositSchema = z.object({
  currency: cryptoMethodCodeSchema,
  network: z.string(),
  /** null for a crypto-bot invoice */
  address: z.string().nullable(),
  /** the per-player memo / comment to attach on shared-address networks, else null */
  memo: z.string().nullable(),
  /** decimal string in the asset, at the method's precision */
  minAmount: z.string(),
  /** the crypto-bot invoice's pay URL, else null */
  redirectUrl: z.string().nullable(),
});
export type CryptoDeposit = z.infer<typeof cryptoDepositSchema>;

/**
 * `POST /api/backoffice/v1/crypto/incoming` (operator, sandbox chain watcher): one transfer seen
 * on chain. Credited exactly once per (network, txHash, outputIndex) once `confirmations` reach
 * the method's count; later reports only raise the confirmations.
 */
export const incomingTransferBodySchema = z.strictObject({
  currency: cryptoMethodCodeSchema,
  txHash: z.string().trim().min(8).max(128),
  outputIndex: z.number().int().min(0).max(1_000_000).default(0),
  address: z.string().trim().min(1).max(128),
  memo: z.string().trim().max(128).nullish(),
  amount: decimalStringSchema,
  confirmations: z.number().int().min(0).max(1_000_000),
});
export type IncomingTransferBody = z.infer<typeof incomingTransferBodySchema>;

export const incomingTransferStatuses = [
  /** seen, waiting for confirmations */
  'confirming',
  /** on the player's balance */
  'credited',
  /** below the method's minimum: recorded, not credited */
  'below_minimum',
  /** no player owns the address / memo */
  'unmatched',
] as const;
export const incomingTransferStatusSchema = z.enum(incomingTransferStatuses);

export const incomingTransferResultSchema = z.object({
  id: z.string(),
  status: incomingTransferStatusSchema,
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** the player credited, when matched */
  userId: z.string().nullable(),
  /** what reached the main balance (primary currency), when credited */
  credited: z.object({ value: z.string(), currency: z.string() }).nullable(),
});
export type IncomingTransferResult = z.infer<typeof incomingTransferResultSchema>;

/**
 * `POST /api/backoffice/v1/crypto/deposits/{id}/assign` (admin, finance, support): an unmatched
 * transfer (a player sent without the memo, or to an old address) is given to the player support
 * found, named by the globalId the back office shows; from then on it is that player's deposit,
 * credited once confirmed like any other.
 */
export const assignCryptoDepositBodySchema = z.strictObject({
  playerGlobalId: z
    .string({ error: 'Validation.required' })
    .regex(/^\d{1,18}$/, { error: 'Validation.invalid_value' }),
});
export type AssignCryptoDepositBody = z.infer<typeof assignCryptoDepositBodySchema>;

// ─── withdrawals ────────────────────────────────────────────────────────────────────────────

export const withdrawFeeQuerySchema = z.strictObject({ amount: decimalStringSchema.optional() });

/**
 * `GET /api/v1/wallet/currencies/{code}/withdraw_fee?amount=`: the network fee for `amount`, and
 * the range the amount must lie in (maxAmount from the balance after the fee and the limits), all
 * decimal strings in the asset at the method's precision.
 */
export const withdrawFeeResponseSchema = z.object({
  fee: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
});
export type WithdrawFeeResponse = z.infer<typeof withdrawFeeResponseSchema>;

/** `POST /api/v1/wallet/txns/withdraw` (spec §3 crypto withdraw draft). */
export const cryptoWithdrawBodySchema = z
  .strictObject({
    currency: cryptoMethodCodeSchema,
    amount: decimalStringSchema,
    address: z.string().trim().max(128).nullish(),
    memo: z.string().trim().max(120).nullish(),
    provider: cryptoProviderSchema.nullish(),
  })
  .refine((body) => body.provider === 'cryptobot' || (body.address ?? '') !== '', {
    error: 'Validation.required',
    path: ['address'],
  });
export type CryptoWithdrawBody = z.infer<typeof cryptoWithdrawBodySchema>;

export const cryptoWithdrawalSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'declined', 'refund']),
  currency: cryptoMethodCodeSchema,
  amount: z.string(),
  fee: z.string(),
  address: z.string().nullable(),
  memo: z.string().nullable(),
  provider: cryptoProviderSchema.nullable(),
  /** what was held on the main balance (primary currency) */
  held: z.object({ value: z.string(), currency: z.string() }),
  /** while pending, the player may cancel until then (ISO 8601); null once it cannot */
  cancellableUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type CryptoWithdrawal = z.infer<typeof cryptoWithdrawalSchema>;

/** `GET /api/v1/wallet/addresses/{code}`: the player's recent withdrawal addresses, newest first. */
export const recentAddressesResponseSchema = z.array(z.string());

/** `POST /api/backoffice/v1/crypto/withdrawals/{id}/complete` (sandbox payout provider). */
export const completeCryptoWithdrawalBodySchema = z.strictObject({
  /** the chain transaction that paid it; absent for a crypto-bot withdrawal (the bot pays it) */
  txHash: z.string().trim().min(8).max(128).optional(),
});
/** `POST /api/backoffice/v1/crypto/withdrawals/{id}/reject` */
export const rejectCryptoWithdrawalBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(500),
});

// ─── crypto-bot (the messenger's crypto payment bot), spec §9 mapping ───────────────────────

/** Spec §9: USDT variants → USDT, TON → TONCOIN, USDC variants → USDC; others as they are. */
export function cryptoBotAsset(code: CryptoMethodCode): string {
  if (code.startsWith('USDT')) return 'USDT';
  if (code.startsWith('USDC')) return 'USDC';
  if (code === 'TON') return 'TONCOIN';
  return code;
}

/** Spec §9: Tron → TRX, Ethereum → ETH, Bitcoin → BTC, Solana → SOL, Binance → BSC, Toncoin → TON. */
export const cryptoBotNetworks: Readonly<Record<CryptoNetworkId, string>> = {
  tron: 'TRX',
  ethereum: 'ETH',
  bitcoin: 'BTC',
  solana: 'SOL',
  bsc: 'BSC',
  ton: 'TON',
  litecoin: 'LTC',
};

// ─── TON wallet deposit (spec §9) ──────────────────────────────────────────────────────────

/** A TON wallet transaction is valid this long. */
export const tonTransactionValiditySeconds = 360;
/** A jetton transfer attaches this much TON for gas, forwarding `tonJettonForwardNano`. */
export const tonJettonGasNano = 100_000_000n;
export const tonJettonForwardNano = 10_000_000n;
/** Jetton decimals: 9 for JETTON, DOGS, NOT and TON, 6 for USDT on TON. */
export const tonJettonDecimals: Readonly<Record<string, number>> = {
  JETTON: 9,
  DOGS: 9,
  NOT: 9,
  TON: 9,
  USDT: 6,
};
/** Methods a connected TON wallet can pay (spec §9: TON and USDTTON top up via the wallet link). */
export const tonConnectMethods: readonly CryptoMethodCode[] = ['TON', 'USDTTON', 'NOT'];
