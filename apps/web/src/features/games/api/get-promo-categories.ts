import { type PromoCategory, promoCategorySchema } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { catalogCacheMs } from './get-navigation-categories';

const promoCategoriesResponseSchema = z.array(promoCategorySchema);

export function getPromoCategories(signal?: AbortSignal): Promise<PromoCategory[]> {
  return apiRequest('/api/v2/promo-categories', { schema: promoCategoriesResponseSchema, signal });
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
