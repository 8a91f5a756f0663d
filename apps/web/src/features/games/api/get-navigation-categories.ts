import type { NavigationCategory } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Spec §9: category data is cached for a day. */
export const catalogCacheMs = 86_400_000;

export function getNavigationCategories(signal?: AbortSignal): Promise<NavigationCategory[]> {
  return apiRequest('/api/v2/categories', {
    signal,
  });
}

export const navigationCategoriesQueryOptions = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: ({ signal }) => getNavigationCategories(signal),
  staleTime: catalogCacheMs,
  gcTime: catalogCacheMs,
  refetchOnWindowFocus: false,
});

/** Navigation categories (`GET /api/v2/categories`), cached one day. */
export function useNavigationCategories(options: { enabled?: boolean } = {}) {
  return useQuery({ ...navigationCategoriesQueryOptions, enabled: options.enabled ?? true });
}
