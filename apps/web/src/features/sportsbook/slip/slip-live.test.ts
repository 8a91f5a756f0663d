import type { SportEvent, SportMarket } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { livePricesOf } from './slip-live';
import type { SlipSelection } from './slip-state';

function market(id: number, status: SportMarket['status'], odds: string | null, active = true) {
  return {
    id,
    typeId: 1,
    name: '1x2',
    specifiers: {},
    status,
    outcomes: [{ id: '1', name: 'Home', odds, active }],
  } satisfies SportMarket;
}

function event(status: SportEvent['status'], markets: SportMarket[]): SportEvent {
  return {
    id: 7,
    sportId: 1,
    league: { id: 'l', name: 'League', category: { id: 'c', name: 'Country' } },
    home: { id: 'h', name: 'Home' },
    away: { id: 'a', name: 'Away' },
    startsAt: '2026-01-01T00:00:00Z',
    status,
    score: null,
    clock: null,
    version: 1,
    markets,
  };
}

const picked = (marketId: number): SlipSelection => ({
  eventId: 7,
  marketId,
  outcomeId: '1',
  sportId: 1,
  eventName: 'Home v Away',
  marketName: '1x2',
  outcomeName: 'Home',
  live: true,
  odds: '2.00',
  previousOdds: null,
  offeredOdds: null,
  state: 'open',
});

describe('the live state of the slip’s selections', () => {
  it.each([
    [
      'an active priced outcome is open at its price',
      'live',
      market(1, 'active', '2.10'),
      'open',
      '2.10',
    ],
    ['a suspended market suspends it', 'live', market(1, 'suspended', '2.10'), 'suspended', null],
    [
      'an inactive outcome suspends it',
      'live',
      market(1, 'active', '2.10', false),
      'suspended',
      null,
    ],
    ['an unpriced outcome suspends it', 'live', market(1, 'active', null), 'suspended', null],
    [
      'a settled market makes it unavailable',
      'live',
      market(1, 'settled', '2.10'),
      'unavailable',
      null,
    ],
    ['a cancelled market too', 'live', market(1, 'cancelled', '2.10'), 'unavailable', null],
    ['an ended event too', 'ended', market(1, 'active', '2.10'), 'unavailable', null],
    ['a market gone from the event too', 'live', market(2, 'active', '2.10'), 'unavailable', null],
  ] as const)('%s', (_name, status, shown, state, odds) => {
    const prices = livePricesOf(event(status, [shown]), [picked(1)]);
    expect(prices).toEqual([{ marketId: 1, outcomeId: '1', odds, state }]);
  });

  it('reads only the selections of its own event', () => {
    const other = { ...picked(1), eventId: 8 };
    expect(livePricesOf(event('live', [market(1, 'active', '2.0')]), [other])).toEqual([]);
  });
});
