import { isSupportedLocale, type Language } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The server may list languages this build does not ship; those are dropped, not errors (the
 * contract's `languageSchema`, checked by hand: the language menu is on the first load, which
 * carries no zod).
 */
export function keepSupportedLanguages(items: readonly unknown[]): Language[] {
  return items.flatMap((item): Language[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { code, title, icon } = item as Record<string, unknown>;
    if (typeof code !== 'string' || !isSupportedLocale(code)) return [];
    if (typeof title !== 'string' || typeof icon !== 'string') return [];
    return [{ code, title, icon }];
  });
}

export async function getLanguages(signal?: AbortSignal): Promise<Language[]> {
  const items = await apiRequest<unknown>('/api/v1/languages', { query: { mode: 1 }, signal });
  return Array.isArray(items) ? keepSupportedLanguages(items) : [];
}
export const languagesQueryOptions = queryOptions({
  queryKey: ['languages', { mode: 1 }],
  queryFn: ({ signal }) => getLanguages(signal),
  staleTime: dayMs,
  gcTime: dayMs,
});

export function useLanguages() {
  return useQuery(languagesQueryOptions);
}
