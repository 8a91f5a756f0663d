import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { bearer, createTestApp, manualClock, registerPlayer, type TestApp } from './support/app.ts';

// The queue (pg-boss) polls each second: these tests wait for what a job did, with a deadline,
// rather than for a fixed time. The app's clock is an hour behind the database's, so a job
// due at an instant of the app's clock is already due for pg-boss.
const clock = manualClock(new Date(Date.now() - 60 * 60_000));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: {
      jobsEnabled: true,
      dataDirectory: await mkdtemp(join(tmpdir(), 'job-queue-test-')),
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a text of several statements answers every statement's rows (pg-boss reads its lock's row and its claim from one)", async () => {
  const result = await sql<
    Record<string, number>
  >`SELECT 1 AS first; SELECT 2 AS second, 3 AS third`.execute(testApp.db);
  expect(result.rows).toEqual([{ first: 1 }, { second: 2, third: 3 }]);
});

test('a job sent to the queue runs once with its data; after stop the queue takes no more', async () => {
  const queue = new JobQueue(testApp.db, testApp.app.services.transactions);
  const received: Record<string, unknown>[] = [];
  await queue.start(
    [
      {
        name: 'job-queue-test',
        handler: async (data) => {
          received.push(data);
        },
      },
      { name: 'job-queue-test-cron', cron: '*/5 * * * *', handler: async () => {} },
    ],
    testApp.app.log,
  );
  expect(queue.started).toBe(true);
  expect(await queue.send('job-queue-test', { orderId: 'one' }, new Date())).toBe(true);
  await eventually(
    async () => received.length,
    (count) => count > 0,
  );
  expect(received).toEqual([{ orderId: 'one' }]);
  await queue.stop();
  expect(queue.started).toBe(false);
  expect(await queue.send('job-queue-test', { orderId: 'two' }, new Date())).toBe(false);
});

test("the app's own jobs run in the queue: a deposit order's expiry job times it out", async () => {
  const player = await registerPlayer(testApp.app);
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/orders/buy',
    headers: { ...bearer(player), 'idempotency-key': 'job-queue-order' },
    payload: { amount: '100', bankId: 'visa-mastercard-usd' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const order = fiatOrderSchema.parse(created.json());
  clock.advance(testApp.config.orderTtlSeconds * 1000 + 1000);
  const status = await eventually(
    async () =>
      fiatOrderSchema.parse(
        (
          await testApp.app.inject({
            url: `/api/v1/wallet/orders/buy/${order.id}`,
            headers: bearer(player),
          })
        ).json(),
      ).status,
    (value) => value === 'timeouted',
  );
  expect(status).toBe('timeouted');
});
