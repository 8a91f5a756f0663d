import { type SportEvent, type SportEventDiff, sportEventChannel } from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeChannel } from '@/lib/realtime/realtime-provider';
import { eventQueryOptions, sportEventQueryKey } from '../api/get-event';
import { applyEventDiff } from '../event-diff';

/**
 * One event, kept live from `sport_event:{id}`: each diff is applied to the cached snapshot by
 * the versions rule (stale dropped, a gap refetches); every (re)subscription refetches the
 * snapshot, since the channel keeps no history of what a reconnecting client missed.
 */
export function useLiveEvent(eventId: number) {
  const queryClient = useQueryClient();
  const query = useQuery(eventQueryOptions(queryClient, eventId));
  const key = sportEventQueryKey(eventId);

  const onDiff = useCallback(
    (diff: SportEventDiff) => {
      const queryKey = sportEventQueryKey(eventId);
      const held = queryClient.getQueryData<SportEvent>(queryKey);
      // No snapshot yet: the request under way brings a newer one.
      if (!held) return;
      const result = applyEventDiff(held, diff);
      if (result.kind === 'applied') queryClient.setQueryData(queryKey, result.value);
      else if (result.kind === 'gap') void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    [queryClient, eventId],
  );
  const onSubscribed = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }, [queryClient, key]);

  useRealtimeChannel(
    Number.isSafeInteger(eventId) && eventId > 0 ? sportEventChannel(eventId) : null,
    'sport_event',
    onDiff,
    onSubscribed,
  );
  return query;
}
