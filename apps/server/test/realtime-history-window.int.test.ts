/**
 * A stream's history keeps its newest `historySize` publications, whichever way they are written
 * (realtime/db/realtime_append.sql and realtime_publish.sql: each append deletes exactly the one
 * that leaves the window).
 */
import { randomUUID } from 'node:crypto';
import { userChannel } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp, testConfig } from './support/app.ts';
import { fundedPlayer, playableOriginal, playRound } from './support/originals.ts';

const historySize = 3;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    config: { realtime: { ...testConfig().realtime, historySize } },
  });
});
afterAll(async () => {
  await testApp.close();
});

/** The offsets a channel's history holds, oldest first, and the stream's top offset. */
async function windowOf(channel: string) {
  const { db } = testApp;
  const rows = await db
    .selectFrom('realtime_history')
    .select('offset')
    .where('channel', '=', channel)
    .orderBy('offset')
    .execute();
  const stream = await db
    .selectFrom('realtime_streams')
    .select('top_offset')
    .where('channel', '=', channel)
    .executeTakeFirstOrThrow();
  return { offsets: rows.map((row) => Number(row.offset)), top: Number(stream.top_offset) };
}

describe('the history window', () => {
  test('realtime_append keeps the newest publications, one deleted per append', async () => {
    const channel = `balance#window-append-${randomUUID()}`;
    for (let index = 1; index <= 7; index += 1) {
      await sql`SELECT * FROM realtime_append(${channel}, ${JSON.stringify({ index })}, ${historySize}::integer)`.execute(
        testApp.db,
      );
      const { offsets, top } = await windowOf(channel);
      expect(top).toBe(index);
      expect(offsets).toEqual(
        Array.from(
          { length: Math.min(index, historySize) },
          (_, at) => Math.max(index - historySize, 0) + at + 1,
        ),
      );
    }
  });

  test('realtime_publish keeps the newest publications', async () => {
    const channel = `balance#window-publish-${randomUUID()}`;
    for (let index = 1; index <= 6; index += 1) {
      await sql`SELECT realtime_publish(${channel}, ${JSON.stringify({ index })}, ${historySize}::integer, ${randomUUID()})`.execute(
        testApp.db,
      );
    }
    expect(await windowOf(channel)).toEqual({ offsets: [4, 5, 6], top: 6 });
  });

  test('instant rounds keep the newest balance publications, the last one the balance', async () => {
    const { app } = testApp;
    const player = await fundedPlayer(testApp, 10_000n);
    const gameId = await playableOriginal(testApp, 'dice');
    for (let index = 0; index < 6; index += 1) {
      const response = await playRound(
        testApp,
        player,
        gameId,
        { bet: '1.00', params: { target: 50.5, direction: 'over' } },
        `window-${index}`,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const { globalId, balance } = await app.services.balance.balanceOf(player.userId);
    const channel = userChannel('balance', globalId);
    const { offsets, top } = await windowOf(channel);
    expect(top).toBeGreaterThanOrEqual(6);
    expect(offsets).toEqual([top - 2, top - 1, top]);
    const newest = await testApp.db
      .selectFrom('realtime_history')
      .select('data')
      .where('channel', '=', channel)
      .where('offset', '=', BigInt(top))
      .executeTakeFirstOrThrow();
    expect(newest.data).toEqual(balance);
  });
});
