import { z } from 'zod';
import { countryCodeSchema } from './backoffice.ts';
import { promoCodePattern } from './bonus-constants.ts';
import { wheelBalanceTypeSchema } from './bonuses.ts';
import { currencyScale, parseDecimalToMinor } from './money.ts';
import { decimalStringSchema } from './money-schemas.ts';
import { offsetPageMetaSchema, pageLimitSchema, pageOffsetSchema } from './pagination.ts';
import { wheelMaxPrizes } from './wheel-display.ts';
import { maxWheelPrizeWeight } from './wheel-fairness.ts';

/**
 * Operator calls of the wheel of luck and the promo codes (`/api/backoffice/v1/wheel/prizes`,
 * `/api/backoffice/v1/promocodes`, `/api/backoffice/v1/promocodes/first-deposit`). Amounts are
 * USD decimal strings with at most 2 decimals; the player sees them converted to the primary
 * currency at the rate in force.
 */

/** Largest USD amount a wheel prize or a promo code may carry. */
export const maxPromoAmountUsd = '100000';
const usdScale = currencyScale('USD');
const maxPromoAmountUsdMinor = 10_000_000n;

/** A USD amount with at most 2 decimals within 0 … maxPromoAmountUsd. */
export const usdAmountSchema = z.string({ error: 'Validation.required' }).refine(
  (value) => {
    const minor = parseDecimalToMinor(value, usdScale);
    return minor !== null && minor <= maxPromoAmountUsdMinor;
  },
  { error: 'Validation.invalid_amount' },
);

const promoCodeSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .regex(promoCodePattern, { error: 'Validation.invalid_value' });

// ─── wheel of luck ──────────────────────────────────────────────────────────────────────────

/** One prize of the operator's table; `position` is its place on the wheel (0-based). */
export const backofficeWheelPrizeSchema = z.object({
  id: z.string(),
  position: z.number().int().min(0),
  amountUsd: decimalStringSchema,
  balanceType: wheelBalanceTypeSchema,
  /** the relative chance of the prize: weight / total weight (0: never won) */
  weight: z.number().int().min(0),
  promoCode: z.string().nullable(),
});
export type BackofficeWheelPrize = z.infer<typeof backofficeWheelPrizeSchema>;

export const backofficeWheelPrizesSchema = z.object({
  items: z.array(backofficeWheelPrizeSchema),
  totalWeight: z.number().int().min(0),
});
export type BackofficeWheelPrizes = z.infer<typeof backofficeWheelPrizesSchema>;

/**
 * `PUT /api/backoffice/v1/wheel/prizes`: the whole table in wheel order (at most
 * wheelMaxPrizes: the wheel shows no more). A row with the `id` of a current prize updates it,
 * a row without one adds a prize, and current prizes left out are retired (past spins keep
 * them). An empty table turns the wheel off; otherwise some weight must be positive. An
 * 'other' prize is paid as a bonus with the conditions of the wheel offer (the first enabled
 * offer of type wheel), so one must be enabled while such a prize is worth something.
 * `promoCode` must name a promo code.
 */
export const wheelPrizesBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.uuid({ error: 'Validation.invalid_value' }).optional(),
        amountUsd: usdAmountSchema,
        balanceType: wheelBalanceTypeSchema,
        weight: z
          .number({ error: 'Validation.required' })
          .int({ error: 'Validation.invalid_value' })
          .min(0, { error: 'Validation.invalid_value' })
          .max(maxWheelPrizeWeight, { error: 'Validation.invalid_value' }),
        promoCode: promoCodeSchema.nullable().optional(),
      }),
    )
    .max(wheelMaxPrizes, { error: 'Validation.invalid_value' })
    .superRefine((items, context) => {
      const seen = new Set<string>();
      for (const [index, item] of items.entries()) {
        if (item.id === undefined) continue;
        if (seen.has(item.id)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: 'Validation.invalid_value',
          });
        }
        seen.add(item.id);
      }
      if (items.length > 0 && items.every((item) => item.weight === 0)) {
        context.addIssue({
          code: 'custom',
          path: [0, 'weight'],
          message: 'Validation.invalid_value',
        });
      }
    }),
});
export type WheelPrizesBody = z.infer<typeof wheelPrizesBodySchema>;

// ─── promo codes ────────────────────────────────────────────────────────────────────────────

/**
 * main: `amountUsd` is credited to the main balance; bonus: a bonus of `amountUsd` is granted
 * with the conditions (wager, free spins, deadline) of the offer `offerId`; conditions: the
 * offer becomes the player's personal offer, which their next qualifying deposit receives (its
 * amount comes from the deposit, so the code has none).
 */
export const promoCodeKinds = ['main', 'bonus', 'conditions'] as const;
export const promoCodeKindSchema = z.enum(promoCodeKinds, { error: 'Validation.invalid_value' });
export type PromoCodeKind = z.infer<typeof promoCodeKindSchema>;

/** Largest total-uses limit and per-player limit an operator may set. */
export const maxPromoCodeUses = 10_000_000;
export const maxPromoCodeUsesPerPlayer = 100;

/**
 * A promo code as the operator sees it; its free spins are those of its offer. `usesLimit`
 * null: unlimited; `validFrom` / `validTo` null: open-ended; `countries` empty: every country (by the player's
 * IP); `newPlayersOnly`: players without a completed deposit; `isFirstDepositPromo`: the code
 * the timed first-deposit promo presents to new players.
 */
