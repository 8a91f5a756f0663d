import { type GameProvider, gameProviderSchema } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { catalogCacheMs } from './get-navigation-categories';

const providersResponseSchema = z.array(gameProviderSchema);

export function getProviders(signal?: AbortSignal): Promise<GameProvider[]> {
  return apiRequest('/api/v2/providers', { schema: providersResponseSchema, signal });
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
