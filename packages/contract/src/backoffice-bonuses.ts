import { z } from 'zod';
import { gameIdSchema } from './backoffice-games.ts';
import { maxFactorDecimals } from './bonus-rules.ts';
import { bonusTypeSchema, userBonusSchema } from './bonuses.ts';
import { currencyScale, parseDecimalToMinor } from './money.ts';
import { decimalStringSchema } from './money-schemas.ts';

/**
 * Operator calls of the bonus engine (`/api/backoffice/v1/bonuses/…`): offers, personal offers,
 * a player's bonuses and the deposit bonus by currency. Money is USD: decimal strings with at
 * most 2 decimals; factors (amountMultiplier, wager …) are numbers with at most 6 decimals.
 */

const usdScale = currencyScale('USD');
/** Largest USD figure an offer carries (a grant, a cap, a deposit bound). */
export const maxOfferAmountUsd = '10000000';
const maxOfferAmountUsdMinor = 1_000_000_000n;

const offerUsdSchema = z.string({ error: 'Validation.required' }).refine(
  (value) => {
    const minor = parseDecimalToMinor(value, usdScale);
    return minor !== null && minor <= maxOfferAmountUsdMinor;
  },
  { error: 'Validation.invalid_amount' },
);

/** A factor with at most six decimals (0.05 = 5 %). */
function factorSchema(max: number) {
  return z
    .number({ error: 'Validation.invalid_value' })
    .min(0, { error: 'Validation.invalid_value' })
    .max(max, { error: 'Validation.invalid_value' })
    .refine((value) => Number(value.toFixed(maxFactorDecimals)) === value, {
      error: 'Validation.invalid_value',
    });
}

/** Texts per locale; English is required (the fallback of every other language). */
export const localizedTextSchema = z
  .record(
    z.string().regex(/^[a-z]{2}$/, { error: 'Validation.invalid_value' }),
    z.string().trim().min(1, { error: 'Validation.required' }).max(2000),
  )
  .refine((texts) => typeof texts.en === 'string', { error: 'Validation.required' })
  .refine((texts) => Object.keys(texts).length <= 20, { error: 'Validation.invalid_value' });

export const offerGameWagerBodySchema = z.strictObject({
  gameId: gameIdSchema,
  percent: z.number().int().min(0).max(100),
});

/** Every field of an offer an operator writes (`POST` takes all, `PATCH` any subset). */
const offerFields = {
  type: bonusTypeSchema,
  title: localizedTextSchema,
  description: localizedTextSchema.optional(),
  isEnabled: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  /** welcome: the deposit (1–4) this offer is the step of */
  minDepositNumber: z.number().int().min(0).max(100).nullable().optional(),
  amountMultiplier: factorSchema(100).optional(),
  /** a fixed grant (promo, wheel offers); null: granted from a deposit */
  amountUsd: offerUsdSchema.nullable().optional(),
  freespinsCount: z.number().int().min(0).max(10_000).optional(),
  /** the stake of one free spin */
  freespinsAmountUsd: offerUsdSchema.optional(),
  minDepositUsd: offerUsdSchema.nullable().optional(),
  maxDepositUsd: offerUsdSchema.nullable().optional(),
  wager: factorSchema(1000).optional(),
  wagerFreespins: factorSchema(1000).optional(),
  wagerMaxBetUsd: offerUsdSchema.nullable().optional(),
  maxAmountUsd: offerUsdSchema.nullable().optional(),
  maxAmountMultiplier: factorSchema(1000).nullable().optional(),
  freespinsMaxAmountUsd: offerUsdSchema.nullable().optional(),
  freespinsMaxAmountMultiplier: factorSchema(1000).nullable().optional(),
  deadlineHours: z.number().int().min(1).max(8760),
  /** the games whose stakes count (empty: every game at 100 %) */
  gamesWagers: z.array(offerGameWagerBodySchema).max(500).optional(),
  /**
   * What a settled sport ticket played on the bonus counts for its wagering, in percent of the
   * wagered stake (0, the default: sport does not count)
   */
  sportPercent: z.number().int().min(0).max(100).optional(),
};

/** `POST /api/backoffice/v1/bonuses/offers` */
export const newOfferBodySchema = z.strictObject(offerFields);
export type NewOfferBody = z.infer<typeof newOfferBodySchema>;

