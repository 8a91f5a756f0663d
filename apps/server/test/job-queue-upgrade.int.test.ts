import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { retiredBossSchema } from '../src/jobs/job-queue.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { capturedLogger } from './support/logs.ts';

// A database an older release ran: pg-boss 10's schema (version 24, which pg-boss 12 cannot
// migrate) holding jobs in every state. Starting the app moves the pending one-off jobs into
// pg-boss 12's queues and drops the old schema; what ran, what a cron schedule makes again
// and what belongs to no queue of today's are not carried. Every old job is one the app's
// handlers see through (their ids name nothing), so a carried job that runs completes.
const fixture = new URL('./fixtures/pg-boss-10-schema.sql', import.meta.url);

interface OldJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: 'created' | 'retry' | 'active' | 'completed';
  /** seconds from the database's now */
  startAfterSeconds: number;
  retryCount?: number;
}

const oldJobs = {
  orderExpiry: {
    id: randomUUID(),
    name: 'fiat-order-expire',
    data: { orderId: randomUUID() },
    state: 'created',
    startAfterSeconds: -60,
  },
  orderAutoApproval: {
    id: randomUUID(),
    name: 'fiat-order-auto-approve',
    data: { orderId: randomUUID() },
    state: 'retry',
    startAfterSeconds: -30,
    retryCount: 2,
  },
  bonusExpiry: {
    id: randomUUID(),
    name: 'bonus-expire',
    data: { bonusId: randomUUID() },
    state: 'created',
    startAfterSeconds: 86_400,
  },
  tournamentPayout: {
    id: randomUUID(),
    name: 'tournament-payout',
    data: { tournamentId: randomUUID() },
    // a process died while running it
    state: 'active',
    startAfterSeconds: -600,
  },
  pushMessage: {
    id: randomUUID(),
    name: 'push-notify',
    data: { userId: randomUUID(), message: { kind: 'bonus_expiring', bonusId: randomUUID() } },
    state: 'created',
    startAfterSeconds: -5,
  },
  done: {
    id: randomUUID(),
    name: 'fiat-order-expire',
    data: { orderId: randomUUID() },
    state: 'completed',
    startAfterSeconds: -3_600,
  },
  cronMade: {
    id: randomUUID(),
    name: 'fiat-orders-sweep',
    data: {},
    state: 'created',
    startAfterSeconds: -60,
  },
  noQueueToday: {
    id: randomUUID(),
    name: 'a-queue-of-an-older-release',
    data: {},
    state: 'created',
    startAfterSeconds: -60,
  },
} satisfies Record<string, OldJob>;
const carried = [
  oldJobs.orderExpiry,
  oldJobs.orderAutoApproval,
  oldJobs.bonusExpiry,
  oldJobs.tournamentPayout,
  oldJobs.pushMessage,
];
const oldRetryLimit = 5;

