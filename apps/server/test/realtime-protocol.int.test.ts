import { randomUUID } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { lastBetChannel, userChannel } from '@casino/contract';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { BuiltinRealtimeServer } from '../src/modules/realtime/websocket-server.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  loginPlayer,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  testConfig,
} from './support/app.ts';

/**
 * The built-in realtime server against raw WebSocket clients speaking the Centrifugo JSON
 * protocol: exact reply errors and close codes for bad input and broken limits, and the process
 * keeps serving afterwards.
 */

type Message = Record<string, unknown>;

interface Closed {
  code: number;
  reason: string;
}

/** A raw protocol client: sends JSON commands, reads replies and pushes line by line. */
class RawClient {
  /** messages received and not yet taken, in arrival order (pings are counted, not kept) */
  private readonly inbox: Message[] = [];
  private readonly waiters = new Set<() => void>();
  private nextId = 0;
  pings = 0;
  closedWith: Closed | null = null;
  readonly closed: Promise<Closed>;

  constructor(
    readonly socket: WebSocket,
    private readonly answerPings: boolean,
  ) {
    socket.on('message', (data) => {
      for (const line of data.toString().split('\n')) {
        if (line === '') continue;
        const message = JSON.parse(line) as Message;
        if (Object.keys(message).length === 0) {
          this.pings += 1;
          if (this.answerPings) socket.send('{}');
        } else {
          this.inbox.push(message);
        }
      }
      this.wake();
    });
    // A terminated socket reports an error before it closes; the close code is what counts.
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
        this.wake();
      });
    });
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Sends commands in one frame, numbering those without an id; returns their ids. */
  send(...commands: Message[]): number[] {
    const ids: number[] = [];
    const lines = commands.map((command) => {
      if ('id' in command) return JSON.stringify(command);
      this.nextId += 1;
      ids.push(this.nextId);
      return JSON.stringify({ id: this.nextId, ...command });
    });
    this.socket.send(lines.join('\n'));
    return ids;
  }

  /** Sends one command and waits for its reply. */
  async command(command: Message): Promise<Message> {
    const [id] = this.send(command);
    return await this.take((message) => message.id === id);
  }

  /** Waits for `condition` (checked after every message), failing on timeout or close. */
  async until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.closedWith) {
        throw new Error(`closed with ${this.closedWith.code} while waiting for ${what}`);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, remaining);
        this.waiters.add(wake);
      });
    }
  }

  /** Takes the first received message that matches, waiting for it. */
  async take(matches: (message: Message) => boolean = () => true): Promise<Message> {
    let found: Message | undefined;
    await this.until(() => {
      const index = this.inbox.findIndex(matches);
      if (index === -1) return false;
      found = this.inbox.splice(index, 1)[0];
      return true;
    }, 'a message');
    return found as Message;
  }

  /** Connects (anonymously without a token) and returns the connect result. */
  async connect(token?: string): Promise<Message> {
    const reply = await this.command({ connect: token === undefined ? {} : { token } });
    expect(reply.error, JSON.stringify(reply)).toBeUndefined();
    return reply.connect as Message;
  }

  async subscribe(channel: string, options: Message = {}): Promise<Message> {
    return await this.command({ subscribe: { channel, ...options } });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** The socket under the client, to stop reading as a slow consumer would. */
  get tcp(): Socket {
    return (this.socket as unknown as { _socket: Socket })._socket;
  }
}

