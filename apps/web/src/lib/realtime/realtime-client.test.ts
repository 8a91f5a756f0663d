import type { AddressInfo } from 'node:net';
import { lastBetChannel, lastBetSchema, sportEventChannel, userChannel } from '@casino/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { isChannelAllowed, RealtimeClient } from './realtime-client';
import { RealtimeSessionEndedError } from './realtime-session-ended';

type Command = { id: number } & Record<string, Record<string, unknown> | undefined>;

/**
 * A small Centrifugo stand-in speaking the JSON client protocol: newline-separated commands,
 * one reply per command. It refuses expired tokens with 109 and user channels of someone else
 * with 103, like the real server.
 */
class FakeCentrifugo {
  readonly commands: Command[] = [];
  private readonly server: WebSocketServer;
  private readonly sockets = new Map<WebSocket, string | null>();
  expiredTokens = new Set<string>();
  /** tokens whose connect is answered by closing the connection with the code */
  refusedTokens = new Map<string, number>();

  constructor() {
    this.server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    this.server.on('connection', (socket) => {
      this.sockets.set(socket, null);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('message', (frame) => {
        for (const line of String(frame).split('\n')) {
          if (line.trim() !== '') this.handle(socket, JSON.parse(line) as Command);
        }
      });
    });
  }

