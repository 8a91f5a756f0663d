import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  balanceEventSchema,
  fiatOrderSchema,
  lastBetChannel,
  transactionEventSchema,
  userChannel,
} from '@casino/contract';
import type {
  Centrifuge,
  ConnectingContext,
  ErrorContext,
  SubscribedContext,
  SubscribingContext,
  Subscription,
} from 'centrifuge';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { WebsocketTokenIssuer } from '../src/lib/websocket-token.ts';
import { disconnects } from '../src/modules/realtime/protocol.ts';
import type { StreamPosition } from '../src/modules/realtime/realtime.repository.ts';
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
import { createDatabaseFromTemplate, type TestDatabase } from './support/postgres.ts';
import {
  type CentrifugeOptions,
  centrifugeClient,
  collect,
  globalIdOf,
  nextEvent,
  recordingWebSocket,
  waitFor,
  websocketToken,
} from './support/realtime.ts';
import { callServer, type ServerProcess, startServerProcess } from './support/server-process.ts';

let keyCounter = 0;

function idempotencyKey(): string {
  keyCounter += 1;
  return `realtime-delivery-${keyCounter}-${randomUUID()}`;
}

function post(testApp: TestApp, url: string, session: SignedIn, payload?: object) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': idempotencyKey() },
    ...(payload ? { payload } : {}),
  });
}

async function createBuy(testApp: TestApp, player: SignedIn) {
  const response = await post(testApp, '/api/v2/wallet/orders/buy', player, {
    amount: '1000',
    bankId: 'sber-rub',
  });
  expect(response.statusCode, response.body).toBe(200);
  return fiatOrderSchema.parse(response.json());
}

async function approve(testApp: TestApp, operator: SignedIn, orderId: string): Promise<void> {
  const response = await post(testApp, `/api/backoffice/v1/orders/${orderId}/approve`, operator);
  expect(response.statusCode, response.body).toBe(200);
}

