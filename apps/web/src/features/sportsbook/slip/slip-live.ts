import type { SportEvent } from '@casino/contract';
import type { LivePrice, SlipSelection } from './slip-state';

/**
 * The slip's selections of one event as its live snapshot has them: open with the current
 * price, suspended for a moment (a bet stop, an operator's hold, an outcome not priced), or
 * unavailable for good (the market settled, cancelled or left the event; the event ended).
 */
export function livePricesOf(event: SportEvent, selections: readonly SlipSelection[]): LivePrice[] {
  const over = event.status === 'ended' || event.status === 'cancelled';
  const markets = new Map(event.markets.map((market) => [market.id, market]));
  return selections
    .filter((selection) => selection.eventId === event.id)
    .map((selection) => {
      const base = { marketId: selection.marketId, outcomeId: selection.outcomeId };
      const market = markets.get(selection.marketId);
      const outcome = market?.outcomes.find((candidate) => candidate.id === selection.outcomeId);
      if (over || !market || !outcome) return { ...base, odds: null, state: 'unavailable' };
      if (market.status === 'active') {
        return outcome.active && outcome.odds !== null
          ? { ...base, odds: outcome.odds, state: 'open' }
          : { ...base, odds: null, state: 'suspended' };
      }
      if (market.status === 'suspended') return { ...base, odds: null, state: 'suspended' };
      return { ...base, odds: null, state: 'unavailable' };
    });
}

/** The event is gone from the book (404): every selection of it is unavailable. */
export function goneEventPrices(eventId: number, selections: readonly SlipSelection[]) {
  return selections
    .filter((selection) => selection.eventId === eventId)
    .map(
      (selection): LivePrice => ({
        marketId: selection.marketId,
        outcomeId: selection.outcomeId,
        odds: null,
        state: 'unavailable',
      }),
    );
}
