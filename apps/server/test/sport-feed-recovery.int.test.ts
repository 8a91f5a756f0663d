import { potentialPayoutMinor } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { MatchSimulator } from '../src/modules/sportsbook/feed/simulator/match-simulator.ts';
import { SimulatorFeedProvider } from '../src/modules/sportsbook/feed/simulator/simulator-provider.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';
import { fixture, odds, oneXTwo } from './support/feed-script.ts';
import { fundedPlayer } from './support/originals.ts';
import { waitFor } from './support/realtime.ts';
import { acceptedTicket } from './support/sport-tickets.ts';

/**
 * The feed after a restart (FeedRunner → FeedProvider.recover → MatchSimulator.recover): what
 * the feed left open is brought to its true state, tickets on it settle as if the server had
 * never stopped; what a provider cannot recover stops being listed (the overdue rule).
 */

const start = Date.UTC(2031, 0, 1, 12);
const clock = manualClock(new Date(start));
const hour = 3_600_000;
let testApp: TestApp;
/** an event only a real feed would know: the overdue rule's case */
const leftBehind = 'sr:match:left-behind';
/** what the simulator could not deliver (none expected) */
const deliveryErrors: unknown[] = [];

/** The built-in simulator as `npm start` runs it, faster: basketball, a match in about 2 minutes. */
const simulatorOptions = {
  seed: 'recovery',
  sports: ['basketball' as const],
  speed: 60,
  slotIntervalMs: 5 * 60_000,
  horizonMs: 20 * 60_000,
};

function provider(): SimulatorFeedProvider {
  return new SimulatorFeedProvider({
    ...simulatorOptions,
    tickMs: 5,
    clock: () => clock.now().getTime(),
    onError: (error) => deliveryErrors.push(error),
  });
}

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: { sportFeedAliveTimeoutSeconds: 30, sportEventOverdueHours: 12 },
  });
});

afterAll(async () => {
  await testApp.app.services.sportsbook.feed.stop();
  await testApp.close();
});

async function eventState(feedId: string) {
  const { rows } = await sql<{ id: string; status: string; score: { home: number; away: number } }>`
    SELECT id, status, score FROM sport_events WHERE feed_id = ${feedId}`.execute(testApp.db);
  return rows[0];
}

