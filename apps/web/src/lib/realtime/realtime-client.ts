import { realtimeCloseCodes } from '@casino/contract';
import { Centrifuge, type Subscription, UnauthorizedError } from 'centrifuge';
import type { z } from 'zod';
import { RealtimeSessionEndedError } from './realtime-session-ended';

/** Who the connection speaks for: a signed-in player, or nobody (a guest). */
export interface RealtimeIdentity {
  globalId: string;
  /** `websocketToken` from `/api/v1/me`; used for the first connect only, then refreshed */
  token: string;
}

export interface RealtimeClientOptions {
  /** WebSocket endpoint (`ws://` or `wss://`) */
  url: string;
  /**
   * A fresh `websocketToken` for the signed-in player. Called by the client library when the
   * token expired or another of the player's sessions ended (4001), and when the server refused
   * the player (3500, 4501, 4502); throws `RealtimeSessionEndedError` when the player has no
   * session any more.
   */
  refreshToken: () => Promise<string>;
  /** WebSocket constructor where there is no global one (Node tests) */
  websocket?: unknown;
  minReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export const defaultMinReconnectDelayMs = 500;
export const defaultMaxReconnectDelayMs = 20_000;

type Listener = (data: unknown) => void;

/**
 * Close codes that say the player behind the connection may not have it any more: the token was
 * refused, the player was banned, or the session ended. The client does not reconnect by itself.
 */
const refusedCodes: ReadonlySet<number> = new Set([
  realtimeCloseCodes.invalidToken,
  realtimeCloseCodes.banned,
  realtimeCloseCodes.sessionEnded,
]);

/** Whether a connection with this identity may subscribe to the channel (spec §7 channel rules). */
export function isChannelAllowed(channel: string, identity: RealtimeIdentity | null): boolean {
  const separator = channel.lastIndexOf('#');
  if (separator === -1) return true;
  return identity !== null && channel.slice(separator + 1) === identity.globalId;
}

/**
 * The app's one realtime connection (the official `centrifuge` client, JSON protocol). It
 * connects as a guest or as the signed-in player and switches identity without a page reload.
 * A channel gets one subscription however many listeners it has; the last one to leave removes
 * it. Every publication is checked against its listener's schema before anyone sees it.
 */
export class RealtimeClient {
  readonly centrifuge: Centrifuge;
  private identity: RealtimeIdentity | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** called each time a channel's subscription becomes active (first time and after a reconnect) */
  private readonly subscribedListeners = new Map<string, Set<() => void>>();
  private closed = false;
  /** a refused connection was retried with a fresh token, and has not connected since */
  private retriedAfterRefusal = false;

  constructor(private readonly options: RealtimeClientOptions) {
    this.centrifuge = new Centrifuge(options.url, {
      ...(options.websocket ? { websocket: options.websocket } : {}),
      minReconnectDelay: options.minReconnectDelayMs ?? defaultMinReconnectDelayMs,
      maxReconnectDelay: options.maxReconnectDelayMs ?? defaultMaxReconnectDelayMs,
      // Called when the token is empty or expired: a guest connects without one.
      getToken: async () => {
        if (this.identity === null) return '';
        try {
          return await options.refreshToken();
        } catch (error) {
          if (error instanceof RealtimeSessionEndedError) throw new UnauthorizedError('signed out');
          throw error;
        }
      },
    });
    this.centrifuge.on('error', (context) => {
      console.warn('realtime: connection error', context.error);
    });
    this.centrifuge.on('connected', () => {
      this.retriedAfterRefusal = false;
    });
    this.centrifuge.on('connecting', (context) => {
      // One of the player's sessions ended somewhere: the token this connection has may be of
      // it, so the next attempt asks for a fresh one (given only to an open session).
      if (context.code === realtimeCloseCodes.reauthenticate && this.identity !== null) {
        this.centrifuge.setToken('');
      }
    });
    this.centrifuge.on('disconnected', (context) => {
      if (refusedCodes.has(context.code)) void this.afterRefusal();
    });
  }

