import type { ShowModalInfo } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/v1/me/show_modal_info` (shell spec §7): may the first-deposit promo show, and which. */
export function getShowModalInfo(signal?: AbortSignal): Promise<ShowModalInfo> {
  return apiRequest('/api/v1/me/show_modal_info', { signal });
}

/** `PUT /api/v1/me/show_modal_info`: the promo was shown; it does not come back. */
export function markShowModalShown(): Promise<ShowModalInfo> {
  return apiRequest('/api/v1/me/show_modal_info', { method: 'PUT' });
}
