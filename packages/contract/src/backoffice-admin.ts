import { z } from 'zod';
import {
  historyCursorSchema,
  historyPageMetaSchema,
  pageLimitSchema,
  pageOffsetSchema,
} from './pagination.ts';

const invalid = { error: 'Validation.invalid_value' } as const;

let knownTimeZones: Set<string> | null = null;

/** An IANA time zone this runtime knows (`Intl.supportedValuesOf('timeZone')`, plus UTC). */
export function isSupportedTimeZone(zone: string): boolean {
  knownTimeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownTimeZones.has(zone);
}

export const operatorTimeZoneSchema = z
  .string()
  .max(64, invalid)
  .refine(isSupportedTimeZone, invalid);

/**
 * `PATCH /api/backoffice/v1/me`: the operator's own preferences. `timeZone` (IANA, e.g.
 * `Europe/Malta`) is the zone the back office shows dates in; null: the browser's.
 */
export const updateOperatorMeBodySchema = z.strictObject({
  timeZone: operatorTimeZoneSchema.nullable(),
});
export type UpdateOperatorMeBody = z.infer<typeof updateOperatorMeBodySchema>;

// ─── the audit log ───────────────────────────────────────────────────────────────────────────

const instantSchema = z.iso.datetime({ offset: true, error: 'Validation.invalid_value' });
const daySchema = z.iso.date({ error: 'Validation.invalid_value' });

/**
 * The audit log's filters (list and CSV): operatorId, action (exact, or a prefix ending in `.`:
 * `player.` for every action on players), target (type and/or id, e.g. a player's globalId),
 * a period as instants [from, to) and/or as whole days createdFrom…createdTo (inclusive,
 * `YYYY-MM-DD`, days of `timeZone`, default UTC).
 */
const auditFilterFields = {
  operatorId: z.uuid(invalid).optional(),
  action: z
    .string()
    .max(100, invalid)
    .regex(/^[a-z_]+(\.[a-z_]+)*\.?$/, invalid)
    .optional(),
  targetType: z.string().min(1).max(50, invalid).optional(),
  targetId: z.string().min(1).max(100, invalid).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  /** the zone of createdFrom/createdTo's days, and of the CSV's at_local column */
  timeZone: z.string().max(64, invalid).refine(isSupportedTimeZone, invalid).optional(),
};

function periodIsOrdered(query: {
  from?: string | undefined;
  to?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}): boolean {
  const instants =
    query.from === undefined ||
    query.to === undefined ||
    Date.parse(query.to) > Date.parse(query.from);
  const days =
    query.createdFrom === undefined ||
    query.createdTo === undefined ||
    query.createdTo >= query.createdFrom;
  return instants && days;
}

/**
 * `GET /api/backoffice/v1/audit`: every operator action, newest first, by the filters above.
 * Keyset pages: `cursor` is the previous page's `meta.nextCursor` (or limit/offset).
 */
export const auditLogQuerySchema = z
  .strictObject({
    ...auditFilterFields,
    limit: pageLimitSchema(200, 50),
    offset: pageOffsetSchema(100_000),
    cursor: historyCursorSchema.optional(),
  })
  .refine(periodIsOrdered, { path: ['to'], error: 'Validation.invalid_value' });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** `GET /api/backoffice/v1/audit/export.csv`: the same filters, at most 10,000 rows. */
export const auditExportQuerySchema = z
  .strictObject(auditFilterFields)
  .refine(periodIsOrdered, { path: ['to'], error: 'Validation.invalid_value' });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
export const auditExportMaxRows = 10_000;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  meta: historyPageMetaSchema,
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The actions recorded so far (distinct), for the filter's choices. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });

// ─── crypto methods (the operator's catalog) ─────────────────────────────────────────────────

const decimalAmountSchema = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, invalid);

/** One crypto method as the operator edits it; amounts are decimal strings of the asset. */
export const backofficeCryptoMethodSchema = z.object({
  code: z.string(),
  asset: z.string(),
  network: z.string(),
  name: z.string(),
  /** decimals shown and accepted (at most the asset's ledger scale, `scale`) */
  precision: z.number().int(),
  scale: z.number().int(),
  minDeposit: z.string(),
  minWithdraw: z.string(),
  withdrawFee: z.string(),
  cryptobotMinDeposit: z.string(),
  confirmations: z.number().int(),
  valuePresets: z.array(z.string()),
  withdrawAllowed: z.boolean(),
  depositEnabled: z.boolean(),
  providers: z.array(z.enum(['cryptobot', 'ton_connect'])),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type BackofficeCryptoMethod = z.infer<typeof backofficeCryptoMethodSchema>;
export const backofficeCryptoMethodListSchema = z.object({
  items: z.array(backofficeCryptoMethodSchema),
});

export const cryptoMethodCodeParamsSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9]{2,16}$/, invalid),
});

/**
 * `PATCH /api/backoffice/v1/crypto/methods/{code}`: any of the fields; amounts are decimal
 * strings of the asset with at most its ledger scale's decimals (minimums above zero).
 */
export const updateCryptoMethodBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, invalid).max(100, invalid).optional(),
    precision: z.number().int(invalid).min(0, invalid).max(9, invalid).optional(),
    minDeposit: decimalAmountSchema.optional(),
    minWithdraw: decimalAmountSchema.optional(),
    withdrawFee: decimalAmountSchema.optional(),
    cryptobotMinDeposit: decimalAmountSchema.optional(),
    confirmations: z.number().int(invalid).min(0, invalid).max(1000, invalid).optional(),
    valuePresets: z.array(decimalAmountSchema).max(10, invalid).optional(),
    withdrawAllowed: z.boolean().optional(),
    depositEnabled: z.boolean().optional(),
    providers: z
      .array(z.enum(['cryptobot', 'ton_connect'], invalid))
      .max(2, invalid)
      .refine((list) => new Set(list).size === list.length, invalid)
      .optional(),
    sortOrder: z.number().int(invalid).min(-10_000, invalid).max(10_000, invalid).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Validation.required',
  });
export type UpdateCryptoMethodBody = z.infer<typeof updateCryptoMethodBodySchema>;

// ─── fiat payment methods ────────────────────────────────────────────────────────────────────

/** A fiat payment method as the operator sees it (`GET /api/backoffice/v1/payments/methods`). */
export const backofficePaymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  kind: z.string(),
  currency: z.string(),
  invoiceFlow: z.string(),
  /** null: every country */
  countries: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  /** whether players deposit (buy) and withdraw (sell) with it */
  deposits: z.boolean(),
  withdrawals: z.boolean(),
});
export type BackofficePaymentMethod = z.infer<typeof backofficePaymentMethodSchema>;
export const backofficePaymentMethodListSchema = z.object({
  items: z.array(backofficePaymentMethodSchema),
});

export const paymentMethodIdParamsSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]{1,64}$/, invalid),
});

/** `PATCH …/payments/methods/{id}`: on or off, and the countries that see it (null: all). */
export const updatePaymentMethodBodySchema = z
  .strictObject({
    enabled: z.boolean(invalid).optional(),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, { error: 'Validation.invalid_country' }))
      .min(1, invalid)
      .max(250, invalid)
      .nullable()
      .optional(),
  })
  .refine((body) => body.enabled !== undefined || body.countries !== undefined, {
    error: 'Validation.required',
  });
export type UpdatePaymentMethodBody = z.infer<typeof updatePaymentMethodBodySchema>;
