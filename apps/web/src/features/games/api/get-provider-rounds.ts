import type { ProviderRoundsPage } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** How many of the player's recent rounds the history under a provider's game shows. */
export const providerRoundsPageSize = 20;

/**
 * The game runs in the provider's frame, which tells this page nothing when a round ends, so
 * the list is read again this often while the page is in view (and on focus).
 */
export const providerRoundsRefetchMs = 10_000;

export const providerRoundsQueryKey = (gameId: string) => ['provider-rounds', gameId] as const;

export function getProviderRounds(
  gameId: string,
  signal?: AbortSignal,
): Promise<ProviderRoundsPage> {
  return apiRequest(`/api/v2/games/${encodeURIComponent(gameId)}/provider-rounds`, {
    query: { limit: providerRoundsPageSize, offset: 0 },
    signal,
  });
}

/** The player's recent rounds of a provider's game, newest first (free bets marked). */
export function providerRoundsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: providerRoundsQueryKey(gameId),
    queryFn: ({ signal }) => getProviderRounds(gameId, signal),
    refetchInterval: providerRoundsRefetchMs,
  });
}

export function useProviderRounds(gameId: string) {
  return useQuery(providerRoundsQueryOptions(gameId));
}
