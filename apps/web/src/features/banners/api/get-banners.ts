import type { BannersResponse, Locale } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

/** Spec §9: banner data is cached for a day. */
export const bannersCacheMs = 86_400_000;

export function getBanners(locale: Locale, signal?: AbortSignal): Promise<BannersResponse> {
  return apiRequest('/api/v2/banners', {
    query: { locale, placement: 'home' },
    signal,
  });
}

/** The answer depends on who asks (VIP, deposits), so a sign-in or sign-out asks again. */
export function bannersQueryOptions(locale: Locale, signedIn: boolean) {
  return queryOptions({
    queryKey: ['banners', 'home', locale, signedIn ? 'player' : 'guest'],
    queryFn: ({ signal }) => getBanners(locale, signal),
    staleTime: bannersCacheMs,
    gcTime: bannersCacheMs,
    refetchOnWindowFocus: false,
  });
}

/** The home carousel's banners (`GET /api/v2/banners`), cached one day. */
export function useBanners(locale: Locale) {
  const signedIn = useIsSignedIn();
  return useQuery(bannersQueryOptions(locale, signedIn));
}
