import { type Language, languageSchema } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const dayMs = 24 * 60 * 60 * 1000;

/** The server may list languages this build does not ship; those are dropped, not errors. */
export function keepSupportedLanguages(items: readonly unknown[]): Language[] {
  return items.flatMap((item) => {
    const parsed = languageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function getLanguages(signal?: AbortSignal): Promise<Language[]> {
  const items = await apiRequest('/api/v1/languages', {
    query: { mode: 1 },
    schema: z.array(z.unknown()),
    signal,
  });
  return keepSupportedLanguages(items);
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
