import { type SportEventsPage, type SportLiveUpdate, sportLiveChannel } from '@casino/contract';
import { type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeChannel } from '@/lib/realtime/realtime-provider';
import { type EventsFilter, sportEventsQueryKey } from '../api/get-events';
import { applyListingDiffs } from '../event-diff';

/**
 * A listing is fetched again at most this often, however many diffs or sports' channels ask
 * for it (the overview listens to every sport's channel, and each (re)subscription asks).
 */
const refetchIntervalMs = 2_000;
const lastRefetch = new Map<string, number>();

function filterOf(queryKey: QueryKey): EventsFilter | null {
  const filter = queryKey[sportEventsQueryKey.length];
  return typeof filter === 'object' && filter !== null ? (filter as EventsFilter) : null;
}

/**
 * Keeps every cached listing of one sport live from `sport_live:{sportId}` (main markets,
 * scores, clocks). A listing refetches when it missed a diff, when one of its events moves
 * between live and upcoming, and (live listings) when an event it does not hold goes live.
 */
export function useSportLiveUpdates(sportId: number) {
  const queryClient = useQueryClient();

  const refetch = useCallback(
    (queryKey: QueryKey) => {
      const id = JSON.stringify(queryKey);
      const now = Date.now();
      if (now - (lastRefetch.get(id) ?? 0) < refetchIntervalMs) return;
      lastRefetch.set(id, now);
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    [queryClient],
  );

  const onUpdate = useCallback(
    (update: SportLiveUpdate) => {
      const listings = queryClient.getQueriesData<InfiniteData<SportEventsPage>>({
        queryKey: sportEventsQueryKey,
      });
      for (const [queryKey, data] of listings) {
        const filter = filterOf(queryKey);
        if (!data || !filter) continue;
        if (filter.sportId !== undefined && filter.sportId !== update.sportId) continue;
        let changed = false;
        let needsRefetch = false;
        const pages = data.pages.map((page) => {
          const result = applyListingDiffs(page.items, update.events);
          if (result.stale) needsRefetch = true;
          if (!result.changed) return page;
          changed = true;
          return { ...page, items: result.events };
        });
        // An event new to a live listing is on no page: only a page-wide miss counts for it.
        if (filter.live && data.pages.length > 0) {
          const held = new Set(data.pages.flatMap((page) => page.items.map((event) => event.id)));
          needsRefetch ||= update.events.some(
            (diff) => diff.status === 'live' && !held.has(diff.eventId),
          );
        }
        if (changed) queryClient.setQueryData(queryKey, { ...data, pages });
        if (needsRefetch) refetch(queryKey);
      }
    },
    [queryClient, refetch],
  );

  const onSubscribed = useCallback(() => {
    for (const [queryKey] of queryClient.getQueriesData({ queryKey: sportEventsQueryKey })) {
      const filter = filterOf(queryKey);
      if (filter && (filter.sportId === undefined || filter.sportId === sportId)) {
        refetch(queryKey);
      }
    }
  }, [queryClient, refetch, sportId]);

  useRealtimeChannel(sportLiveChannel(sportId), 'sport_live', onUpdate, onSubscribed);
}
