import type { UserBonusesResponse } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

/**
 * The player's bonuses as the games read them (their free spins). Under the bonuses prefix, so
 * every balance event refetches it. The same key as the shell's list of the player's bonuses
 * (`features/bonuses`, the same request and answer): one request serves both.
 */
export const freespinsQueryKey = [...bonusesQueryKeyPrefix, 'user'] as const;

/**
 * Fresh for this long (the shell's list alike): every balance event and every free spin played
 * invalidate it, which refetches whatever its age; a game mounting after the shell's answer
 * does not ask again.
 */
export const freespinsStaleTimeMs = 30_000;

/** `GET /api/v2/bonuses/user`: the player's bonuses, active first. */
export function getFreespinBonuses(signal?: AbortSignal): Promise<UserBonusesResponse> {
  return apiRequest('/api/v2/bonuses/user', { signal });
}
