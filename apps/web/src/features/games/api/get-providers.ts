import type { GameProvider } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogCacheMs } from './get-navigation-categories';

export function getProviders(signal?: AbortSignal): Promise<GameProvider[]> {
  return apiRequest('/api/v2/providers', { signal });
}

export const providersQueryOptions = queryOptions({
  queryKey: ['catalog', 'providers'],
  queryFn: ({ signal }) => getProviders(signal),
  staleTime: catalogCacheMs,
  gcTime: catalogCacheMs,
  refetchOnWindowFocus: false,
});

/** Game studios (`GET /api/v2/providers`), cached one day like the categories. */
export function useProviders(options: { enabled?: boolean } = {}) {
  return useQuery({ ...providersQueryOptions, enabled: options.enabled ?? true });
}
