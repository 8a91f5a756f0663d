import { z } from 'zod';
import { pushCategories, pushPromptRefusalDays } from './push-rules.ts';

/**
 * Web push (shell spec §2, §4, §7, §8, §9; issue 23). The app subscribes the browser with the
 * server's VAPID public key and sends the serialized `PushSubscription` to
 * `PATCH /api/v1/me/push_subscription`; the server sends through the job queue.
 */

/** `GET /api/v1/push/vapid-public-key`: the application server key (base64url, 65-byte P-256 point). */
export const vapidPublicKeySchema = z.object({ key: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** base64url without padding of exactly `bytes` bytes */
function base64UrlOfBytes(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: 'Validation.required' })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), { error: 'Validation.invalid_value' });
}

export const pushEndpointMaxLength = 2048;
export const pushSubscriptionTokenMaxLength = 4096;

/** What `PushSubscription.toJSON()` gives: the endpoint and the browser's keys. */
export const pushSubscriptionJsonSchema = z.object({
  endpoint: z
    .string({ error: 'Validation.required' })
    .max(pushEndpointMaxLength, { error: 'Validation.invalid_value' })
    .url({ error: 'Validation.invalid_value' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** the browser's uncompressed P-256 ECDH public key (65 bytes) */
    p256dh: base64UrlOfBytes(65),
    /** the authentication secret (16 bytes) */
    auth: base64UrlOfBytes(16),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJsonSchema>;

/** `PATCH /api/v1/me/push_subscription`: `token` is `JSON.stringify(subscription)` (spec §7). */
export const pushSubscriptionBodySchema = z.strictObject({
  token: z
    .string({ error: 'Validation.required' })
    .min(1, { error: 'Validation.required' })
    .max(pushSubscriptionTokenMaxLength, { error: 'Validation.invalid_value' }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /api/v1/me/push_subscription`: this browser's endpoint. */
export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z
    .string({ error: 'Validation.required' })
    .min(1, { error: 'Validation.required' })
    .max(pushEndpointMaxLength, { error: 'Validation.invalid_value' }),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

export const pushCategoriesSchema = z.object({
  deposits: z.boolean(),
  withdrawals: z.boolean(),
  tournaments: z.boolean(),
  bonuses: z.boolean(),
  sportsbook: z.boolean(),
});

/** `GET/PATCH /api/v1/me/push_settings` */
export const pushSettingsSchema = z.object({
  /** at least one device is subscribed */
  isPushNotificationsActive: z.boolean(),
  /** the consent per category (all on until the player turns one off) */
  categories: pushCategoriesSchema,
  /** ISO time the prompt was last dismissed; null when never */
  promptRefusedAt: z.string().nullable(),
  /** whether the prompt may show now as far as the server knows (no refusal in 7 days) */
  promptAllowed: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const updatePushSettingsBodySchema = z
  .strictObject({
    categories: pushCategoriesSchema.partial().optional(),
    /** true: the player dismissed the prompt now */
    promptRefused: z.literal(true).optional(),
  })
  .refine((body) => body.categories !== undefined || body.promptRefused !== undefined, {
    error: 'Validation.required',
  });
export type UpdatePushSettingsBody = z.infer<typeof updatePushSettingsBodySchema>;

export function isPushPromptAllowed(refusedAt: Date | null, now: Date): boolean {
  return (
    refusedAt === null || now.getTime() - refusedAt.getTime() >= pushPromptRefusalDays * 86_400_000
  );
}

/**
 * What the service worker receives (the encrypted payload, under 4 KB): shown as a notification;
 * a click opens `url` (an app path) or focuses a tab already on it.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** app path to open on click, e.g. `/en/wallet` */
  url: z.string(),
  /** replaces an earlier notification with the same tag */
  tag: z.string(),
  category: z.enum(pushCategories),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * `GET /api/v1/support/chat`: the external chat widget (Chatwoot's self-hostable one by default)
 * when configured; `scriptUrl` null means no live chat: the support modal shows only the e-mail
 * and the messenger bot.
 */
export const supportChatConfigSchema = z.object({
  /** the widget's script, e.g. `https://chat.example.com/packs/js/sdk.js` */
  scriptUrl: z.string().nullable(),
  /** the widget's origin (Chatwoot's `baseUrl`) */
  baseUrl: z.string().nullable(),
  websiteToken: z.string().nullable(),
});
export type SupportChatConfig = z.infer<typeof supportChatConfigSchema>;
