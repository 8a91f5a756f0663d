import type { SportEvent } from '@casino/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sportQueryKey } from './get-sports';

export function sportEventQueryKey(eventId: number) {
  return [...sportQueryKey, 'event', eventId] as const;
}

export function getEvent(eventId: number, signal?: AbortSignal): Promise<SportEvent> {
  return apiRequest(`/api/v2/sport/events/${eventId}`, { signal });
}

/**
 * One event with every market. A snapshot older than the one already held (live diffs moved it
 * on while the request was under way) does not replace it: versions only go forward.
 */
export function eventQueryOptions(queryClient: QueryClient, eventId: number) {
  return queryOptions({
    queryKey: sportEventQueryKey(eventId),
    queryFn: async ({ signal }) => {
      const fetched = await getEvent(eventId, signal);
      const held = queryClient.getQueryData<SportEvent>(sportEventQueryKey(eventId));
      return held !== undefined && held.version > fetched.version ? held : fetched;
    },
    staleTime: 10_000,
  });
}
