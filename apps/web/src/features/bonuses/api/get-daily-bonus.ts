import type { DailyBonusStatus } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

export const dailyBonusQueryKey = [...bonusesQueryKeyPrefix, 'daily'] as const;

export function getDailyBonus(signal?: AbortSignal): Promise<DailyBonusStatus> {
  return apiRequest('/api/v2/bonuses/daily', { signal });
}

/** The daily (everyday) bonus status: deposits so far, today's use, whether to show the drawer. */
export function dailyBonusQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: dailyBonusQueryKey,
    queryFn: ({ signal }) => getDailyBonus(signal),
    enabled: signedIn,
    // every balance event invalidates the bonuses (refetched whatever their age); the shell
    // mounting after the start-up asked for it does not ask again
    staleTime: 30_000,
  });
}

export function useDailyBonus() {
  const signedIn = useIsSignedIn();
  return useQuery(dailyBonusQueryOptions(signedIn));
}