describe('the feed after a restart', () => {
  test('an open event the feed does not recover stops being listed once overdue, and operators see it', async () => {
    const { ingestion, catalog, trading } = testApp.app.services.sportsbook;
    const now = clock.now().getTime();
    const feedId = leftBehind;
    await ingestion.apply(
      fixture(feedId, { sportId: 4, startsAt: now - 13 * hour, timestamp: now - 13 * hour }),
    );
    await ingestion.apply(odds(feedId, 2, [oneXTwo('2.10', '3.40', '3.50')]));
    const listed = async () =>
      (await catalog.events({ sportId: 4, live: true, offset: 0, limit: 100 })).items.some(
        (item) => item.home.name === 'Arsenal',
      );
    const liveSoccer = async () =>
      (await catalog.sports()).find((sport) => sport.id === 4)?.liveCount ?? 0;
    // it heard from the feed a moment ago (the database's time of its last message is the
    // test clock's now): still a live match
    await sql`UPDATE sport_events SET updated_at = ${clock.now()}
      WHERE feed_id = ${feedId}`.execute(testApp.db);
    expect(await listed()).toBe(true);
    expect(await liveSoccer()).toBe(1);
    expect((await trading.feedHealth()).overdueEvents.count).toBe(0);

    // the feed said nothing of it for thirteen hours, and it kicked off thirteen hours ago
    await sql`UPDATE sport_events SET updated_at = ${new Date(now - 13 * hour)}
      WHERE feed_id = ${feedId}`.execute(testApp.db);
    expect(await listed()).toBe(false);
    expect(await liveSoccer()).toBe(0);
    const health = await trading.feedHealth();
    expect(health.overdueEvents.count).toBe(1);
    expect(health.overdueEvents.oldest).toEqual([
      expect.objectContaining({
        feedId,
        sportId: 4,
        home: 'Arsenal',
        status: 'live',
        startsAt: new Date(now - 13 * hour).toISOString(),
        lastMessageAt: new Date(now - 13 * hour).toISOString(),
      }),
    ]);
  }, 60_000);

  test('a match that never kicked off is no longer upcoming an hour after its kick-off', async () => {
    const { ingestion, catalog, trading } = testApp.app.services.sportsbook;
    const now = clock.now().getTime();
    const feedId = 'sr:match:never-kicked-off';
    await ingestion.apply(
      fixture(feedId, {
        sportId: 4,
        home: { id: 'sr:competitor:late-1', name: 'Late Starters' },
        startsAt: now - 2 * hour,
        timestamp: now - 3 * hour,
      }),
    );
    await ingestion.apply(
      odds(feedId, 2, [oneXTwo('2.10', '3.40', '3.50')], {
        producer: 'prematch',
        status: 'not_started',
        score: null,
        clock: null,
      }),
    );
    const upcoming = async () =>
      (await catalog.events({ sportId: 4, live: false, offset: 0, limit: 100 })).items.some(
        (item) => item.home.name === 'Late Starters',
      );
    const overdueCount = async () => (await trading.feedHealth()).overdueEvents.count;
    // the feed spoke of it ten minutes ago (a delayed kick-off): still upcoming
    await sql`UPDATE sport_events SET updated_at = ${new Date(now - 10 * 60_000)}
      WHERE feed_id = ${feedId}`.execute(testApp.db);
    expect(await upcoming()).toBe(true);
    const before = await overdueCount();
    // two hours past its kick-off and silent for as long: not upcoming, overdue for operators
    await sql`UPDATE sport_events SET updated_at = ${new Date(now - 2 * hour)}
      WHERE feed_id = ${feedId}`.execute(testApp.db);
    expect(await upcoming()).toBe(false);
    expect(await overdueCount()).toBe(before + 1);
  });

  test('a match under way when the feed stopped ends, settles and pays its tickets once it is back', async () => {
    const { feed, settlement, settlementWorker } = testApp.app.services.sportsbook;
    await feed.start(provider());
    // a match the simulator joined live, early enough to have most of it ahead
    let live: { id: string; feed_id: string } | undefined;
    await waitFor(async () => {
      const { rows } = await sql<{ id: string; feed_id: string }>`
        SELECT e.id, e.feed_id FROM sport_events e
        JOIN sport_markets m ON m.event_id = e.id AND m.type_id = 219 AND m.status = 'active'
        WHERE e.status = 'live' ORDER BY e.starts_at DESC LIMIT 1`.execute(testApp.db);
      live = rows[0];
      return live !== undefined;
    }, 'a live basketball match with its moneyline open');
    if (!live) throw new Error('unreachable');
    const { rows: outcomes } = await sql<{ market_id: string; outcome_id: string; odds: string }>`
      SELECT o.market_id, o.outcome_id, o.odds::text AS odds
      FROM sport_outcomes o JOIN sport_markets m ON m.id = o.market_id
      WHERE m.event_id = ${live.id} AND m.type_id = 219 AND o.odds IS NOT NULL
      ORDER BY o.outcome_id`.execute(testApp.db);
    expect(outcomes.map((outcome) => outcome.outcome_id)).toEqual(['1', '2']);
    const player = await fundedPlayer(testApp, 10_000n);
    const tickets = new Map<string, string>();
    for (const outcome of outcomes) {
      tickets.set(
        outcome.outcome_id,
        await acceptedTicket(testApp, {
          userId: player.userId,
          type: 'single',
          stakeMinor: 1_000n,
          placedAt: clock.now(),
          selections: [
            {
              eventId: Number(live.id),
              marketId: Number(outcome.market_id),
              outcomeId: outcome.outcome_id,
              odds: outcome.odds,
            },
          ],
        }),
      );
    }

    await feed.stop();
    // five hours down: the match ended long ago, and the fixtures published before it too
    clock.advance(5 * hour);
    const feedId = live.feed_id;
    await feed.start(provider());
    await waitFor(
      async () => (await eventState(feedId))?.status === 'ended',
      'the recovered match to end',
    );
    await waitFor(async () => {
      const { rows } = await sql<{ open: string }>`
        SELECT count(*) AS open FROM sport_events
        WHERE status IN ('live', 'not_started') AND feed_id LIKE 'sim:match:%'
          AND starts_at < ${new Date(clock.now().getTime() - hour)}`.execute(testApp.db);
      return Number(rows[0]?.open) === 0;
    }, 'every match that started while the feed was down to be closed');

    // the same seed straight through: the match's score and its moneyline's result
    const straight = new MatchSimulator({ ...simulatorOptions, now: start });
    const messages: FeedMessage[] = straight.advanceTo(start + hour);
    const final = messages.findLast(
      (message) => message.type === 'odds_change' && message.eventId === feedId,
    );
    if (final?.type !== 'odds_change') throw new Error('the match has no odds');
    expect(final.status).toBe('ended');
    const result = messages.findLast(
      (message) =>
        message.type === 'bet_settlement' &&
        message.eventId === feedId &&
        message.markets.some((market) => market.typeId === 219),
    );
    if (result?.type !== 'bet_settlement') throw new Error('the moneyline never settled');
    const winner = result.markets
      .find((market) => market.typeId === 219)
      ?.outcomes.find((outcome) => outcome.result === 'won')?.id;
    const state = await eventState(feedId);
    expect(state?.score.home).toBe(final.score?.home);
    expect(state?.score.away).toBe(final.score?.away);
    const { rows: market } = await sql<{ status: string; results: string[] }>`
      SELECT m.status, array_agg(r.outcome_id || ':' || r.result ORDER BY r.outcome_id) AS results
      FROM sport_markets m JOIN sport_outcome_results r ON r.market_id = m.id
      WHERE m.event_id = ${state?.id} AND m.type_id = 219 GROUP BY m.id`.execute(testApp.db);
    expect(market).toEqual([
      {
        status: 'settled',
        results: ['1', '2'].map((id) => `${id}:${id === winner ? 'won' : 'lost'}`),
      },
    ]);
    // nothing the match offered is left open
    const { rows: open } = await sql<{ key: string }>`
      SELECT key FROM sport_markets WHERE event_id = ${state?.id}
        AND status NOT IN ('settled', 'cancelled')`.execute(testApp.db);
    expect(open).toEqual([]);

    await settlementWorker.idle();
    await settlement.settlePending();
    for (const [outcomeId, ticketId] of tickets) {
      const { status, payout_minor } = await testApp.db
        .selectFrom('sport_tickets')
        .select(['status', 'payout_minor'])
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow();
      const row = { status, payout_minor: String(payout_minor) };
      const odds = outcomes.find((outcome) => outcome.outcome_id === outcomeId)?.odds ?? '0';
      expect({ outcomeId, ...row }).toEqual(
        outcomeId === winner
          ? {
              outcomeId,
              status: 'won',
              payout_minor: String(potentialPayoutMinor(1_000n, [odds], [1])),
            }
          : { outcomeId, status: 'lost', payout_minor: '0' },
      );
    }
    await feed.stop();
    expect(deliveryErrors).toEqual([]);
    expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
    // the overdue event of the first test is not the simulator's: left as it was
    expect((await eventState(leftBehind))?.status).toBe('live');
  }, 120_000);

  test('a gap of days: every event left open is closed, at a cost that follows the open events', async () => {
    const { feed, ingestion } = testApp.app.services.sportsbook;
    // the demo's settings (config.ts defaults: speed 7, a kick-off every 5 minutes) on all seven
    // sports, fixtures six hours ahead (the demo's day ahead: about two thousand open events at
    // the stop, the same per event and four times longer): about five hundred open events
    const demo = {
      seed: 'recovery-days',
      // every simulated sport but basketball, whose ids the first test's simulator (another
      // speed and interval: other matches) used
      sports: ['soccer', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const,
      speed: 7,
      slotIntervalMs: 5 * 60_000,
      horizonMs: 6 * hour,
      tickMs: 5,
      clock: () => clock.now().getTime(),
      onError: (error: unknown) => deliveryErrors.push(error),
    };
    clock.advance(hour);
    const published = () => Object.values(ingestion.stats()).reduce((sum, count) => sum + count, 0);
    let before = published();
    await feed.start(new SimulatorFeedProvider(demo));
    await waitFor(
      async () => {
        const { rows } = await sql<{ sports: string }>`
        SELECT count(DISTINCT sport_id) AS sports FROM sport_events
        WHERE starts_at > ${new Date(clock.now().getTime() + 5 * hour)}`.execute(testApp.db);
        return Number(rows[0]?.sports) === 6;
      },
      'six hours of fixtures of every sport',
      60_000,
    );
    await feed.stop();
    const stoppedAt = clock.now().getTime();
    const open = await ingestion.openEvents();
    expect(open.length).toBeGreaterThan(300);

    clock.advance(3 * 24 * hour);
    before = published();
    const began = performance.now();
    await feed.start(new SimulatorFeedProvider(demo));
    await waitFor(
      async () => {
        const { rows } = await sql<{ left: string }>`
          SELECT count(*) AS left FROM sport_events
          WHERE status IN ('live', 'not_started') AND sport_id <> 2
            AND feed_id LIKE 'sim:match:%' AND starts_at <= ${new Date(stoppedAt + demo.horizonMs)}`.execute(
          testApp.db,
        );
        return Number(rows[0]?.left) === 0;
      },
      'every event of the stop to close',
      60_000,
    );
    const elapsedMs = performance.now() - began;
    await feed.stop();
    const messages = published() - before;
    console.info(
      `recovered ${open.length} open events after 3 days in ${Math.round(elapsedMs)} ms (${messages} messages)`,
    );
    // a few messages per recovered event and the new run's own schedule, not three days of slots
    expect(messages).toBeLessThan(open.length * 4 + 10_000);
    expect(deliveryErrors).toEqual([]);
  }, 180_000);
});
