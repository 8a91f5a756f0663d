import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import type { VerifiedToken } from '../../lib/websocket-token.ts';
import { type EncodedPush, RealtimeHub } from './hub.ts';
import { disconnects, type Publication } from './protocol.ts';
import type { StreamPosition } from './realtime.repository.ts';
import {
  ClientSession,
  type RealtimeIdentities,
  type SessionLimits,
  SessionRegistry,
} from './session.ts';

const limits: SessionLimits = {
  historySize: 10,
  historyTtlSeconds: 600,
  pingIntervalSeconds: 25,
  pongTimeoutSeconds: 10,
  connectTimeoutSeconds: 10,
  maxSubscriptionsPerConnection: 8,
  maxConnectionsPerUser: 4,
  maxBufferedBytes: 1_000,
};

const player = '1000042';
const channel = `balance#${player}`;

/** The session's socket: what was sent, how it was closed, how much is "unsent". */
class FakeTransport {
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  buffered = 0;

  send(frame: string): void {
    this.sent.push(JSON.parse(frame));
  }

  sendPush(push: EncodedPush): void {
    this.sent.push(JSON.parse(push.text.toString()));
  }

  close(code: number): void {
    this.closedWith = code;
  }

  bufferedAmount(): number {
    return this.buffered;
  }
}

/** A stream whose position is answered when the test says so. */
class FakeStreams {
  private answers: Array<(position: StreamPosition) => void> = [];

  position(): Promise<StreamPosition> {
    return new Promise((resolve) => this.answers.push(resolve));
  }

  answer(position: StreamPosition): void {
    const next = this.answers.shift();
    if (!next) throw new Error('no position was asked for');
    next(position);
  }

  read(): never {
    throw new Error('not used');
  }

  latest(): never {
    throw new Error('not used');
  }
}

type Standing = Awaited<ReturnType<RealtimeIdentities['realtimeStanding']>>;

/**
 * Tokens name their sign-in session: `t` (and any other text) session-1, `t2` session-2, and
 * `no-session` none.
 */
const signInSessions: Record<string, string | null> = { t2: 'session-2', 'no-session': null };

function setup(
  options: {
    registry?: SessionRegistry;
    standing?: (user: string, signInSession: string) => Promise<Standing>;
  } = {},
) {
  const transport = new FakeTransport();
  const streams = new FakeStreams();
  const hub = new RealtimeHub();
  const registry = options.registry ?? new SessionRegistry();
  const standings: Array<[string, string]> = [];
  const session = new ClientSession(transport, {
    hub,
    registry,
    streams,
    tokens: {
      verify: async (token: string): Promise<VerifiedToken> => ({
        status: 'valid',
        subject: player,
        session: token in signInSessions ? (signInSessions[token] ?? null) : 'session-1',
        expiresAt: null,
      }),
    },
    identities: {
      realtimeStanding: async (user, signInSession) => {
        standings.push([user, signInSession]);
        return (await options.standing?.(user, signInSession)) ?? 'open';
      },
    },
    clock: systemClock,
    limits,
    logger: pino({ level: 'silent' }),
  });
  return { transport, streams, hub, registry, session, standings };
}

/** A standing the test answers when it says so. */
function heldStanding() {
  const answers: Array<(standing: Standing) => void> = [];
  return {
    standing: () => new Promise<Standing>((resolve) => answers.push(resolve)),
    answer(standing: Standing): void {
      const next = answers.shift();
      if (!next) throw new Error('no standing was asked for');
      next(standing);
    },
  };
}

