import { defaultGamesPageSize, type GamesPage } from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';

export function bonusGamesQueryKey(bonusId: string) {
  return [...bonusesQueryKeyPrefix, 'user', bonusId, 'games'] as const;
}

export function getBonusGames(
  bonusId: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<GamesPage> {
  return apiRequest(`/api/v2/bonuses/user/${encodeURIComponent(bonusId)}/games`, {
    query: { limit, offset },
    signal,
  });
}

/** The games a bonus is wagered on, paged like the catalog (next offset while below total). */
export function bonusGamesQueryOptions(bonusId: string, limit: number = defaultGamesPageSize) {
  return infiniteQueryOptions({
    queryKey: [...bonusGamesQueryKey(bonusId), limit],
    queryFn: ({ pageParam, signal }) => getBonusGames(bonusId, pageParam, limit, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.meta.offset + last.meta.limit;
      return next < last.meta.total ? next : undefined;
    },
  });
}

export function useBonusGames(bonusId: string) {
  return useInfiniteQuery(bonusGamesQueryOptions(bonusId));
}
