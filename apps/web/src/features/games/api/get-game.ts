import type { GameTile } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { gamesQueryKey } from './get-games';

export function getGame(id: string, signal?: AbortSignal): Promise<GameTile> {
  return apiRequest(`/api/v2/games/${encodeURIComponent(id)}`, { signal });
}

/**
 * A player's tile is fresh for 30 s: the game page asks for it beside the profile as the app
 * starts (`prefetchLandingData`), and the page mounting a moment later uses that answer instead
 * of asking again (a refetch at mount re-rendered the page synchronously, twice: as the request
 * started and as it answered). A favourite's change still refetches it at once (invalidation).
 */
const playerGameStaleTimeMs = 30_000;

export function gameQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...gamesQueryKey, 'detail', signedIn ? 'player' : 'guest', id],
    queryFn: ({ signal }) => getGame(id, signal),
    staleTime: signedIn ? playerGameStaleTimeMs : 0,
  });
}

/** One game's tile (`GET /api/v2/games/{id}`): its title, provider, heart and blocks. */
export function useGame(id: string) {
  return useQuery(gameQueryOptions(id, useIsSignedIn()));
}
