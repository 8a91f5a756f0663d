import { z } from 'zod';
import { promoCodePattern } from './bonus-constants.ts';
import { decimalStringSchema } from './money-schemas.ts';
import { offsetPageMetaSchema, pageLimitSchema, pageOffsetSchema } from './pagination.ts';

/**
 * Bonuses, the wheel of luck and promo codes (wallet spec §3, §4, §7, §9; shell spec §4, §7).
 * Where the spec names a call its path and fields are used as given; the calls it leaves out
 * (the bonus lists, the daily-bonus calls, promo activation, the first-deposit promo) use the
 * paths documented here and in the README.
 *
 * Money is a decimal string in the currency named beside it. Offers are defined by the operator
 * in USD and shown converted to the player's primary currency at the rate in force; a bonus is
 * granted in the player's primary currency and stays in it.
 */

// ─── offers ─────────────────────────────────────────────────────────────────────────────────

/** Offer kinds: the spec's `promo` and `promo free spins` plus the platform's own. */
export const bonusTypes = [
  'welcome',
  'everyday',
  'deposit',
  'promo',
  'promo_freespins',
  'wheel',
  'personal',
] as const;
export const bonusTypeSchema = z.enum(bonusTypes);
export type BonusType = z.infer<typeof bonusTypeSchema>;

/** Contribution of one game to wagering, in percent of the stake (wallet spec §3 `gamesWagers`). */
export const gameWagerSchema = z.object({
  gameId: z.string(),
  title: z.string(),
  percent: z.number().int().min(0).max(100),
});
export type GameWager = z.infer<typeof gameWagerSchema>;

/**
 * An offer's conditions (wallet spec §3 "Bonus offer"). Amounts are in `currency` (the player's
 * primary currency, converted from the operator's USD figures). `amountMultiplier` is the share of
 * the deposit granted (0.5 → 50 %); `wager` multiplies the granted amount into the wagering
 * requirement, `wagerFreespins` the free-spin winnings; `maxAmount` caps the grant (the 'up to'
 * figure); `maxAmountMultiplier` caps what a completed bonus converts to main money, as a
 * multiple of the granted amount (null: no cap); `freespinsMaxAmount` /
 * `freespinsMaxAmountMultiplier` cap free-spin winnings (absolute / × the spins' total value).
 * `gamesWagers` empty means every game counts at 100 %; otherwise only the listed games count.
 * `sportPercent`: what a settled sport ticket's stake played on the bonus counts, in percent
 * (0: sport does not count; a void ticket counts nothing, a half-void single half its stake).
 */
export const bonusConditionsSchema = z.object({
  id: z.string(),
  personalId: z.string().nullable(),
  type: bonusTypeSchema,
  currency: z.string(),
  minDepositNumber: z.number().int().min(0).nullable(),
  amountMultiplier: z.number().min(0),
  freespinsCount: z.number().int().min(0),
  freespinsAmount: decimalStringSchema,
  minDeposit: decimalStringSchema.nullable(),
  maxDeposit: decimalStringSchema.nullable(),
  wager: z.number().min(0),
  wagerFreespins: z.number().min(0),
  wagerMaxBet: decimalStringSchema.nullable(),
  maxAmount: decimalStringSchema.nullable(),
  maxAmountMultiplier: z.number().min(0).nullable(),
  freespinsMaxAmount: decimalStringSchema.nullable(),
  freespinsMaxAmountMultiplier: z.number().min(0).nullable(),
  deadlineHours: z.number().int().min(1),
  gamesWagers: z.array(gameWagerSchema),
  sportPercent: z.number().int().min(0).max(100),
});
export type BonusConditions = z.infer<typeof bonusConditionsSchema>;

/**
 * An offer as the player sees it. `isClaimed`: the player already received it (a welcome step
 * done); `isFirst`: the first welcome step; `isPersonal`: assigned to this player only;
 * `isCurrent`: the offer the player's next qualifying deposit receives.
 */
export const bonusOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['active', 'inactive']),
  isClaimed: z.boolean(),
  isFirst: z.boolean(),
  isPersonal: z.boolean(),
  isCurrent: z.boolean(),
  conditions: bonusConditionsSchema,
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

const preferredOfferSchema = z.object({ id: z.string().nullable(), isEnabled: z.boolean() });

/** The player's bonus settings (wallet spec §3 "settings"; saved by POST /api/v2/users/loyalty). */
export const bonusSettingsSchema = z.object({
  isWelcomeEnabledFiat: z.boolean(),
  isWelcomeEnabledCrypto: z.boolean(),
  preferredFiat: preferredOfferSchema,
  preferredCrypto: preferredOfferSchema,
});
export type BonusSettings = z.infer<typeof bonusSettingsSchema>;

