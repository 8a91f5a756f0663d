import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/jobs/retention-jobs.ts';
import { Transactions } from '../src/lib/transactions.ts';
import { FeedRepository } from '../src/modules/sportsbook/feed/feed.repository.ts';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { FeedRetention } from '../src/modules/sportsbook/feed/feed-retention.ts';
import {
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { fixture, matchScript } from './support/feed-script.ts';

const dayMs = 24 * 60 * 60 * 1000;

describe('retention job', () => {
  const clock = manualClock(new Date('2026-11-01T12:00:00Z'));
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ clock });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function counts() {
    const { db } = testApp;
    const count = async (table: 'sessions' | 'operator_sessions' | 'idempotency_keys') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      sessions: await count('sessions'),
      operatorSessions: await count('operator_sessions'),
      idempotencyKeys: await count('idempotency_keys'),
    };
  }

  it('forgets ended sessions and old idempotency keys, and keeps what is still in use', async () => {
    const { app, db } = testApp;
    const signedOut = await registerPlayer(app);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${signedOut.token}` },
    });
    expect(logout.statusCode).toBe(204);
    await loginOperator(app);
    await db
      .insertInto('idempotency_keys')
      .values({
        scope: 'player:old',
        key: 'old-key',
        request_hash: Buffer.alloc(32),
        status_code: 201,
        response_body: JSON.stringify({ ok: true }),
        created_at: new Date(clock.now().getTime() - 8 * dayMs),
      })
      .execute();

    // a month and a day later a new player signs in; everything older has ended long ago
    clock.advance(31 * dayMs);
    const active = await registerPlayer(app);
    const before = await counts();
    expect(before.sessions).toBe(2);

    const purged = await runRetention({
      ...app.services,
      realtime: { repository: app.services.realtime.repository, historyTtlMs: 60_000 },
      clock,
    });
    expect(purged.playerSessions).toBe(1);
    expect(purged.idempotencyKeys).toBe(1);
    expect(purged.operatorSessions).toBe(1);
    expect(purged.sportCashoutQuotes).toBe(0);
    expect(await counts()).toEqual({ sessions: 1, operatorSessions: 0, idempotencyKeys: 0 });

    const stillSignedIn = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${active.token}` },
    });
    expect(stillSignedIn.statusCode).toBe(200);
    const purgedToken = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${signedOut.token}` },
    });
    expect(purgedToken.statusCode).toBe(401);
  });

  describe('sportsbook events', () => {
    const tables = [
      'sport_outcomes',
      'sport_outcome_results',
      'sport_market_history',
      'sport_markets',
      'sport_applied_versions',
      'sport_bet_stops',
      'sport_favorites',
    ] as const;

    /** A match played through the whole script (every table of the feed gets rows), left in `status`. */
    async function match(feedId: string, status: 'ended' | 'cancelled' | 'live' | 'not_started') {
      const ingestion = testApp.app.services.sportsbook.ingestion;
      await ingestion.apply(fixture(feedId));
      for (const message of matchScript(feedId)) await ingestion.apply(message as FeedMessage);
      if (status === 'cancelled' || status === 'not_started')
        await ingestion.apply(fixture(feedId, { status, timestamp: 5_000 }));
      if (status === 'ended') {
        await ingestion.apply({
          type: 'odds_change',
          producer: 'live',
          eventId: feedId,
          version: 100,
          status: 'ended',
          score: { home: 1, away: 0, periods: [] },
          clock: null,
          markets: [],
          timestamp: 100,
        });
      }
      const { id } = await testApp.db
        .selectFrom('sport_events')
        .select('id')
        .where('feed_id', '=', feedId)
        .executeTakeFirstOrThrow();
      return String(id);
    }

    /** Its last message `days` before the test clock's now. */
    async function lastTouched(eventId: string, days: number) {
      await sql`UPDATE sport_events SET updated_at = ${new Date(clock.now().getTime() - days * dayMs)}
        WHERE id = ${eventId}`.execute(testApp.db);
    }

    /** Rows each feed table holds of these events (markets' rows through their markets). */
    async function rowsOf(eventIds: string[]) {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const column = ['sport_outcomes', 'sport_outcome_results', 'sport_market_history'].includes(
          table,
        )
          ? sql`market_id IN (SELECT id FROM sport_markets WHERE event_id = ANY (${eventIds}::bigint[]))`
          : sql`event_id = ANY (${eventIds}::bigint[])`;
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${column}`.execute(testApp.db);
        counts[table] = Number(rows[0]?.n);
      }
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM sport_events WHERE id = ANY (${eventIds}::bigint[])`.execute(
        testApp.db,
      );
      counts.sport_events = Number(rows[0]?.n);
      return counts;
    }

    it('deletes ended and cancelled events past the retention with all their rows and favourites, and keeps the rest', async () => {
      const { app } = testApp;
      const oldEnded = await match('sr:match:retention-1', 'ended');
      const oldCancelled = await match('sr:match:retention-2', 'cancelled');
      const recentEnded = await match('sr:match:retention-3', 'ended');
      const oldLive = await match('sr:match:retention-4', 'live');
      const oldUpcoming = await match('sr:match:retention-5', 'not_started');
      for (const id of [oldEnded, oldCancelled, oldLive, oldUpcoming]) await lastTouched(id, 8);
      await lastTouched(recentEnded, 6);
      // a player's favourite of an event to delete does not block it
      const player = await registerPlayer(app);
      for (const id of [oldEnded, recentEnded]) {
        const favourite = await app.inject({
          method: 'PUT',
          url: '/api/v2/sport/favorites',
          headers: { authorization: `Bearer ${player.token}` },
          payload: { type: 'event', id },
        });
        expect(favourite.statusCode).toBe(204);
      }
      const doomed = await rowsOf([oldEnded, oldCancelled]);
      expect(doomed.sport_outcomes).toBeGreaterThan(0);
      expect(doomed.sport_outcome_results).toBeGreaterThan(0);
      expect(doomed.sport_market_history).toBeGreaterThan(0);
      expect(doomed.sport_bet_stops).toBeGreaterThan(0);
      expect(doomed.sport_favorites).toBe(1);
      const kept = await rowsOf([recentEnded, oldLive, oldUpcoming]);

      const purged = await runRetention({
        ...app.services,
        realtime: { repository: app.services.realtime.repository, historyTtlMs: 60_000 },
        clock,
      });
      expect(purged.sportEvents).toBe(2);
      expect(Object.values(await rowsOf([oldEnded, oldCancelled]))).toEqual(
        Object.values(doomed).map(() => 0),
      );
      expect(await rowsOf([recentEnded, oldLive, oldUpcoming])).toEqual(kept);
      // a second run finds nothing more
      expect(await app.services.sportsbook.retention.purgeClosedEvents(clock.now())).toBe(0);
    });

    it('works in chunks, and skips an event another transaction holds instead of waiting', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const id = await match(`sr:match:retention-chunk-${index}`, 'ended');
        await lastTouched(id, 30);
        ids.push(id);
      }
      const retention = new FeedRetention({
        repository: new FeedRepository(),
        transactions: new Transactions({ db: testApp.db }),
        retentionMs: 7 * dayMs,
        chunkSize: 1,
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = testApp.db.transaction().execute(async (transaction) => {
        await sql`SELECT 1 FROM sport_events WHERE id = ${ids[0]} FOR UPDATE`.execute(transaction);
        locked();
        await released;
      });
      await isLocked;
      try {
        expect(await retention.purgeClosedEvents(clock.now())).toBe(2);
      } finally {
        release();
        await holder;
      }
      expect((await rowsOf([ids[0] as string])).sport_events).toBe(1);
      expect(await retention.purgeClosedEvents(clock.now())).toBe(1);
      expect((await rowsOf(ids as string[])).sport_events).toBe(0);
    });
  });
});
