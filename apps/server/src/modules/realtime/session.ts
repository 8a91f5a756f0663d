import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { VerifiedToken } from '../../lib/websocket-token.ts';
import { channelAccess } from './channels.ts';
import type { EncodedPush, RealtimeHub, Subscriber } from './hub.ts';
import {
  type Command,
  type Disconnect,
  decodeFrame,
  disconnects,
  encodeError,
  encodeReply,
  encodeReplyWithPublications,
  encodeUnsubscribePush,
  type HistoryRequest,
  type Method,
  ProtocolError,
  type Publication,
  parseChannelOnly,
  parseConnect,
  parseHistory,
  parseRefresh,
  parseSubscribe,
  pingFrame,
  type ReplyError,
  replyErrors,
  type SubscribeRequest,
  subscribeFlags,
  unsubscribes,
} from './protocol.ts';
import type { StreamRead } from './realtime.repository.ts';
import { recoveryOutcome } from './recovery.ts';

/** The socket under a session. */
export interface SessionTransport {
  /** a text frame */
  send(frame: string): void;
  /** a push encoded once for all its subscribers: the same as `send` of its text */
  sendPush(push: EncodedPush): void;
  close(code: number, reason: string): void;
  /** bytes queued but not yet written to the network */
  bufferedAmount(): number;
}

export interface SessionLimits {
  historySize: number;
  historyTtlSeconds: number;
  pingIntervalSeconds: number;
  pongTimeoutSeconds: number;
  /** a connection is given this long to send its connect command */
  connectTimeoutSeconds: number;
  maxSubscriptionsPerConnection: number;
  maxConnectionsPerUser: number;
  maxBufferedBytes: number;
}

/**
 * Whether a player's connection may go on: 'open' while the sign-in session its token was issued
 * to is open and the player not banned (AuthService.realtimeStanding).
 */
export interface RealtimeIdentities {
  realtimeStanding(
    globalId: string,
    signInSession: string,
  ): Promise<'open' | 'banned' | 'ended' | 'unknown'>;
}

/** What a session needs from the rest of the server. */
export interface SessionContext {
  hub: RealtimeHub;
  registry: SessionRegistry;
  streams: {
    read(channel: string, afterOffset: number, notBefore: Date, limit: number): Promise<StreamRead>;
    latest(channel: string, notBefore: Date, limit: number): Promise<StreamRead>;
    position(channel: string): Promise<{ epoch: string; offset: number }>;
  };
  tokens: { verify(token: string): Promise<VerifiedToken> };
  identities: RealtimeIdentities;
  clock: Clock;
  limits: SessionLimits;
  logger: FastifyBaseLogger;
}

/**
 * The connections of this process, by user, for the per-user limit and forced disconnects. A
 * player's connection is listed under its user from the moment its token is read, before the
 * database confirms it, so that a disconnect arriving meanwhile finds it.
 */
export class SessionRegistry {
  private readonly all = new Set<ClientSession>();
  private readonly byUser = new Map<string, Set<ClientSession>>();

  add(session: ClientSession): void {
    this.all.add(session);
  }

  /** Lists the session under its user (`session.user`; a guest is not listed). */
  authenticate(session: ClientSession): void {
    const { user } = session;
    if (user === '') return;
    let sessions = this.byUser.get(user);
    if (!sessions) {
      sessions = new Set();
      this.byUser.set(user, sessions);
    }
    sessions.add(session);
  }

  remove(session: ClientSession): void {
    this.all.delete(session);
    const sessions = this.byUser.get(session.user);
    if (!sessions) return;
    sessions.delete(session);
    if (sessions.size === 0) this.byUser.delete(session.user);
  }

  /** The user's connections that are connected (not those still connecting). */
  connectionsOf(user: string): number {
    let count = 0;
    for (const session of this.byUser.get(user) ?? []) if (session.isConnected) count += 1;
    return count;
  }

  sessionsOf(user: string): ClientSession[] {
    return [...(this.byUser.get(user) ?? [])];
  }

  sessions(): ClientSession[] {
    return [...this.all];
  }

  get size(): number {
    return this.all.size;
  }
}

