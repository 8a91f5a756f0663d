import type { Locale, Partner } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bannersCacheMs } from './get-banners';

export function getPartners(locale: Locale, signal?: AbortSignal): Promise<Partner[]> {
  return apiRequest('/api/v2/partners', {
    query: { locale },
    signal,
  });
}

export function partnersQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['partners', locale],
    queryFn: ({ signal }) => getPartners(locale, signal),
    staleTime: bannersCacheMs,
    gcTime: bannersCacheMs,
    refetchOnWindowFocus: false,
  });
}

/** The partners the partners modal presents (`GET /api/v2/partners`), cached one day. */
export function usePartners(locale: Locale) {
  return useQuery(partnersQueryOptions(locale));
}
