import {
  defaultLeaderboardPageSize,
  type Leaderboard,
  leaderboardRefetchMs,
} from '@casino/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { tournamentsQueryKeyPrefix } from './get-tournaments';

export function getLeaderboard(
  id: string,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<Leaderboard> {
  return apiRequest(`/api/v2/tournaments/${encodeURIComponent(id)}/leaderboard`, {
    query: page,
    signal,
  });
}

/**
 * A page of the live leaderboard with the player's own place; refetched every few seconds while
 * the tournament runs, so rounds move the board as they settle.
 */
export function leaderboardQueryOptions(
  id: string,
  offset: number,
  options: { live: boolean; signedIn: boolean },
) {
  const page = { offset, limit: defaultLeaderboardPageSize };
  return queryOptions({
    queryKey: [
      ...tournamentsQueryKeyPrefix,
      'leaderboard',
      id,
      page,
      { signedIn: options.signedIn },
    ],
    queryFn: ({ signal }) => getLeaderboard(id, page, signal),
    refetchInterval: options.live ? leaderboardRefetchMs : false,
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(id: string, offset: number, live: boolean) {
  const signedIn = useIsSignedIn();
  return useQuery(leaderboardQueryOptions(id, offset, { live, signedIn }));
}
