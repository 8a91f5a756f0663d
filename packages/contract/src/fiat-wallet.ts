import { z } from 'zod';
import { historyPageSizeDefault, historyPageSizeMax } from './listing.ts';
import { currencyScale, parseDecimalToMinor, unlistedCurrencyScale } from './money.ts';
import { decimalStringSchema } from './money-schemas.ts';
import {
  historyCursorSchema,
  historyPageMetaSchema,
  pageLimitSchema,
  pageOffsetSchema,
} from './pagination.ts';
import {
  transactionStatuses,
  transactionStatusSchema,
  transactionTypeSchema,
} from './transaction-kinds.ts';

/**
 * The fiat wallet (wallet spec §3–§5, §7, §9): payment methods with buy (deposit) and sell
 * (withdrawal) conditions, deposit orders through a P2P provider, withdrawals, history and
 * disputes, plus the pure rules the browser and the server both apply.
 */

// ─── enums ───────────────────────────────────────────────────────────────────────────────────

export const fiatMethodKinds = [
  'p2p',
  'account_number',
  'sbp',
  'mpayment',
  'blik',
  'cross_border',
  'others',
] as const;
export const fiatMethodKindSchema = z.enum(fiatMethodKinds);
export type FiatMethodKind = z.infer<typeof fiatMethodKindSchema>;

/** Spec §3 "External detail field names". */
export const externalDetailFieldNames = [
  'name',
  'card',
  'phone',
  'first_name',
  'last_name',
  'email',
  'account_number_online_banking_ph',
  'full_name',
  'month',
  'year',
  'cvc',
  'holder',
  'person_id',
  'full_name_latin',
  'expiration_month',
  'expiration_year',
] as const;
export const externalDetailFieldNameSchema = z.enum(externalDetailFieldNames);
export type ExternalDetailFieldName = z.infer<typeof externalDetailFieldNameSchema>;

/**
 * Order statuses: the transaction statuses plus `pay_external_invoice`, the waiting state of an
 * order paid on a hosted page (`url`, opened by `meta.external_info.target`).
 * Buy: waiting | pay_external_invoice → wait_for_confirmation (receipt) → completed | declined;
 * waiting → timeouted at `details.expiredAt`; any open buy order → disputed by the player.
 * Sell: pending (amount + fee held) → completed | declined | refund (cancelled by the player).
 */
export const fiatOrderStatuses = [...transactionStatuses, 'pay_external_invoice'] as const;
export const fiatOrderStatusSchema = z.enum(fiatOrderStatuses);
export type FiatOrderStatus = z.infer<typeof fiatOrderStatusSchema>;

export const fiatOrderTypes = ['buy', 'sell'] as const;
export const fiatOrderTypeSchema = z.enum(fiatOrderTypes);
export type FiatOrderType = z.infer<typeof fiatOrderTypeSchema>;

export const externalInvoiceTargets = ['parent', 'blank'] as const;
export const externalInvoiceTargetSchema = z.enum(externalInvoiceTargets);

export const disputeAcceptOptions = ['CHANGE_INVOICE', 'REPAY'] as const;
export const disputeAcceptOptionSchema = z.enum(disputeAcceptOptions, {
  error: 'Validation.required',
});
export type DisputeAcceptOption = z.infer<typeof disputeAcceptOptionSchema>;

// ─── payment methods ─────────────────────────────────────────────────────────────────────────

export const externalDetailsFieldsSchema = z.object({
  required: z.array(externalDetailFieldNameSchema),
  optional: z.array(externalDetailFieldNameSchema),
});
export type ExternalDetailsFields = z.infer<typeof externalDetailsFieldsSchema>;

/** A withdrawal fee tier: from `from` (decimal, inclusive) on, the fee is `rate` × amount. */
export const feeLevelSchema = z.object({
  from: z.string(),
  /** a decimal fraction, "0.025" = 2.5 % */
  rate: z.string(),
});
export type FeeLevel = z.infer<typeof feeLevelSchema>;

export const subbankSchema = z.object({ id: z.string(), name: z.string(), icon: z.string() });
export type Subbank = z.infer<typeof subbankSchema>;

