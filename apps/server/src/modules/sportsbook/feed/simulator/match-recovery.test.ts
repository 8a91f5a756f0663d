import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FeedMessage, marketKey, type OpenEvent } from '../feed-messages.ts';
import { MatchSimulator, type MatchSimulatorOptions } from './match-simulator.ts';
import type { SimulatedSport } from './sports-catalog.ts';

/**
 * The simulator's recovery after a restart (MatchSimulator.recover) against an uninterrupted run
 * of the same seed: every event the first run left open ends with the same status, score and,
 * for every market the ingestion held, the same results and cancellation. The state is the
 * ingestion's registers folded in order (the simulator sends each event's messages in version
 * order; the database's order-independence is the ingestion's own tests').
 */

interface MarketState {
  status: string;
  /** the newest settlement's outcomes (null: none, or taken back) */
  results: string | null;
  /** the newest cancellation (null: none, or taken back) */
  cancel: string | null;
}

interface EventState {
  fixture: { startsAt: number; homeId: string; awayId: string };
  fixtureStatus: string;
  stateStatus: string | null;
  score: string | null;
  version: number;
  markets: Map<string, MarketState>;
}

type Book = Map<string, EventState>;

function shownStatus(event: EventState): string {
  return event.fixtureStatus === 'cancelled'
    ? 'cancelled'
    : (event.stateStatus ?? event.fixtureStatus);
}

/** Applies messages in order, as the ingestion's registers do; versions must grow per event. */
function fold(book: Book, messages: readonly FeedMessage[]): void {
  for (const message of messages) {
    if (message.type === 'alive') continue;
    if (message.type === 'fixture_change') {
      const event = book.get(message.eventId);
      const fixture = {
        startsAt: message.startsAt,
        homeId: message.home.id,
        awayId: message.away.id,
      };
      if (event) {
        event.fixtureStatus = message.status;
        event.fixture = fixture;
      } else
        book.set(message.eventId, {
          fixture,
          fixtureStatus: message.status,
          stateStatus: null,
          score: null,
          version: 0,
          markets: new Map(),
        });
      continue;
    }
    const event = book.get(message.eventId);
    if (!event) throw new Error(`${message.type} of an unknown event ${message.eventId}`);
    if (message.version <= event.version)
      throw new Error(`${message.eventId}: version ${message.version} after ${event.version}`);
    event.version = message.version;
    const market = (typeId: number, specifiers: Record<string, string>): MarketState => {
      const key = marketKey(typeId, specifiers);
      let held = event.markets.get(key);
      if (!held) {
        held = { status: 'active', results: null, cancel: null };
        event.markets.set(key, held);
      }
      return held;
    };
    switch (message.type) {
      case 'odds_change':
        event.stateStatus = message.status;
        event.score = JSON.stringify(message.score);
        for (const odds of message.markets)
          market(odds.typeId, odds.specifiers).status = odds.status;
        break;
      case 'bet_stop':
        break;
      case 'bet_settlement':
        for (const settled of message.markets) {
          const held = market(settled.typeId, settled.specifiers);
          held.status = 'settled';
          held.results = JSON.stringify(settled.outcomes);
        }
        break;
      case 'rollback_bet_settlement':
        for (const named of message.markets) {
          const held = market(named.typeId, named.specifiers);
          held.status = 'suspended';
          held.results = null;
        }
        break;
      case 'bet_cancel':
        for (const named of message.markets) {
          const held = market(named.typeId, named.specifiers);
          held.status = 'cancelled';
          held.cancel = JSON.stringify({ from: message.from, to: message.to, why: message.reason });
        }
        break;
      case 'rollback_bet_cancel':
        for (const named of message.markets) {
          const held = market(named.typeId, named.specifiers);
          held.status = 'suspended';
          held.cancel = null;
        }
        break;
    }
  }
}

/** What FeedRepository.openEvents answers: open events, and ended ones with a market open. */
function openEvents(book: Book): OpenEvent[] {
  const events: OpenEvent[] = [];
  for (const [eventId, event] of book) {
    const status = shownStatus(event);
    const openMarkets = [...event.markets]
      .filter(([, market]) => {
        if (market.status === 'settled') return false;
        const cancel = market.cancel === null ? null : JSON.parse(market.cancel);
        return !(cancel !== null && cancel.from === null && cancel.to === null);
      })
      .map(([key]) => key);
    if (status === 'not_started' || status === 'live' || (status === 'ended' && openMarkets.length))
      events.push({ eventId, ...event.fixture, openMarkets });
  }
  return events;
}

