import type { BonusOffersResponse } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

export const bonusOffersQueryKey = [...bonusesQueryKeyPrefix, 'offers'] as const;

export function getBonusOffers(signal?: AbortSignal): Promise<BonusOffersResponse> {
  return apiRequest('/api/v2/bonuses', { signal });
}

/** The offers open to the player and their bonus settings, unpaginated (spec §7). */
export function bonusOffersQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: bonusOffersQueryKey,
    queryFn: ({ signal }) => getBonusOffers(signal),
    enabled: signedIn,
  });
}

export function useBonusOffers() {
  const signedIn = useIsSignedIn();
  return useQuery(bonusOffersQueryOptions(signedIn));
}