/** Waits for a condition that no event announces (server-side state), polling briefly. */
async function eventually(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function serverOf(testApp: TestApp): BuiltinRealtimeServer {
  const server = testApp.app.realtimeServer;
  if (!server) throw new Error('the built-in realtime server is not running');
  return server;
}

/**
 * Opens raw clients on an app; after each test closes them, checks that none of them is left
 * in the server, and that a fresh connection is served.
 */
function rawClients(currentApp: () => TestApp) {
  const open: RawClient[] = [];
  let url = '';

  afterEach(async () => {
    for (const client of open.splice(0)) client.socket.terminate();
    const server = serverOf(currentApp());
    await eventually(() => server.connectionCount === 0, 'every connection to be released');
    expect(server.hub.channelCount).toBe(0);

    const fresh = await openClient();
    const connected = await fresh.connect();
    expect(connected.client).toEqual(expect.any(String));
    expect(await fresh.subscribe(lastBetChannel)).toEqual({ id: 2, subscribe: {} });
    fresh.socket.close();
    await fresh.closed;
    open.splice(0);
  });

  async function openClient(options: { answerPings?: boolean } = {}): Promise<RawClient> {
    if (url === '') {
      const { port } = currentApp().app.server.address() as AddressInfo;
      url = `ws://127.0.0.1:${port}/connection/websocket`;
    }
    const socket = new WebSocket(url);
    const client = new RawClient(socket, options.answerPings ?? false);
    open.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  return openClient;
}

async function startApp(realtime: Partial<TestApp['config']['realtime']>): Promise<TestApp> {
  const testApp = await createTestApp({
    config: { realtime: { ...testConfig().realtime, ...realtime } },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  return testApp;
}

async function me(testApp: TestApp, player: SignedIn) {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  const body = response.json() as { globalId: string; websocketToken: string };
  return { globalId: String(body.globalId), token: body.websocketToken };
}

async function userIdOf(testApp: TestApp, player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function signToken(
  secret: string,
  subject: string,
  times: { issuedAt: number; expiresAt: number },
  signInSession?: unknown,
): Promise<string> {
  return await new SignJWT(signInSession === undefined ? {} : { sid: signInSession })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt(times.issuedAt)
    .setExpirationTime(times.expiresAt)
    .sign(new TextEncoder().encode(secret));
}

const limits = {
  maxMessageBytes: 2_048,
  maxSubscriptionsPerConnection: 3,
  maxConnectionsPerUser: 2,
  historySize: 5,
  connectTimeoutSeconds: 1,
  maxBufferedBytes: 65_536,
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startApp(limits);
});

afterAll(async () => {
  await testApp.close();
});

describe('bad input', () => {
  const openClient = rawClients(() => testApp);

  test('malformed JSON closes with 3501', async () => {
    const client = await openClient();
    client.socket.send('{"id":1,"connect":');
    expect((await client.closed).code).toBe(3501);
  });

  test('a binary frame closes with 3501', async () => {
    const client = await openClient();
    client.socket.send(Buffer.from('{"id":1,"connect":{}}'), { binary: true });
    expect((await client.closed).code).toBe(3501);
  });

  test('a command that is not an object, or carries two methods, closes with 3501', async () => {
    const array = await openClient();
    array.socket.send('[{"id":1,"connect":{}}]');
    const twoMethods = await openClient();
    twoMethods.socket.send('{"id":1,"connect":{},"subscribe":{"channel":"broadcast:last_bet"}}');
    expect((await array.closed).code).toBe(3501);
    expect((await twoMethods.closed).code).toBe(3501);
  });

  test('subscribe before connect closes with 3501', async () => {
    const client = await openClient();
    client.send({ subscribe: { channel: lastBetChannel } });
    expect((await client.closed).code).toBe(3501);
  });

  test('connecting twice closes with 3501', async () => {
    const client = await openClient();
    await client.connect();
    client.send({ connect: {} });
    expect((await client.closed).code).toBe(3501);
  });

  test('a command without id other than the pong closes with 3501', async () => {
    const client = await openClient();
    await client.connect();
    expect(await client.subscribe(lastBetChannel)).toEqual({ id: 2, subscribe: {} });
    client.socket.send(JSON.stringify({ unsubscribe: { channel: lastBetChannel } }));
    expect((await client.closed).code).toBe(3501);
  });

  test('an empty command closes with 3501: `{}` that answers no ping, before or after connect', async () => {
    const before = await openClient();
    before.socket.send('{}');
    const after = await openClient();
    await after.connect();
    after.socket.send('{}');
    expect((await before.closed).code).toBe(3501);
    expect((await after.closed).code).toBe(3501);
  });

  test('subscribe parameters of the wrong type close with 3501', async () => {
    const client = await openClient();
    await client.connect();
    client.send({ subscribe: { channel: 42 } });
    expect((await client.closed).code).toBe(3501);
  });

  test('an unknown method, or a command of only an id, closes with 3501', async () => {
    const unknown = await openClient();
    await unknown.connect();
    unknown.send({ foo: {} });
    const onlyId = await openClient();
    await onlyId.connect();
    onlyId.socket.send('{"id":2}');
    expect((await unknown.closed).code).toBe(3501);
    expect((await onlyId.closed).code).toBe(3501);
  });

  test('send (no handler for asynchronous messages) closes with 3508', async () => {
    const client = await openClient();
    await client.connect();
    client.socket.send(JSON.stringify({ send: { data: { hello: 1 } } }));
    expect((await client.closed).code).toBe(3508);
  });

  test('publish is refused with 103, presence and rpc with 108', async () => {
    const client = await openClient();
    await client.connect();
    const publish = await client.command({ publish: { channel: lastBetChannel, data: {} } });
    expect(publish.error).toEqual({ code: 103, message: 'permission denied' });
    const presence = await client.command({ presence: { channel: lastBetChannel } });
    expect(presence.error).toEqual({ code: 108, message: 'not available' });
    const stats = await client.command({ presence_stats: { channel: lastBetChannel } });
    expect(stats.error).toEqual({ code: 108, message: 'not available' });
    const rpc = await client.command({ rpc: { method: 'x', data: {} } });
    expect(rpc.error).toEqual({ code: 108, message: 'not available' });
    const bare = await client.command({ rpc: {} });
    expect(bare.error).toEqual({ code: 108, message: 'not available' });
    expect(client.isOpen).toBe(true);
    expect((await client.subscribe(lastBetChannel)).subscribe).toEqual({});
  });

  test('a frame over maxMessageBytes closes with 1009', async () => {
    const client = await openClient();
    await client.connect();
    client.send({ rpc: { method: 'x', data: 'x'.repeat(limits.maxMessageBytes) } });
    expect((await client.closed).code).toBe(1009);
  });

  test('more commands at once than the server queues closes with 3013', async () => {
    const client = await openClient();
    await client.connect();
    // the queue takes maxSubscriptionsPerConnection + 64 commands
    client.send(...Array.from({ length: 70 }, () => ({ rpc: {} })));
    expect((await client.closed).code).toBe(3013);
  });

  test('a connection that never sends connect is closed as stale with 3502', async () => {
    const client = await openClient();
    expect((await client.closed).code).toBe(3502);
  });
});

describe('commands in one frame', () => {
  const openClient = rawClients(() => testApp);

  test('connect and several subscribes in one frame are answered in order', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const client = await openClient();
    client.send(
      { connect: { token } },
      { subscribe: { channel: userChannel('balance', globalId) } },
      { subscribe: { channel: userChannel('balance', '1') } },
      { subscribe: { channel: lastBetChannel } },
      { subscribe: { channel: userChannel('transaction', globalId) } },
    );
    const replies: Message[] = [];
    for (let index = 0; index < 5; index += 1) replies.push(await client.take());
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3, 4, 5]);
    expect(replies[0]?.connect).toMatchObject({ client: expect.any(String), expires: true });
    expect(replies[1]?.subscribe).toMatchObject({ recoverable: true });
    expect(replies[2]?.error).toEqual({ code: 103, message: 'permission denied' });
    expect(replies[3]).toEqual({ id: 4, subscribe: {} });
    expect(replies[4]?.subscribe).toMatchObject({ recoverable: true });
  });
});

describe('subscriptions', () => {
  const openClient = rawClients(() => testApp);

  test('subscribing twice to a channel is answered 105', async () => {
    const client = await openClient();
    await client.connect();
    expect((await client.subscribe(lastBetChannel)).subscribe).toEqual({});
    expect((await client.subscribe(lastBetChannel)).error).toEqual({
      code: 105,
      message: 'already subscribed',
    });
  });

  test('a subscription over the per-connection limit is answered 106', async () => {
    const client = await openClient();
    await client.connect();
    for (const name of ['a', 'b', 'c']) {
      expect((await client.subscribe(`broadcast:${name}`)).subscribe).toEqual({});
    }
    expect((await client.subscribe('broadcast:d')).error).toEqual({
      code: 106,
      message: 'limit exceeded',
    });
    expect(await client.command({ unsubscribe: { channel: 'broadcast:a' } })).toMatchObject({
      unsubscribe: {},
    });
    expect((await client.subscribe('broadcast:d')).subscribe).toEqual({});
  });

  test('refused channels: 103 for a guest on a user channel, 102 for an unknown one', async () => {
    const client = await openClient();
    await client.connect();
    expect((await client.subscribe(userChannel('balance', '1000001'))).error).toMatchObject({
      code: 103,
    });
    expect((await client.subscribe('foo:bar')).error).toMatchObject({ code: 102 });
    expect((await client.subscribe('wallet#1000001')).error).toMatchObject({ code: 102 });
    expect((await client.subscribe('foo')).error).toMatchObject({ code: 103 });
    expect((await client.subscribe('')).error).toMatchObject({ code: 107 });
    expect(client.isOpen).toBe(true);
  });
});

describe('tokens and players', () => {
  const openClient = rawClients(() => testApp);

  test('a player over the connections-per-user limit is closed with 3504', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const first = await openClient();
    await first.connect(token);
    const second = await openClient();
    await second.connect(token);
    const third = await openClient();
    third.send({ connect: { token } });
    expect((await third.closed).code).toBe(3504);
    // the connections within the limit go on
    expect((await first.subscribe(lastBetChannel)).subscribe).toEqual({});
    expect((await second.subscribe(lastBetChannel)).subscribe).toEqual({});
    // and a place freed is a place taken
    second.socket.close();
    await second.closed;
    await eventually(
      () => serverOf(testApp).registry.connectionsOf(globalId) === 1,
      'the closed connection to be released',
    );
    const fourth = await openClient();
    await fourth.connect(token);
  });

  test('a token with a bad signature, garbage, an unknown player or no open session closes with 3500', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token: genuine } = await me(testApp, player);
    const { sid } = decodeJwt(genuine);
    const now = Math.floor(Date.now() / 1000);
    const times = { issuedAt: now, expiresAt: now + 600 };
    const secret = testApp.config.websocketJwtSecret;
    const tokens = [
      await signToken('another-secret-that-is-long-enough-0001', globalId, times, sid),
      'not-a-jwt',
      await signToken(secret, '999999999999', times, sid),
      await signToken(secret, 'not-a-global-id', times, sid),
      // signed by us, but bound to no sign-in session, or to one that does not exist
      await signToken(secret, globalId, times),
      await signToken(secret, globalId, times, randomUUID()),
      await signToken(secret, globalId, times, 'not-a-session-id'),
    ];
    for (const token of tokens) {
      const client = await openClient();
      client.send({ connect: { token } });
      expect((await client.closed).code, token).toBe(3500);
    }
  });

  test('an expired token is answered 109 and a fresh one then connects', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken(testApp.config.websocketJwtSecret, globalId, {
      issuedAt: now - 120,
      expiresAt: now - 60,
    });
    const client = await openClient();
    expect(await client.command({ connect: { token: expired } })).toEqual({
      id: 1,
      error: { code: 109, message: 'token expired' },
    });
    expect(client.isOpen).toBe(true);
    const connected = await client.connect(token);
    expect(connected).toMatchObject({ expires: true, ttl: expect.any(Number) });
    expect((await client.subscribe(userChannel('balance', globalId))).subscribe).toMatchObject({
      recoverable: true,
    });
  });

  test('a banned player is closed with 4501, and cannot connect again', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const client = await openClient();
    await client.connect(token);
    expect((await client.subscribe(userChannel('balance', globalId))).error).toBeUndefined();

    const operator = await loginOperator(testApp.app, undefined, testApp.config);
    const banned = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${globalId}/ban`,
      headers: bearer(operator),
      payload: { reason: 'bonus_abuse' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await client.closed).toEqual({ code: 4501, reason: 'banned' });

    const again = await openClient();
    again.send({ connect: { token } });
    expect((await again.closed).code).toBe(4501);
  });

  test('after sign-out its token is refused (3500) and its connections close (4502); another session goes on', async () => {
    const player = await registerPlayer(testApp.app);
    const other = await loginPlayer(testApp.app, player.email, player.password);
    const { globalId, token } = await me(testApp, player);
    const { token: otherToken } = await me(testApp, other);
    const signedOut = await openClient({ answerPings: true });
    await signedOut.connect(token);
    expect((await signedOut.subscribe(userChannel('balance', globalId))).error).toBeUndefined();
    const otherDevice = await openClient({ answerPings: true });
    await otherDevice.connect(otherToken);
    expect((await otherDevice.subscribe(userChannel('balance', globalId))).error).toBeUndefined();

    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(player),
    });
    expect(logout.statusCode, logout.body).toBe(204);
    expect(await signedOut.closed).toEqual({ code: 4502, reason: 'session ended' });

    // The token has not expired, but its session has: refused at connect.
    const again = await openClient();
    again.send({ connect: { token } });
    expect((await again.closed).code).toBe(3500);
    // A second sign-out of the same session changes nothing.
    const repeated = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(player),
    });
    expect(repeated.statusCode).toBe(204);

    // The other session's connection still delivers, and a token of it still connects.
    expect(otherDevice.isOpen).toBe(true);
    await testApp.app.services.realtime.events.balancesChanged(testApp.db, [
      await userIdOf(testApp, player),
    ]);
    const push = await otherDevice.take((message) => message.push !== undefined);
    expect(push).toMatchObject({ push: { channel: userChannel('balance', globalId) } });
    const fresh = await openClient();
    await fresh.connect((await me(testApp, other)).token);
  });
});

describe('user channel streams', () => {
  const openClient = rawClients(() => testApp);

  async function publishActions(userId: string, gameIds: string[]): Promise<void> {
    for (const gameId of gameIds) {
      await testApp.app.services.realtime.events.interfaceAction(testApp.db, userId, {
        action: 'open',
        gameId,
      });
    }
  }

  test('the subscribe reply positions the client; history reads after `since`', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const userId = await userIdOf(testApp, player);
    const channel = userChannel('interface_actions', globalId);
    await publishActions(userId, ['g1', 'g2', 'g3']);

    const client = await openClient();
    await client.connect(token);
    const subscribed = (await client.subscribe(channel)).subscribe as Message;
    expect(subscribed).toEqual({
      recoverable: true,
      positioned: true,
      epoch: expect.any(String),
      offset: 3,
    });
    const epoch = subscribed.epoch as string;

    const since = await client.command({
      history: { channel, limit: 10, since: { offset: 1, epoch } },
    });
    expect(since.history).toEqual({
      epoch,
      offset: 3,
      publications: [
        { data: { action: 'open', gameId: 'g2' }, offset: 2 },
        { data: { action: 'open', gameId: 'g3' }, offset: 3 },
      ],
    });
    const latest = await client.command({ history: { channel, limit: 1 } });
    expect(latest.history).toEqual({
      epoch,
      offset: 3,
      publications: [{ data: { action: 'open', gameId: 'g3' }, offset: 3 }],
    });
    const reversed = await client.command({ history: { channel, limit: 2, reverse: true } });
    expect((reversed.history as { publications: Message[] }).publications).toEqual([
      { data: { action: 'open', gameId: 'g3' }, offset: 3 },
      { data: { action: 'open', gameId: 'g2' }, offset: 2 },
    ]);
    const everything = await client.command({ history: { channel, limit: -1 } });
    expect(
      (everything.history as { publications: Array<{ offset: number }> }).publications.map(
        (publication) => publication.offset,
      ),
    ).toEqual([1, 2, 3]);
    const positionOnly = await client.command({ history: { channel } });
    expect(positionOnly.history).toEqual({ epoch, offset: 3, publications: [] });

    // The history keeps 5: offsets 1–3 go once 8 are published.
    await publishActions(userId, ['g4', 'g5', 'g6', 'g7', 'g8']);
    const trimmed = await client.command({
      history: { channel, limit: 5, since: { offset: 1, epoch } },
    });
    expect(trimmed.error).toEqual({ code: 112, message: 'unrecoverable position' });
    const otherEpoch = await client.command({
      history: { channel, limit: 5, since: { offset: 3, epoch: 'another-epoch' } },
    });
    expect(otherEpoch.error).toMatchObject({ code: 112 });
    const ahead = await client.command({
      history: { channel, limit: 5, since: { offset: 99, epoch } },
    });
    expect(ahead.error).toMatchObject({ code: 112 });
    const kept = await client.command({
      history: { channel, limit: 5, since: { offset: 3, epoch } },
    });
    expect(
      (kept.history as { publications: Array<{ offset: number }> }).publications.map(
        (publication) => publication.offset,
      ),
    ).toEqual([4, 5, 6, 7, 8]);
    expect(client.isOpen).toBe(true);
  });

  test('subscribe with recover returns what was missed, or recovered: false when too old', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const userId = await userIdOf(testApp, player);
    const channel = userChannel('interface_actions', globalId);
    await publishActions(userId, ['g1', 'g2', 'g3']);

    const client = await openClient();
    await client.connect(token);
    const { epoch } = (await client.subscribe(channel)).subscribe as { epoch: string };
    await client.command({ unsubscribe: { channel } });

    const recovered = await client.subscribe(channel, { recover: true, epoch, offset: 1 });
    expect(recovered.subscribe).toEqual({
      recoverable: true,
      positioned: true,
      epoch,
      offset: 3,
      was_recovering: true,
      recovered: true,
      publications: [
        { data: { action: 'open', gameId: 'g2' }, offset: 2 },
        { data: { action: 'open', gameId: 'g3' }, offset: 3 },
      ],
    });
    await client.command({ unsubscribe: { channel } });

    await publishActions(userId, ['g4', 'g5', 'g6', 'g7', 'g8']);
    const tooOld = await client.subscribe(channel, { recover: true, epoch, offset: 1 });
    expect(tooOld.subscribe).toEqual({
      recoverable: true,
      positioned: true,
      epoch,
      offset: 8,
      was_recovering: true,
      recovered: false,
    });
    await client.command({ unsubscribe: { channel } });
    const rejected = await client.subscribe(channel, { recover: true, epoch, offset: 1, flag: 2 });
    expect(rejected.error).toMatchObject({ code: 112 });
  });

  test('history is refused on someone else’s channel (103) and on broadcasts (108)', async () => {
    const client = await openClient();
    await client.connect();
    const foreign = await client.command({
      history: { channel: userChannel('balance', '1000001'), limit: 1 },
    });
    expect(foreign.error).toMatchObject({ code: 103 });
    const broadcast = await client.command({ history: { channel: lastBetChannel, limit: 1 } });
    expect(broadcast.error).toMatchObject({ code: 108 });
  });
});

describe('slow consumers', () => {
  const openClient = rawClients(() => testApp);

  test('a client that stops reading is cut off instead of buffered without bound', {
    timeout: 90_000,
  }, async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, token } = await me(testApp, player);
    const userId = await userIdOf(testApp, player);
    const channel = userChannel('interface_actions', globalId);
    const server = serverOf(testApp);

    const slow = await openClient();
    await slow.connect(token);
    const [slowSession] = server.registry.sessionsOf(globalId);
    if (!slowSession) throw new Error('the slow client has no session');
    expect((await slow.subscribe(channel)).error).toBeUndefined();
    // A second connection reads everything: it tells when each publication was delivered.
    const reader = await openClient();
    await reader.connect(token);
    expect((await reader.subscribe(channel)).error).toBeUndefined();

    slow.tcp.pause();
    const publicationBytes = 60_000;
    let published = 0;
    while (!slowSession.isClosed) {
      if (published === 400) throw new Error('the slow client was never cut off');
      published += 1;
      await testApp.app.services.realtime.events.interfaceAction(testApp.db, userId, {
        action: 'x'.repeat(publicationBytes),
        gameId: String(published),
      });
      await reader.take((message) => {
        const push = message.push as { pub?: { offset?: number } } | undefined;
        return push?.pub?.offset === published;
      });
    }
    expect(slowSession.subscriptionCount).toBe(0);
    expect(server.registry.sessionsOf(globalId)).toHaveLength(1);

    slow.tcp.resume();
    expect([3008, 1006]).toContain((await slow.closed).code);

    // the reader is unaffected, and once it leaves the hub holds no one on the channel
    expect(reader.isOpen).toBe(true);
    reader.socket.close();
    await reader.closed;
    await eventually(() => !server.hub.hasSubscribers(channel), 'the channel to be empty');
  });
});

describe('pings', () => {
  let pingApp: TestApp;

  beforeAll(async () => {
    pingApp = await startApp({ pingIntervalSeconds: 1, pongTimeoutSeconds: 1 });
  });

  afterAll(async () => {
    await pingApp.close();
  });

  const openClient = rawClients(() => pingApp);

  test('the server pings; a client that never pongs is closed with 3012, one that does stays', async () => {
    const silent = await openClient();
    const answering = await openClient({ answerPings: true });
    expect(await silent.connect()).toMatchObject({ ping: 1, pong: true });
    await answering.connect();

    expect((await silent.closed).code).toBe(3012);
    expect(silent.pings).toBeGreaterThanOrEqual(1);
    await answering.until(() => answering.pings >= 3, 'three pings');
    expect(answering.isOpen).toBe(true);
    expect((await answering.subscribe(lastBetChannel)).subscribe).toEqual({});
  });
});