/** Lets the session's command queue run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function publication(offset: number, epoch = 'epoch-1'): Publication {
  return { channel, epoch, offset, data: `{"n":${offset}}` };
}

async function connectedAndSubscribed() {
  const context = setup();
  context.session.receive(
    `{"id":1,"connect":{"token":"t"}}\n{"id":2,"subscribe":{"channel":"${channel}"}}`,
  );
  await settle();
  context.streams.answer({ epoch: 'epoch-1', offset: 5 });
  await settle();
  context.transport.sent.splice(0);
  return context;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ClientSession subscriptions', () => {
  it('holds publications that commit while the stream is read until the subscribe reply', async () => {
    const { transport, streams, hub, session } = setup();
    session.receive(
      `{"id":1,"connect":{"token":"t"}}\n{"id":2,"subscribe":{"channel":"${channel}"}}\n{"id":3,"subscribe":{"channel":"broadcast:last_bet"}}`,
    );
    await settle();
    expect(transport.sent).toHaveLength(1);
    // the stream is at 5 when read: 5 is already counted, 6 came after
    hub.deliver(publication(5));
    hub.deliver(publication(6));
    expect(transport.sent).toHaveLength(1);
    streams.answer({ epoch: 'epoch-1', offset: 5 });
    await settle();
    expect(transport.sent.slice(1)).toEqual([
      { id: 2, subscribe: { recoverable: true, positioned: true, epoch: 'epoch-1', offset: 5 } },
      { push: { channel, pub: { data: { n: 6 }, offset: 6 } } },
      { id: 3, subscribe: {} },
    ]);
  });

  it('passes on the next offset, skips repeats, and asks to resubscribe after a gap', async () => {
    const { transport, hub, session } = await connectedAndSubscribed();
    hub.deliver(publication(6));
    hub.deliver(publication(6));
    expect(transport.sent).toEqual([{ push: { channel, pub: { data: { n: 6 }, offset: 6 } } }]);
    hub.deliver(publication(8));
    expect(transport.sent[1]).toEqual({
      push: { channel, unsubscribe: { code: 2500, reason: 'insufficient state' } },
    });
    expect(hub.hasSubscribers(channel)).toBe(false);
    expect(session.subscriptionCount).toBe(0);
  });

  it('asks to resubscribe when the stream changed epoch', async () => {
    const { transport, hub } = await connectedAndSubscribed();
    hub.deliver(publication(6, 'epoch-2'));
    expect(transport.sent).toEqual([
      { push: { channel, unsubscribe: { code: 2500, reason: 'insufficient state' } } },
    ]);
  });
});

describe('ClientSession timers', () => {
  it('closes a connection that does not connect in time with 3502', async () => {
    const { transport, registry } = setup();
    vi.advanceTimersByTime(limits.connectTimeoutSeconds * 1000 - 1);
    expect(transport.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(transport.closedWith).toBe(3502);
    expect(registry.size).toBe(0);
  });

  it('pings every interval and closes a client that does not pong with 3012', async () => {
    const { transport, session } = setup();
    session.receive('{"id":1,"connect":{}}');
    await settle();
    vi.advanceTimersByTime(limits.pingIntervalSeconds * 1000);
    expect(transport.sent.at(-1)).toEqual({});
    session.receive('{}');
    await settle();
    vi.advanceTimersByTime(limits.pongTimeoutSeconds * 1000);
    expect(transport.closedWith).toBeNull();

    vi.advanceTimersByTime((limits.pingIntervalSeconds - limits.pongTimeoutSeconds) * 1000);
    expect(transport.sent.filter((frame) => JSON.stringify(frame) === '{}')).toHaveLength(2);
    vi.advanceTimersByTime(limits.pongTimeoutSeconds * 1000);
    expect(transport.closedWith).toBe(3012);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cuts off a client that does not read, leaving no timer behind', async () => {
    const { transport, registry, session } = setup();
    transport.buffered = limits.maxBufferedBytes + 1;
    session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    expect(transport.closedWith).toBe(3008);
    expect(session.isClosed).toBe(true);
    expect(registry.sessionsOf(player)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ClientSession identity', () => {
  it('connects a player after asking whether the sign-in session of the token is open', async () => {
    const { transport, registry, session, standings } = setup();
    session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    expect(standings).toEqual([[player, 'session-1']]);
    expect(transport.sent).toEqual([{ id: 1, connect: expect.objectContaining({ pong: true }) }]);
    expect(session.signInSession).toBe('session-1');
    expect(registry.connectionsOf(player)).toBe(1);
  });

  it.each([
    ['ended', 3500],
    ['unknown', 3500],
    ['banned', 4501],
  ] as const)('refuses a player whose standing is %s with %i', async (standing, code) => {
    const { transport, registry, session } = setup({ standing: async () => standing });
    session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    expect(transport.closedWith).toBe(code);
    expect(transport.sent).toEqual([]);
    expect(registry.sessionsOf(player)).toEqual([]);
  });

  it('refuses a player token that names no sign-in session with 3500, unasked', async () => {
    const { transport, session, standings } = setup();
    session.receive('{"id":1,"connect":{"token":"no-session"}}');
    await settle();
    expect(transport.closedWith).toBe(3500);
    expect(standings).toEqual([]);
  });

  it('a sign-out that arrives while the session is being checked closes the connection', async () => {
    const held = heldStanding();
    const { transport, registry, session } = setup({ standing: held.standing });
    session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    // What the control notification does (websocket-server.ts onControl) for session-1.
    const found = registry.sessionsOf(player).filter((each) => each.signInSession === 'session-1');
    expect(found).toEqual([session]);
    for (const each of found) each.disconnect(disconnects.sessionEnded);
    held.answer('open');
    await settle();
    expect(transport.closedWith).toBe(4502);
    expect(transport.sent).toEqual([]);
    expect(registry.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a refresh moves the connection to the session of the new token, checked first', async () => {
    const { transport, session, standings } = setup({
      standing: async (_user, signInSession) => (signInSession === 'session-3' ? 'ended' : 'open'),
    });
    session.receive('{"id":1,"connect":{"token":"t"}}\n{"id":2,"refresh":{"token":"t2"}}');
    await settle();
    expect(standings).toEqual([
      [player, 'session-1'],
      [player, 'session-2'],
    ]);
    expect(transport.sent.at(-1)).toEqual({ id: 2, refresh: {} });
    expect(session.signInSession).toBe('session-2');

    signInSessions.t3 = 'session-3';
    try {
      session.receive('{"id":3,"refresh":{"token":"t3"}}');
      await settle();
    } finally {
      delete signInSessions.t3;
    }
    expect(transport.closedWith).toBe(3500);
  });

  it('a refresh of a player banned meanwhile closes with 4501', async () => {
    let standing: Standing = 'open';
    const { transport, session } = setup({ standing: async () => standing });
    session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    standing = 'banned';
    session.receive('{"id":2,"refresh":{"token":"t"}}');
    await settle();
    expect(transport.closedWith).toBe(4501);
  });

  it('counts a connection against the per-user limit once it is connected', async () => {
    const registry = new SessionRegistry();
    const held = heldStanding();
    const first = setup({ registry, standing: held.standing });
    first.session.receive('{"id":1,"connect":{"token":"t"}}');
    await settle();
    expect(registry.sessionsOf(player)).toHaveLength(1);
    expect(registry.connectionsOf(player)).toBe(0);
    held.answer('open');
    await settle();
    expect(registry.connectionsOf(player)).toBe(1);
  });
});

describe('ClientSession commands without a handler, as Centrifugo answers them', () => {
  async function connected() {
    const context = setup();
    context.session.receive('{"id":1,"connect":{}}');
    await settle();
    context.transport.sent.splice(0);
    return context;
  }

  it('answers rpc with 108 not available and goes on', async () => {
    const { transport, session } = await connected();
    session.receive('{"id":2,"rpc":{"method":"x","data":{}}}\n{"id":3,"rpc":{}}');
    await settle();
    expect(transport.sent).toEqual([
      { id: 2, error: { code: 108, message: 'not available' } },
      { id: 3, error: { code: 108, message: 'not available' } },
    ]);
    expect(transport.closedWith).toBeNull();
  });

  it('closes on send (an asynchronous message) with 3508', async () => {
    const { transport, session } = await connected();
    session.receive('{"send":{"data":{}}}');
    await settle();
    expect(transport.closedWith).toBe(3508);
  });

  it.each([
    ['an unknown method', '{"id":2,"foo":{}}'],
    ['a command of only an id', '{"id":2}'],
    ['a pong without a ping', '{}'],
  ])('closes on %s with 3501', async (_, frame) => {
    const { transport, session } = await connected();
    session.receive(frame);
    await settle();
    expect(transport.closedWith).toBe(3501);
    expect(transport.sent).toEqual([]);
  });

  it('closes on a pong before connect with 3501', async () => {
    const { transport, session } = setup();
    session.receive('{}');
    await settle();
    expect(transport.closedWith).toBe(3501);
  });
});
