import { z } from 'zod';
import { decimalStringSchema } from './money.ts';

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

export const sportPlayerParamsSchema = z.strictObject({
  userId: z.uuid({ error: 'Validation.invalid_value' }),
});

/** A player's bet factor (scales the maximum stake and the player's liability limit; 0 stops betting). */
export const sportBetFactorSchema = z.object({
  userId: z.string(),
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