export const buyConditionsSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  priority: z.number().int(),
  multiplyOrdersAllowed: z.boolean(),
  externalDetailsFields: externalDetailsFieldsSchema,
});
export type BuyConditions = z.infer<typeof buyConditionsSchema>;

export const sellConditionsSchema = z.object({
  minAmount: z.string(),
  maxAmount: z.string(),
  levels: z.array(feeLevelSchema),
  subbanks: z.array(subbankSchema),
  externalDetailsFields: externalDetailsFieldsSchema,
  priority: z.number().int(),
});
export type SellConditions = z.infer<typeof sellConditionsSchema>;

/** Spec §3 "Fiat payment method"; `buy` / `sell` are null when the method cannot do that. */
export const fiatPaymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  iconBig: z.string(),
  label: z.string(),
  method: fiatMethodKindSchema,
  currency: z.string(),
  buy: buyConditionsSchema.nullable(),
  sell: sellConditionsSchema.nullable(),
});
export type FiatPaymentMethod = z.infer<typeof fiatPaymentMethodSchema>;

/** `GET /api/v2/wallet/orders/conditions`: sorted by priority (buy, else sell) ascending. */
export const fiatConditionsResponseSchema = z.array(fiatPaymentMethodSchema);

// ─── orders ──────────────────────────────────────────────────────────────────────────────────

export const currencyFromSchema = z.object({ code: z.string(), displayFormat: z.string() });

export const senderBankSchema = z.object({
  id: z.string(),
  method: fiatMethodKindSchema,
  label: z.string(),
});
export type SenderBank = z.infer<typeof senderBankSchema>;

export const paymentDetailsSchema = z.object({
  card: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  name: z.string().nullable(),
});

/** Spec §3 "Fiat deposit order" (field names as the spec spells them, `additonalAmountChange` too). */
export const fiatOrderSchema = z.object({
  id: z.string(),
  status: fiatOrderStatusSchema,
  /** the hosted payment page of a `pay_external_invoice` order, else null */
  url: z.string().nullable(),
  type: fiatOrderTypeSchema,
  /** ISO 8601; sell orders only: the player may cancel until then */
  cancellableUntil: z.string().nullable(),
  details: z.object({
    /** unix seconds: the order times out then unless a receipt was sent */
    expiredAt: z.number().int(),
  }),
  meta: z.object({
    external_info: z.object({ target: externalInvoiceTargetSchema.nullable() }),
  }),
  recipientBank: z.object({ name: z.string() }).nullable(),
  paymentDetails: paymentDetailsSchema,
  /** the amount to pay, decimal string in `currencyFrom` */
  valueFrom: z.string(),
  currencyFrom: currencyFromSchema,
  bankMethod: fiatMethodKindSchema,
  /** decimal change of the amount agreed when a CHANGE_INVOICE dispute was settled, else null */
  additonalAmountChange: z.string().nullable(),
  senderBank: senderBankSchema,
});
export type FiatOrder = z.infer<typeof fiatOrderSchema>;

/** `GET /api/v2/wallet/orders/not-expired?bank_id=`: the open order for the method, or null. */
export const notExpiredOrderQuerySchema = z.strictObject({ bank_id: z.string().min(1) });
export const notExpiredOrderResponseSchema = fiatOrderSchema.nullable();

const detailValueSchema = z.string().max(200, { error: 'Validation.invalid_value' });
const detailsMapSchema = z.partialRecord(externalDetailFieldNameSchema, detailValueSchema);

/** `POST /api/v2/wallet/orders/buy`. Amount rules are checked against the method by the server. */
export const createBuyOrderBodySchema = z.strictObject({
  amount: z
    .string({ error: 'Validation.required' })
    .max(40, { error: 'Validation.invalid_amount' }),
  bankId: z.string({ error: 'Validation.required' }).min(1, { error: 'Validation.required' }),
  externalFields: detailsMapSchema.optional(),
  callbackUrl: z.string().max(2048).optional(),
});
export type CreateBuyOrderBody = z.infer<typeof createBuyOrderBodySchema>;

/** Receipt images are capped at this many decoded bytes. */
export const receiptMaxBytes = 5 * 1024 * 1024;
/** A data URL of `receiptMaxBytes` in base64 plus its prefix. */
const dataUrlMaxLength = Math.ceil(receiptMaxBytes / 3) * 4 + 200;