interface SubscriptionState {
  /** user channels: the position delivered up to; broadcasts: null */
  epoch: string | null;
  offset: number | null;
  /** the subscribe reply is not sent yet: live publications wait here, in order */
  pending: Array<{ publication: Publication; push: EncodedPush }> | null;
  /**
   * publications were lost while the subscribe was in progress: the client is told to
   * subscribe again once the reply is out (it ignores an unsubscribe of a subscription it is
   * still subscribing to, and would wait for the reply until its timeout)
   */
  invalidated?: boolean;
}

/** A connection whose token expired keeps going this long for a refresh to arrive. */
const expiredCloseDelayMs = 5_000;
const maxCommandsPerFrame = 256;
const serverVersion = 'casino-realtime 1';

/**
 * One client connection speaking the Centrifugo protocol. Commands run strictly in the order
 * they arrived, one at a time (a command waiting on the database holds up the next); replies go
 * out as each command completes.
 */
export class ClientSession implements Subscriber {
  readonly id = randomUUID();
  /** the player's globalId; '' for a guest */
  user = '';
  /** the sign-in session (its id) the player's token was issued to; null for a guest */
  signInSession: string | null = null;
  private state: 'connecting' | 'connected' | 'closed' = 'connecting';
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private staleTimer: NodeJS.Timeout | null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private pongTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly transport: SessionTransport,
    private readonly context: SessionContext,
  ) {
    context.registry.add(this);
    this.staleTimer = setTimeout(
      () => this.disconnect(disconnects.stale),
      context.limits.connectTimeoutSeconds * 1000,
    );
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /** A text frame from the client. */
  receive(frame: string): void {
    if (this.state === 'closed') return;
    let commands: Command[];
    try {
      commands = decodeFrame(frame, maxCommandsPerFrame);
    } catch (error) {
      this.protocolViolation(error);
      return;
    }
    if (this.queued + commands.length > this.context.limits.maxSubscriptionsPerConnection + 64) {
      this.disconnect(disconnects.tooManyRequests);
      return;
    }
    for (const command of commands) {
      this.queued += 1;
      this.queue = this.queue
        .then(() => this.handle(command))
        .catch((error: unknown) => {
          if (error instanceof ProtocolError) {
            this.protocolViolation(error);
            return;
          }
          // while the database is down the pool has reported it once; the client reconnects
          if (isDatabaseUnavailable(error)) {
            this.context.logger.debug({ err: error }, 'realtime command failed');
          } else {
            this.context.logger.error({ err: error }, 'realtime command failed');
          }
          this.disconnect(disconnects.serverError);
        })
        .finally(() => {
          this.queued -= 1;
        });
    }
  }

  /** The socket closed (by either side). */
  closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.release();
  }

  /** Ends the connection with a close code the client acts on. */
  disconnect(disconnect: Disconnect): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.release();
    this.transport.close(disconnect.code, disconnect.reason);
  }

  private release(): void {
    for (const timer of [this.staleTimer, this.expiryTimer, this.pingTimer, this.pongTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.staleTimer = this.expiryTimer = this.pingTimer = this.pongTimer = null;
    for (const channel of this.subscriptions.keys()) this.context.hub.unsubscribe(channel, this);
    this.subscriptions.clear();
    this.context.registry.remove(this);
  }

  private protocolViolation(error: unknown): void {
    this.context.logger.debug(
      { err: error, client: this.id },
      'realtime client broke the protocol; closing with 3501',
    );
    this.disconnect(disconnects.badRequest);
  }

  private send(frame: string | EncodedPush): void {
    if (this.state === 'closed') return;
    // A client that does not read what it is sent is cut off instead of buffered without bound;
    // it reconnects and recovers what it missed from history.
    if (this.transport.bufferedAmount() > this.context.limits.maxBufferedBytes) {
      this.disconnect(disconnects.slow);
      return;
    }
    if (typeof frame === 'string') this.transport.send(frame);
    else this.transport.sendPush(frame);
  }

  private reply(id: number, method: Method, result: Record<string, unknown> = {}): void {
    this.send(encodeReply(id, method, result));
  }

  private error(id: number, error: ReplyError): void {
    this.send(encodeError(id, error));
  }

  private async handle(command: Command): Promise<void> {
    if (this.state === 'closed') return;
    if (this.state === 'connecting') {
      if (command.kind !== 'method' || command.method !== 'connect') {
        throw new ProtocolError('the first command must be connect');
      }
      await this.connect(command.id, parseConnect(command.params));
      return;
    }
    if (command.kind === 'pong') {
      // Only a ping is answered with `{}`; anything else empty is a broken client (Centrifugo).
      if (!this.pongTimer) throw new ProtocolError('a pong without a ping');
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
      return;
    }
    const { id, params } = command;
    switch (command.method) {
      case 'connect':
        throw new ProtocolError('already connected');
      case 'subscribe':
        await this.subscribe(id, parseSubscribe(params));
        return;
      case 'unsubscribe':
        this.unsubscribe(parseChannelOnly(params).channel);
        this.reply(id, 'unsubscribe');
        return;
      case 'refresh':
        await this.refresh(id, parseRefresh(params).token);
        return;
      case 'history':
        await this.history(id, parseHistory(params));
        return;
      case 'publish':
        // Channels are written by the server only.
        this.error(id, replyErrors.permissionDenied);
        return;
      case 'presence':
      case 'presence_stats':
      case 'sub_refresh':
        this.error(id, replyErrors.notAvailable);
        return;
      case 'rpc':
        // No RPC handler (Centrifugo without an RPC proxy answers the same).
        this.error(id, replyErrors.notAvailable);
        return;
      case 'send':
        // No handler for asynchronous messages, and no reply to say so: the client is told by
        // the close (as Centrifugo does).
        this.disconnect(disconnects.notAvailable);
        return;
    }
  }

  // ─── connect, refresh, expiry, ping ─────────────────────────────────────────────────────

  private async connect(id: number, request: { token?: string }): Promise<void> {
    let expiresAt: Date | null = null;
    if (request.token) {
      const verified = await this.context.tokens.verify(request.token);
      if (verified.status === 'expired') {
        // The client asks the app for a new token and connects again.
        this.error(id, replyErrors.tokenExpired);
        return;
      }
      if (verified.status === 'invalid') {
        this.disconnect(disconnects.invalidToken);
        return;
      }
      if (verified.subject !== '') {
        // A player's token counts only with the sign-in session it was issued to.
        if (verified.session === null) {
          this.disconnect(disconnects.invalidToken);
          return;
        }
        this.user = verified.subject;
        this.signInSession = verified.session;
        // Listed before the database is asked: a sign-out or ban that commits meanwhile, after
        // the read, closes this connection through the registry.
        this.context.registry.authenticate(this);
        const refusal = await this.standingRefusal(verified.subject, verified.session);
        if (refusal) {
          this.disconnect(refusal);
          return;
        }
      }
      expiresAt = verified.expiresAt;
    }
    if (this.state === 'closed') return;
    if (
      this.user !== '' &&
      this.context.registry.connectionsOf(this.user) >= this.context.limits.maxConnectionsPerUser
    ) {
      this.disconnect(disconnects.connectionLimit);
      return;
    }
    this.state = 'connected';
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = null;
    const result: Record<string, unknown> = {
      client: this.id,
      version: serverVersion,
      ...this.expiry(expiresAt),
      ping: this.context.limits.pingIntervalSeconds,
      pong: true,
    };
    this.reply(id, 'connect', result);
    this.schedulePing();
  }

  /** Sets the expiry timer; returns the `expires`/`ttl` reply fields. */
  private expiry(expiresAt: Date | null): Record<string, unknown> {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (!expiresAt) return {};
    const remainingMs = expiresAt.getTime() - this.context.clock.now().getTime();
    this.expiryTimer = setTimeout(
      () => this.disconnect(disconnects.expired),
      Math.max(remainingMs, 0) + expiredCloseDelayMs,
    );
    return { expires: true, ttl: Math.max(Math.floor(remainingMs / 1000), 1) };
  }

  private async refresh(id: number, token: string): Promise<void> {
    const verified = await this.context.tokens.verify(token);
    if (verified.status === 'expired') {
      this.disconnect(disconnects.expired);
      return;
    }
    if (
      verified.status === 'invalid' ||
      verified.subject !== this.user ||
      this.user === '' ||
      verified.session === null
    ) {
      this.disconnect(disconnects.invalidToken);
      return;
    }
    // From now on the connection speaks for the session of its newest token (the player may
    // have signed in again meanwhile), set before the database is asked (see connect).
    this.signInSession = verified.session;
    const refusal = await this.standingRefusal(this.user, verified.session);
    if (refusal) {
      this.disconnect(refusal);
      return;
    }
    if (this.state === 'closed') return;
    this.reply(id, 'refresh', this.expiry(verified.expiresAt));
  }

  /** Why the player's connection may not go on (null: it may), asked of the database. */
  private async standingRefusal(user: string, signInSession: string): Promise<Disconnect | null> {
    const standing = await this.context.identities.realtimeStanding(user, signInSession);
    switch (standing) {
      case 'open':
        return null;
      case 'banned':
        return disconnects.banned;
      case 'ended':
      case 'unknown':
        return disconnects.invalidToken;
    }
  }

  private schedulePing(): void {
    // Sending (the connect reply, a ping) may have cut off a slow client: no timer outlives it.
    if (this.state !== 'connected') return;
    const { pingIntervalSeconds, pongTimeoutSeconds } = this.context.limits;
    this.pingTimer = setTimeout(() => {
      this.send(pingFrame);
      if (this.state !== 'connected') return;
      if (!this.pongTimer) {
        this.pongTimer = setTimeout(
          () => this.disconnect(disconnects.noPong),
          pongTimeoutSeconds * 1000,
        );
      }
      this.schedulePing();
    }, pingIntervalSeconds * 1000);
  }

  // ─── subscriptions ──────────────────────────────────────────────────────────────────────

  private async subscribe(id: number, request: SubscribeRequest): Promise<void> {
    const { channel } = request;
    if (request.type !== undefined && request.type !== 0) {
      this.error(id, replyErrors.notAvailable);
      return;
    }
    if (this.subscriptions.has(channel)) {
      this.error(id, replyErrors.alreadySubscribed);
      return;
    }
    if (this.subscriptions.size >= this.context.limits.maxSubscriptionsPerConnection) {
      this.error(id, replyErrors.limitExceeded);
      return;
    }
    const access = channelAccess(channel, this.user);
    if (!access.allowed) {
      this.error(id, access.error);
      return;
    }
    if (access.channel.kind === 'broadcast') {
      this.subscriptions.set(channel, { epoch: null, offset: null, pending: null });
      this.context.hub.subscribe(channel, this);
      this.reply(id, 'subscribe');
      return;
    }

    // Listen first, then read the stream: whatever commits after the read arrives live, and
    // whatever arrives while the read runs waits in `pending` (what the read already has is
    // dropped by its offset).
    const state: SubscriptionState = { epoch: null, offset: null, pending: [] };
    this.subscriptions.set(channel, state);
    this.context.hub.subscribe(channel, this);
    let read: StreamRead;
    try {
      read = request.recover
        ? await this.context.streams.read(
            channel,
            request.offset ?? 0,
            this.historyCutoff(),
            this.context.limits.historySize + 1,
          )
        : { position: await this.context.streams.position(channel), publications: [] };
    } catch (error) {
      this.context.logger.error({ err: error, channel }, 'realtime stream read failed');
      this.dropSubscription(channel);
      this.error(id, replyErrors.internal);
      return;
    }
    if (this.subscriptions.get(channel) !== state) return;

    const result: Record<string, unknown> = {
      recoverable: true,
      positioned: true,
      epoch: read.position.epoch,
      offset: read.position.offset,
    };
    let recovered: Publication[] = [];
    if (request.recover) {
      const outcome = recoveryOutcome({
        streamEpoch: read.position.epoch,
        topOffset: read.position.offset,
        requestedEpoch: request.epoch ?? '',
        requestedOffset: request.offset ?? 0,
        availableOffsets: read.publications.map((publication) => publication.offset),
      });
      if (!outcome.recovered && (request.flag ?? 0) & subscribeFlags.rejectUnrecovered) {
        this.dropSubscription(channel);
        this.error(id, replyErrors.unrecoverablePosition);
        return;
      }
      result.was_recovering = true;
      result.recovered = outcome.recovered;
      if (outcome.recovered) {
        recovered = read.publications.map((publication) => ({
          channel,
          epoch: read.position.epoch,
          offset: publication.offset,
          data: publication.data,
        }));
      }
    }
    state.epoch = read.position.epoch;
    state.offset = read.position.offset;
    this.send(
      recovered.length > 0
        ? encodeReplyWithPublications(id, 'subscribe', result, recovered)
        : encodeReply(id, 'subscribe', result),
    );
    const pending = state.pending ?? [];
    state.pending = null;
    if (state.invalidated) {
      this.insufficientState(channel);
      return;
    }
    for (const { publication, push } of pending) this.deliver(publication, push);
  }

  private unsubscribe(channel: string): void {
    this.dropSubscription(channel);
  }

  private dropSubscription(channel: string): void {
    if (!this.subscriptions.delete(channel)) return;
    this.context.hub.unsubscribe(channel, this);
  }

  private historyCutoff(): Date {
    return new Date(
      this.context.clock.now().getTime() - this.context.limits.historyTtlSeconds * 1000,
    );
  }

  /** From the hub: a committed publication on a channel this connection may be subscribed to. */
  deliver(publication: Publication, push: EncodedPush): void {
    if (this.state !== 'connected') return;
    const state = this.subscriptions.get(publication.channel);
    if (!state) return;
    if (state.pending) {
      if (state.invalidated) return;
      if (state.pending.length >= this.context.limits.historySize) {
        this.insufficientState(publication.channel);
        return;
      }
      state.pending.push({ publication, push });
      return;
    }
    if (publication.offset !== null) {
      if (state.offset === null || publication.epoch !== state.epoch) {
        this.insufficientState(publication.channel);
        return;
      }
      // Already delivered (read from history, or a repeated notification).
      if (publication.offset <= state.offset) return;
      // A gap: a notification was missed. The client subscribes again and recovers it.
      if (publication.offset > state.offset + 1) {
        this.insufficientState(publication.channel);
        return;
      }
      state.offset = publication.offset;
    }
    this.send(push);
  }

  /**
   * This connection's position in the channel can no longer be trusted (a notification was
   * lost): the client is told to subscribe again, and recovers from its last offset.
   */
  insufficientState(channel: string): void {
    const state = this.subscriptions.get(channel);
    if (!state) return;
    if (state.pending) {
      // The subscribe is answered first (see subscribe); meanwhile nothing more is buffered.
      state.invalidated = true;
      state.pending = [];
      return;
    }
    this.dropSubscription(channel);
    const { code, reason } = unsubscribes.insufficientState;
    this.send(encodeUnsubscribePush(channel, code, reason));
  }

  /** Every user channel of this connection (after the notification connection was lost). */
  resynchronize(): void {
    for (const [channel, state] of [...this.subscriptions]) {
      if (state.offset !== null || state.pending) this.insufficientState(channel);
    }
  }

  // ─── history ────────────────────────────────────────────────────────────────────────────

  private async history(id: number, request: HistoryRequest): Promise<void> {
    const access = channelAccess(request.channel, this.user);
    if (!access.allowed) {
      this.error(id, access.error);
      return;
    }
    if (access.channel.kind === 'broadcast') {
      this.error(id, replyErrors.notAvailable);
      return;
    }
    const { historySize } = this.context.limits;
    const requested = request.limit ?? 0;
    const limit = requested < 0 ? historySize : Math.min(requested, historySize);
    const since = request.since;
    const read =
      since?.offset !== undefined
        ? await this.context.streams.read(
            request.channel,
            since.offset,
            this.historyCutoff(),
            limit,
          )
        : await this.context.streams.latest(request.channel, this.historyCutoff(), limit);
    if (since?.offset !== undefined) {
      const outcome = recoveryOutcome({
        streamEpoch: read.position.epoch,
        topOffset: read.position.offset,
        requestedEpoch: since.epoch ?? '',
        requestedOffset: since.offset,
        availableOffsets: read.publications.map((publication) => publication.offset),
        limit,
      });
      if (!outcome.recovered) {
        this.error(id, replyErrors.unrecoverablePosition);
        return;
      }
    }
    const publications = limit === 0 ? [] : read.publications;
    const ordered = request.reverse ? [...publications].reverse() : publications;
    this.send(
      encodeReplyWithPublications(
        id,
        'history',
        { epoch: read.position.epoch, offset: read.position.offset },
        ordered.map((publication) => ({
          channel: request.channel,
          epoch: read.position.epoch,
          offset: publication.offset,
          data: publication.data,
        })),
      ),
    );
  }
}
