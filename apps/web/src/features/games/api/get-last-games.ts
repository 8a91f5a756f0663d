import type { GamesPage } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { gamesQueryKey } from './get-games';

/** The home row holds one page of the games the player opened last. */
export const lastGamesLimit = 18;

export function getLastGames(signal?: AbortSignal): Promise<GamesPage> {
  return apiRequest('/api/v2/games/last', {
    query: { offset: 0, limit: lastGamesLimit },
    signal,
  });
}

export function lastGamesQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: [...gamesQueryKey, 'last'],
    queryFn: ({ signal }) => getLastGames(signal),
    enabled: signedIn,
  });
}

/** Last played games (`GET /api/v2/games/last`); signed-in players only. */
export function useLastGames() {
  return useQuery(lastGamesQueryOptions(useIsSignedIn()));
}
