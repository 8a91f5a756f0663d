import type { GameTile } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { gamesQueryKey } from './get-games';

export function getGame(id: string, signal?: AbortSignal): Promise<GameTile> {
  return apiRequest(`/api/v2/games/${encodeURIComponent(id)}`, { signal });
}

export function gameQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...gamesQueryKey, 'detail', signedIn ? 'player' : 'guest', id],
    queryFn: ({ signal }) => getGame(id, signal),
  });
}

/** One game's tile (`GET /api/v2/games/{id}`): its title, provider, heart and blocks. */
export function useGame(id: string) {
  return useQuery(gameQueryOptions(id, useIsSignedIn()));
}
