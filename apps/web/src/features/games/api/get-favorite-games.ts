import { defaultGamesPageSize, type GamesPage } from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { nextGamesOffset } from '../catalog';
import { gamesQueryKey } from './get-games';

export const favoriteGamesQueryKey = [...gamesQueryKey, 'favorites'] as const;

export function getFavoriteGames(offset: number, signal?: AbortSignal): Promise<GamesPage> {
  return apiRequest('/api/v2/games/favorites/paged', {
    query: { offset, limit: defaultGamesPageSize },
    signal,
  });
}

/** The player's favourites (`GET /api/v2/games/favorites/paged`), newest first, paged by meta. */
export function favoriteGamesQueryOptions(signedIn: boolean) {
  return infiniteQueryOptions({
    queryKey: favoriteGamesQueryKey,
    queryFn: ({ pageParam, signal }) => getFavoriteGames(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextGamesOffset(last.meta),
    enabled: signedIn,
  });
}

export function useFavoriteGames() {
  return useInfiniteQuery(favoriteGamesQueryOptions(useIsSignedIn()));
}