export const backofficePromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: promoCodeKindSchema,
  amountUsd: decimalStringSchema,
  offerId: z.string().nullable(),
  usesLimit: z.number().int().nullable(),
  uses: z.number().int().min(0),
  perPlayerLimit: z.number().int().min(1),
  validFrom: z.iso.datetime().nullable(),
  validTo: z.iso.datetime().nullable(),
  newPlayersOnly: z.boolean(),
  vipOnly: z.boolean(),
  countries: z.array(z.string()),
  isEnabled: z.boolean(),
  isFirstDepositPromo: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BackofficePromoCode = z.infer<typeof backofficePromoCodeSchema>;

export const backofficePromoCodesPageSchema = z.object({
  items: z.array(backofficePromoCodeSchema),
  meta: offsetPageMetaSchema,
});

/** `GET /api/backoffice/v1/promocodes`: newest first; `code` filters by a part of the code. */
export const backofficePromoCodesQuerySchema = z.strictObject({
  code: z.string().trim().min(1).max(32).optional(),
  limit: pageLimitSchema(100, 50),
  offset: pageOffsetSchema(100_000),
});
export type BackofficePromoCodesQuery = z.infer<typeof backofficePromoCodesQuerySchema>;

const instantSchema = z.iso.datetime({ offset: true, error: 'Validation.invalid_value' });

const promoCodeFields = {
  code: promoCodeSchema,
  kind: promoCodeKindSchema,
  amountUsd: usdAmountSchema,
  offerId: z.uuid({ error: 'Validation.invalid_value' }).nullable(),
  usesLimit: z
    .number({ error: 'Validation.invalid_value' })
    .int({ error: 'Validation.invalid_value' })
    .min(1, { error: 'Validation.invalid_value' })
    .max(maxPromoCodeUses, { error: 'Validation.invalid_value' })
    .nullable(),
  perPlayerLimit: z
    .number({ error: 'Validation.invalid_value' })
    .int({ error: 'Validation.invalid_value' })
    .min(1, { error: 'Validation.invalid_value' })
    .max(maxPromoCodeUsesPerPlayer, { error: 'Validation.invalid_value' }),
  validFrom: instantSchema.nullable(),
  validTo: instantSchema.nullable(),
  newPlayersOnly: z.boolean({ error: 'Validation.invalid_value' }),
  vipOnly: z.boolean({ error: 'Validation.invalid_value' }),
  countries: z.array(countryCodeSchema).max(250, { error: 'Validation.invalid_value' }),
  isEnabled: z.boolean({ error: 'Validation.invalid_value' }),
};

/**
 * `POST /api/backoffice/v1/promocodes`. Codes are unique without regard to case. The rules
 * between fields (checked again on every PATCH, on the merged code): main needs a positive
 * `amountUsd` and no offer; bonus and conditions need `offerId` (an existing offer);
 * conditions take no amount; `validFrom` before `validTo`.
 */
export const newPromoCodeBodySchema = z.strictObject({
  code: promoCodeFields.code,
  kind: promoCodeFields.kind,
  amountUsd: promoCodeFields.amountUsd.default('0'),
  offerId: promoCodeFields.offerId.default(null),
  usesLimit: promoCodeFields.usesLimit.default(null),
  perPlayerLimit: promoCodeFields.perPlayerLimit.default(1),
  validFrom: promoCodeFields.validFrom.default(null),
  validTo: promoCodeFields.validTo.default(null),
  newPlayersOnly: promoCodeFields.newPlayersOnly.default(false),
  vipOnly: promoCodeFields.vipOnly.default(false),
  countries: promoCodeFields.countries.default([]),
  isEnabled: promoCodeFields.isEnabled.default(true),
});
export type NewPromoCodeBody = z.infer<typeof newPromoCodeBodySchema>;

/** `PATCH /api/backoffice/v1/promocodes/{id}`: any non-empty subset of the fields. */
export const updatePromoCodeBodySchema = z
  .strictObject({
    code: promoCodeFields.code.optional(),
    kind: promoCodeFields.kind.optional(),
    amountUsd: promoCodeFields.amountUsd.optional(),
    offerId: promoCodeFields.offerId.optional(),
    usesLimit: promoCodeFields.usesLimit.optional(),
    perPlayerLimit: promoCodeFields.perPlayerLimit.optional(),
    validFrom: promoCodeFields.validFrom.optional(),
    validTo: promoCodeFields.validTo.optional(),
    newPlayersOnly: promoCodeFields.newPlayersOnly.optional(),
    vipOnly: promoCodeFields.vipOnly.optional(),
    countries: promoCodeFields.countries.optional(),
    isEnabled: promoCodeFields.isEnabled.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Validation.required',
  });
export type UpdatePromoCodeBody = z.infer<typeof updatePromoCodeBodySchema>;

export const promoCodeIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Validation.invalid_value' }),
});

/**
 * `GET` / `PUT /api/backoffice/v1/promocodes/first-deposit`: the promo code the timed
 * first-deposit promo presents to players without a deposit (null: none).
 */
export const firstDepositPromoSchema = z.strictObject({
  code: promoCodeSchema.nullable(),
});
export type FirstDepositPromo = z.infer<typeof firstDepositPromoSchema>;
