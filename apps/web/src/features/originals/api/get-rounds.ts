import type { Round, RoundsPage } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** How many of the player's recent rounds the history strip shows. */
export const historyPageSize = 20;

export const roundsQueryKeyPrefix = ['originals', 'rounds'] as const;

export function roundsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: [...roundsQueryKeyPrefix, gameId],
    // every round played here invalidates it (which refetches whatever its age); the history
    // strip and the list, mounting apart, share one answer
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiRequest<RoundsPage>(`/api/v2/games/${encodeURIComponent(gameId)}/rounds`, {
        query: { limit: historyPageSize, offset: 0 },
        signal,
      }),
  });
}

/** The player's recent rounds of one game, newest first (an open mines round among them). */
export function useRounds(gameId: string) {
  return useQuery(roundsQueryOptions(gameId));
}

export const roundQueryKey = (roundId: string) => ['originals', 'round', roundId] as const;

export function getRound(roundId: string, signal?: AbortSignal): Promise<Round> {
  return apiRequest(`/api/v2/rounds/${encodeURIComponent(roundId)}`, {
    signal,
  });
}

/** One of the player's own rounds, for the verification page's prefill. */
export function useRound(roundId: string | null) {
  return useQuery({
    queryKey: roundQueryKey(roundId ?? ''),
    queryFn: ({ signal }) => getRound(roundId ?? '', signal),
    enabled: roundId !== null,
    retry: false,
  });
}
