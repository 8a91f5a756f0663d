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
 * (a wager step, a conversion, a new grant) refetches it.
 */
export function userBonusesQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: userBonusesQueryKey,
    queryFn: ({ signal }) => getUserBonuses(signal),
    enabled: signedIn,
    refetchOnWindowFocus: true,
  });
}

export function useUserBonuses() {
  const signedIn = useIsSignedIn();
  return useQuery(userBonusesQueryOptions(signedIn));
}
