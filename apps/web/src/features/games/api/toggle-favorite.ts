import type { GamesPage } from '@casino/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { withFavorite, withoutGame } from '../catalog';
import { favoriteGamesQueryKey } from './get-favorite-games';
import { gamesQueryKey } from './get-games';

export interface FavoriteChange {
  gameId: string;
  isFavorite: boolean;
}

/** `POST /api/v2/games/favorites {gameId}` adds; `DELETE /api/v2/games/favorites/{gameId}` removes. */
export async function setFavorite({ gameId, isFavorite }: FavoriteChange): Promise<void> {
  if (isFavorite) {
    await apiRequest('/api/v2/games/favorites', { method: 'POST', body: { gameId } });
    return;
  }
  await apiRequest(`/api/v2/games/favorites/${encodeURIComponent(gameId)}`, { method: 'DELETE' });
}

const sessionKeyPrefix = ['game-session'] as const;

/**
 * The heart flips at once in every cached list, tile and game session (and a removed game leaves
 * the favourites list); a failure puts everything back. Afterwards every games query refetches,
 * so the favourites list and all tiles agree with the server.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ gameId, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: gamesQueryKey });
      const snapshot = [
        ...queryClient.getQueriesData({ queryKey: gamesQueryKey }),
        ...queryClient.getQueriesData({ queryKey: sessionKeyPrefix }),
      ];
      queryClient.setQueriesData({ queryKey: gamesQueryKey }, (data: unknown) =>
        withFavorite(data, gameId, isFavorite),
      );
      queryClient.setQueriesData({ queryKey: sessionKeyPrefix }, (data: unknown) =>
        withFavorite(data, gameId, isFavorite),
      );
      if (!isFavorite) {
        queryClient.setQueryData<InfiniteData<GamesPage>>(favoriteGamesQueryKey, (data) =>
          withoutGame(data, gameId),
        );
      }
      return { snapshot };
    },
    onError: (_error, _change, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) {
        queryClient.setQueryData(queryKey, data);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesQueryKey }),
  });
}