async function userIdOf(testApp: TestApp, player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

function websocketUrlOf(testApp: TestApp): string {
  const { port } = testApp.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/connection/websocket`;
}

/** Every `subscribed` context of a subscription, in order. */
function subscribedContexts(subscription: Subscription): SubscribedContext[] {
  const contexts: SubscribedContext[] = [];
  subscription.on('subscribed', (context) => contexts.push(context));
  return contexts;
}

/**
 * Lets the client connect only while open: the client awaits `getData` before every connect
 * attempt, so a closed gate keeps a dropped client away for as long as the test needs.
 */
function connectGate() {
  let open: Promise<void> = Promise.resolve();
  let release = () => {};
  let attempts = 0;
  return {
    getData: async () => {
      attempts += 1;
      await open;
      return null;
    },
    get attempts() {
      return attempts;
    },
    close() {
      open = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    open() {
      release();
    },
  };
}

/** Offsets that follow one another from `after`, each once. */
function expectConsecutive(offsets: Array<number | undefined>, after: number): void {
  expect(offsets).toEqual(offsets.map((_, index) => after + 1 + index));
}

describe('token expiry and refresh', () => {
  const ttlSeconds = 2;
  let testApp: TestApp;
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      config: { websocketTokenTtlSeconds: ttlSeconds },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await testApp.close();
  });

  test('a connected player refreshes its token through getToken and stays connected past its expiry', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const userId = await userIdOf(testApp, player);
    const token = await websocketToken(testApp.app, player);
    const expiresAt = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { exp: number };
    let tokenFetches = 0;
    const centrifuge = centrifugeClient(websocketUrlOf(testApp), clients, {
      token,
      getToken: async () => {
        tokenFetches += 1;
        return await websocketToken(testApp.app, player);
      },
    });
    const interruptions: string[] = [];
    const balance = centrifuge.newSubscription(userChannel('balance', globalId));
    const balances = collect(balance);
    balance.subscribe();
    centrifuge.connect();
    await nextEvent(centrifuge, 'connected');
    await balance.ready(5_000);
    centrifuge.on('disconnected', (context) => interruptions.push(`disconnected ${context.code}`));
    centrifuge.on('connecting', (context) => interruptions.push(`connecting ${context.code}`));
    balance.on('subscribing', (context) => interruptions.push(`subscribing ${context.code}`));

    // The server closes a connection whose token expired 5 s after the expiry unless it was
    // refreshed: stay well past that.
    const closeDeadline = expiresAt.exp * 1000 + 5_000;
    await waitFor(
      () => Date.now() > closeDeadline + 1_500,
      'the original token to be long expired',
      15_000,
    );
    expect(tokenFetches).toBeGreaterThanOrEqual(3);
    expect(interruptions).toEqual([]);
    expect(centrifuge.state).toBe('connected');

    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [userId]);
    const [published] = await balances.until(1);
    expect(balanceEventSchema.parse(published)).toEqual(
      await testApp.app.services.balance.balance(userId),
    );
    expect(interruptions).toEqual([]);
  }, 30_000);

  test('a client connecting with an expired token gets 109, fetches a new one and connects', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const expired = await new WebsocketTokenIssuer(testApp.config.websocketJwtSecret, 60, {
      now: () => anHourAgo,
    }).issue(globalId, randomUUID());
    const frames: string[] = [];
    let tokenFetches = 0;
    const centrifuge = centrifugeClient(websocketUrlOf(testApp), clients, {
      token: expired,
      websocket: recordingWebSocket(frames),
      getToken: async () => {
        tokenFetches += 1;
        return await websocketToken(testApp.app, player);
      },
    });
    const errors: ErrorContext[] = [];
    centrifuge.on('error', (context) => errors.push(context));
    const balance = centrifuge.newSubscription(userChannel('balance', globalId));
    balance.subscribe();
    const connected = nextEvent(centrifuge, 'connected');
    centrifuge.connect();
    await connected;
    await balance.ready(5_000);

    expect(errors.map((context) => [context.type, context.error.code])).toEqual([['connect', 109]]);
    expect(tokenFetches).toBe(1);
    expect(frames[0]).toMatch(/^\{"id":1,"error":\{"code":109,/);
  });
});

describe('recovery and lost notifications', () => {
  const historySize = 3;
  let testApp: TestApp;
  let admin: SignedIn;
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      config: { realtime: { ...testConfig().realtime, historySize } },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await loginOperator(testApp.app, undefined, testApp.config);
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await testApp.close();
  });

  /** A signed-in player's client, connected and subscribed to balance# and transaction#. */
  async function connectedPlayer(options: CentrifugeOptions = {}, withGetState = false) {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const userId = await userIdOf(testApp, player);
    const gate = connectGate();
    const frames: string[] = [];
    const centrifuge = centrifugeClient(websocketUrlOf(testApp), clients, {
      token: await websocketToken(testApp.app, player),
      getData: gate.getData,
      websocket: recordingWebSocket(frames),
      ...options,
    });
    const stateLoads: StreamPosition[] = [];
    const balanceChannel = userChannel('balance', globalId);
    const balance = centrifuge.newSubscription(balanceChannel, {
      ...(withGetState
        ? {
            // The app's own source of truth for the channel position (read before its data).
            getState: async () => {
              const position =
                await testApp.app.services.realtime.repository.position(balanceChannel);
              stateLoads.push(position);
              return position;
            },
          }
        : {}),
    });
    const transaction = centrifuge.newSubscription(userChannel('transaction', globalId));
    const session = {
      player,
      globalId,
      userId,
      gate,
      frames,
      centrifuge,
      stateLoads,
      balance,
      transaction,
      balances: collect(balance),
      transactions: collect(transaction),
      balanceSubscribed: subscribedContexts(balance),
      transactionSubscribed: subscribedContexts(transaction),
    };
    balance.subscribe();
    transaction.subscribe();
    centrifuge.connect();
    await Promise.all([balance.ready(5_000), transaction.ready(5_000)]);
    return session;
  }

  type ConnectedPlayer = Awaited<ReturnType<typeof connectedPlayer>>;

  /** Closes the player's connections from the server side; the client stays away until let in. */
  async function dropConnection(session: ConnectedPlayer): Promise<void> {
    session.gate.close();
    const attempts = session.gate.attempts;
    const reconnecting = nextEvent<ConnectingContext>(session.centrifuge, 'connecting');
    const sessions = testApp.app.realtimeServer?.registry.sessionsOf(session.globalId) ?? [];
    expect(sessions).toHaveLength(1);
    for (const server of sessions) server.disconnect(disconnects.forceReconnect);
    expect((await reconnecting).code).toBe(disconnects.forceReconnect.code);
    await waitFor(() => session.gate.attempts > attempts, 'the client to try to reconnect');
    expect(testApp.app.realtimeServer?.registry.connectionsOf(session.globalId)).toBe(0);
  }

  async function reconnect(session: ConnectedPlayer, subscribedBefore: number): Promise<void> {
    session.gate.open();
    await waitFor(
      () =>
        session.balanceSubscribed.length > subscribedBefore &&
        session.transactionSubscribed.length > subscribedBefore,
      'both subscriptions to be subscribed again',
    );
  }

  async function topOffset(channel: string): Promise<number> {
    return (await testApp.app.services.realtime.repository.position(channel)).offset;
  }

  test('after a dropped connection the missed publications are recovered in order, once', async () => {
    const session = await connectedPlayer();
    const order = await createBuy(testApp, session.player);
    const [waiting] = await session.transactions.until(1);
    expect(transactionEventSchema.parse(waiting)).toMatchObject({
      id: order.id,
      status: 'waiting',
    });
    const transactionOffset = session.transactions.offsets[0] ?? 0;
    const balanceOffset = session.balanceSubscribed[0]?.streamPosition?.offset ?? 0;

    await dropConnection(session);
    // While the player is away the operator approves the deposit and the player starts another.
    await approve(testApp, admin, order.id);
    const second = await createBuy(testApp, session.player);
    await reconnect(session, 1);

    for (const contexts of [session.balanceSubscribed, session.transactionSubscribed]) {
      expect(contexts[1]).toMatchObject({ wasRecovering: true, recovered: true });
      expect(contexts[1]?.hasRecoveredPublications).toBe(true);
    }
    const transactions = (await session.transactions.until(3)).map((data) =>
      transactionEventSchema.parse(data),
    );
    expect(transactions.map((event) => [event.id, event.status])).toEqual([
      [order.id, 'waiting'],
      [order.id, 'completed'],
      [second.id, 'waiting'],
    ]);
    expectConsecutive(session.transactions.offsets, transactionOffset - 1);
    const [balance] = await session.balances.until(1);
    expect(balanceEventSchema.parse(balance)).toEqual(
      await testApp.app.services.balance.balance(session.userId),
    );
    expectConsecutive(session.balances.offsets, balanceOffset);

    // Live again: the next publication arrives once, after the recovered ones.
    await approve(testApp, admin, second.id);
    await session.transactions.until(4);
    await session.balances.until(2);
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    await session.balances.until(3);
    expectConsecutive(session.transactions.offsets, transactionOffset - 1);
    expectConsecutive(session.balances.offsets, balanceOffset);
    expect(session.transactions.received).toHaveLength(4);
    expect(session.balances.received).toHaveLength(3);
    expect(session.centrifuge.state).toBe('connected');
  });

  test('exactly as many missed as the history keeps are all recovered', async () => {
    const session = await connectedPlayer();
    const before = session.balanceSubscribed[0]?.streamPosition?.offset ?? 0;
    await dropConnection(session);
    for (let index = 0; index < historySize; index += 1) {
      await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    }
    await reconnect(session, 1);
    expect(session.balanceSubscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });
    await session.balances.until(historySize);
    expectConsecutive(session.balances.offsets, before);
  });

  test('more missed than the history keeps: resubscribed with wasRecovering and not recovered', async () => {
    const session = await connectedPlayer();
    const channel = userChannel('balance', session.globalId);
    await dropConnection(session);
    for (let index = 0; index < historySize + 1; index += 1) {
      await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    }
    const top = await topOffset(channel);
    await reconnect(session, 1);

    expect(session.balanceSubscribed[1]).toMatchObject({
      wasRecovering: true,
      recovered: false,
      hasRecoveredPublications: false,
      streamPosition: { offset: top },
    });
    // Nothing was missed on transaction#: that one recovers.
    expect(session.transactionSubscribed[1]).toMatchObject({
      wasRecovering: true,
      recovered: true,
    });
    expect(session.balances.received).toEqual([]);

    // The client took the stream's position: the next publication follows it.
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    await session.balances.until(1);
    expect(session.balances.offsets).toEqual([top + 1]);
  });

  test('with getState the server answers 112 and the client reloads its state, then follows', async () => {
    const session = await connectedPlayer({}, true);
    const channel = userChannel('balance', session.globalId);
    expect(session.stateLoads).toHaveLength(1);
    expect(session.balanceSubscribed[0]).toMatchObject({ wasRecovering: true, recovered: true });

    await dropConnection(session);
    for (let index = 0; index < historySize + 1; index += 1) {
      await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    }
    const top = await topOffset(channel);
    await reconnect(session, 1);

    // The recovery was refused (the client asked for that with its flag), the state was loaded
    // again from the app's source, and the subscription continued from the loaded position.
    expect(session.frames.some((frame) => frame.includes('"error":{"code":112,'))).toBe(true);
    expect(session.stateLoads).toHaveLength(2);
    expect(session.stateLoads[1]?.offset).toBe(top);
    expect(session.balanceSubscribed[1]).toMatchObject({
      wasRecovering: true,
      recovered: true,
      streamPosition: { offset: top },
    });
    expect(session.balances.received).toEqual([]);

    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    await session.balances.until(1);
    expect(session.balances.offsets).toEqual([top + 1]);
  });

  test('when the LISTEN connection drops, clients resubscribe (2500) and recover what was published meanwhile', async () => {
    const session = await connectedPlayer();
    const channel = userChannel('balance', session.globalId);
    const before = await topOffset(channel);
    const resubscribing = nextEvent<SubscribingContext>(session.balance, 'subscribing');

    const { rows } = await sql<{ terminated: boolean }>`
      SELECT pg_terminate_backend(pid, 5000) AS terminated
      FROM pg_stat_activity
      WHERE application_name = 'casino-realtime-listener' AND datname = current_database()`.execute(
      testApp.db,
    );
    expect(rows).toEqual([{ terminated: true }]);
    // Published while no process listens: no notification reaches anyone.
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);

    expect((await resubscribing).code).toBe(2500);
    expect(
      session.frames.some((frame) =>
        frame.includes(`{"push":{"channel":"${channel}","unsubscribe":{"code":2500,`),
      ),
    ).toBe(true);
    await waitFor(() => session.balanceSubscribed.length === 2, 'balance# to be subscribed again');
    expect(session.balanceSubscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });
    await session.balances.until(2);
    expect(session.balances.offsets).toEqual([before + 1, before + 2]);
    // They came back with the subscribe reply, not as live pushes.
    expect(
      session.frames.some(
        (frame) => frame.includes('"subscribe":{') && frame.includes('"publications":[{'),
      ),
    ).toBe(true);

    // The listener is back: live publications flow again, once each.
    await waitFor(async () => {
      const { rows } = await sql<{ listeners: number }>`
          SELECT count(*)::integer AS listeners FROM pg_stat_activity
          WHERE application_name = 'casino-realtime-listener' AND datname = current_database()`.execute(
        testApp.db,
      );
      return rows[0]?.listeners === 1;
    }, 'the listener to reconnect');
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [session.userId]);
    await session.balances.until(3);
    expect(session.balances.offsets).toEqual([before + 1, before + 2, before + 3]);
    expect(session.centrifuge.state).toBe('connected');
  });

  test('publications that overflow a slow subscribe: the subscribe is answered, then resubscribed', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(testApp.app, player);
    const userId = await userIdOf(testApp, player);
    const channel = userChannel('balance', globalId);
    const centrifuge = centrifugeClient(websocketUrlOf(testApp), clients, {
      token: await websocketToken(testApp.app, player),
    });
    const connected = nextEvent(centrifuge, 'connected');
    centrifuge.connect();
    await connected;
    const interruptions: string[] = [];
    centrifuge.on('connecting', (context) => interruptions.push(`connecting ${context.code}`));

    // The subscribe's read of the stream is held up while more publications than the history
    // keeps arrive for the channel.
    const repository = testApp.app.services.realtime.repository;
    const server = testApp.app.realtimeServer;
    if (!server) throw new Error('the built-in realtime server is not running');
    const originalPosition = repository.position;
    const originalDeliver = server.hub.deliver;
    let reading = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivered = 0;
    repository.position = async (name: string) => {
      if (name === channel) {
        reading = true;
        await held;
      }
      return await originalPosition.call(repository, name);
    };
    server.hub.deliver = (publication) => {
      if (publication.channel === channel) delivered += 1;
      return originalDeliver.call(server.hub, publication);
    };
    try {
      const balance = centrifuge.newSubscription(channel);
      const contexts = subscribedContexts(balance);
      const balances = collect(balance);
      const resubscribing = nextEvent<SubscribingContext>(
        balance,
        'subscribing',
        (context) => context.code === 2500,
      );
      balance.subscribe();
      await waitFor(() => reading, 'the subscribe to read the stream');
      for (let index = 0; index < historySize + 1; index += 1) {
        await testApp.app.services.realtime.events.balancesChanged(testApp.db, [userId]);
      }
      await waitFor(() => delivered === historySize + 1, 'the notifications to arrive');
      release();

      await resubscribing;
      await waitFor(() => contexts.length === 2, 'the subscription to be subscribed again');
      const top = await topOffset(channel);
      expect(contexts[1]).toMatchObject({
        wasRecovering: true,
        recovered: true,
        streamPosition: { offset: top },
      });
      await testApp.app.services.realtime.events.balancesChanged(testApp.db, [userId]);
      await balances.until(1);
      expect(balances.offsets).toEqual([top + 1]);
      expect(interruptions).toEqual([]);
    } finally {
      repository.position = originalPosition;
      server.hub.deliver = originalDeliver;
      release();
    }
  });
});

describe('two server processes on one database', () => {
  let database: TestDatabase;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Centrifuge[] = [];
  const config = testConfig();

  beforeAll(async () => {
    database = await createDatabaseFromTemplate(inject('adminDatabaseUrl'));
    const environment = {
      OPERATOR_EMAIL: config.operatorEmail,
      OPERATOR_PASSWORD: config.operatorPassword,
      WEBSOCKET_JWT_SECRET: config.websocketJwtSecret,
    };
    // One after the other: each inserts the demo data on start.
    processA = await startServerProcess(database.url, environment);
    processB = await startServerProcess(database.url, environment);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await processA?.stop();
    await processB?.stop();
    await database?.drop();
  });

  const call = callServer;

  function websocketUrlOfProcess(server: ServerProcess): string {
    return `${server.baseUrl.replace('http://', 'ws://')}/connection/websocket`;
  }

  /** A player registered through `server`: API token, globalId and connection token. */
  async function playerOn(server: ServerProcess) {
    const email = `two-processes-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await call(server, '/api/v1/auth/register', {
      method: 'POST',
      body: { email, password: 'correct horse battery' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const playerToken = (registered.body as { token: string }).token;
    const me = await call(server, '/api/v1/me', { token: playerToken });
    const { globalId, websocketToken: token } = me.body as {
      globalId: string | number;
      websocketToken: string;
    };
    return { email, playerToken, globalId: String(globalId), token };
  }

  /** Another sign-in session of the player (another device): its API and connection tokens. */
  async function anotherSessionOn(server: ServerProcess, email: string) {
    const login = await call(server, '/api/v1/auth/login', {
      method: 'POST',
      body: { email, password: 'correct horse battery' },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const playerToken = (login.body as { token: string }).token;
    const me = await call(server, '/api/v1/me', { token: playerToken });
    return { playerToken, token: (me.body as { websocketToken: string }).websocketToken };
  }

  async function operatorOn(server: ServerProcess): Promise<string> {
    const login = await call(server, '/api/backoffice/v1/auth/login', {
      method: 'POST',
      body: { email: config.operatorEmail, password: config.operatorPassword },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return (login.body as { token: string }).token;
  }

  test('an approval through process A reaches a player connected to process B', async () => {
    const { playerToken, globalId, token } = await playerOn(processB);
    const operatorToken = await operatorOn(processA);

    const centrifuge = centrifugeClient(websocketUrlOfProcess(processB), clients, { token });
    const balance = centrifuge.newSubscription(userChannel('balance', globalId));
    const transaction = centrifuge.newSubscription(userChannel('transaction', globalId));
    const balances = collect(balance);
    const transactions = collect(transaction);
    balance.subscribe();
    transaction.subscribe();
    centrifuge.connect();
    await Promise.all([balance.ready(5_000), transaction.ready(5_000)]);

    const created = await call(processA, '/api/v2/wallet/orders/buy', {
      method: 'POST',
      token: playerToken,
      body: { amount: '1000', bankId: 'sber-rub' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = fiatOrderSchema.parse(created.body);
    const approved = await call(processA, `/api/backoffice/v1/orders/${order.id}/approve`, {
      method: 'POST',
      token: operatorToken,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const events = (await transactions.until(2)).map((data) => transactionEventSchema.parse(data));
    expect(events.map((event) => [event.id, event.status])).toEqual([
      [order.id, 'waiting'],
      [order.id, 'completed'],
    ]);
    const [published] = await balances.until(1);
    const current = await call(processA, '/api/v1/balance', { token: playerToken });
    expect(current.status).toBe(200);
    const event = balanceEventSchema.parse(published);
    expect(event).toEqual(current.body);
    expect(Number(event.total.primaryValue)).toBeGreaterThan(0);
  });

  test('a guest on process B receives broadcast:last_bet published on the database', async () => {
    const guest = centrifugeClient(websocketUrlOfProcess(processB), clients);
    const subscription = guest.newSubscription(lastBetChannel);
    const bets = collect(subscription);
    subscription.subscribe();
    guest.connect();
    await subscription.ready(5_000);
    const bet = {
      id: `round-${randomUUID()}`,
      gameId: 'dice',
      gameTitle: 'Dice',
      player: 'Jo***n',
      bet: '1.00',
      multiplier: '2.00',
      payout: '2.00',
      currency: 'USD',
      timestamp: new Date().toISOString(),
    };
    // What process A's services do when a round settles: the same function, on the database.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('SELECT realtime_publish($1, $2, 0, $3)', [
        lastBetChannel,
        JSON.stringify(bet),
        randomUUID(),
      ]);
    } finally {
      await client.end();
    }
    expect(await bets.until(1)).toEqual([bet]);
  });

  /** A connected client of `server` with the token; resolves once connected. */
  async function connectedClient(server: ServerProcess, token: string): Promise<Centrifuge> {
    const centrifuge = centrifugeClient(websocketUrlOfProcess(server), clients, { token });
    const connected = nextEvent(centrifuge, 'connected');
    centrifuge.connect();
    await connected;
    return centrifuge;
  }

  test('a player banned through process A is disconnected from both processes for good (4501)', async () => {
    const { email, globalId, token } = await playerOn(processB);
    const operatorToken = await operatorOn(processA);
    // A second sign-in session of the player, as another device has.
    const other = await anotherSessionOn(processA, email);
    const connections = [
      await connectedClient(processB, token),
      await connectedClient(processA, token),
      await connectedClient(processA, other.token),
      await connectedClient(processB, other.token),
    ];
    const disconnected = connections.map((centrifuge) =>
      nextEvent<{ code: number; reason: string }>(centrifuge, 'disconnected'),
    );
    const banned = await call(processA, `/api/backoffice/v1/players/${globalId}/ban`, {
      method: 'POST',
      token: operatorToken,
      body: { reason: 'multiaccounting' },
    });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    for (const event of await Promise.all(disconnected)) {
      expect(event).toEqual({ code: disconnects.banned.code, reason: 'banned' });
    }
    expect(connections.map((centrifuge) => centrifuge.state)).toEqual([
      'disconnected',
      'disconnected',
      'disconnected',
      'disconnected',
    ]);
  });

  test('signing out through process A closes that session on both processes; its token is refused, the other session goes on', async () => {
    const { email, playerToken, globalId, token } = await playerOn(processB);
    const { playerToken: otherPlayerToken, token: otherToken } = await anotherSessionOn(
      processB,
      email,
    );

    const signedOut = [
      await connectedClient(processB, token),
      await connectedClient(processA, token),
    ];
    const disconnected = signedOut.map((centrifuge) =>
      nextEvent<{ code: number; reason: string }>(centrifuge, 'disconnected'),
    );
    const otherDevices = [
      await connectedClient(processA, otherToken),
      await connectedClient(processB, otherToken),
    ];
    const balances = otherDevices.map((centrifuge) => {
      const subscription = centrifuge.newSubscription(userChannel('balance', globalId));
      const received = collect(subscription);
      subscription.subscribe();
      return { subscription, received };
    });
    await Promise.all(balances.map(({ subscription }) => subscription.ready(5_000)));

    const logout = await call(processA, '/api/v1/auth/logout', {
      method: 'POST',
      token: playerToken,
    });
    expect(logout.status).toBe(204);
    for (const event of await Promise.all(disconnected)) {
      expect(event).toEqual({ code: disconnects.sessionEnded.code, reason: 'session ended' });
    }

    // The old token has not expired, but neither process accepts it any more.
    for (const server of [processA, processB]) {
      const retry = centrifugeClient(websocketUrlOfProcess(server), clients, { token });
      const refused = nextEvent<{ code: number }>(retry, 'disconnected');
      retry.connect();
      expect((await refused).code).toBe(disconnects.invalidToken.code);
    }

    // The other session's connections were left alone and still deliver.
    const deposit = await call(processA, '/api/v2/wallet/orders/buy', {
      method: 'POST',
      token: otherPlayerToken,
      body: { amount: '1000', bankId: 'sber-rub' },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const approved = await call(
      processA,
      `/api/backoffice/v1/orders/${fiatOrderSchema.parse(deposit.body).id}/approve`,
      { method: 'POST', token: await operatorOn(processA) },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    for (const { received } of balances) await received.until(1);
    expect(otherDevices.map((centrifuge) => centrifuge.state)).toEqual(['connected', 'connected']);
  });
});
