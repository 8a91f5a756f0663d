import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxMessagesPerTransaction } from '../src/modules/sportsbook/feed/feed-ingestion.ts';
import { FeedLeader } from '../src/modules/sportsbook/feed/feed-leader.ts';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { MatchSimulator } from '../src/modules/sportsbook/feed/simulator/match-simulator.ts';
import {
  allSimulatedSports,
  sportsCatalog,
} from '../src/modules/sportsbook/feed/simulator/sports-catalog.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';
import { waitFor } from './support/realtime.ts';

const start = Date.UTC(2030, 0, 1, 12);
const clock = manualClock(new Date(start));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sportFeedAliveTimeoutSeconds: 30 } });
});

afterAll(async () => {
  await testApp.close();
});

async function applyAll(messages: FeedMessage[]): Promise<string[]> {
  const results: string[] = [];
  for (let index = 0; index < messages.length; index += maxMessagesPerTransaction) {
    const batch = messages.slice(index, index + maxMessagesPerTransaction);
    results.push(...(await testApp.app.services.sportsbook.ingestion.applyBatch(batch)));
  }
  return results;
}

/** The stored state of the simulated events of a sport (ids and receive times left out). */
async function stored(sportId: number) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT e.feed_id, e.status, e.score, e.clock, e.version,
      (SELECT jsonb_agg(jsonb_build_array(m.key, m.status, m.certainty, m.cancelled,
         (SELECT jsonb_agg(jsonb_build_array(o.outcome_id, o.odds::text, o.active) ORDER BY o.outcome_id)
          FROM sport_outcomes o WHERE o.market_id = m.id)) ORDER BY m.key)
       FROM sport_markets m WHERE m.event_id = e.id) AS markets
    FROM sport_events e WHERE e.sport_id = ${sportId} ORDER BY e.feed_id`.execute(testApp.db);
  return rows;
}

describe('the built-in simulator through the ingestion', () => {
  // SKIPPED, FAILING: two simulators built alike in one process, stepped alike, sent 420 and 423
  // messages (basketball, speed 60). A nondeterminism found by this test and not yet diagnosed
  // (shared state in a model? the whole-millisecond rounding?); see the h19-live report.
  test('a seeded match produces the exact same message sequence twice, and the same stored state', async () => {
    const options = {
      seed: 'twice',
      now: start,
      horizonMs: 20 * 60_000,
      speed: 60,
      sports: ['basketball'] as const,
    };
    const first = new MatchSimulator({ ...options, sports: [...options.sports] });
    const second = new MatchSimulator({ ...options, sports: [...options.sports] });
    const sent: FeedMessage[] = [];
    const again: FeedMessage[] = [];
    for (let time = start; time <= start + 15 * 60_000; time += 7_000)
      sent.push(...first.advanceTo(time));
    for (let time = start; time <= start + 15 * 60_000; time += 7_000)
      again.push(...second.advanceTo(time));
    expect(sent.filter((message) => message.type === 'bet_settlement').length).toBeGreaterThan(0);
    expect(again).toEqual(sent);

    const results = await applyAll(sent);
    expect(results.filter((result) => result === 'applied').length).toBeGreaterThan(
      sent.length / 2,
    );
    const state = await stored(sportsCatalog.basketball.sportId);
    expect(state.length).toBeGreaterThan(0);
    // the second run's messages are the first's: every versioned one is a repeat, nothing moves
    const replayed = await applyAll(again.filter((message) => 'version' in message));
    expect(new Set(replayed)).toEqual(new Set(['duplicate']));
    expect(await stored(sportsCatalog.basketball.sportId)).toEqual(state);
  }, 120_000);

  test('hours of the demo keep every sport live and upcoming, settle markets, cancel and roll back', async () => {
    // the demo's settings (config.ts defaults) but a two-hour horizon to keep the test short
    const simulator = new MatchSimulator({
      seed: 'demo-days',
      now: clock.now().getTime(),
      speed: 7,
      slotIntervalMs: 5 * 60_000,
      horizonMs: 2 * 3_600_000,
    });
    const hours = 6;
    const stepMs = 60_000;
    const sportIds = allSimulatedSports.map((sport) => sportsCatalog[sport].sportId);
    let checks = 0;
    /** checks at which a sport had no live event: none (the schedule keeps one under way) */
    const withoutLive = new Map<number, number>();
    for (let elapsed = 0; elapsed <= hours * 3_600_000; elapsed += stepMs) {
      const messages = simulator.advanceTo(clock.now().getTime());
      await applyAll(messages);
      // matches under way when the simulator started join live: check from the first minutes on
      if (elapsed >= 20 * 60_000 && elapsed % (5 * 60_000) === 0) {
        const sports = await testApp.app.services.sportsbook.catalog.sports();
        for (const sportId of sportIds) {
          const sport = sports.find((candidate) => candidate.id === sportId);
          expect({ sportId, upcoming: (sport?.upcomingCount ?? 0) > 0 }).toEqual({
            sportId,
            upcoming: true,
          });
          if ((sport?.liveCount ?? 0) === 0)
            withoutLive.set(sportId, (withoutLive.get(sportId) ?? 0) + 1);
        }
        checks += 1;
      }
      clock.advance(stepMs);
    }
    expect(checks).toBeGreaterThan(60);
    console.info(
      'checks without a live event, by sport id:',
      Object.fromEntries(withoutLive),
      'of',
      checks,
    );
    expect(Object.fromEntries(withoutLive)).toEqual({});
    const { rows } = await sql<{ kind: string; count: string }>`
      SELECT kind, count(*) AS count FROM sport_market_history GROUP BY kind`.execute(testApp.db);
    const counts = Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)]));
    expect(counts.bet_settlement ?? 0).toBeGreaterThan(1000);
    expect(counts.bet_cancel ?? 0).toBeGreaterThan(0);
    expect(counts.rollback_bet_settlement ?? 0).toBeGreaterThan(0);
    const { rows: ended } = await sql<{ count: string }>`
      SELECT count(*) AS count FROM sport_events WHERE status = 'ended'`.execute(testApp.db);
    expect(Number(ended[0]?.count)).toBeGreaterThan(100);
  }, 600_000);
});

describe('the feed leader', () => {
  test('exactly one process runs the feed; another takes over when it stops', async () => {
    const starts: string[] = [];
    const leader = (name: string) =>
      new FeedLeader({
        connectionString: testApp.databaseUrl,
        runner: {
          start: async () => {
            starts.push(`${name} started`);
          },
          stop: async () => {
            starts.push(`${name} stopped`);
          },
        },
        provider: () => ({ start: async () => {}, stop: async () => {} }),
        retryMs: 50,
        logger: pino({ level: 'silent' }),
      });
    const first = leader('first');
    const second = leader('second');
    first.start();
    await waitFor(() => first.isLeader(), 'the first to lead');
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.isLeader()).toBe(false);
    await first.stop();
    await waitFor(() => second.isLeader(), 'the second to take over');
    await second.stop();
    expect(starts).toEqual(['first started', 'first stopped', 'second started', 'second stopped']);
  });
});