/** `PATCH /api/backoffice/v1/bonuses/offers/{id}`: any subset (gamesWagers replaces the list). */
export const updateOfferBodySchema = z
  .strictObject({
    ...offerFields,
    type: bonusTypeSchema.optional(),
    title: localizedTextSchema.optional(),
    deadlineHours: offerFields.deadlineHours.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Validation.required' });
export type UpdateOfferBody = z.infer<typeof updateOfferBodySchema>;

export const offerIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Validation.invalid_value' }),
});

/** An offer as the operator sees it: USD figures, texts per locale. */
export const backofficeOfferSchema = z.object({
  id: z.string(),
  type: bonusTypeSchema,
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  isEnabled: z.boolean(),
  position: z.number().int(),
  minDepositNumber: z.number().int().nullable(),
  amountMultiplier: z.number(),
  amountUsd: decimalStringSchema.nullable(),
  freespinsCount: z.number().int(),
  freespinsAmountUsd: decimalStringSchema,
  minDepositUsd: decimalStringSchema.nullable(),
  maxDepositUsd: decimalStringSchema.nullable(),
  wager: z.number(),
  wagerFreespins: z.number(),
  wagerMaxBetUsd: decimalStringSchema.nullable(),
  maxAmountUsd: decimalStringSchema.nullable(),
  maxAmountMultiplier: z.number().nullable(),
  freespinsMaxAmountUsd: decimalStringSchema.nullable(),
  freespinsMaxAmountMultiplier: z.number().nullable(),
  deadlineHours: z.number().int(),
  gamesWagers: z.array(z.object({ gameId: z.string(), title: z.string(), percent: z.number() })),
  sportPercent: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BackofficeOffer = z.infer<typeof backofficeOfferSchema>;

export const backofficeOffersSchema = z.object({ items: z.array(backofficeOfferSchema) });

/**
 * `POST /api/backoffice/v1/bonuses/personal`: the player's next qualifying deposit receives the
 * offer (once; until `expiresAt` when given).
 */
export const assignPersonalOfferBodySchema = z.strictObject({
  offerId: z.uuid({ error: 'Validation.invalid_value' }),
  globalId: z.string().regex(/^\d{1,18}$/, { error: 'Validation.invalid_value' }),
  expiresAt: z.iso.datetime({ error: 'Validation.invalid_value' }).nullable().optional(),
});
export type AssignPersonalOfferBody = z.infer<typeof assignPersonalOfferBodySchema>;

export const personalOfferSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  globalId: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  usedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type PersonalOffer = z.infer<typeof personalOfferSchema>;

/** `GET /api/backoffice/v1/bonuses/user?globalId=`: every bonus of the player, newest first. */
export const backofficeUserBonusesQuerySchema = z.strictObject({
  globalId: z.string().regex(/^\d{1,18}$/, { error: 'Validation.invalid_value' }),
});
export const backofficeUserBonusesSchema = z.object({
  globalId: z.string(),
  items: z.array(userBonusSchema),
});

/** One row of the deposit bonus by currency (`network` null: any network / a fiat currency). */
export const depositBonusRowSchema = z.object({
  code: z.string(),
  network: z.string().nullable(),
  /** a fraction of the deposit: 0.05 → '+5%' */
  fraction: z.number(),
  /** the offer whose wagering conditions the bonus takes (null: the first enabled deposit offer) */
  offerId: z.string().nullable(),
  isEnabled: z.boolean(),
});
export const depositBonusTableSchema = z.object({ items: z.array(depositBonusRowSchema) });

/** `PUT /api/backoffice/v1/bonuses/deposit-bonus`: replaces the whole table. */
export const depositBonusTableBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[A-Z]{2,10}$/, { error: 'Validation.unsupported_currency' }),
        network: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'Validation.invalid_value' })
          .nullable()
          .optional(),
        fraction: factorSchema(10).refine((value) => value > 0, {
          error: 'Validation.invalid_value',
        }),
        offerId: z.uuid({ error: 'Validation.invalid_value' }).nullable().optional(),
        isEnabled: z.boolean().optional(),
      }),
    )
    .max(200),
});
export type DepositBonusTableBody = z.infer<typeof depositBonusTableBodySchema>;
