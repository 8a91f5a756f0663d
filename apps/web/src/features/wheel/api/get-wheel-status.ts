import type { WheelStatus } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { wheelQueryKeyPrefix } from '@/lib/query-keys';

/** Every wheel query: the shared wheel prefix (src/lib/query-keys.ts), closing the wheel refreshes them. */
export const wheelQueriesKey = wheelQueryKeyPrefix;

/**
 * Under the shared wheel prefix `['turbine_of_luck']`, which a currency switch, a completed
 * transaction and closing the wheel invalidate.
 */
export const wheelStatusQueryKey = ['turbine_of_luck', 'user'] as const;

/** `GET /api/v2/turbine_of_luck/user`: whether today's spin is still open. */
export function getWheelStatus(signal?: AbortSignal): Promise<WheelStatus> {
  return apiRequest('/api/v2/turbine_of_luck/user', { signal });
}

/** Fetched only for a signed-in player (wallet spec §4, §6: never for a guest). */
export function wheelStatusQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: wheelStatusQueryKey,
    queryFn: ({ signal }) => getWheelStatus(signal),
    enabled: signedIn,
    // a spin, a currency switch and a completed transaction invalidate it (refetched whatever
    // its age); the shell mounting after the start-up asked for it does not ask again
    staleTime: 30_000,
  });
}

export function useWheelStatus() {
  const signedIn = useIsSignedIn();
  return useQuery(wheelStatusQueryOptions(signedIn));
}
