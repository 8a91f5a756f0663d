import type { PushCategory, PushSettings, VapidPublicKey } from '@casino/contract';
import { apiRequest, isApiErrorWithDetail } from '@/lib/api-client';

/** The VAPID public key; null when web push is switched off on the server (the feature flag). */
export async function getVapidPublicKey(): Promise<string | null> {
  try {
    return (await apiRequest<VapidPublicKey>('/api/v1/push/vapid-public-key')).key;
  } catch (error) {
    if (isApiErrorWithDetail(error, 'push_disabled')) return null;
    throw error;
  }
}

export function getPushSettings(): Promise<PushSettings> {
  return apiRequest('/api/v1/me/push_settings');
}

/** Records that the player dismissed the prompt (not offered again for 7 days). */
export function recordPromptRefusal(): Promise<PushSettings> {
  return apiRequest('/api/v1/me/push_settings', {
    method: 'PATCH',
    body: { promptRefused: true },
  });
}

/** Sends this browser's subscription (spec §7: `token` is the serialized PushSubscription). */
export function saveSubscription(subscription: PushSubscription): Promise<PushSettings> {
  return apiRequest('/api/v1/me/push_subscription', {
    method: 'PATCH',
    body: { token: JSON.stringify(subscription) },
  });
}

/** Turns categories on or off (the rest stay as they are); answers every setting. */
export function updatePushCategories(
  categories: Partial<Record<PushCategory, boolean>>,
): Promise<PushSettings> {
  return apiRequest('/api/v1/me/push_settings', { method: 'PATCH', body: { categories } });
}
