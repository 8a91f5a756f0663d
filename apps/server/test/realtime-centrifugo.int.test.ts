import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  balanceEventSchema,
  fiatOrderSchema,
  lastBetChannel,
  realtimeConfigSchema,
  transactionEventSchema,
  userChannel,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  testConfig,
} from './support/app.ts';
import { globalIdOf, waitFor } from './support/realtime.ts';

interface ApiCall {
  method: 'publish' | 'disconnect';
  body: Record<string, unknown>;
}

/**
 * A stand-in for Centrifugo's HTTP server API: checks the X-API-Key, records the publish and
 * disconnect calls it accepts, and answers 500 while `failing`.
 */
class FakeCentrifugo {
  readonly calls: ApiCall[] = [];
  failed = 0;
  unauthorized = 0;
  failing = false;
  private readonly server: Server;

  constructor(private readonly apiKey: string) {
    this.server = createServer((request, response) => this.handle(request, response));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/api`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The accepted publications of a channel, data only, in the order received. */
  publications(channel: string): unknown[] {
    return this.calls
      .filter((call) => call.method === 'publish' && call.body.channel === channel)
      .map((call) => call.body.data);
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const method = request.url?.replace(/^\/api\//, '');
      if (request.method !== 'POST' || (method !== 'publish' && method !== 'disconnect')) {
        answer(404, { error: { code: 404, message: 'not found' } });
        return;
      }
      if (request.headers['x-api-key'] !== this.apiKey) {
        this.unauthorized += 1;
        answer(401, { error: { code: 401, message: 'unauthorized' } });
        return;
      }
      if (this.failing) {
        this.failed += 1;
        answer(500, { error: { code: 100, message: 'internal server error' } });
        return;
      }
      this.calls.push({
        method,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      answer(200, { result: {} });
    });
  }
}

const apiKey = 'fake-centrifugo-api-key-0001';
const websocketUrl = 'wss://rt.example.test/connection/websocket';
const fake = new FakeCentrifugo(apiKey);
let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  const apiUrl = await fake.start();
  testApp = await createTestApp({
    config: {
      realtime: {
        ...testConfig().realtime,
        engine: 'centrifugo',
        centrifugo: { apiUrl, apiKey, websocketUrl },
      },
    },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});

afterAll(async () => {
  await testApp?.close();
  await fake.stop();
});

function post(app: App, url: string, session: SignedIn, payload?: object) {
  keyCounter += 1;
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `centrifugo-${keyCounter}-${randomUUID()}` },
    ...(payload ? { payload } : {}),
  });
}

async function userIdOf(player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function outboxSize(): Promise<number> {
  const { rows } = await sql<{ rows: number }>`
    SELECT count(*)::integer AS rows FROM realtime_outbox`.execute(testApp.db);
  return rows[0]?.rows ?? 0;
}

/** Every committed row was sent: nothing is left that could be sent (again). */
async function outboxDrained(timeoutMs = 10_000): Promise<void> {
  await waitFor(async () => (await outboxSize()) === 0, 'the outbox to be drained', timeoutMs);
}

/** A player with a deposit created (waiting) and approved (completed, money credited). */
async function approvedDeposit() {
  const player = await registerPlayer(testApp.app);
  const globalId = await globalIdOf(testApp.app, player);
  const created = await post(testApp.app, '/api/v2/wallet/orders/buy', player, {
    amount: '1000',
    bankId: 'sber-rub',
  });
  expect(created.statusCode, created.body).toBe(200);
  const order = fiatOrderSchema.parse(created.json());
  const approved = await post(testApp.app, `/api/backoffice/v1/orders/${order.id}/approve`, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  return { player, globalId, order, userId: await userIdOf(player) };
}

/** The player's publications, in the order Centrifugo received them, as [channel, event]. */
function playerCalls(globalId: string): Array<[string, unknown]> {
  const channels = [userChannel('transaction', globalId), userChannel('balance', globalId)];
  return fake.calls
    .filter((call) => call.method === 'publish' && channels.includes(String(call.body.channel)))
    .map((call) => [String(call.body.channel), call.body.data]);
}

async function expectDepositPublications(deposit: Awaited<ReturnType<typeof approvedDeposit>>) {
  const calls = playerCalls(deposit.globalId);
  expect(calls.map(([channel]) => channel)).toEqual([
    userChannel('transaction', deposit.globalId),
    userChannel('transaction', deposit.globalId),
    userChannel('balance', deposit.globalId),
  ]);
  const [waiting, completed, balance] = calls.map(([, data]) => data);
  expect(transactionEventSchema.parse(waiting)).toMatchObject({
    id: deposit.order.id,
    status: 'waiting',
  });
  expect(transactionEventSchema.parse(completed)).toMatchObject({
    id: deposit.order.id,
    status: 'completed',
    type: 'buy',
    amount: '1000.00',
  });
  expect(balanceEventSchema.parse(balance)).toEqual(
    await testApp.app.services.balance.balance(deposit.userId),
  );
}

function lastBet(id: string) {
  return {
    id,
    gameId: 'dice',
    gameTitle: 'Dice',
    player: 'Jo***n',
    bet: '1.00',
    multiplier: '2.00',
    payout: '2.00',
    currency: 'USD',
    timestamp: new Date().toISOString(),
  };
}

describe('the Centrifugo engine', () => {
  test('the app is sent to the Centrifugo URL and no built-in WebSocket server runs', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/realtime' });
    expect(response.statusCode).toBe(200);
    expect(realtimeConfigSchema.parse(response.json())).toEqual({ url: websocketUrl });
    expect(testApp.app.realtimeServer).toBeNull();
  });

  test('a deposit approval publishes transaction# (waiting, completed) then balance#, each once, after commit', async () => {
    const deposit = await approvedDeposit();
    await waitFor(() => playerCalls(deposit.globalId).length >= 3, 'the three publications');
    await outboxDrained();
    await expectDepositPublications(deposit);
    expect(fake.unauthorized).toBe(0);
  });

  test('a rolled-back change publishes nothing', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const userId = await userIdOf(player);
    await expect(
      testApp.db.transaction().execute(async (transaction) => {
        await testApp.app.services.realtime.events.balancesChanged(transaction, [userId]);
        expect(await outboxSize()).toBe(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later committed publication goes out; the rolled-back one never does.
    const marker = lastBet(`marker-${randomUUID()}`);
    await testApp.app.services.realtime.events.lastBet(testApp.db, marker);
    await waitFor(
      () =>
        fake.publications(lastBetChannel).some((data) => (data as { id: string }).id === marker.id),
      'the marker publication',
    );
    await outboxDrained();
    expect(playerCalls(globalId)).toEqual([]);
  });

  test('while Centrifugo fails the rows stay in the outbox; once it recovers they go out in order', async () => {
    fake.failing = true;
    const failedBefore = fake.failed;
    let deposit: Awaited<ReturnType<typeof approvedDeposit>>;
    try {
      deposit = await approvedDeposit();
      // Each of the two commits wakes the dispatcher at most once: a third refused attempt is
      // the dispatcher retrying on its own.
      await waitFor(() => fake.failed >= failedBefore + 3, 'repeated failed attempts', 20_000);
      expect(await outboxSize()).toBe(3);
      expect(playerCalls(deposit.globalId)).toEqual([]);
    } finally {
      fake.failing = false;
    }
    // Nothing new is published: the dispatcher retries on its own.
    await outboxDrained(40_000);
    await expectDepositPublications(deposit);
  }, 60_000);

  test('two dispatchers on one database never send a row twice', async () => {
    const db = createDatabase({ connectionString: testApp.databaseUrl, maxConnections: 5 });
    const second = await buildApp({
      config: testApp.config,
      db,
      databaseUrl: testApp.databaseUrl,
      passwordHashing: { memoryCost: 4096, timeCost: 2, parallelism: 1 },
    });
    try {
      await second.ready();
      const run = randomUUID();
      const perApp = 40;
      const publishAll = async (app: App, name: string) => {
        for (let index = 0; index < perApp; index += 1) {
          await app.services.realtime.events.lastBet(app === second ? db : testApp.db, {
            ...lastBet(`${run}-${name}-${index}`),
          });
        }
      };
      await Promise.all([publishAll(testApp.app, 'first'), publishAll(second, 'second')]);
      await outboxDrained(20_000);

      const ids = fake
        .publications(lastBetChannel)
        .map((data) => (data as { id: string }).id)
        .filter((id) => id.startsWith(run));
      expect(ids).toHaveLength(2 * perApp);
      expect(new Set(ids).size).toBe(2 * perApp);
      // Each app's rows were committed one after the other: they go out in that order.
      for (const name of ['first', 'second']) {
        expect(ids.filter((id) => id.startsWith(`${run}-${name}-`))).toEqual(
          Array.from({ length: perApp }, (_, index) => `${run}-${name}-${index}`),
        );
      }
    } finally {
      await second.close();
      await db.destroy();
    }
  }, 60_000);

  test('banning a player calls Centrifugo disconnect for their globalId', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const banned = await post(testApp.app, `/api/backoffice/v1/players/${globalId}/ban`, admin, {
      reason: 'multiaccounting',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    await waitFor(
      () => fake.calls.some((call) => call.method === 'disconnect' && call.body.user === globalId),
      'the disconnect call',
    );
    await outboxDrained();
    expect(
      fake.calls.filter((call) => call.method === 'disconnect' && call.body.user === globalId),
    ).toEqual([
      {
        method: 'disconnect',
        body: { user: globalId, disconnect: { code: 4501, reason: 'banned' } },
      },
    ]);
  });

  test('signing out calls Centrifugo disconnect for the player with the reauthenticate code, once', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const logout = () =>
      testApp.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(player) });
    expect((await logout()).statusCode).toBe(204);
    await waitFor(
      () => fake.calls.some((call) => call.method === 'disconnect' && call.body.user === globalId),
      'the disconnect call',
    );
    // A second sign-out ends nothing: nothing more is sent.
    expect((await logout()).statusCode).toBe(204);
    await outboxDrained();
    expect(
      fake.calls.filter((call) => call.method === 'disconnect' && call.body.user === globalId),
    ).toEqual([
      {
        method: 'disconnect',
        body: { user: globalId, disconnect: { code: 4001, reason: 'reauthenticate' } },
      },
    ]);
  });
});