function advance(simulator: MatchSimulator, from: number, to: number, stepMs: number) {
  const messages: FeedMessage[] = [];
  for (let time = from; time < to; time += stepMs) messages.push(...simulator.advanceTo(time));
  messages.push(...simulator.advanceTo(to));
  return messages;
}

const start = Date.UTC(2030, 0, 1, 12);
const minute = 60_000;

function options(seed: string, sports: SimulatedSport[]): Omit<MatchSimulatorOptions, 'now'> {
  return { seed, speed: 20, slotIntervalMs: 5 * minute, horizonMs: 60 * minute, sports };
}

/**
 * Runs the same seed straight through and with the feed off from `stopAt` to `restartAt`;
 * answers both books after `endAt`, and the events left open at the stop.
 */
function interrupted(
  seed: string,
  sports: SimulatedSport[],
  stopAt: number,
  restartAt: number,
  endAt: number,
) {
  // the same seed sends the same messages whatever the steps: the run up to the stop is the
  // uninterrupted run's beginning
  const straight: Book = new Map();
  const book: Book = new Map();
  const reference = new MatchSimulator({ ...options(seed, sports), now: start });
  const beginning = advance(reference, start, stopAt, 60_000);
  fold(straight, beginning);
  fold(book, beginning);
  fold(straight, advance(reference, stopAt + 1, endAt, 60_000));
  const open = openEvents(book);
  const held = new Map(
    [...book].map(([eventId, event]) => [eventId, new Set(event.markets.keys())]),
  );
  const second = new MatchSimulator({ ...options(seed, sports), now: restartAt });
  second.recover(open);
  const recovered = second.advanceTo(restartAt);
  fold(book, recovered);
  fold(book, advance(second, restartAt, endAt, 30_000));
  return { straight, book, open, held, recovered };
}

/** An event's end as tickets see it: status, score, and each market the ingestion held. */
function outcome(book: Book, eventId: string, keys: ReadonlySet<string>) {
  const event = book.get(eventId);
  if (!event) return null;
  return {
    status: shownStatus(event),
    score: event.score,
    markets: [...keys].sort().map((key) => {
      const market = event.markets.get(key);
      return { key, results: market?.results ?? null, cancel: market?.cancel ?? null };
    }),
  };
}

