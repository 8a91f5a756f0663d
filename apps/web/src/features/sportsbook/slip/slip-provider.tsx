import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { isApiError } from '@/lib/api-client';
import { useLiveEvent } from '../hooks/use-live-event';
import { goneEventPrices, livePricesOf } from './slip-live';
import { selectionKey } from './slip-state';
import { dispatchSlip, useSlip } from './slip-store';
import { useSlipPlacement } from './use-slip-placement';

type SlipContextValue = ReturnType<typeof useSlipPlacement> & {
  /** the player's primary currency (tickets are in it); USD for a guest */
  currency: string;
  signedIn: boolean;
};

const SlipContext = createContext<SlipContextValue | null>(null);

export function useSlipContext(): SlipContextValue {
  const value = useContext(SlipContext);
  if (!value) throw new Error('The bet slip needs a SlipProvider above it');
  return value;
}

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
 * The slip's shared part, above every page: the placement under way (so closing the drawer or
 * leaving the page does not lose a pending ticket) and the live prices of every event on the
 * slip, followed whatever page is open.
 */
export function SlipProvider({
  currency,
  signedIn,
  children,
}: {
  currency: string;
  signedIn: boolean;
  children: ReactNode;
}) {
  const placement = useSlipPlacement();
  const slip = useSlip();
  const eventIds = [...new Set(slip.selections.map((selection) => selection.eventId))];
  return (
    <SlipContext.Provider value={{ ...placement, currency, signedIn }}>
      {eventIds.map((eventId) => (
        <SlipEventWatcher key={eventId} eventId={eventId} />
      ))}
      {children}
    </SlipContext.Provider>
  );
}
