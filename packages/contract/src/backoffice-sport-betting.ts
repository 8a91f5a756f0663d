import { z } from 'zod';
import { decimalStringSchema } from './money.ts';
import { sportTicketSchema, sportTicketStatuses } from './sport-bets.ts';

/**
 * The operators' view of sport betting (`/api/backoffice/v1/sport/...`, issue 20): the bet
 * ticker, GGR per sport, and the cash-out settings.
 */

const bookIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoTimeSchema = z.iso.datetime({ offset: true, error: 'Validation.invalid_value' });

/** Most tickets on one page of the ticker. */
export const maxTickerPageSize = 100;

/**
 * `GET /api/backoffice/v1/sport/bets`: newest tickets first. Filters combine (AND): status,
 * sport and event (any leg), player (global id), placed since, and a minimum stake in a currency
 * (`minStake` needs `currency`). `cursor` is the previous page's `nextCursor`.
 */
export const sportTickerQuerySchema = z
  .strictObject({
    status: z.enum(sportTicketStatuses).optional(),
    sportId: bookIdSchema.optional(),
    eventId: bookIdSchema.optional(),
    playerGlobalId: bookIdSchema.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{2,10}$/, { error: 'Validation.invalid_value' })
      .optional(),
    minStake: decimalStringSchema.optional(),
    since: isoTimeSchema.optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'Validation.invalid_value' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(maxTickerPageSize).default(50),
  })
  .refine((query) => query.minStake === undefined || query.currency !== undefined, {
    path: ['currency'],
    error: 'Validation.required',
  });
export type SportTickerQuery = z.infer<typeof sportTickerQuerySchema>;

export const sportTickerItemSchema = sportTicketSchema.extend({
  player: z.object({ globalId: z.number().int(), email: z.string() }),
});
export type SportTickerItem = z.infer<typeof sportTickerItemSchema>;

export const sportTickerPageSchema = z.object({
  items: z.array(sportTickerItemSchema),
  /** pass as `cursor` for the next (older) page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type SportTickerPage = z.infer<typeof sportTickerPageSchema>;

/** Longest period one GGR report covers. */
export const maxGgrPeriodDays = 366;

/** `GET /api/backoffice/v1/sport/ggr?from&to`: tickets closed in [from, to). */
export const sportGgrQuerySchema = z
  .strictObject({ from: isoTimeSchema, to: isoTimeSchema })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    error: 'Validation.invalid_value',
  })
  .refine(
    (query) => Date.parse(query.to) - Date.parse(query.from) <= maxGgrPeriodDays * 86_400_000,
    { path: ['to'], error: 'Validation.invalid_value' },
  );
export type SportGgrQuery = z.infer<typeof sportGgrQuerySchema>;

/**
 * One bucket of the GGR report: a sport (every leg of the ticket on it) or `multi` (an
 * accumulator or system across sports), in one currency. Amounts are decimal strings of it.
 */
export const sportGgrRowSchema = z.object({
  bucket: z.enum(['sport', 'multi']),
  /** null for `multi` */
  sport: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  currency: z.string(),
  /** tickets closed (settled or cashed out) in the period */
  tickets: z.number().int(),
  /** their stakes as placed */
  stakes: z.string(),
  /** what their settlements paid (stake included) */
  payouts: z.string(),
  /** what their cash-outs paid, partial ones included */
  cashouts: z.string(),
  /** stakes − payouts − cash-outs */
  ggr: z.string(),
});
export type SportGgrRow = z.infer<typeof sportGgrRowSchema>;

export const sportGgrReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(sportGgrRowSchema),
});
export type SportGgrReport = z.infer<typeof sportGgrReportSchema>;

/** The operator's cash-out settings: on or off, and the margin kept while a leg is open. */
export const sportCashoutSettingsSchema = z.object({
  enabled: z.boolean(),
  /** percent of the fair value, 0–50, up to two decimals ("5", "2.5") */
  marginPercent: z.string(),
});
export type SportCashoutSettings = z.infer<typeof sportCashoutSettingsSchema>;

export const sportCashoutSettingsBodySchema = z.strictObject({
  enabled: z.boolean(),
  marginPercent: z
    .string()
    .regex(/^(50(\.0{1,2})?|[1-4]?\d(\.\d{1,2})?)$/, { error: 'Validation.invalid_value' }),
});
export type SportCashoutSettingsBody = z.infer<typeof sportCashoutSettingsBodySchema>;
