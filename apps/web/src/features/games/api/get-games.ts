import { defaultGamesPageSize, type GamesPage } from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { type GamesFilter, nextGamesOffset, normalizeGamesFilter } from '../catalog';

/**
 * Every query that holds games (lists, favourites, last played, one game) lives under this key:
 * tiles carry the viewer's hearts and blocks, so a favourite toggle or a currency switch
 * refreshes them all at once.
 */
export const gamesQueryKey = ['games'] as const;

export function getGames(
  filter: GamesFilter,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<GamesPage> {
  return apiRequest('/api/v2/games', {
    query: { ...filter, limit, offset },
    signal,
  });
}

/**
 * A catalog list paged by the answer's meta: the next offset is offset + limit while the total
 * is not reached. Guests and players see different hearts and blocks, so they key apart.
 */
export function gamesQueryOptions(
  filter: GamesFilter,
  signedIn: boolean,
  limit: number = defaultGamesPageSize,
) {
  const normalized = normalizeGamesFilter(filter);
  return infiniteQueryOptions({
    queryKey: [...gamesQueryKey, 'list', signedIn ? 'player' : 'guest', normalized, limit],
    queryFn: ({ pageParam, signal }) => getGames(normalized, pageParam, limit, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextGamesOffset(last.meta),
  });
}

/**
 * How long a home row's first page stays fresh: the app asks for the rows as it starts, before
 * the page mounts (`prefetchLandingData`), and the rows' own queries use those answers instead of
 * asking again. Invalidations (a heart, a currency) still refetch at once.
 */
export const homeRowStaleTimeMs = 30_000;

export function useGames(
  filter: GamesFilter,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    ...gamesQueryOptions(filter, signedIn),
    enabled: options.enabled ?? true,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });
}
