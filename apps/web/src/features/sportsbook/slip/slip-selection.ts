import type { SportEventSummary, SportMarket } from '@casino/contract';
import type { NewSelection } from './slip-state';

/** What an outcome button puts on the slip: the ids, the price shown and the names as read. */
export function slipSelectionOf(
  event: Pick<SportEventSummary, 'id' | 'sportId' | 'home' | 'away' | 'status'>,
  market: Pick<SportMarket, 'id'>,
  outcomeId: string,
  odds: string,
  names: { market: string; outcome: string },
): NewSelection {
  return {
    eventId: event.id,
    marketId: market.id,
    outcomeId,
    sportId: event.sportId,
    eventName: `${event.home.name} v ${event.away.name}`,
    marketName: names.market,
    outcomeName: names.outcome,
    live: event.status === 'live',
    odds,
  };
}