/** What pg-boss 10 left: its schema, its queues (as its createQueue made them) and their jobs. */
async function writePgBoss10(db: Kysely<Database>): Promise<void> {
  await sql.raw(await readFile(fixture, 'utf8')).execute(db);
  for (const name of new Set(Object.values(oldJobs).map((job) => job.name))) {
    await sql`SELECT pgboss.create_queue(${name}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(
      db,
    );
  }
  await sql`INSERT INTO pgboss.schedule (name, cron) VALUES ('fiat-orders-sweep', '* * * * *')`.execute(
    db,
  );
  for (const job of Object.values(oldJobs) as OldJob[]) {
    // the columns pg-boss 10's send() wrote (retryLimit 5, retryDelay 5, as JobQueue.send asked)
    await sql`
      INSERT INTO pgboss.job (id, name, data, state, start_after, retry_limit, retry_delay,
                              retry_count, policy, started_on, completed_on)
      VALUES (${job.id}, ${job.name}, ${JSON.stringify(job.data)}::jsonb,
              ${job.state}::pgboss.job_state, now() + ${job.startAfterSeconds} * interval '1 second',
              ${oldRetryLimit}, 5, ${job.retryCount ?? 0}, 'standard',
              CASE WHEN ${job.state} IN ('active', 'completed') THEN now() END,
              CASE WHEN ${job.state} = 'completed' THEN now() END)`.execute(db);
  }
}

let testApp: TestApp;
const { logger, lines: logLines } = capturedLogger();
/** when pg-boss 10 was to run the bonus's expiry */
let bonusExpiryDue: Date;

beforeAll(async () => {
  testApp = await createTestApp({
    logger,
    config: {
      jobsEnabled: true,
      dataDirectory: await mkdtemp(join(tmpdir(), 'job-queue-upgrade-test-')),
    },
    prepareDatabase: async (db) => {
      await writePgBoss10(db);
      const due = await sql<{ start_after: Date }>`
        SELECT start_after FROM pgboss.job WHERE id = ${oldJobs.bonusExpiry.id}`.execute(db);
      bonusExpiryDue = due.rows[0]?.start_after as Date;
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

interface NewJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: string;
  start_after: Date;
  retry_limit: number;
}

async function newJobs(): Promise<NewJob[]> {
  const ids = Object.values(oldJobs).map((job) => job.id);
  const result = await sql<NewJob>`
    SELECT id, name, data, state::text AS state, start_after, retry_limit
    FROM pgboss.job WHERE id IN (${sql.join(ids)}) ORDER BY name`.execute(testApp.db);
  return result.rows;
}

test('the old schema is gone and pg-boss 12 runs on its own', async () => {
  const retired = await sql<{ present: boolean }>`
    SELECT to_regnamespace(${retiredBossSchema}) IS NOT NULL AS present`.execute(testApp.db);
  expect(retired.rows[0]?.present).toBe(false);
  const version = await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(
    testApp.db,
  );
  expect(version.rows[0]?.version).toBeGreaterThanOrEqual(25);
});

test('every pending one-off job is carried over with its id, data and due time; nothing else is', async () => {
  const jobs = await newJobs();
  expect(jobs.map((job) => job.id).sort()).toEqual(carried.map((job) => job.id).sort());
  for (const old of carried) {
    const job = jobs.find((candidate) => candidate.id === old.id);
    expect(job?.name).toBe(old.name);
    expect(job?.data).toEqual(old.data);
  }
  const bonus = jobs.find((job) => job.id === oldJobs.bonusExpiry.id);
  expect(bonus?.state).toBe('created');
  expect(bonus?.start_after.getTime()).toBe(bonusExpiryDue.getTime());
  // the attempts it had left
  const autoApproval = jobs.find((job) => job.id === oldJobs.orderAutoApproval.id);
  expect(autoApproval?.retry_limit).toBe(oldRetryLimit - 2);
});

test('the carried jobs already due run in the new queue; the one due tomorrow waits', async () => {
  const due: string[] = carried.filter((job) => job.startAfterSeconds < 0).map((job) => job.id);
  const deadline = Date.now() + 30_000;
  let jobs = await newJobs();
  while (
    jobs.some((job) => due.includes(job.id) && job.state !== 'completed') &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    jobs = await newJobs();
  }
  expect(
    Object.fromEntries(jobs.map((job) => [job.name, job.state])),
    JSON.stringify(jobs),
  ).toEqual({
    'bonus-expire': 'created',
    'fiat-order-auto-approve': 'completed',
    'fiat-order-expire': 'completed',
    'push-notify': 'completed',
    'tournament-payout': 'completed',
  });
});

test('the upgrade is logged with its counts, and pg-boss 12 reported no error', () => {
  expect(logLines.find((line) => line.carried !== undefined)).toMatchObject({
    carried: carried.length,
    dropped: 2,
  });
  expect(logLines.filter((line) => (line.level as number) >= 50)).toEqual([]);
});
