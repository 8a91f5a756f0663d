import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  balanceEventSchema,
  fiatOrderSchema,
  gamesPageSchema,
  userChannel,
} from '@casino/contract';
import type { Centrifuge } from 'centrifuge';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { systemClock } from '../src/lib/clock.ts';
import { playableCacheTtlMs } from '../src/modules/casino/games/games.service.ts';
import { createServices } from '../src/services.ts';
import { testConfig } from './support/app.ts';
import { createDatabaseFromTemplate, findFreePort, type TestDatabase } from './support/postgres.ts';
import { centrifugeClient, collect, nextEvent, waitFor } from './support/realtime.ts';
import { callServer, type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * Issue 21 item 10: several API processes behind PgBouncer in transaction mode. Two real server
 * processes (what `npm start` runs) reach the test database through a PgBouncer of this file's
 * own (pool_mode = transaction: each transaction may run on another server connection, so no
 * prepared statement and no session state survive between two of them), with
 * DATABASE_PREPARED_STATEMENTS=false, and DATABASE_DIRECT_URL for what needs a session of its
 * own (migrations, the LISTEN of realtime and of cache invalidations). Process A also runs the
 * job queue (pg-boss) through the pooler.
 */

/** The Debian package installs it in /usr/sbin, which a non-root PATH may lack. */
function findPgbouncer(): string {
  const configured = process.env.PGBOUNCER_PATH;
  const candidates = configured
    ? [configured]
    : [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'].map(
        (directory) => join(directory, 'pgbouncer'),
      );
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  throw new Error(
    'pgbouncer is not installed: this test needs it (`apt-get install pgbouncer`, as .ci/run ' +
      'does) or PGBOUNCER_PATH pointing at the binary',
  );
}

interface RunningPgbouncer {
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** PgBouncer in transaction mode in front of the server `adminUrl` names, on a free port. */
async function startPgbouncer(adminUrl: string): Promise<RunningPgbouncer> {
  const binary = findPgbouncer();
  const server = new URL(adminUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const directory = await mkdtemp(join(tmpdir(), 'casino-test-pgbouncer-'));
  // run as root, PgBouncer drops to the postgres user (-u), which must read its files
  await chmod(directory, 0o755);
  const port = await findFreePort();
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await writeFile(join(directory, 'userlist.txt'), `${quote(user)} ${quote(password)}\n`, {
    mode: 0o644,
  });
  await writeFile(
    join(directory, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'} user=${user} password=${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(directory, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'default_pool_size = 16',
      'max_client_conn = 400',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    binary,
    [...(asRoot ? ['-u', 'postgres'] : []), join(directory, 'pgbouncer.ini')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`pgbouncer exited at start:\n${log}`);
    }
    const client = new pg.Client({
      connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`,
    });
    try {
      await client.connect();
      await client.query('SHOW VERSION');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not accept connections:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { port, output: () => log, stop };
}

describe('two API processes behind PgBouncer in transaction mode', () => {
  const config = testConfig();
  let database: TestDatabase;
  let pgbouncer: RunningPgbouncer;
  let pooledUrl: string;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    const adminUrl = inject('adminDatabaseUrl');
    database = await createDatabaseFromTemplate(adminUrl, 'scale_out');
    pgbouncer = await startPgbouncer(adminUrl);
    const pooled = new URL(database.url);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(pgbouncer.port);
    pooledUrl = pooled.toString();
    const environment = {
      DATABASE_DIRECT_URL: database.url,
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_POOL_SIZE: '6',
      OPERATOR_EMAIL: config.operatorEmail,
      OPERATOR_PASSWORD: config.operatorPassword,
      WEBSOCKET_JWT_SECRET: config.websocketJwtSecret,
      REGISTER_RATE_LIMIT_PER_IP: '10000',
    };
    // One after the other: each inserts the demo data on start. A runs the job queue.
    processA = await startServerProcess(pooledUrl, { ...environment, JOBS_ENABLED: 'true' });
    processB = await startServerProcess(pooledUrl, environment);
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await processA?.stop();
    await processB?.stop();
    await pgbouncer?.stop();
    await database?.drop();
  });

  const call = callServer;

  async function operatorOn(server: ServerProcess): Promise<string> {
    const login = await call(server, '/api/backoffice/v1/auth/login', {
      method: 'POST',
      body: { email: config.operatorEmail, password: config.operatorPassword },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return (login.body as { token: string }).token;
  }

  /** A player registered through `server`, playing in roubles (the sandbox rail's currency). */
  async function playerOn(server: ServerProcess) {
    const registered = await call(server, '/api/v1/auth/register', {
      method: 'POST',
      body: {
        email: `scale-out-${randomUUID().slice(0, 8)}@example.com`,
        password: 'correct horse battery',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const token = (registered.body as { token: string }).token;
    const changed = await call(server, '/api/v1/me', {
      method: 'PATCH',
      token,
      body: { currency: { primary: 'RUB' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const me = await call(server, '/api/v1/me', { token });
    const { globalId, websocketToken } = me.body as {
      globalId: string | number;
      websocketToken: string;
    };
    return { token, globalId: String(globalId), websocketToken };
  }

  /** A balance# subscriber connected to `server`; resolves once subscribed. */
  async function balanceSubscriber(server: ServerProcess, token: string, globalId: string) {
    const url = `${server.baseUrl.replace('http://', 'ws://')}/connection/websocket`;
    const centrifuge = centrifugeClient(url, clients, { token });
    const subscription = centrifuge.newSubscription(userChannel('balance', globalId));
    const received = collect(subscription);
    subscription.subscribe();
    const connected = nextEvent(centrifuge, 'connected');
    centrifuge.connect();
    await connected;
    await subscription.ready(10_000);
    return received;
  }

  async function diceGame(): Promise<string> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `SELECT g.id FROM games g
         WHERE g.engine = 'dice' AND g.enabled
           AND NOT EXISTS (SELECT 1 FROM game_blacklists b WHERE b.game_id = g.id OR b.provider_id = g.provider_id)
         ORDER BY g.id LIMIT 1`,
      );
      const [row] = rows;
      if (!row) throw new Error('no playable dice game');
      return row.id;
    } finally {
      await client.end();
    }
  }

  /** Transactions PgBouncer relayed to the test database so far (its admin console). */
  async function pooledTransactions(): Promise<number> {
    const admin = new URL(pooledUrl);
    admin.pathname = '/pgbouncer';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ database: string; total_xact_count: string }>(
        'SHOW STATS',
      );
      const name = new URL(database.url).pathname.slice(1);
      return Number(rows.find((row) => row.database === name)?.total_xact_count ?? 0);
    } finally {
      await client.end();
    }
  }

  const roundBody = { bet: '10.00', params: { target: 50.5, direction: 'under' } };

  test('a player deposits, plays on both processes and gets every balance# event on both; the ledger checks', async () => {
    const transactionsBefore = await pooledTransactions();
    const player = await playerOn(processA);
    const operatorToken = await operatorOn(processB);
    const onA = await balanceSubscriber(processA, player.websocketToken, player.globalId);
    const onB = await balanceSubscriber(processB, player.websocketToken, player.globalId);

    // the sandbox rail: an order through B, approved by an operator through A
    const created = await call(processB, '/api/v2/wallet/orders/buy', {
      method: 'POST',
      token: player.token,
      body: { amount: '1000', bankId: 'sber-rub' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = fiatOrderSchema.parse(created.body);
    const approved = await call(processA, `/api/backoffice/v1/orders/${order.id}/approve`, {
      method: 'POST',
      token: operatorToken,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await Promise.all([onA.until(1), onB.until(1)]);

    // rounds on both processes, one after another and then at once
    const gameId = await diceGame();
    const play = (server: ServerProcess) =>
      call(server, `/api/v2/games/${gameId}/rounds`, {
        method: 'POST',
        token: player.token,
        body: roundBody,
      });
    for (const server of [processA, processB, processA, processB]) {
      const round = await play(server);
      expect(round.status, JSON.stringify(round.body)).toBe(200);
    }
    const together = await Promise.all(
      Array.from({ length: 8 }, (_, index) => play(index % 2 === 0 ? processA : processB)),
    );
    for (const round of together) expect(round.status, JSON.stringify(round.body)).toBe(200);

    // both processes answer the same balance; both subscribers got the deposit's event and each
    // round's, and end on that balance
    const onProcessA = await call(processA, '/api/v1/balance', { token: player.token });
    const onProcessB = await call(processB, '/api/v1/balance', { token: player.token });
    expect(onProcessA.status).toBe(200);
    expect(onProcessB.body).toEqual(onProcessA.body);
    const final = balanceEventSchema.parse(onProcessA.body);
    for (const subscriber of [onA, onB]) {
      await waitFor(
        () =>
          subscriber.received.length === 1 + 12 &&
          isDeepStrictEqual(subscriber.received.at(-1), final),
        'the last balance# event to be the balance after every round',
      );
      for (const event of subscriber.received) balanceEventSchema.parse(event);
    }

    // every transaction above went through the pooler
    expect((await pooledTransactions()) - transactionsBefore).toBeGreaterThan(20);
    const db = createDatabase({ connectionString: database.url, maxConnections: 2 });
    try {
      const services = createServices({ config, db, clock: systemClock });
      expect((await services.ledger.check()).violations).toEqual([]);
    } finally {
      await db.destroy();
    }
    expect(processA.output()).not.toMatch(/prepared statement|job queue error/);
    expect(processB.output()).not.toMatch(/prepared statement/);
  }, 60_000);

  test('a game disabled through process A is refused by process B at once, not after its cache time', async () => {
    const player = await playerOn(processB);
    const operatorToken = await operatorOn(processA);
    const gameId = await diceGame();
    // Refused for its stake (far above the limits, so no money moves) after B read the game:
    // B now keeps its playable row for playableCacheTtlMs.
    const probe = () =>
      call(processB, `/api/v2/games/${gameId}/rounds`, {
        method: 'POST',
        token: player.token,
        body: { ...roundBody, bet: '99999999.00' },
      });
    const kept = await probe();
    expect(kept.status, JSON.stringify(kept.body)).toBe(400);
    expect((kept.body as { detail: string }).detail).toBe('bet_out_of_limits');
    const keptAt = Date.now();

    const disabled = await call(processA, `/api/backoffice/v1/games/${gameId}`, {
      method: 'PATCH',
      token: operatorToken,
      body: { enabled: false },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    try {
      // The notification travels on its own connection: allow it a moment, far below the TTL.
      let answer = await probe();
      const deadline = Date.now() + 2_000;
      while (answer.status !== 404 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await probe();
      }
      const refusedAt = Date.now();
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect((answer.body as { detail: string }).detail).toBe('not_found');
      // the row B kept had not expired: the invalidation, not the TTL, refused the game
      expect(refusedAt - keptAt).toBeLessThan(playableCacheTtlMs);
    } finally {
      const enabled = await call(processA, `/api/backoffice/v1/games/${gameId}`, {
        method: 'PATCH',
        token: operatorToken,
        body: { enabled: true },
      });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    }
    expect((await probe()).status).toBe(400);
  }, 30_000);

  test("a game disabled through process A leaves process B's search at once, its total too", async () => {
    const operatorToken = await operatorOn(processA);
    const gameId = await diceGame();
    const searchOnB = async (query: string) => {
      const answer = await call(processB, `/api/v2/games?search=dice&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return gamesPageSchema.parse(answer.body);
    };
    const whole = await searchOnB('limit=100');
    const position = whole.items.findIndex((item) => item.id === gameId);
    expect(position).toBeGreaterThanOrEqual(0);
    // a page without the game: only B's index knowing of the change can lower its total (the
    // page query checks the games it reads, not the others)
    const elsewhere = `limit=1&offset=${position === 0 ? 1 : 0}`;
    expect((await searchOnB(elsewhere)).meta.total).toBe(whole.meta.total);

    const patch = (enabled: boolean) =>
      call(processA, `/api/backoffice/v1/games/${gameId}`, {
        method: 'PATCH',
        token: operatorToken,
        body: { enabled },
      });
    const disabled = await patch(false);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    try {
      // The notification travels on its own connection: allow it a moment, far below the TTL.
      const deadline = Date.now() + 2_000;
      let total = (await searchOnB(elsewhere)).meta.total;
      while (total !== whole.meta.total - 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        total = (await searchOnB(elsewhere)).meta.total;
      }
      expect(total).toBe(whole.meta.total - 1);
      const after = await searchOnB('limit=100');
      expect(after.items.map((item) => item.id)).toEqual(
        whole.items.map((item) => item.id).filter((id) => id !== gameId),
      );
    } finally {
      expect((await patch(true)).status).toBe(200);
    }
    // enabled again: back in its place on B's next search (the page query finds it enabled)
    expect((await searchOnB('limit=100')).items.map((item) => item.id)).toEqual(
      whole.items.map((item) => item.id),
    );
  }, 30_000);
});
