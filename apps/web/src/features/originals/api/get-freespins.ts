import type { UserBonusesResponse } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

/**
 * The player's bonuses as the games read them (their free spins). Under the bonuses prefix, so
 * every balance event refetches it.
 */
export const freespinsQueryKey = [...bonusesQueryKeyPrefix, 'user', 'freespins'] as const;

/** `GET /api/v2/bonuses/user`: the player's bonuses, active first. */
export function getFreespinBonuses(signal?: AbortSignal): Promise<UserBonusesResponse> {
  return apiRequest('/api/v2/bonuses/user', { signal });
}
