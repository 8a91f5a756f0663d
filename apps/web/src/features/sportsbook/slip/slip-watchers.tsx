import { useEffect, useRef } from 'react';
import { isApiError } from '@/lib/api-client';
import { useLiveEvent } from '../hooks/use-live-event';
import { publishSlipCount } from './slip-count';
import { goneEventPrices, livePricesOf } from './slip-live';
import { selectionKey } from './slip-state';
import { dispatchSlip, useSlip } from './slip-store';

/**
 * Follows one event's live prices (`sport_event:{id}`) into the slip's selections of it, each
 * time the event changes or a selection of it joins: a price the book just refused at stays
 * offered until the event itself moves, rather than being undone by the same old snapshot.
 */
function SlipEventWatcher({ eventId }: { eventId: number }) {
  const event = useLiveEvent(eventId);
  const slip = useSlip();
  const latest = useRef(slip.selections);
  latest.current = slip.selections;
  const keys = slip.selections
    .filter((selection) => selection.eventId === eventId)
    .map(selectionKey)
    .join(',');
  const data = event.data;
  const gone = event.isError && isApiError(event.error) && event.error.status === 404;
  useEffect(() => {
    if (keys === '') return;
    const selections = latest.current;
    if (gone) dispatchSlip({ type: 'livePrices', prices: goneEventPrices(eventId, selections) });
    else if (data) dispatchSlip({ type: 'livePrices', prices: livePricesOf(data, selections) });
  }, [data, gone, eventId, keys]);
  return null;
}

/**
 * The live prices of every event on the slip, followed whatever page is open; loaded by
 * `SlipProvider` once the slip holds a selection. It also tells the shell's count what the
 * slip holds once checked (a stored slip counted at a glance may not pass the checks).
 */
export function SlipWatchers() {
  const slip = useSlip();
  const count = slip.selections.length;
  useEffect(() => publishSlipCount(count), [count]);
  const eventIds = [...new Set(slip.selections.map((selection) => selection.eventId))];
  return eventIds.map((eventId) => <SlipEventWatcher key={eventId} eventId={eventId} />);
}
