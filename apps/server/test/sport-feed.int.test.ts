import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { EventChange } from '../src/modules/sportsbook/feed/feed-ingestion.ts';
import type { FeedMessage, MarketOdds } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';
import {
  fixture,
  matchScript,
  odds,
  oneXTwo,
  ScriptedProvider,
  total,
} from './support/feed-script.ts';

const clock = manualClock(new Date('2030-01-01T15:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sportFeedAliveTimeoutSeconds: 10 } });
});

afterAll(async () => {
  await testApp.close();
});

const ingestion = () => testApp.app.services.sportsbook.ingestion;

function forEvent(messages: FeedMessage[], eventId: string): FeedMessage[] {
  return messages.map((message) => (message.type === 'alive' ? message : { ...message, eventId }));
}

async function applyAll(messages: FeedMessage[]) {
  const results = [];
  for (const message of messages) results.push(await ingestion().apply(message));
  return results;
}

/** Everything the feed holds of one event, without ids and receive times. */
async function snapshot(feedId: string) {
  const { rows: events } = await sql<Record<string, unknown>>`
    SELECT sport_id, tournament_id, home_name, away_name, starts_at, status, state_status,
      score, clock, version, state_version, producer
    FROM sport_events WHERE feed_id = ${feedId}`.execute(testApp.db);
  const { rows: markets } = await sql<Record<string, unknown>>`
    SELECT m.key, m.base_status, m.status, m.status_version, m.odds_version, m.result_version,
      m.certainty, m.cancel_version, m.cancelled, m.cancel_from, m.cancel_to, m.cancel_reason,
      (SELECT jsonb_agg(jsonb_build_object('id', o.outcome_id, 'odds', o.odds::text,
         'active', o.active, 'position', o.position) ORDER BY o.outcome_id)
       FROM sport_outcomes o WHERE o.market_id = m.id) AS outcomes,
      (SELECT jsonb_agg(jsonb_build_object('id', r.outcome_id, 'result', r.result,
         'void', r.void_factor, 'deadHeat', r.dead_heat_factor) ORDER BY r.outcome_id)
       FROM sport_outcome_results r WHERE r.market_id = m.id) AS results,
      (SELECT jsonb_agg(jsonb_build_object('version', h.version, 'kind', h.kind,
         'detail', h.detail) ORDER BY h.version)
       FROM sport_market_history h WHERE h.market_id = m.id) AS history
    FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
    WHERE e.feed_id = ${feedId} ORDER BY m.key`.execute(testApp.db);
  return { events, markets };
}

async function market(feedId: string, key: string) {
  const { rows } = await sql<{
    status: string;
    base_status: string;
    certainty: number | null;
    cancelled: boolean;
    outcomes: Array<{ id: string; odds: string | null }> | null;
    results: Array<{ id: string; result: string; void: string }> | null;
  }>`
    SELECT m.status, m.base_status, m.certainty, m.cancelled,
      (SELECT jsonb_agg(jsonb_build_object('id', o.outcome_id, 'odds', o.odds::text)
         ORDER BY o.position) FROM sport_outcomes o WHERE o.market_id = m.id) AS outcomes,
      (SELECT jsonb_agg(jsonb_build_object('id', r.outcome_id, 'result', r.result,
         'void', r.void_factor::text) ORDER BY r.outcome_id)
       FROM sport_outcome_results r WHERE r.market_id = m.id) AS results
    FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
    WHERE e.feed_id = ${feedId} AND m.key = ${key}`.execute(testApp.db);
  return rows[0];
}

let nextEvent = 1;
const newEventId = () => `sr:match:${nextEvent++}`;

