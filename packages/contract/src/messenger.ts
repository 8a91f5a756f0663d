import { z } from 'zod';

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
