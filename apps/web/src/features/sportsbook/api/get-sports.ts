import type { Sport } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every sportsbook query (sports, listings, events) lives under this key. */
export const sportQueryKey = ['sport'] as const;

export function getSports(signal?: AbortSignal): Promise<Sport[]> {
  return apiRequest('/api/v2/sport/sports', { signal });
}

export const sportsQueryOptions = queryOptions({
  queryKey: [...sportQueryKey, 'sports'],
  queryFn: ({ signal }) => getSports(signal),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** The sports with their live and upcoming counts. */
export function useSports() {
  return useQuery(sportsQueryOptions);
}