describe('feed ingestion', () => {
  test('the ordered script: prices, bet stop, settlement, cancellation and both rollbacks', async () => {
    const id = newEventId();
    expect(await ingestion().apply(fixture(id))).toBe('applied');
    const script = forEvent(matchScript(id), id);

    await applyAll(script.slice(0, 2));
    expect((await market(id, '1'))?.outcomes).toEqual([
      { id: '1', odds: '2.05' },
      { id: 'X', odds: '3.40' },
      { id: '2', odds: '3.60' },
    ]);
    expect((await market(id, '18|total=2.5'))?.status).toBe('active');

    await applyAll(script.slice(2, 3)); // bet stop, every market
    expect((await market(id, '1'))?.status).toBe('suspended');
    expect((await market(id, '18|total=2.5'))?.status).toBe('suspended');

    await applyAll(script.slice(3, 5)); // a goal, then over 0.5 settles
    const settled = await market(id, '18|total=0.5');
    expect(settled).toMatchObject({ status: 'settled', certainty: 1 });
    expect(settled?.results).toEqual([
      { id: 'over', result: 'won', void: '0' },
      { id: 'under', result: 'lost', void: '0' },
    ]);

    await applyAll(script.slice(5, 7)); // reopened, then total 2.5 cancelled
    expect((await market(id, '1'))?.status).toBe('active');
    expect(await market(id, '18|total=2.5')).toMatchObject({
      status: 'cancelled',
      cancelled: true,
    });

    await applyAll(script.slice(7, 8)); // the settlement taken back
    expect(await market(id, '18|total=0.5')).toMatchObject({
      status: 'suspended',
      certainty: null,
      results: null,
    });

    await applyAll(script.slice(8, 10)); // settled again (confirmed), cancellation taken back
    expect(await market(id, '18|total=0.5')).toMatchObject({ status: 'settled', certainty: 2 });
    expect((await market(id, '18|total=0.5'))?.results?.[1]).toEqual({
      id: 'under',
      result: 'lost',
      void: '0.5',
    });
    expect(await market(id, '18|total=2.5')).toMatchObject({
      status: 'suspended',
      cancelled: false,
    });

    await applyAll(script.slice(10)); // bet stop of 1x2 only
    expect((await market(id, '1'))?.status).toBe('suspended');

    const { rows } = await sql<{ kind: string; version: string }>`
      SELECT h.kind, h.version FROM sport_market_history h
      JOIN sport_markets m ON m.id = h.market_id
      JOIN sport_events e ON e.id = m.event_id
      WHERE e.feed_id = ${id} ORDER BY h.version`.execute(testApp.db);
    expect(rows.map((row) => `${row.kind}@${row.version}`)).toEqual([
      'bet_settlement@5',
      'bet_cancel@7',
      'rollback_bet_settlement@8',
      'bet_settlement@9',
      'rollback_bet_cancel@10',
    ]);
  });

  test('a message applied twice, or an older version arriving late, changes nothing', async () => {
    const id = newEventId();
    await ingestion().apply(fixture(id));
    const newer = odds(id, 5, [oneXTwo('1.80', '3.50', '4.50')]);
    const older = odds(id, 4, [oneXTwo('9.00', '9.00', '1.05')], {
      score: { home: 3, away: 3, periods: [] },
    });
    expect(await ingestion().apply(newer)).toBe('applied');
    const before = await snapshot(id);
    const dropped = ingestion().stats().duplicate;
    expect(await ingestion().apply(newer)).toBe('duplicate');
    expect(ingestion().stats().duplicate).toBe(dropped + 1);
    expect(await ingestion().apply(older)).toBe('applied');
    expect(await snapshot(id)).toEqual(before);
    expect(await ingestion().apply(fixture(id))).toBe('stale');
    expect(await ingestion().apply(odds('sr:match:unknown', 1, []))).toBe('unknown_event');
    expect(await ingestion().apply(fixture(newEventId(), { sportId: 999 }))).toBe('unknown_sport');
  });

  test('random permutations with repeats of a match end in the ordered sequence’s state', async () => {
    const ordered = newEventId();
    await ingestion().apply(fixture(ordered));
    await applyAll(forEvent(matchScript(ordered), ordered));
    const expected = await snapshot(ordered);
    const script = matchScript('template');
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(
          script.map((_, index) => index),
          {
            minLength: script.length,
            maxLength: script.length,
          },
        ),
        fc.array(fc.integer({ min: 0, max: script.length - 1 }), { maxLength: 6 }),
        async (order, repeats) => {
          const id = newEventId();
          await ingestion().apply(fixture(id));
          const messages = forEvent(script, id);
          const sequence = [...order];
          for (const repeat of repeats) sequence.splice(repeat % (sequence.length + 1), 0, repeat);
          await applyAll(sequence.map((index) => messages[index] as FeedMessage));
          expect(await snapshot(id)).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });

  test('a silent producer suspends every market of its events; recovery reopens them with the next odds', async () => {
    const live = newEventId();
    const prematch = newEventId();
    await ingestion().apply(fixture(live));
    await ingestion().apply(fixture(prematch));
    await ingestion().apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 1 });
    await ingestion().apply({
      type: 'alive',
      producer: 'prematch',
      subscribed: true,
      timestamp: 1,
    });
    await ingestion().apply(
      odds(live, 1, [oneXTwo('2.00', '3.00', '4.00'), total('2.5', '1.90', '1.90')]),
    );
    await ingestion().apply(
      odds(prematch, 1, [oneXTwo('2.00', '3.00', '4.00')], {
        producer: 'prematch',
        status: 'not_started',
      }),
    );

    clock.advance(9_000);
    await ingestion().apply({
      type: 'alive',
      producer: 'prematch',
      subscribed: true,
      timestamp: 2,
    });
    expect(await ingestion().checkProducers()).toEqual([]);
    clock.advance(2_000); // live silent for 11 s, prematch for 2 s
    expect(await ingestion().checkProducers()).toEqual(['live']);
    expect((await market(live, '1'))?.status).toBe('suspended');
    expect((await market(live, '18|total=2.5'))?.status).toBe('suspended');
    expect((await market(prematch, '1'))?.status).toBe('active');
    expect(await ingestion().checkProducers()).toEqual([]);

    // prices while down are kept but do not reopen the market
    await ingestion().apply(odds(live, 2, [oneXTwo('2.10', '3.00', '3.80')]));
    expect(await market(live, '1')).toMatchObject({ status: 'suspended', base_status: 'active' });

    await ingestion().apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 3 });
    expect((await market(live, '1'))?.status).toBe('suspended');
    await ingestion().apply(
      odds(live, 3, [oneXTwo('2.20', '3.00', '3.60'), total('2.5', '1.85', '1.95')]),
    );
    expect((await market(live, '1'))?.status).toBe('active');
    expect((await market(live, '18|total=2.5'))?.status).toBe('active');

    // an unsubscribed heartbeat (the producer lost its state) is down at once
    await ingestion().apply({
      type: 'alive',
      producer: 'prematch',
      subscribed: false,
      timestamp: 4,
    });
    expect((await market(prematch, '1'))?.status).toBe('suspended');
    expect((await market(live, '1'))?.status).toBe('active');
  });

  test('the runner feeds a provider’s messages to the ingestion and stops it', async () => {
    const id = newEventId();
    const provider = new ScriptedProvider([
      fixture(id),
      ...forEvent(matchScript(id), id).slice(0, 2),
    ]);
    const runner = testApp.app.services.sportsbook.feed;
    await runner.start(provider);
    expect((await market(id, '1'))?.outcomes?.[0]).toEqual({ id: '1', odds: '2.05' });
    await runner.stop();
    expect(provider.stopped).toBe(true);
  });
});

