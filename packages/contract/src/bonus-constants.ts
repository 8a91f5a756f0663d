/*
 * The bonuses' constants the player app's first load needs (the daily bonus banner, the promo
 * cookie and form, the first-deposit promo), apart from the bonuses' schemas (`bonuses.ts`): the
 * first load takes them without zod.
 */

/** Daily bonus (`GET /api/v2/bonuses/daily`): open to players with this many completed deposits. */
export const everydayMinDeposits = 4;

/** The promo info cookie (wallet spec §3), URL-encoded JSON under `promoInfoCookie`. */
export const promoInfoCookie = 'promo_info';

export const promoCodePattern = /^[A-Za-z0-9_-]{3,32}$/;

/** Shell spec §9: the first-deposit promo opens this long after the session's first mark. */
export const firstDepositPromoDelayMs = 10 * 60 * 1000;
