import type { Profile } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

export const meQueryKey = ['me'] as const;

/**
 * How long a profile answer counts as fresh: the shell's parts and the page each observe the
 * profile, and at `staleTime` 0 every observer mounting after the answer asked for it again
 * (three requests in one load of a game page, each a render of every observer). What changes
 * the profile here writes the cache or invalidates it (which refetches whatever the age); money
 * is not in it (the balance is its own query, kept by realtime). A new websocket token is always
 * asked for fresh (`websocket-token.ts`).
 */
const meStaleTimeMs = 30_000;

export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/v1/me', { signal });
}

export function meQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    enabled: signedIn,
    staleTime: meStaleTimeMs,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in player's profile; disabled (no data) for guests. */
export function useMe() {
  const signedIn = useIsSignedIn();
  return useQuery(meQueryOptions(signedIn));
}
