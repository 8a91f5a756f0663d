import type { TournamentDetail } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiErrorWithDetail } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { tournamentsQueryKeyPrefix } from './get-tournaments';

export function getTournament(id: string, signal?: AbortSignal): Promise<TournamentDetail> {
  return apiRequest(`/api/v2/tournaments/${encodeURIComponent(id)}`, {
    signal,
  });
}

/** One tournament; a VIP-only one answers not_found to anyone but VIP players. */
export function tournamentQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...tournamentsQueryKeyPrefix, 'detail', id, { signedIn }],
    queryFn: ({ signal }) => getTournament(id, signal),
    retry: (failureCount, error) => !isApiErrorWithDetail(error, 'not_found') && failureCount < 2,
  });
}

export function useTournament(id: string) {
  const signedIn = useIsSignedIn();
  return useQuery(tournamentQueryOptions(id, signedIn));
}
