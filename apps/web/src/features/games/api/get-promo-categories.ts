import type { PromoCategory } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogCacheMs } from './get-navigation-categories';

export function getPromoCategories(signal?: AbortSignal): Promise<PromoCategory[]> {
  return apiRequest('/api/v2/promo-categories', { signal });
}

export const promoCategoriesQueryOptions = queryOptions({
  queryKey: ['catalog', 'promo-categories'],
  queryFn: ({ signal }) => getPromoCategories(signal),
  staleTime: catalogCacheMs,
  gcTime: catalogCacheMs,
  refetchOnWindowFocus: false,
});

/** Promo collections (`GET /api/v2/promo-categories`), cached one day. */
export function usePromoCategories() {
  return useQuery(promoCategoriesQueryOptions);
}