export const dataUrlSchema = z
  .string({ error: 'Validation.required' })
  .min(1, { error: 'Validation.required' })
  .max(dataUrlMaxLength, { error: 'Validation.file_too_large' })
  .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/, {
    error: 'Validation.invalid_file',
  });

const requiredText = (maxLength: number) =>
  z
    .string({ error: 'Validation.required' })
    .trim()
    .min(1, { error: 'Validation.required' })
    .max(maxLength, { error: 'Validation.invalid_value' });

/** `POST /api/v1/wallet/orders/buy/{id}/paid` (receipt form: name and file required). */
export const receiptBodySchema = z.strictObject({
  name: requiredText(100),
  fileContent: dataUrlSchema,
  fileName: requiredText(255),
});
export type ReceiptBody = z.infer<typeof receiptBodySchema>;

/** `POST /api/v1/wallet/orders/buy/{id}/dispute` (extended form). */
export const disputeBodySchema = z.strictObject({
  payload: z.strictObject({
    image: z.strictObject({
      name: requiredText(100),
      fileName: requiredText(255),
      fileContent: dataUrlSchema,
    }),
    acceptOption: disputeAcceptOptionSchema,
    amount: decimalStringSchema.optional(),
    comment: z.string().max(1000, { error: 'Validation.invalid_value' }).optional(),
    problem: z.string().max(200, { error: 'Validation.invalid_value' }).optional(),
  }),
});
export type DisputeBody = z.infer<typeof disputeBodySchema>;

/** `POST /api/v2/wallet/orders/sell`. */
export const createSellOrderBodySchema = z.strictObject({
  amount: z
    .string({ error: 'Validation.required' })
    .max(40, { error: 'Validation.invalid_amount' }),
  bankId: z.string({ error: 'Validation.required' }).min(1, { error: 'Validation.required' }),
  subbankId: z.string().min(1).optional(),
  details: detailsMapSchema,
});
export type CreateSellOrderBody = z.infer<typeof createSellOrderBodySchema>;

/** A withdrawal as the player sees it after creating or cancelling it. */
export const fiatSellOrderSchema = z.object({
  id: z.string(),
  type: z.literal('sell'),
  status: fiatOrderStatusSchema,
  /** decimal strings in `currency` */
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  bankId: z.string(),
  subbankId: z.string().nullable(),
  cancellableUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type FiatSellOrder = z.infer<typeof fiatSellOrderSchema>;

/** `GET /api/v2/wallet/orders/sell/saved?bankId=`: newest first; the first prefills the form. */
export const savedDetailsQuerySchema = z.strictObject({ bankId: z.string().min(1) });
export const savedDetailsResponseSchema = z.array(z.record(z.string(), z.string()));

/**
 * `GET /api/v2/wallet/wager`: 200 when withdrawals are enabled, else the error `wager` or
 * `personal_data_required`. `verificationRequired`: the verify feature is on and the player is
 * not verified yet, so the flow goes to personal data (a withdrawal would be refused).
 */
export const withdrawEnabledResponseSchema = z.object({
  enabled: z.literal(true),
  verificationRequired: z.boolean(),
});
export type WithdrawEnabledResponse = z.infer<typeof withdrawEnabledResponseSchema>;

// ─── history ─────────────────────────────────────────────────────────────────────────────────

export const historyAmountSchema = z.object({
  /** decimal string in `currency.code` */
  value: z.string(),
  currency: currencyFromSchema,
});

/** Spec §3 "Transaction (history item)". */
export const transactionHistoryItemSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  /** ISO 8601 creation time */
  timestamp: z.string(),
  externalId: z.string().nullable(),
  address: z.string().nullable(),
  paymentDetails: z.record(z.string(), z.string()),
  originalAmount: historyAmountSchema,
  senderBank: senderBankSchema.nullable(),
  /** decimal fee of a withdrawal, else null */
  fee: z.string().nullable(),
  /** ISO 8601; a pending withdrawal may be cancelled until then */
  cancellableUntil: z.string().nullable(),
});
export type TransactionHistoryItem = z.infer<typeof transactionHistoryItemSchema>;

