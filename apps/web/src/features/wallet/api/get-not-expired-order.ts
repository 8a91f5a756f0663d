import type { FiatOrder } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';

/** The player's open deposit order for a method, or null (spec §4 "Fiat deposit entry"). */
export function getNotExpiredOrder(
  methodId: string,
  signal?: AbortSignal,
): Promise<FiatOrder | null> {
  return apiRequest('/api/v2/wallet/orders/not-expired', {
    query: { bank_id: methodId },
    signal,
  });
}
