import type { Profile } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/v1/me', { signal });
}

export function meQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    enabled: signedIn,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in player's profile; disabled (no data) for guests. */
export function useMe() {
  const signedIn = useIsSignedIn();
  return useQuery(meQueryOptions(signedIn));
}
