import { randomUUID } from 'node:crypto';
import {
  errorBodySchema,
  fiatOrderSchema,
  transactionEventSchema,
  userChannel,
} from '@casino/contract';
import type { Centrifuge } from 'centrifuge';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/connection-errors.ts';
import { createDatabase } from '../src/db/database.ts';
import {
  createDatabaseFromTemplate,
  type RestartablePostgres,
  recreateDatabase,
  startRestartablePostgres,
} from './support/postgres.ts';
import { centrifugeClient, collect, waitFor } from './support/realtime.ts';
import { callServer, type ServerProcess, startServerProcess } from './support/server-process.ts';

describe('a pooled connection that breaks', () => {
  test('while checked out: its statement fails, the loss is reported once and the pool recovers', async () => {
    const database = await createDatabaseFromTemplate(inject('adminDatabaseUrl'));
    const losses: Error[] = [];
    let recoveries = 0;
    const db = createDatabase({
      connectionString: database.url,
      maxConnections: 2,
      onUnavailable: (error) => losses.push(error),
      onAvailable: () => {
        recoveries += 1;
      },
    });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Between two statements of a request (inside a transaction, say) the connection is
      // checked out with no query running: a server-side end of it was an uncaught 'error'
      // event on the client, which ended the whole process.
      await db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(
          connection,
        );
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await waitFor(() => losses.length > 0, 'the loss to be reported');
        const failed = await sql`SELECT 1`.execute(connection).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      });
      expect(losses).toHaveLength(1);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
      expect(recoveries).toBe(1);
    } finally {
      await admin.end();
      await db.destroy();
      await database.drop();
    }
  });
});

/**
 * The API against a PostgreSQL that stops and starts again while it runs (item 9 of issue 17):
 * the process stays up, answers 503 service_unavailable meanwhile, and recovers by itself —
 * requests, the job queue and realtime delivery — once the database is back.
 */
describe('a database restart while the API runs', () => {
  let postgres: RestartablePostgres;
  let server: ServerProcess;
  let databaseUrl: string;
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    postgres = await startRestartablePostgres();
    databaseUrl = await recreateDatabase(postgres.adminUrl, 'casino');
    server = await startServerProcess(
      databaseUrl,
      { JOBS_ENABLED: 'true', LOG_LEVEL: 'info' },
      { readyTimeoutMs: 120_000 },
    );
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop();
    await postgres?.remove();
  });

  async function call(
    path: string,
    options: { method?: string; token?: string; body?: object } = {},
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    const answer = await callServer(server, path, options);
    return {
      status: answer.status,
      body: answer.body,
      retryAfter: answer.headers.get('retry-after'),
    };
  }

  function expectUnavailable(answer: { status: number; body: unknown; retryAfter: string | null }) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    const body = errorBodySchema.strict().parse(answer.body);
    expect(body.detail).toBe('service_unavailable');
    expect(answer.retryAfter).toBe('5');
  }

  /** The prepared transaction that holds the lock the request waits for. */
  const lockTransaction = 'database-outage-lock';

  /** The app's connections that wait for the sessions table (the test holds its lock). */
  async function requestsWaitingForLock(): Promise<number> {
    const observer = new pg.Client({ connectionString: databaseUrl });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ count: string }>(
        `SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE a.application_name = 'casino-server' AND NOT l.granted
           AND l.relation = 'sessions'::regclass`,
      );
      return Number(rows[0]?.count ?? 0);
    } finally {
      await observer.end();
    }
  }

  test('the process stays up, answers 503 while PostgreSQL is down and recovers by itself', async () => {
    const registered = await call('/api/v1/auth/register', {
      method: 'POST',
      body: {
        email: `outage-${randomUUID().slice(0, 8)}@example.com`,
        password: 'correct horse battery',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const playerToken = (registered.body as { token: string }).token;
    const me = await call('/api/v1/me', { token: playerToken });
    expect(me.status).toBe(200);
    const { globalId, websocketToken } = me.body as { globalId: string; websocketToken: string };

    const websocketUrl = `${server.baseUrl.replace('http://', 'ws://')}/connection/websocket`;
    const centrifuge = centrifugeClient(websocketUrl, clients, { token: websocketToken });
    const subscription = centrifuge.newSubscription(userChannel('transaction', String(globalId)));
    const transactions = collect(subscription);
    subscription.subscribe();
    centrifuge.connect();
    await subscription.ready(10_000);

    // A request holds a pooled connection when PostgreSQL goes: it waits for a lock the test
    // holds. A checked-out connection that breaks used to be an uncaught 'error' event.
    // The lock is a prepared transaction's, which no backend holds: the shutdown ends every
    // connection in an order of its own, and a lock held by a connection could be released
    // first, letting the waiting request finish with 200 before its own connection was ended.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    await locker.query(`PREPARE TRANSACTION '${lockTransaction}'`);
    await locker.end();
    // the balance reads the session on every request (`/api/v1/me` may answer from the
    // process's sessions cache without touching the table)
    const blocked = call('/api/v1/balance', { token: playerToken });
    await waitFor(
      async () => (await requestsWaitingForLock()) > 0,
      'the request to wait for the lock',
    );

    await postgres.stop();

    expectUnavailable(await blocked);
    expect(server.running()).toBe(true);
    expectUnavailable(await call('/api/v1/balance', { token: playerToken }));
    expectUnavailable(await call('/readyz'));
    expect((await call('/healthz')).status).toBe(200);

    await postgres.start();
    // the prepared transaction survived the restart with its lock
    const unlocker = new pg.Client({ connectionString: databaseUrl });
    await unlocker.connect();
    await unlocker.query(`ROLLBACK PREPARED '${lockTransaction}'`);
    await unlocker.end();

    await waitFor(
      async () => (await call('/readyz')).status === 200,
      'the API to find the database again',
      60_000,
    );
    expect((await call('/api/v1/me', { token: playerToken })).status).toBe(200);

    // a money-moving request after the restart, and its event reaches the subscriber
    const created = await call('/api/v2/wallet/orders/buy', {
      method: 'POST',
      token: playerToken,
      body: { amount: '1000', bankId: 'sber-rub' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = fiatOrderSchema.parse(created.body);
    const [event] = await transactions.until(1, 60_000);
    expect(transactionEventSchema.parse(event)).toMatchObject({ id: order.id, status: 'waiting' });

    expect(server.running()).toBe(true);
  }, 180_000);
});
