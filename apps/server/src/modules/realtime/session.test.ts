import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import type { VerifiedToken } from '../../lib/websocket-token.ts';
import { RealtimeHub } from './hub.ts';
import type { Publication } from './protocol.ts';
import type { StreamPosition } from './realtime.repository.ts';
import { ClientSession, type SessionLimits, SessionRegistry } from './session.ts';

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

function setup() {
  const transport = new FakeTransport();
  const streams = new FakeStreams();
  const hub = new RealtimeHub();
  const registry = new SessionRegistry();
  const session = new ClientSession(transport, {
    hub,
    registry,
    streams,
    tokens: {
      verify: async (): Promise<VerifiedToken> => ({
        status: 'valid',
        subject: player,
        expiresAt: null,
      }),
    },
    identities: { identity: async () => ({ banned: false }) },
    clock: systemClock,
    limits,
    logger: pino({ level: 'silent' }),
  });
  return { transport, streams, hub, registry, session };
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
