import type { SportEventsPage } from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sportQueryKey } from './get-sports';

export interface EventsFilter {
  sportId?: number;
  leagueId?: string;
  /** true: live events; false: upcoming ones */
  live: boolean;
}

/** Listings of events with their main market; `sport_live:*` diffs are applied to all of them. */
export const sportEventsQueryKey = [...sportQueryKey, 'events'] as const;

export function getEvents(
  filter: EventsFilter,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SportEventsPage> {
  return apiRequest('/api/v2/sport/events', {
    query: {
      sportId: filter.sportId,
      leagueId: filter.leagueId,
      live: String(filter.live),
      offset,
      limit,
    },
    signal,
  });
}

export function nextEventsOffset(page: SportEventsPage): number | undefined {
  const next = page.meta.offset + page.meta.limit;
  return next < page.meta.total ? next : undefined;
}

export function eventsQueryOptions(filter: EventsFilter, limit: number) {
  return infiniteQueryOptions({
    queryKey: [...sportEventsQueryKey, filter, limit],
    queryFn: ({ pageParam, signal }) => getEvents(filter, pageParam, limit, signal),
    initialPageParam: 0,
    getNextPageParam: nextEventsOffset,
    staleTime: 15_000,
  });
}

/** A listing paged by "show more"; live updates arrive through `useSportLiveUpdates`. */
export function useEvents(filter: EventsFilter, limit: number) {
  return useInfiniteQuery(eventsQueryOptions(filter, limit));
}
