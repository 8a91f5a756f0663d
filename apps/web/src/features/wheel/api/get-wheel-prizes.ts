import type { WheelPrize } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

/**
 * Under the shared wheel prefix `['turbine_of_luck']`. A guest gets USD figures and a player
 * their primary currency, so the two are cached apart.
 */
export function wheelPrizesQueryKey(signedIn: boolean) {
  return ['turbine_of_luck', 'prizes', signedIn ? 'player' : 'guest'] as const;
}

/** `GET /api/v2/turbine_of_luck/prizes` (public): the prizes in the operator's order. */
export function getWheelPrizes(signal?: AbortSignal): Promise<WheelPrize[]> {
  return apiRequest('/api/v2/turbine_of_luck/prizes', { signal });
}

export function wheelPrizesQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: wheelPrizesQueryKey(signedIn),
    queryFn: ({ signal }) => getWheelPrizes(signal),
    staleTime: 5 * 60_000,
  });
}

export function useWheelPrizes() {
  const signedIn = useIsSignedIn();
  return useQuery(wheelPrizesQueryOptions(signedIn));
}
