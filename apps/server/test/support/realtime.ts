import { Centrifuge, type PublicationContext, type Subscription } from 'centrifuge';
import WebSocket from 'ws';
import type { App } from '../../src/app.ts';
import { bearer, type SignedIn } from './app.ts';

export type CentrifugeOptions = NonNullable<ConstructorParameters<typeof Centrifuge>[1]>;

/**
 * The official `centrifuge` client against `url` over `ws`, reconnecting quickly; every client
 * made is added to `created` so that the test can disconnect them all at the end.
 */
export function centrifugeClient(
  url: string,
  created: Centrifuge[],
  options: CentrifugeOptions = {},
): Centrifuge {
  const centrifuge = new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 200,
    ...options,
  });
  created.push(centrifuge);
  return centrifuge;
}

/** A `ws` WebSocket class that records every frame the server sends, for the client option. */
export function recordingWebSocket(frames: string[]) {
  return class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data: WebSocket.RawData) => frames.push(String(data)));
    }
  };
}

/** The player's connection token, as the app gets it. */
export async function websocketToken(app: App, player: SignedIn): Promise<string> {
  const response = await app.inject({ url: '/api/v1/me', headers: bearer(player) });
  if (response.statusCode !== 200) throw new Error(`GET /api/v1/me: ${response.statusCode}`);
  return (response.json() as { websocketToken: string }).websocketToken;
}

export async function globalIdOf(app: App, player: SignedIn): Promise<string> {
  const response = await app.inject({ url: '/api/v1/me', headers: bearer(player) });
  if (response.statusCode !== 200) throw new Error(`GET /api/v1/me: ${response.statusCode}`);
  return String((response.json() as { globalId: string | number }).globalId);
}

/** Resolves when `condition` holds (checked every 20 ms); fails after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  description: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Emitter {
  on(event: string, listener: (context: never) => void): unknown;
  removeListener(event: string, listener: (context: never) => void): unknown;
}

/** The next `event` of a client or subscription that satisfies `accept`. */
export function nextEvent<T>(
  emitter: Emitter,
  event: string,
  accept: (context: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.removeListener(event, listener);
      reject(new Error(`timed out waiting for the ${event} event`));
    }, timeoutMs);
    const listener = (context: T) => {
      if (!accept(context)) return;
      clearTimeout(timer);
      emitter.removeListener(event, listener);
      resolve(context);
    };
    emitter.on(event, listener as (context: never) => void);
  });
}

/** Collects a subscription's publications; `until(n)` waits for the n-th one. */
export function collect(subscription: Subscription) {
  const received: unknown[] = [];
  const offsets: Array<number | undefined> = [];
  const waiters: Array<() => void> = [];
  subscription.on('publication', (context: PublicationContext) => {
    received.push(context.data);
    offsets.push(context.offset);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    received,
    /** the offset of each publication, in the order received */
    offsets,
    async until(count: number, timeoutMs = 10_000): Promise<unknown[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `${subscription.channel}: expected ${count} publications, got ${received.length}`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
  };
}