export const transactionHistoryQuerySchema = z.strictObject({
  is_pagination: z.enum(['true', 'false', '1', '0']).optional(),
  offset: pageOffsetSchema(1_000_000),
  limit: pageLimitSchema(historyPageSizeMax, historyPageSizeDefault),
  /** the previous page's `meta.nextCursor`: the page after it, whatever offset says (pagination.ts) */
  cursor: historyCursorSchema.optional(),
});

/** Spec §9's meta (total, limit, offset) and the cursor of the next page (pagination.ts). */
export const transactionHistoryResponseSchema = z.object({
  items: z.array(transactionHistoryItemSchema),
  meta: historyPageMetaSchema,
});
export type TransactionHistoryResponse = z.infer<typeof transactionHistoryResponseSchema>;

// ─── backoffice ──────────────────────────────────────────────────────────────────────────────

export const requisiteSchema = z.object({
  id: z.string(),
  methodId: z.string(),
  recipientBank: z.string(),
  card: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  holderName: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Requisite = z.infer<typeof requisiteSchema>;
export const requisiteListResponseSchema = z.array(requisiteSchema);

const optionalRequisiteText = z.string().trim().min(1).max(120).nullable().optional();

export const createRequisiteBodySchema = z.strictObject({
  methodId: z.string().min(1, { error: 'Validation.required' }),
  recipientBank: requiredText(120),
  card: optionalRequisiteText,
  phone: optionalRequisiteText,
  bankName: optionalRequisiteText,
  holderName: optionalRequisiteText,
  active: z.boolean().default(true),
});
export type CreateRequisiteBody = z.infer<typeof createRequisiteBodySchema>;

export const updateRequisiteBodySchema = z
  .strictObject({
    recipientBank: requiredText(120).optional(),
    card: optionalRequisiteText,
    phone: optionalRequisiteText,
    bankName: optionalRequisiteText,
    holderName: optionalRequisiteText,
    active: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Validation.required' });
export type UpdateRequisiteBody = z.infer<typeof updateRequisiteBodySchema>;

export const backofficeOrderSchema = z.object({
  id: z.string(),
  type: fiatOrderTypeSchema,
  status: fiatOrderStatusSchema,
  playerGlobalId: z.string(),
  methodId: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** the amount credited to the player once approved (buy only) */
  creditedAmount: z.string().nullable(),
  hasReceipt: z.boolean(),
  payerName: z.string().nullable(),
  dispute: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.string()),
  /** the operator's reason of a decline, when one was given */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BackofficeOrder = z.infer<typeof backofficeOrderSchema>;
export const backofficeOrderListResponseSchema = z.object({
  items: z.array(backofficeOrderSchema),
  meta: historyPageMetaSchema,
});

export const resolveDisputeBodySchema = z.strictObject({
  outcome: z.enum(['approve', 'decline'], { error: 'Validation.required' }),
  /** approve only: the amount actually received, when it differs from the order (CHANGE_INVOICE) */
  amount: decimalStringSchema.optional(),
});
export type ResolveDisputeBody = z.infer<typeof resolveDisputeBodySchema>;

/**
 * `GET/PUT /api/backoffice/v1/settings/sandbox-auto-approve`: the operator's switch of the
 * sandbox's automatic deposit approval. `delaySeconds` is SANDBOX_AUTO_APPROVE_SECONDS (0: not
 * configured, so nothing is approved whatever the switch says); `active` says whether deposits
 * with a receipt are being approved automatically now.
 */
export const sandboxAutoApproveSchema = z.object({
  enabled: z.boolean(),
  delaySeconds: z.number().int().min(0),
  active: z.boolean(),
});
export type SandboxAutoApprove = z.infer<typeof sandboxAutoApproveSchema>;

export const sandboxAutoApproveBodySchema = z.strictObject({
  enabled: z.boolean({
    error: (issue) =>
      issue.input === undefined ? 'Validation.required' : 'Validation.invalid_value',
  }),
});
export type SandboxAutoApproveBody = z.infer<typeof sandboxAutoApproveBodySchema>;

// ─── pure rules shared with the browser ──────────────────────────────────────────────────────

/** A field problem in the shape of the error body's `payload.fields[]`. */
export interface FieldProblem {
  message: string;
  params?: Record<string, string>;
}

/** Whole-unit decimal (`"1500"`) to minor units, or null if not plain digits. */
function wholeToMinor(value: string, scale: number): bigint | null {
  if (!/^\d+$/.test(value)) return null;
  return parseDecimalToMinor(value.replace(/^0+(?=\d)/, ''), scale);
}

/**
 * Spec §5 "Deposit amount": a fiat amount is digits only (Validation.invalid_amount), not below
 * the minimum (Validation.minimum_amount) and not above the maximum (Validation.maximum_amount),
 * both with `amount` and `currency` params. Returns null when valid.
 */
export function validateFiatDepositAmount(
  value: string,
  limits: { minAmount: string; maxAmount: string; currency: string },
): FieldProblem | null {
  const scale = currencyScale(limits.currency, unlistedCurrencyScale);
  const amount = wholeToMinor(value.trim(), scale);
  if (amount === null || amount <= 0n) return { message: 'Validation.invalid_amount' };
  const minimum = parseDecimalToMinor(limits.minAmount, scale);
  const maximum = parseDecimalToMinor(limits.maxAmount, scale);
  if (minimum !== null && amount < minimum) {
    return {
      message: 'Validation.minimum_amount',
      params: { amount: limits.minAmount, currency: limits.currency },
    };
  }
  if (maximum !== null && amount > maximum) {
    return {
      message: 'Validation.maximum_amount',
      params: { amount: limits.maxAmount, currency: limits.currency },
    };
  }
  return null;
}

/** Spec §5: presets are filtered to those within min and max (inclusive). */
export function filterAmountPresets(
  presets: readonly string[],
  limits: { minAmount: string; maxAmount: string; currency: string },
): string[] {
  const scale = currencyScale(limits.currency, unlistedCurrencyScale);
  const minimum = parseDecimalToMinor(limits.minAmount, scale);
  const maximum = parseDecimalToMinor(limits.maxAmount, scale);
  return presets.filter((preset) => {
    const amount = parseDecimalToMinor(preset, scale);
    if (amount === null) return false;
    return (minimum === null || amount >= minimum) && (maximum === null || amount <= maximum);
  });
}

/**
 * Spec §5 default amount: the third (filtered) preset if there are more than two, else the last;
 * without presets the midpoint of min and max rounded up to a whole unit.
 */
export function defaultDepositAmount(
  presets: readonly string[],
  limits: { minAmount: string; maxAmount: string; currency: string },
): string {
  const filtered = filterAmountPresets(presets, limits);
  if (filtered.length > 2) return filtered[2] as string;
  const last = filtered.at(-1);
  if (last !== undefined) return last;
  const scale = currencyScale(limits.currency, unlistedCurrencyScale);
  const minimum = parseDecimalToMinor(limits.minAmount, scale) ?? 0n;
  const maximum = parseDecimalToMinor(limits.maxAmount, scale) ?? minimum;
  const unit = 10n ** BigInt(scale);
  const sum = minimum + maximum;
  // ceil(sum / 2 / unit) in whole units, without floats
  const denominator = 2n * unit;
  return ((sum + denominator - 1n) / denominator).toString();
}

/** Spec §5 "Default phone country by currency" (ISO 3166 alpha-2, lower case). */
export const defaultPhoneCountryByCurrency: Readonly<Record<string, string>> = {
  IDR: 'id',
  RUB: 'ru',
  KZT: 'kz',
  UAH: 'ua',
  UZS: 'uz',
  PLN: 'pl',
};

export function defaultPhoneCountry(currency: string): string | undefined {
  return defaultPhoneCountryByCurrency[currency];
}

/** A decimal fraction ("0.025") as numerator / 10^digits, or null. */
function parseRate(rate: string): { numerator: bigint; denominator: bigint } | null {
  const match = /^(\d+)(?:\.(\d{1,12}))?$/.exec(rate);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return {
    numerator: BigInt(`${match[1]}${fraction}`),
    denominator: 10n ** BigInt(fraction.length),
  };
}

/**
 * The fee tier that applies to an amount: the last (by `from`, ascending) whose `from` is at or
 * below it, or null when none does. The withdraw form shows its rate next to the fee.
 */
export function withdrawFeeLevel(
  amountMinor: bigint,
  levels: readonly FeeLevel[],
  currency: string,
): FeeLevel | null {
  const scale = currencyScale(currency, unlistedCurrencyScale);
  let applied: { level: FeeLevel; from: bigint } | null = null;
  for (const level of levels) {
    const from = parseDecimalToMinor(level.from, scale);
    if (from === null || parseRate(level.rate) === null || from > amountMinor) continue;
    if (applied === null || from >= applied.from) applied = { level, from };
  }
  return applied?.level ?? null;
}

/**
 * Spec §5 withdrawal fee: the rate of the last tier (by `from`, ascending) whose `from` is at or
 * below the amount, times the amount. Minor units; a fraction of a minor unit is rounded up so
 * the platform never pays part of the fee. No matching tier: no fee.
 */
export function withdrawFeeMinor(
  amountMinor: bigint,
  levels: readonly FeeLevel[],
  currency: string,
): bigint {
  const level = withdrawFeeLevel(amountMinor, levels, currency);
  const rate = level ? parseRate(level.rate) : null;
  if (!rate || amountMinor <= 0n) return 0n;
  const product = amountMinor * rate.numerator;
  return (product + rate.denominator - 1n) / rate.denominator;
}

/**
 * Spec §5 "Fiat withdraw" amount: a plain decimal at the currency's scale, at least sell
 * minAmount, at most sell maxAmount and at most the balance minus the fee.
 */
export function validateFiatWithdrawAmount(
  value: string,
  conditions: { minAmount: string; maxAmount: string; levels: readonly FeeLevel[] },
  balance: { valueMinor: bigint; currency: string },
): FieldProblem | null {
  const scale = currencyScale(balance.currency, unlistedCurrencyScale);
  const amount = parseDecimalToMinor(value.trim(), scale);
  if (amount === null || amount <= 0n) return { message: 'Validation.invalid_amount' };
  const minimum = parseDecimalToMinor(conditions.minAmount, scale);
  const maximum = parseDecimalToMinor(conditions.maxAmount, scale);
  if (minimum !== null && amount < minimum) {
    return {
      message: 'Validation.minimum_amount',
      params: { amount: conditions.minAmount, currency: balance.currency },
    };
  }
  if (maximum !== null && amount > maximum) {
    return {
      message: 'Validation.maximum_amount',
      params: { amount: conditions.maxAmount, currency: balance.currency },
    };
  }
  const fee = withdrawFeeMinor(amount, conditions.levels, balance.currency);
  if (amount + fee > balance.valueMinor) {
    return { message: 'Validation.insufficient_balance' };
  }
  return null;
}

export function isSteamMethod(method: Pick<FiatPaymentMethod, 'name'>): boolean {
  return method.name.trim().toLowerCase() === 'steam';
}

/** Spec §5: the name is required unless the method is Steam or blik. */
export function isWithdrawNameRequired(
  method: Pick<FiatPaymentMethod, 'name' | 'method'>,
): boolean {
  return !isSteamMethod(method) && method.method !== 'blik';
}

/** Detail fields the account holder's name answers: the name itself, or the full name asked. */
export const holderNameFields: readonly ExternalDetailFieldName[] = [
  'name',
  'full_name',
  'full_name_latin',
];

/** Spec §5: the detail a method kind always needs to pay out to. */
const payoutFieldByKind: Partial<Record<FiatMethodKind, ExternalDetailFieldName>> = {
  p2p: 'card',
  account_number: 'account_number_online_banking_ph',
  sbp: 'phone',
};

/**
 * Spec §5 "Fiat withdraw": everything a withdrawal by this method requires, as the method's sell
 * `externalDetailsFields`. The one rule the server answers in `orders/conditions` and validates
 * a withdrawal with, and the app builds its form from (through withdrawalForm):
 * - `name` (the account holder) unless the method is Steam or BLIK, or if the method asks for it
 *   (Steam does: its Steam login);
 * - the method's own fields — `full_name` and `full_name_latin` say the name must be the full
 *   name (in Latin letters for the latter), answered by the name;
 * - card for p2p, the online-banking account number for account_number, phone for sbp.
 * Applying it to its own answer changes nothing, so a client may apply it again.
 */
export function withdrawalDetailsFields(
  method: Pick<FiatPaymentMethod, 'name' | 'method'> & {
    sell: Pick<SellConditions, 'externalDetailsFields'> | null;
  },
): ExternalDetailsFields {
  const configured = method.sell?.externalDetailsFields ?? { required: [], optional: [] };
  const required: ExternalDetailFieldName[] = [];
  if (isWithdrawNameRequired(method)) required.push('name');
  required.push(...configured.required);
  const payoutField = payoutFieldByKind[method.method];
  if (payoutField) required.push(payoutField);
  const unique = [...new Set(required)];
  return {
    required: unique,
    optional: [...new Set(configured.optional)].filter((field) => !unique.includes(field)),
  };
}

/** The withdrawal form a method's detail fields make (spec §5), as withdrawalForm answers it. */
export interface WithdrawalForm {
  /** the account holder's name field: required, optional, or not asked */
  name: 'required' | 'optional' | null;
  /** the name must be in Latin letters (Validation.invalid_full_name_latin) */
  latinName: boolean;
  /** the other detail fields, required ones first */
  fields: Array<{ name: ExternalDetailFieldName; required: boolean }>;
}

/**
 * The form a withdrawal's detail fields make: the holder's name (which also answers `full_name`
 * and `full_name_latin`), then every other field, required ones first.
 */
export function withdrawalForm(detailsFields: ExternalDetailsFields): WithdrawalForm {
  const isName = (field: ExternalDetailFieldName) => holderNameFields.includes(field);
  const required = detailsFields.required.filter((field) => !isName(field));
  const optional = detailsFields.optional.filter(
    (field) => !isName(field) && !required.includes(field),
  );
  return {
    name: detailsFields.required.some(isName)
      ? 'required'
      : detailsFields.optional.some(isName)
        ? 'optional'
        : null,
    latinName: [...detailsFields.required, ...detailsFields.optional].includes('full_name_latin'),
    fields: [
      ...[...new Set(required)].map((name) => ({ name, required: true })),
      ...[...new Set(optional)].map((name) => ({ name, required: false })),
    ],
  };
}

/** Spec §9 card-provider group: these names show an e-mail info notice. */
export const cardProviderNames = [
  'revolut',
  'wise',
  'n26',
  'open_banking',
  'rapid_transfer',
  'neteller',
  'skrill',
  'paysafecard',
] as const;

export function isCardProviderMethod(method: Pick<FiatPaymentMethod, 'name'>): boolean {
  const name = method.name.toLowerCase();
  return cardProviderNames.some((provider) => name.includes(provider));
}

/** Spec §9: 'visa/mastercard' and 'visa/mastercard/mir' get a wide label. */
export function hasWideLabel(method: Pick<FiatPaymentMethod, 'name'>): boolean {
  const name = method.name.trim().toLowerCase();
  return name === 'visa/mastercard' || name === 'visa/mastercard/mir';
}

/** Spec §9: a PLN account shows an extra info notice. */
export function showsPlnNotice(currency: string): boolean {
  return currency === 'PLN';
}

/** Spec §9: Steam is offered to CIS countries only. */
export const cisCountryCodes = ['RU', 'BY', 'KZ', 'KG', 'AM', 'AZ', 'MD', 'TJ', 'UZ'] as const;

export function isCisCountry(country: string | null | undefined): boolean {
  return country != null && (cisCountryCodes as readonly string[]).includes(country.toUpperCase());
}

/** Spec §9: methods sorted ascending by the priority of their buy (or else sell) conditions. */
export function sortMethodsByPriority<
  T extends { buy: { priority: number } | null; sell: { priority: number } | null },
>(methods: readonly T[], side: 'buy' | 'sell' = 'buy'): T[] {
  const priority = (method: T) =>
    (side === 'buy' ? (method.buy ?? method.sell) : (method.sell ?? method.buy))?.priority ??
    Number.MAX_SAFE_INTEGER;
  return [...methods].sort((left, right) => priority(left) - priority(right));
}