/** `POST /api/v2/users/loyalty`: any subset of the settings; answers the saved settings. */
export const loyaltySettingsBodySchema = z
  .strictObject({
    isWelcomeEnabledFiat: z.boolean().optional(),
    isWelcomeEnabledCrypto: z.boolean().optional(),
    preferredFiat: z
      .strictObject({ id: z.string().max(100).nullable(), isEnabled: z.boolean() })
      .optional(),
    preferredCrypto: z
      .strictObject({ id: z.string().max(100).nullable(), isEnabled: z.boolean() })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Validation.required' });
export type LoyaltySettingsBody = z.infer<typeof loyaltySettingsBodySchema>;

/** `GET /api/v2/bonuses`: the offers open to the player (unpaginated) and their settings. */
export const bonusOffersResponseSchema = z.object({
  items: z.array(bonusOfferSchema),
  settings: bonusSettingsSchema,
});
export type BonusOffersResponse = z.infer<typeof bonusOffersResponseSchema>;

// ─── the player's bonuses ───────────────────────────────────────────────────────────────────

/**
 * Status of a granted bonus. `active`: wagering now (at most one per player); `pending`: granted
 * while another was active, starts when it ends; the rest are finished (`inactive` on the balance):
 * `completed` (wagered, converted), `expired`, `forfeited` (withdrawal or cancel), `lost` (its
 * money was played away).
 */
export const userBonusStatuses = [
  'active',
  'pending',
  'completed',
  'expired',
  'forfeited',
  'lost',
] as const;
export const userBonusStatusSchema = z.enum(userBonusStatuses);
export type UserBonusStatus = z.infer<typeof userBonusStatusSchema>;

/**
 * A bonus granted to the player. `amount`: granted; `balance`: bonus money it holds now;
 * `wager.current / wager.total`: wagered so far / required; `freespins`: left of the granted
 * count, each worth `freespinsAmount` on the offer's games; `convertedAmount`: main money it became.
 */
export const userBonusSchema = z.object({
  id: z.string(),
  offerId: z.string().nullable(),
  title: z.string(),
  type: bonusTypeSchema,
  status: userBonusStatusSchema,
  currency: z.string(),
  amount: decimalStringSchema,
  balance: decimalStringSchema,
  wager: z.object({ current: decimalStringSchema, total: decimalStringSchema }),
  wagerMaxBet: decimalStringSchema.nullable(),
  freespins: z.object({
    left: z.number().int().min(0),
    total: z.number().int().min(0),
    amount: decimalStringSchema,
  }),
  convertedAmount: decimalStringSchema.nullable(),
  conditions: bonusConditionsSchema.nullable(),
  createdAt: z.iso.datetime(),
  activatedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
});
export type UserBonus = z.infer<typeof userBonusSchema>;

/** `GET /api/v2/bonuses/user`: the player's bonuses, active and pending first, then newest. */
export const userBonusesResponseSchema = z.object({ items: z.array(userBonusSchema) });
export type UserBonusesResponse = z.infer<typeof userBonusesResponseSchema>;

// ─── daily (everyday) bonus ─────────────────────────────────────────────────────────────────

/**
 * `GET /api/v2/bonuses/daily` (wallet spec §3 "Daily bonus status"). Open to players with at
 * least `everydayMinDeposits` completed deposits, once per UTC day: `usedAt` is today's use (null
 * when unused today), `nextAt` the next UTC midnight. `isShowModal`: the drawer was not shown
 * today. `offer`: the everyday offer (its percent is the banner's '+N%').
 */
export const dailyBonusStatusSchema = z.object({
  countDeposit: z.number().int().min(0),
  isAvailable: z.boolean(),
  isShowModal: z.boolean(),
  lastShowModalAt: z.iso.datetime().nullable(),
  usedAt: z.iso.datetime().nullable(),
  nextAt: z.iso.datetime(),
  offer: bonusOfferSchema.nullable(),
});
export type DailyBonusStatus = z.infer<typeof dailyBonusStatusSchema>;

/** `PUT /api/v2/bonuses/daily/show`: marks the drawer shown now. */
export const dailyBonusShownSchema = z.object({ lastShowModalAt: z.iso.datetime() });

// ─── deposit bonus by currency ──────────────────────────────────────────────────────────────

/** `GET /api/v1/wallet/currencies/bonus` (wallet spec §3, §9 '+{percent}%'). */
export const currencyDepositBonusSchema = z.object({
  code: z.string(),
  network: z.string().nullable(),
  depositBonusAvailable: z.boolean(),
  /** a fraction: 0.05 → '+5%' */
  depositBonus: z.number().min(0),
});
export const currencyDepositBonusesSchema = z.array(currencyDepositBonusSchema);
export type CurrencyDepositBonus = z.infer<typeof currencyDepositBonusSchema>;

// ─── wheel of luck (turbine_of_luck) ────────────────────────────────────────────────────────

/** `GET /api/v2/turbine_of_luck/user`: one spin per UTC day. */
export const wheelStatusSchema = z.object({
  isAvailable: z.boolean(),
  /** when the next spin opens (the next UTC midnight) */
  nextAt: z.iso.datetime(),
});
export type WheelStatus = z.infer<typeof wheelStatusSchema>;

export const wheelBalanceTypes = ['main', 'other'] as const;
export const wheelBalanceTypeSchema = z.enum(wheelBalanceTypes);

/**
 * `GET /api/v2/turbine_of_luck/prizes` (public): the prizes in the operator's order, `amount` in
 * `currency` (the player's primary currency; USD for guests), '0' for a no-prize slice. `weight`
 * is the prize's weight in the pick (`wheelSpinIndex`, in this order) and `probability` its
 * chance, weight / total weight, as a decimal fraction rounded to six places ("0.250000").
 */
export const wheelPrizeSchema = z.object({
  id: z.string(),
  amount: decimalStringSchema,
  currency: z.string(),
  balanceType: wheelBalanceTypeSchema,
  weight: z.number().int().min(0),
  probability: decimalStringSchema,
});
export const wheelPrizesSchema = z.array(wheelPrizeSchema);
export type WheelPrize = z.infer<typeof wheelPrizeSchema>;

/**
 * One prize of the table a spin was picked over, as it stood at the spin (the operator may change
 * the table later; this copy is what verifies the spin). Other prizes' promo codes are not shown.
 * `amountUsd` and `balanceType` are null only for a spin stored before the whole table was kept
 * with it (migration 0028) whose prize the operator has changed since.
 */
export const wheelSpinPrizeSchema = z.object({
  prizeId: z.string(),
  weight: z.number().int().min(0),
  amountUsd: decimalStringSchema.nullable(),
  balanceType: wheelBalanceTypeSchema.nullable(),
});
export type WheelSpinPrize = z.infer<typeof wheelSpinPrizeSchema>;

/**
 * Everything a player needs to check a spin without the operator: the seed pair's commitment
 * (SHA-256 of the server seed, shown before the spin), the server seed itself once the pair is
 * rotated (`POST /api/v2/fairness/rotate`; null while it is in use), the client seed, the nonce,
 * the HMAC round counter of the float (a spin uses the first float of round 0) and the prize
 * table in the order the pick uses. `wheelSpinIndex({serverSeed, clientSeed, nonce},
 * prizes.map(weight))` equals `index`, and `prizes[index].prizeId` is the spin's prize.
 */
export const wheelSpinVerificationSchema = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
  round: z.number().int().min(0),
  prizes: z.array(wheelSpinPrizeSchema),
  totalWeight: z.number().int().min(1),
  index: z.number().int().min(0),
});
export type WheelSpinVerification = z.infer<typeof wheelSpinVerificationSchema>;