/** Each outcome row of an event with the transaction that last wrote it (xmin). */
async function outcomeRows(feedId: string) {
  const { rows } = await sql<{ key: string; outcome_id: string; written_by: string }>`
    SELECT m.key, o.outcome_id, o.xmin::text AS written_by
    FROM sport_outcomes o JOIN sport_markets m ON m.id = o.market_id
    JOIN sport_events e ON e.id = m.event_id
    WHERE e.feed_id = ${feedId} ORDER BY m.key, o.outcome_id`.execute(testApp.db);
  return rows;
}

/** What the live publications are told while `run` runs. */
async function toldDuring(run: () => Promise<unknown>): Promise<EventChange[]> {
  const spy = vi.spyOn(testApp.app.services.sportsbook.publisher, 'applied');
  try {
    await run();
    return spy.mock.calls.flatMap(([changes]) => [...changes]);
  } finally {
    spy.mockRestore();
  }
}

describe('ingestion writes and tells only what changed', () => {
  /** the match clock standing still, so only the prices can change */
  const still = { clock: { period: '1st_half', elapsedSeconds: 60, running: false } } as const;

  test('the same prices again write no outcome row and tell the publications nothing', async () => {
    const id = newEventId();
    await ingestion().apply(fixture(id));
    const prices = [oneXTwo('2.00', '3.40', '3.80'), total('2.5', '1.90', '1.90')];
    await ingestion().apply(odds(id, 1, prices, still));
    const before = await outcomeRows(id);
    expect(before).toHaveLength(5);

    const told = await toldDuring(() => ingestion().apply(odds(id, 2, prices, still)));
    expect(told).toEqual([]);
    expect(await outcomeRows(id)).toEqual(before);
    // the registers still moved: an older message arriving now cannot win
    const snap = await snapshot(id);
    expect(snap.events[0]).toMatchObject({ version: 2n, state_version: 2n });
    expect(snap.markets.map((m) => m.odds_version)).toEqual([2n, 2n]);
  });

  test('one changed price rewrites that outcome only and tells that market only', async () => {
    const id = newEventId();
    await ingestion().apply(fixture(id));
    await ingestion().apply(
      odds(id, 1, [oneXTwo('2.00', '3.40', '3.80'), total('2.5', '1.90', '1.90')], still),
    );
    const before = await outcomeRows(id);
    const told = await toldDuring(() =>
      ingestion().apply(
        odds(id, 2, [oneXTwo('2.00', '3.40', '3.70'), total('2.5', '1.90', '1.90')], still),
      ),
    );
    expect(told).toEqual([
      {
        eventId: expect.any(Number),
        sportId: 1,
        previousVersion: 1,
        version: 2,
        marketKeys: ['1'],
        stateChanged: false,
      },
    ]);
    const after = await outcomeRows(id);
    const rewritten = after.filter((row, index) => row.written_by !== before[index]?.written_by);
    expect(rewritten.map((row) => `${row.key}/${row.outcome_id}`)).toEqual(['1/2']);
  });

  test('a new score is told; a bet stop tells the markets it suspended, none when it suspends none', async () => {
    const id = newEventId();
    await ingestion().apply(fixture(id));
    await ingestion().apply(odds(id, 1, [oneXTwo('2.00', '3.40', '3.80')], still));
    const goal = await toldDuring(() =>
      ingestion().apply(
        odds(id, 2, [oneXTwo('2.00', '3.40', '3.80')], {
          ...still,
          score: { home: 1, away: 0, periods: [] },
        }),
      ),
    );
    expect(goal).toMatchObject([{ marketKeys: [], stateChanged: true }]);
    const stop = {
      type: 'bet_stop',
      producer: 'live',
      eventId: id,
      version: 3,
      marketTypeIds: null,
      timestamp: 3,
    } as const;
    expect(await toldDuring(() => ingestion().apply(stop))).toMatchObject([
      { previousVersion: 2, version: 3, marketKeys: ['1'], stateChanged: false },
    ]);
    expect(await toldDuring(() => ingestion().apply({ ...stop, version: 4 }))).toEqual([]);
  });

  test('a fixture sent again with a newer timestamp and the same fields is not told', async () => {
    const id = newEventId();
    expect(await toldDuring(() => ingestion().apply(fixture(id)))).toHaveLength(1);
    expect(await toldDuring(() => ingestion().apply(fixture(id, { timestamp: 2_000 })))).toEqual(
      [],
    );
    expect(
      await toldDuring(() =>
        ingestion().apply(fixture(id, { timestamp: 3_000, status: 'cancelled' })),
      ),
    ).toMatchObject([{ marketKeys: [], stateChanged: true }]);
    // the register moved with the unchanged one: a fixture between them is stale
    expect(await ingestion().apply(fixture(id, { timestamp: 1_500, status: 'live' }))).toBe(
      'stale',
    );
  });

  test('random price sequences with repeated prices, shuffled and repeated, end in the ordered state', async () => {
    const price = fc.constantFrom('1.90', '2.00', '2.10');
    const oddsMessage = fc.record({
      kind: fc.constant('odds' as const),
      home: price,
      line: fc.option(price, { nil: null }),
      status: fc.constantFrom<MarketOdds['status']>('active', 'active', 'suspended'),
      goals: fc.integer({ min: 0, max: 1 }),
    });
    const stopMessage = fc.record({
      kind: fc.constant('stop' as const),
      every: fc.boolean(),
    });
    const messageOf = (
      entry:
        | {
            kind: 'odds';
            home: string;
            line: string | null;
            status: MarketOdds['status'];
            goals: number;
          }
        | { kind: 'stop'; every: boolean },
      eventId: string,
      version: number,
    ): FeedMessage =>
      entry.kind === 'stop'
        ? {
            type: 'bet_stop',
            producer: 'live',
            eventId,
            version,
            marketTypeIds: entry.every ? null : [1],
            timestamp: version,
          }
        : odds(
            eventId,
            version,
            [
              oneXTwo(entry.home, '3.40', '3.80', entry.status),
              ...(entry.line === null ? [] : [total('2.5', entry.line, '1.90')]),
            ],
            { ...still, score: { home: entry.goals, away: 0, periods: [] } },
          );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(oddsMessage, oddsMessage, stopMessage), { minLength: 2, maxLength: 8 }),
        fc.infiniteStream(fc.nat()),
        async (entries, randomness) => {
          const ordered = newEventId();
          const shuffled = newEventId();
          await ingestion().apply(fixture(ordered));
          await ingestion().apply(fixture(shuffled));
          await applyAll(entries.map((entry, index) => messageOf(entry, ordered, index + 1)));
          const sequence = entries.map((entry, index) => messageOf(entry, shuffled, index + 1));
          const draws = randomness[Symbol.iterator]();
          const next = () => draws.next().value as number;
          for (let index = sequence.length - 1; index > 0; index -= 1) {
            const other = next() % (index + 1);
            [sequence[index], sequence[other]] = [
              sequence[other] as FeedMessage,
              sequence[index] as FeedMessage,
            ];
          }
          sequence.push(sequence[next() % sequence.length] as FeedMessage);
          await applyAll(sequence);
          expect((await snapshot(shuffled)).markets).toEqual((await snapshot(ordered)).markets);
          expect((await snapshot(shuffled)).events).toEqual((await snapshot(ordered)).events);
        },
      ),
      { numRuns: 40 },
    );
  });
});