  /**
   * The server refused the player's connection for good. The profile is asked for again: its
   * answer is what the app acts on (a ban shows the ban screen, an ended session turns the player
   * into a guest); when it brings a fresh token (the old one was refused for another reason),
   * the connection is tried once more with it.
   */
  private async afterRefusal(): Promise<void> {
    const refused = this.identity;
    if (refused === null || this.closed || this.retriedAfterRefusal) return;
    this.retriedAfterRefusal = true;
    let token: string;
    try {
      token = await this.options.refreshToken();
    } catch {
      // The app acted on the answer already (the ban screen, the ended session).
      return;
    }
    if (this.closed || this.identity !== refused || this.centrifuge.state !== 'disconnected') {
      return;
    }
    this.centrifuge.setToken(token);
    this.centrifuge.connect();
  }

  get currentIdentity(): RealtimeIdentity | null {
    return this.identity;
  }

  /** Connects (again) as this identity; the same player again changes nothing. */
  setIdentity(identity: RealtimeIdentity | null): void {
    if (this.closed) return;
    const changed = identity?.globalId !== this.identity?.globalId;
    const idle = this.centrifuge.state === 'disconnected';
    if (!changed && !idle) return;
    this.identity = identity;
    if (changed) {
      this.retriedAfterRefusal = false;
      this.centrifuge.disconnect();
      for (const channel of [...this.listeners.keys()]) {
        if (!isChannelAllowed(channel, identity)) this.dropChannel(channel);
      }
    }
    this.centrifuge.setToken(identity?.token ?? '');
    this.centrifuge.connect();
  }

  /**
   * Calls `onMessage` with every valid publication on `channel` until the returned function is
   * called. Invalid publications are logged and skipped. `onSubscribed` is called whenever the
   * subscription becomes active, after a reconnect too: a channel without history may have
   * missed publications meanwhile, so its listener fetches its snapshot again then.
   */
  listen<Schema extends z.ZodType>(
    channel: string,
    schema: Schema,
    onMessage: (message: z.output<Schema>) => void,
    onSubscribed?: () => void,
  ): () => void {
    const listener: Listener = (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        console.warn(`realtime: ignored an invalid publication on ${channel}`, parsed.error.issues);
        return;
      }
      onMessage(parsed.data);
    };
    let channelListeners = this.listeners.get(channel);
    if (!channelListeners) {
      channelListeners = new Set();
      this.listeners.set(channel, channelListeners);
      this.subscribe(channel);
    }
    channelListeners.add(listener);
    const owner = channelListeners;
    if (onSubscribed) {
      const subscribed = this.subscribedListeners.get(channel) ?? new Set();
      subscribed.add(onSubscribed);
      this.subscribedListeners.set(channel, subscribed);
    }
    return () => {
      owner.delete(listener);
      if (onSubscribed) this.subscribedListeners.get(channel)?.delete(onSubscribed);
      // The set is gone already when an identity change dropped the channel.
      if (owner.size === 0 && this.listeners.get(channel) === owner) this.dropChannel(channel);
    };
  }

  /** Channels with a live subscription, for diagnostics and tests. */
  subscribedChannels(): string[] {
    return Object.keys(this.centrifuge.subscriptions());
  }

  close(): void {
    this.closed = true;
    for (const channel of [...this.listeners.keys()]) this.dropChannel(channel);
    this.centrifuge.disconnect();
  }

  private subscribe(channel: string): void {
    if (this.closed) return;
    const subscription: Subscription =
      this.centrifuge.getSubscription(channel) ?? this.centrifuge.newSubscription(channel);
    subscription.removeAllListeners();
    subscription.on('publication', (context) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(context.data);
    });
    subscription.on('subscribed', () => {
      for (const listener of this.subscribedListeners.get(channel) ?? []) listener();
    });
    subscription.on('error', (context) => {
      console.warn(`realtime: subscription error on ${channel}`, context.error);
    });
    subscription.on('unsubscribed', (context) => {
      // 0 is our own unsubscribe; anything else (a refusal, say) deserves a trace.
      if (context.code !== 0) console.warn(`realtime: unsubscribed from ${channel}`, context);
    });
    subscription.subscribe();
  }

  private dropChannel(channel: string): void {
    this.listeners.delete(channel);
    this.subscribedListeners.delete(channel);
    const subscription = this.centrifuge.getSubscription(channel);
    if (!subscription) return;
    subscription.unsubscribe();
    subscription.removeAllListeners();
    this.centrifuge.removeSubscription(subscription);
  }
}
