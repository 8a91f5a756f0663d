import type { TournamentsResponse } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

/** Spec §9: tournament data is cached for a day. */
const oneDayMs = 24 * 60 * 60 * 1000;

export const tournamentsQueryKeyPrefix = ['tournaments'] as const;

export function getTournaments(signal?: AbortSignal): Promise<TournamentsResponse> {
  return apiRequest('/api/v2/tournaments', { signal });
}

/**
 * The tournaments root call (spec §7): what this viewer may see, VIP-only ones for VIP players
 * only (the server decides), so signing in or out asks again.
 */
export function tournamentsQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: [...tournamentsQueryKeyPrefix, 'list', { signedIn }],
    queryFn: ({ signal }) => getTournaments(signal),
    staleTime: oneDayMs,
    gcTime: oneDayMs,
  });
}

export function useTournaments() {
  const signedIn = useIsSignedIn();
  return useQuery(tournamentsQueryOptions(signedIn));
}
