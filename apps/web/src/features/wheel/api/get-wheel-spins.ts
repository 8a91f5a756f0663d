import { maxWheelSpinsPageSize, type WheelSpinsPage } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

/**
 * Under the shared wheel prefix `['turbine_of_luck']`: closing the wheel after a spin and a
 * rotation of the seed pair (which reveals the server seed of past spins) refresh them.
 */
export const wheelSpinsQueryKeyPrefix = ['turbine_of_luck', 'spins'] as const;

/** `GET /api/v2/turbine_of_luck/spins`: the player's latest spins, newest first. */
export function getWheelSpins(signal?: AbortSignal): Promise<WheelSpinsPage> {
  return apiRequest('/api/v2/turbine_of_luck/spins', {
    query: { limit: maxWheelSpinsPageSize, offset: 0 },
    signal,
  });
}

export function wheelSpinsQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: [...wheelSpinsQueryKeyPrefix, 'latest'],
    queryFn: ({ signal }) => getWheelSpins(signal),
    enabled: signedIn,
  });
}

/** The verifier's list of the player's spins to pick from (a player's own only). */
export function useWheelSpins() {
  const signedIn = useIsSignedIn();
  return useQuery(wheelSpinsQueryOptions(signedIn));
}