/**
 * `POST /api/v2/turbine_of_luck` (Idempotency-Key): the spin's prize (wallet spec §3 "spin
 * result"). `balanceType` main: credited to the main balance; other: granted as a bonus with
 * the wheel offer's wagering. `promo`: a promo code the prize carries, else null. The outcome is
 * provably fair from the player's seed pair (`nonce`), like the originals' rounds: `verification`
 * holds what recomputes it. The same object is one entry of the player's spin history.
 */
export const wheelSpinResultSchema = z.object({
  id: z.string(),
  prizeId: z.string(),
  amount: decimalStringSchema,
  currency: z.string(),
  promo: z.string().nullable(),
  balanceType: wheelBalanceTypeSchema,
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  verification: wheelSpinVerificationSchema,
});
export type WheelSpinResult = z.infer<typeof wheelSpinResultSchema>;

export const defaultWheelSpinsPageSize = 20;
export const maxWheelSpinsPageSize = 50;

/** `GET /api/v2/turbine_of_luck/spins`: the player's own spins, newest first. */
export const wheelSpinsQuerySchema = z.strictObject({
  limit: pageLimitSchema(maxWheelSpinsPageSize, defaultWheelSpinsPageSize),
  offset: pageOffsetSchema(100_000),
});
export type WheelSpinsQuery = z.infer<typeof wheelSpinsQuerySchema>;

export const wheelSpinsPageSchema = z.object({
  items: z.array(wheelSpinResultSchema),
  meta: offsetPageMetaSchema,
});
export type WheelSpinsPage = z.infer<typeof wheelSpinsPageSchema>;

// ─── promo codes ────────────────────────────────────────────────────────────────────────────

export const promoInfoSchema = z.object({
  amount: decimalStringSchema,
  currency: z.string(),
  freespins_count: z.number().int().min(0),
  freespins_amount: decimalStringSchema,
  code: z.string(),
  /** main: money credited; bonus: a bonus granted; conditions: waits for a qualifying deposit */
  type: z.enum(['main', 'bonus', 'conditions']),
});
export type PromoInfo = z.infer<typeof promoInfoSchema>;

/** `POST /api/v2/promocodes/activate` (Idempotency-Key): answers the promo info, sets the cookie. */
export const promoActivateBodySchema = z.strictObject({
  code: z.string().trim().regex(promoCodePattern, { error: 'Validation.invalid_value' }),
});

/**
 * `GET /api/v1/me/show_modal_info` (shell spec §7): whether the timed first-deposit promo modal
 * may show (no deposit yet, not shown yet, an offer exists) and the promo it presents;
 * `PUT /api/v1/me/show_modal_info` marks it shown and answers the same shape.
 */
export const showModalInfoSchema = z.object({
  isShowModal: z.boolean(),
  promo: promoInfoSchema.nullable(),
});
export type ShowModalInfo = z.infer<typeof showModalInfoSchema>;