  listening(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server.address()) resolve();
      else this.server.once('listening', () => resolve());
    });
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/connection/websocket`;
  }

  connectTokens(): string[] {
    return this.commands.flatMap((command) =>
      command.connect ? [String(command.connect.token ?? '')] : [],
    );
  }

  commandsOf(method: 'subscribe' | 'unsubscribe'): string[] {
    return this.commands.flatMap((command) => {
      const body = command[method];
      return body ? [String(body.channel)] : [];
    });
  }

  publish(channel: string, data: unknown): void {
    for (const socket of this.sockets.keys()) {
      socket.send(JSON.stringify({ push: { channel, pub: { data } } }));
    }
  }

  /** Closes every connection with a close code, as the server ends them. */
  disconnectAll(code: number, reason: string): void {
    for (const socket of this.sockets.keys()) socket.close(code, reason);
  }

  close(): Promise<void> {
    for (const socket of this.sockets.keys()) socket.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(socket: WebSocket, command: Command): void {
    this.commands.push(command);
    const reply = (body: Record<string, unknown>) =>
      socket.send(JSON.stringify({ id: command.id, ...body }));
    if (command.connect) {
      const token = String(command.connect.token ?? '');
      if (this.expiredTokens.has(token)) {
        reply({ error: { code: 109, message: 'token expired' } });
        return;
      }
      const refusal = this.refusedTokens.get(token);
      if (refusal !== undefined) {
        socket.close(refusal, 'refused');
        return;
      }
      // The fake signs nothing: the token is the player's globalId, with `~…` to tell tokens apart.
      this.sockets.set(socket, token === '' ? null : (token.split('~')[0] ?? token));
      reply({ connect: { client: `client-${this.commands.length}`, version: 'fake' } });
    } else if (command.subscribe) {
      const channel = String(command.subscribe.channel);
      const user = this.sockets.get(socket) ?? null;
      if (!isChannelAllowed(channel, user === null ? null : { globalId: user, token: user })) {
        reply({ error: { code: 103, message: 'permission denied' } });
        return;
      }
      reply({ subscribe: {} });
    } else if (command.unsubscribe) {
      reply({ unsubscribe: {} });
    } else {
      reply({});
    }
  }
}

const bet = {
  id: 'bet-1',
  gameId: 'dice',
  gameTitle: 'Dice',
  player: 'Jo***n',
  bet: '10.00',
  multiplier: '2.00',
  payout: '20.00',
  currency: 'USD',
  timestamp: '2026-11-21T08:00:00.000Z',
};

async function eventually(assertion: () => void, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('isChannelAllowed', () => {
  it('opens broadcast channels to everyone and user channels to their player only', () => {
    const player = { globalId: '42', token: 't' };
    expect(isChannelAllowed(lastBetChannel, null)).toBe(true);
    expect(isChannelAllowed(userChannel('balance', '42'), player)).toBe(true);
    expect(isChannelAllowed(userChannel('balance', '43'), player)).toBe(false);
    expect(isChannelAllowed(userChannel('balance', '42'), null)).toBe(false);
  });
});

describe('RealtimeClient', () => {
  let server: FakeCentrifugo;
  let client: RealtimeClient;
  const refreshToken = vi.fn<() => Promise<string>>();

  beforeEach(async () => {
    server = new FakeCentrifugo();
    await server.listening();
    refreshToken.mockReset();
    client = new RealtimeClient({
      url: server.url,
      refreshToken,
      websocket: WebSocket,
      minReconnectDelayMs: 10,
      maxReconnectDelayMs: 50,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    client.close();
    await server.close();
    vi.restoreAllMocks();
  });

  it('connects a guest without a token and shares one subscription between listeners', async () => {
    client.setIdentity(null);
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = client.listen(lastBetChannel, lastBetSchema, (message) =>
      first.push(message.id),
    );
    const stopSecond = client.listen(lastBetChannel, lastBetSchema, (message) =>
      second.push(message.id),
    );
    await eventually(() => expect(server.commandsOf('subscribe')).toEqual([lastBetChannel]));
    expect(server.connectTokens()).toEqual(['']);

    server.publish(lastBetChannel, { id: 'broken' });
    server.publish(lastBetChannel, bet);
    await eventually(() => expect(second).toEqual(['bet-1']));
    expect(first).toEqual(['bet-1']);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('invalid publication'),
      expect.anything(),
    );

    stopFirst();
    expect(client.subscribedChannels()).toEqual([lastBetChannel]);
    stopSecond();
    expect(client.subscribedChannels()).toEqual([]);
    await eventually(() => expect(server.commandsOf('unsubscribe')).toEqual([lastBetChannel]));

    // A new listener after the last one left subscribes again.
    client.listen(lastBetChannel, lastBetSchema, () => undefined);
    await eventually(() =>
      expect(server.commandsOf('subscribe')).toEqual([lastBetChannel, lastBetChannel]),
    );
  });

  it('tells a listener each time its channel is subscribed again, after a reconnect too', async () => {
    client.setIdentity(null);
    let subscribed = 0;
    const stop = client.listen(
      sportEventChannel(7),
      lastBetSchema,
      () => undefined,
      () => {
        subscribed += 1;
      },
    );
    await eventually(() => expect(subscribed).toBe(1));
    // the connection drops (a network change): the channel is subscribed again on reconnect,
    // and its listener hears of it (it refetches what it may have missed)
    server.disconnectAll(3000, 'transport closed');
    await eventually(() => expect(server.commandsOf('subscribe')).toHaveLength(2));
    await eventually(() => expect(subscribed).toBe(2));
    stop();
  });

  it('reconnects as the player on sign-in and as a guest on sign-out, dropping user channels', async () => {
    client.setIdentity(null);
    client.listen(lastBetChannel, lastBetSchema, () => undefined);
    await eventually(() => expect(server.commandsOf('subscribe')).toHaveLength(1));

    client.setIdentity({ globalId: 'player-7', token: 'player-7' });
    const balances: string[] = [];
    client.listen(userChannel('balance', 'player-7'), lastBetSchema, (message) =>
      balances.push(message.id),
    );
    await eventually(() =>
      expect(server.commandsOf('subscribe')).toEqual(
        expect.arrayContaining([userChannel('balance', 'player-7')]),
      ),
    );
    expect(server.connectTokens()).toEqual(['', 'player-7']);
    server.publish(userChannel('balance', 'player-7'), bet);
    await eventually(() => expect(balances).toEqual(['bet-1']));

    // The same player again (a refetched profile) keeps the connection.
    client.setIdentity({ globalId: 'player-7', token: 'player-7-again' });
    expect(server.connectTokens()).toEqual(['', 'player-7']);

    client.setIdentity(null);
    expect(client.subscribedChannels()).toEqual([lastBetChannel]);
    await eventually(() => expect(server.connectTokens()).toEqual(['', 'player-7', '']));
    await eventually(() =>
      expect(
        server.commandsOf('subscribe').filter((channel) => channel === lastBetChannel),
      ).toHaveLength(3),
    );
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('gets a fresh token when the server says the token expired', async () => {
    server.expiredTokens.add('stale');
    refreshToken.mockResolvedValue('player-9');
    client.setIdentity({ globalId: 'player-9', token: 'stale' });
    const received: string[] = [];
    client.listen(userChannel('transaction', 'player-9'), lastBetSchema, (message) =>
      received.push(message.id),
    );
    await eventually(() => expect(server.connectTokens()).toEqual(['stale', 'player-9']));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await eventually(() =>
      expect(server.commandsOf('subscribe')).toContain(userChannel('transaction', 'player-9')),
    );
    server.publish(userChannel('transaction', 'player-9'), bet);
    await eventually(() => expect(received).toEqual(['bet-1']));
  });

  it('stops instead of retrying when the session behind the token ended', async () => {
    server.expiredTokens.add('stale');
    refreshToken.mockRejectedValue(new RealtimeSessionEndedError('signed out'));
    client.setIdentity({ globalId: 'player-9', token: 'stale' });
    await eventually(() => expect(client.centrifuge.state).toBe('disconnected'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.connectTokens()).toEqual(['stale']);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['banned', 4501],
    ['session ended', 4502],
    ['invalid token', 3500],
  ])(
    'asks for the profile again at once when the server closes the player’s connection (%s)',
    async (_, code) => {
      const failure = new Error('401 from /api/v1/me');
      refreshToken.mockRejectedValue(failure);
      client.setIdentity({ globalId: 'player-5', token: 'player-5' });
      await eventually(() => expect(client.centrifuge.state).toBe('connected'));
      server.disconnectAll(code, 'closed by the server');
      await eventually(() => expect(refreshToken).toHaveBeenCalledTimes(1));
      expect(client.centrifuge.state).toBe('disconnected');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(server.connectTokens()).toEqual(['player-5']);
    },
  );

  it('does not reconnect as the player when the profile says the session ended', async () => {
    // As in the app: the profile read that says so makes the player a guest.
    refreshToken.mockImplementation(async () => {
      client.setIdentity(null);
      throw new RealtimeSessionEndedError('session expired');
    });
    client.setIdentity({ globalId: 'player-5', token: 'player-5' });
    await eventually(() => expect(client.centrifuge.state).toBe('connected'));
    server.disconnectAll(4502, 'session ended');
    await eventually(() => expect(server.connectTokens()).toEqual(['player-5', '']));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.connectTokens()).toEqual(['player-5', '']);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('tries once more with the fresh token the profile brings, and not again when refused again', async () => {
    server.refusedTokens.set('old', 3500);
    server.refusedTokens.set('refused-too', 3500);
    refreshToken.mockResolvedValueOnce('fresh').mockResolvedValue('refused-too');
    client.setIdentity({ globalId: 'player-6', token: 'old' });
    await eventually(() => expect(client.centrifuge.state).toBe('connected'));
    expect(server.connectTokens()).toEqual(['old', 'fresh']);
    expect(refreshToken).toHaveBeenCalledTimes(1);

    server.refusedTokens.set('fresh', 3500);
    server.disconnectAll(3500, 'invalid token');
    await eventually(() => expect(server.connectTokens()).toEqual(['old', 'fresh', 'refused-too']));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.centrifuge.state).toBe('disconnected');
    expect(refreshToken).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a fresh token after 4001 (a session of the player ended), keeping its channels', async () => {
    refreshToken.mockResolvedValue('player-8~fresh');
    client.setIdentity({ globalId: 'player-8', token: 'player-8~old' });
    const received: string[] = [];
    client.listen(userChannel('balance', 'player-8'), lastBetSchema, (message) =>
      received.push(message.id),
    );
    await eventually(() =>
      expect(server.commandsOf('subscribe')).toEqual([userChannel('balance', 'player-8')]),
    );
    server.disconnectAll(4001, 'reauthenticate');
    await eventually(() =>
      expect(server.connectTokens()).toEqual(['player-8~old', 'player-8~fresh']),
    );
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await eventually(() => expect(server.commandsOf('subscribe')).toHaveLength(2));
    server.publish(userChannel('balance', 'player-8'), bet);
    await eventually(() => expect(received).toEqual(['bet-1']));
  });

  it('a reconnect of the ended session after 4001 stops', async () => {
    refreshToken.mockRejectedValue(new RealtimeSessionEndedError('session expired'));
    client.setIdentity({ globalId: 'player-8', token: 'player-8' });
    await eventually(() => expect(client.centrifuge.state).toBe('connected'));
    server.disconnectAll(4001, 'reauthenticate');
    await eventually(() => expect(client.centrifuge.state).toBe('disconnected'));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(server.connectTokens()).toEqual(['player-8']);
  });
});
