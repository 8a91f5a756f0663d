import type { GameSession } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

/**
 * Kept apart from the catalog's keys: a favourite toggle must not refetch a running game's
 * session (its heart is set in place instead).
 */
export const gameSessionQueryKey = (id: string) => ['game-session', id] as const;

export function getGameSession(id: string, signal?: AbortSignal): Promise<GameSession> {
  return apiRequest(`/api/v2/games/${encodeURIComponent(id)}/session`, {
    signal,
  });
}

/**
 * What the game page needs to launch a game (`GET /api/v2/games/{id}/session`, signed in). It
 * is not refetched on focus: a new session would restart a provider's game in the middle.
 */
export function gameSessionQueryOptions(id: string, signedIn: boolean) {
  return queryOptions({
    queryKey: gameSessionQueryKey(id),
    queryFn: ({ signal }) => getGameSession(id, signal),
    enabled: signedIn,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useGameSession(id: string) {
  return useQuery(gameSessionQueryOptions(id, useIsSignedIn()));
}
