import { z } from 'zod';
import { decimalStringSchema } from './money-schemas.ts';
import { pageLimitSchema } from './pagination.ts';
import { sportTicketStatuses } from './sport-bet-rules.ts';
import { sportTicketSchema } from './sport-bets.ts';

/**
 * The operators' API over sport tickets (`/api/backoffice/v1/sport/...`, issue 20): the
 * liability reserved per event, market and outcome; a player's bet factor; the stake limits,
 * maximum payout, market liability limit and in-play delay per sport and market type. Amounts
 * of limits and liability are decimal strings of the base currency (`currency`, USD).
 */

/** `GET /api/backoffice/v1/sport/liability?eventId|marketId` (one of them). */
export const sportLiabilityQuerySchema = z
  .strictObject({
    eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    marketId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((query) => (query.eventId === undefined) !== (query.marketId === undefined), {
    error: 'Validation.invalid_value',
    path: ['eventId'],
  });

export const sportLiabilitySchema = z.object({
  currency: z.string(),
  /** the largest outcome liability of all */
  total: z.string(),
  markets: z.array(
    z.object({
      marketId: z.number().int(),
      eventId: z.number().int(),
      /** the market's worst case: its largest outcome liability */
      liability: z.string(),
      outcomes: z.array(
        z.object({
          outcomeId: z.string(),
          /** what the open tickets backing it stand to win net (potential payout − stake) */
          liability: z.string(),
          /** the market's limit when last reserved */
          limit: z.string(),
          tickets: z.number().int(),
        }),
      ),
    }),
  ),
});
export type SportLiability = z.infer<typeof sportLiabilitySchema>;

/** `userId`: the player's id (a uuid) or its global id (the number operators know players by). */
export const sportPlayerParamsSchema = z.strictObject({
  userId: z.union([z.uuid(), z.string().regex(/^\d{1,18}$/)], {
    error: 'Validation.invalid_value',
  }),
});

/** A player's bet factor (scales the maximum stake and the player's liability limit; 0 stops betting). */
export const sportBetFactorSchema = z.object({
  userId: z.string(),
  globalId: z.string(),
  betFactor: z.string(),
  /** the player's open tickets' liability now (base currency) */
  openLiability: z.string(),
  currency: z.string(),
});
export type SportBetFactor = z.infer<typeof sportBetFactorSchema>;

export const sportBetFactorBodySchema = z.strictObject({
  betFactor: z.string().regex(/^\d{1,3}(\.\d{1,3})?$/, { error: 'Validation.invalid_value' }),
});

const limitAmount = decimalStringSchema.nullable();

/** One row of limits: the global one (both ids null), a sport's, or a sport's market type's. */
export const sportBetLimitsSchema = z.object({
  sportId: z.number().int().nullable(),
  marketTypeId: z.number().int().nullable(),
  /** null: inherited from the wider row */
  minStake: z.string().nullable(),
  maxStake: z.string().nullable(),
  maxPayout: z.string().nullable(),
  marketLiability: z.string().nullable(),
  betDelayMs: z.number().int().nullable(),
  /** global row only */
  playerLiability: z.string().nullable(),
  currency: z.string(),
  updatedAt: z.string(),
});
export type SportBetLimits = z.infer<typeof sportBetLimitsSchema>;

export const sportBetLimitsListSchema = z.object({ items: z.array(sportBetLimitsSchema) });

/**
 * `PUT /api/backoffice/v1/sport/limits`: sets one row whole (a null or absent value inherits;
 * the global row needs every value and is the only one with `playerLiability`).
 */
export const sportBetLimitsBodySchema = z.strictObject({
  sportId: z.number().int().positive().nullable(),
  marketTypeId: z.number().int().positive().nullable(),
  minStake: limitAmount.optional(),
  maxStake: limitAmount.optional(),
  maxPayout: limitAmount.optional(),
  marketLiability: limitAmount.optional(),
  betDelayMs: z.number().int().min(0).max(60_000).nullable().optional(),
  playerLiability: limitAmount.optional(),
});
export type SportBetLimitsBody = z.infer<typeof sportBetLimitsBodySchema>;

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
    limit: pageLimitSchema(maxTickerPageSize, 50),
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
