import type { UserBonusesResponse } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

export const userBonusesQueryKey = [...bonusesQueryKeyPrefix, 'user'] as const;

export function getUserBonuses(signal?: AbortSignal): Promise<UserBonusesResponse> {
  return apiRequest('/api/v2/bonuses/user', { signal });
}

/**
 * The player's bonuses, unpaginated (spec §7). Under the bonuses prefix, so every balance event
 * (a wager step, a conversion, a new grant) refetches it, whatever its age; an answer counts as
 * fresh for 30 s otherwise, so the parts of a page mounting after the first answer (the shell's
 * notices, a game's free spins under the same key) do not each ask again.
 */
export function userBonusesQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: userBonusesQueryKey,
    queryFn: ({ signal }) => getUserBonuses(signal),
    enabled: signedIn,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useUserBonuses() {
  const signedIn = useIsSignedIn();
  return useQuery(userBonusesQueryOptions(signedIn));
}