describe('MatchSimulator.recover', () => {
  it('ends every event left open exactly as an uninterrupted run of the same seed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon'),
        // a stop before or during the first matches; a gap from minutes to hours
        fc.integer({ min: 10, max: 50 }),
        fc.constantFrom(7, 40, 3 * 60),
        (seed, stopMinutes, gapMinutes) => {
          const stopAt = start + stopMinutes * minute;
          const restartAt = stopAt + gapMinutes * minute;
          // past the end of every match published at the stop (an hour ahead)
          const endAt = Math.max(restartAt, stopAt + 60 * minute) + 15 * minute;
          const { straight, book, open, held } = interrupted(
            seed,
            ['soccer', 'basketball', 'cs2'],
            stopAt,
            restartAt,
            endAt,
          );
          // some live, some not started, and some with markets open at the stop
          expect(open.length).toBeGreaterThan(10);
          let settledMarkets = 0;
          for (const { eventId } of open) {
            const keys = held.get(eventId) ?? new Set<string>();
            const expected = outcome(straight, eventId, keys);
            const actual = outcome(book, eventId, keys);
            expect({ eventId, ...actual }).toEqual({ eventId, ...expected });
            expect(['ended', 'cancelled']).toContain(actual?.status);
            settledMarkets += actual?.markets.filter((market) => market.results).length ?? 0;
          }
          expect(settledMarkets).toBeGreaterThan(0);
        },
      ),
      { numRuns: 4, seed: 20 },
    );
  }, 120_000);

  it('cancels a fixture withdrawn while the feed was down, with every market it offered', () => {
    // seed 'alpha': this Valorant fixture is published at 0:09, withdrawn at 0:39, due at 1:09
    const eventId = 'sim:match:194-13058643';
    const stopAt = start + 20 * minute;
    const restartAt = start + 80 * minute;
    const { straight, book, open, held } = interrupted(
      'alpha',
      ['valorant'],
      stopAt,
      restartAt,
      restartAt + 15 * minute,
    );
    expect(open.map((event) => event.eventId)).toContain(eventId);
    const keys = held.get(eventId) ?? new Set<string>();
    expect(keys.size).toBeGreaterThan(0);
    const expected = outcome(straight, eventId, keys);
    expect(expected?.status).toBe('cancelled');
    expect(expected?.markets.every((market) => market.cancel?.includes('event_cancelled'))).toBe(
      true,
    );
    expect(outcome(book, eventId, keys)).toEqual(expected);
  });

  it('recovers tennis and a gap of days from what was left open, not from every slot of the gap', () => {
    const stopAt = start + 12 * minute;
    const restartAt = stopAt + 3 * 24 * 60 * minute;
    // fixtures ten minutes ahead: the uninterrupted reference stays short (tennis prices are dear)
    const settings = { ...options('days', ['tennis', 'soccer']), horizonMs: 10 * minute };
    const book: Book = new Map();
    const straight: Book = new Map();
    const reference = new MatchSimulator({ ...settings, now: start });
    const beginning = advance(reference, start, stopAt, 60_000);
    fold(book, beginning);
    fold(straight, beginning);
    const open = openEvents(book);
    const live = open.filter(
      ({ eventId }) => shownStatus(book.get(eventId) as EventState) === 'live',
    );
    expect(live.length).toBeGreaterThan(1);
    const second = new MatchSimulator({ ...settings, now: restartAt });
    second.recover(open);
    const began = performance.now();
    const recovered = second.advanceTo(restartAt);
    const elapsedMs = performance.now() - began;
    fold(book, recovered);
    for (const { eventId } of open)
      expect(['ended', 'cancelled']).toContain(shownStatus(book.get(eventId) as EventState));
    // per event, its end (a voided window, one settlement, the final state, one cancellation of
    // the rest): the work follows what was left open, not the slots of the gap
    const recoveredIds = new Set(open.map(({ eventId }) => eventId));
    const perEvent = recovered.filter(
      (message) => message.type !== 'alive' && recoveredIds.has(message.eventId),
    );
    expect(perEvent.length).toBeLessThanOrEqual(open.length * 4);
    // the tennis markets decided during the gap are settled with the uninterrupted run's results
    fold(straight, advance(reference, stopAt + 1, stopAt + 25 * minute, 60_000));
    for (const { eventId } of open) {
      const keys = new Set(book.get(eventId)?.markets.keys());
      expect(outcome(book, eventId, keys)).toEqual(outcome(straight, eventId, keys));
    }
    console.info(`recovered ${open.length} events in ${elapsedMs.toFixed(0)} ms`);
  }, 120_000);

  it('leaves alone events it does not know, of another seed, and those this run already plays', () => {
    const simulator = new MatchSimulator({ ...options('alone', ['basketball']), now: start });
    const first = advance(simulator, start, start + 20 * minute, 30_000);
    const live = first.find(
      (message) => message.type === 'odds_change' && message.status === 'live',
    );
    if (live?.type !== 'odds_change') throw new Error('no live match');
    const fixture = first.find(
      (message) => message.type === 'fixture_change' && message.eventId === live.eventId,
    );
    if (fixture?.type !== 'fixture_change') throw new Error('no fixture');
    const held = {
      startsAt: fixture.startsAt,
      homeId: fixture.home.id,
      awayId: fixture.away.id,
      openMarkets: ['219'],
    };
    simulator.recover([
      { eventId: live.eventId, ...held },
      { eventId: 'sr:match:1', ...held },
      { eventId: 'sim:match:999-3', ...held },
    ]);
    const again = new MatchSimulator({ ...options('alone', ['basketball']), now: start });
    advance(again, start, start + 20 * minute, 30_000);
    expect(simulator.advanceTo(start + 25 * minute)).toEqual(again.advanceTo(start + 25 * minute));

    // a restart with another seed: the same ids are other matches, not recovered
    const restart = start + 5 * 60 * minute;
    const other = new MatchSimulator({ ...options('another', ['basketball']), now: restart });
    other.recover([{ eventId: live.eventId, ...held }]);
    const plain = new MatchSimulator({ ...options('another', ['basketball']), now: restart });
    expect(other.advanceTo(restart)).toEqual(plain.advanceTo(restart));
    const same = new MatchSimulator({ ...options('alone', ['basketball']), now: restart });
    same.recover([{ eventId: live.eventId, ...held }]);
    expect(
      same
        .advanceTo(restart)
        .some((message) => 'eventId' in message && message.eventId === live.eventId),
    ).toBe(true);
  });
});
