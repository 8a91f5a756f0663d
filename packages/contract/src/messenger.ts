import { z } from 'zod';
import { promoCodePattern } from './bonus-constants.ts';

/**
 * `POST /api/v1/me/messenger`: links the signed-in player to their messenger account (needed for
 * crypto-bot withdrawals, which the bot pays to a messenger user). `initData` is the messenger
 * mini-app's launch data exactly as the messenger's SDK gives it (a signed query string).
 */
export const messengerLinkBodySchema = z.strictObject({
  initData: z.string().trim().min(1, { error: 'Validation.required' }).max(4096),
});
export type MessengerLinkBody = z.infer<typeof messengerLinkBodySchema>;

export const messengerLinkSchema = z.object({
  linked: z.literal(true),
  /** the messenger's user id (a decimal string: it may exceed 32 bits) */
  messengerUserId: z.string(),
});
export type MessengerLink = z.infer<typeof messengerLinkSchema>;

/**
 * `POST /api/v1/auth/messenger`: signs in (or creates and links) the messenger user the mini-app
 * was opened by. `botId` names the bot whose mini-app this is (the numeric part of its token);
 * `initData` is the signed launch data; `promo` the launch's start parameter, if any: `promo_<CODE>`
 * activates the promo code for an account this sign-in creates (`promoCodeOfStartParam`).
 */
export const messengerAuthBodySchema = z.strictObject({
  botId: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,19}$/, { error: 'Validation.invalid_value' }),
  initData: z.string().trim().min(1, { error: 'Validation.required' }).max(4096),
  promo: z.string().trim().max(512).optional(),
});
export type MessengerAuthBody = z.infer<typeof messengerAuthBodySchema>;

/**
 * A start parameter that carries a promo code: `promo_<CODE>` (the bot's link
 * `https://t.me/<bot>/<app>?startapp=promo_WELCOME10`; the messenger allows only `A-Za-z0-9_-`
 * there, as promo codes do). A messenger user whose account this launch creates gets the code
 * activated as if they had entered it.
 */
export const messengerPromoStartPrefix = 'promo_';

/** The promo code a start parameter carries, or null (e.g. `cashier`). */
export function promoCodeOfStartParam(startParam: string | undefined): string | null {
  if (!startParam?.toLowerCase().startsWith(messengerPromoStartPrefix)) return null;
  const code = startParam.slice(messengerPromoStartPrefix.length);
  return promoCodePattern.test(code) ? code : null;
}
