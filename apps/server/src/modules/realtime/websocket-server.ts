import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import type { Clock } from '../../lib/clock.ts';
import type { VerifiedToken } from '../../lib/websocket-token.ts';
import { CorkedWrites } from './corked-writes.ts';
import { RealtimeHub } from './hub.ts';
import { NotificationListener } from './listener.ts';
import { disconnects, type Publication } from './protocol.ts';
import { publicationNotificationChannel } from './publisher.ts';
import { controlNotificationChannel, type RealtimeRepository } from './realtime.repository.ts';
import {
  ClientSession,
  type RealtimeIdentities,
  type SessionLimits,
  SessionRegistry,
} from './session.ts';

export const websocketPath = '/connection/websocket';

export interface BuiltinRealtimeOptions {
  databaseUrl: string;
  repository: RealtimeRepository;
  tokens: { verify(token: string): Promise<VerifiedToken> };
  identities: RealtimeIdentities;
  clock: Clock;
  limits: SessionLimits & { maxMessageBytes: number };
  logger: FastifyBaseLogger;
}

/** `realtime_control` notifications (see RealtimeRepository.notifyDisconnect). */
interface ControlNotification {
  /** a banned player's globalId: all of their connections */
  disconnect?: unknown;
  /** the connections opened with tokens of one sign-in session */
  disconnectSession?: { user?: unknown; session?: unknown } | null;
}

interface NotificationPayload {
  c: string;
  e: string | null;
  o: number | null;
  d?: unknown;
}

function notificationOf(value: Partial<NotificationPayload> | null): NotificationPayload | null {
  if (typeof value !== 'object' || value === null || typeof value.c !== 'string') return null;
  return {
    c: value.c,
    e: typeof value.e === 'string' ? value.e : null,
    o: typeof value.o === 'number' ? value.o : null,
    ...('d' in value ? { d: value.d } : {}),
  };
}

/** A notification's publications: one, or a pack of them (publisher.ts packNotifications). */
function parseNotification(payload: string): Array<NotificationPayload | null> {
  try {
    const value = JSON.parse(payload) as unknown;
    const values = (
      Array.isArray(value) ? value : [value]
    ) as Array<Partial<NotificationPayload> | null>;
    return values.map(notificationOf);
  } catch {
    return [null];
  }
}

/**
 * The built-in realtime server: WebSocket connections at /connection/websocket speaking the
 * Centrifugo protocol, fed by PostgreSQL notifications so that every process on the database
 * delivers every committed publication to its own subscribers.
 */
export class BuiltinRealtimeServer {
  readonly hub = new RealtimeHub();
  readonly registry = new SessionRegistry();
  private readonly sockets: WebSocketServer;
  private readonly listener: NotificationListener;
  /**
   * Pushes to connections leave at the end of the turn: those of every publication handled in
   * one turn (the notifications of one read from PostgreSQL) in one `writev` per connection.
   */
  private readonly pushes = new CorkedWrites();
  /** set while a publication's data is being read back: later ones wait to keep the order */
  private ordered: Promise<void> | null = null;

  constructor(private readonly options: BuiltinRealtimeOptions) {
    this.sockets = new WebSocketServer({
      noServer: true,
      maxPayload: options.limits.maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.listener = new NotificationListener({
      connectionString: options.databaseUrl,
      channels: [publicationNotificationChannel, controlNotificationChannel],
      onNotification: (channel, payload) =>
        channel === controlNotificationChannel
          ? this.onControl(payload)
          : this.onNotification(payload),
      onResumed: () => {
        options.logger.warn('realtime notifications resumed; subscribers resynchronize');
        for (const session of this.registry.sessions()) session.resynchronize();
      },
      logger: options.logger,
    });
  }

  /** Takes WebSocket upgrades for /connection/websocket; other upgrade requests are refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== websocketPath) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (websocket) =>
        this.accept(websocket, socket),
      );
    });
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  /** Asks every client to reconnect (to another process) and stops listening. */
  async stop(): Promise<void> {
    for (const session of this.registry.sessions()) session.disconnect(disconnects.shutdown);
    await this.listener.stop();
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
  }

  get connectionCount(): number {
    return this.registry.size;
  }

  /** `socket`: the connection under `websocket` (ws writes its frames to it). */
  private accept(websocket: WebSocket, socket: Duplex): void {
    const session = new ClientSession(
      {
        send: (frame) => websocket.send(frame),
        // The push's frame, built once for every subscriber, is written to the connection as is:
        // the very bytes `websocket.send(push.text)` would write, without `ws` framing them again
        // for each connection. Without compression `ws` writes every frame to the socket at once
        // (nothing waits in it), so the order of a connection's frames is kept; after the close
        // frame (state CLOSING) nothing more is written, as `ws` itself does.
        sendPush: (push) => {
          if (websocket.readyState === WebSocket.OPEN && !socket.destroyed) {
            this.pushes.write(socket, push.frame);
          }
        },
        close: (code, reason) => {
          websocket.close(code, reason);
          // A client that does not read cannot be waited for: the socket goes soon regardless.
          setTimeout(() => websocket.terminate(), 2_000).unref();
        },
        bufferedAmount: () => websocket.bufferedAmount,
      },
      {
        hub: this.hub,
        registry: this.registry,
        streams: this.options.repository,
        tokens: this.options.tokens,
        identities: this.options.identities,
        clock: this.options.clock,
        limits: this.options.limits,
        logger: this.options.logger,
      },
    );
    websocket.on('message', (data, isBinary) => {
      if (isBinary) {
        session.disconnect(disconnects.badRequest);
        return;
      }
      session.receive(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
    });
    websocket.on('close', () => session.closed());
    websocket.on('error', (error) => {
      this.options.logger.debug({ err: error }, 'realtime socket error');
      session.closed();
    });
  }

  /**
   * A forced disconnect (see realtime.repository.ts): every connection of a banned player, or
   * those of one ended sign-in session, close on this process without reconnecting.
   */
  private onControl(payload: string): void {
    let message: ControlNotification;
    try {
      message = JSON.parse(payload) as ControlNotification;
    } catch {
      this.options.logger.warn('malformed realtime control notification ignored');
      return;
    }
    const { disconnect, disconnectSession } = message;
    if (typeof disconnect === 'string' && disconnect !== '') {
      for (const session of this.registry.sessionsOf(disconnect)) {
        session.disconnect(disconnects.banned);
      }
      return;
    }
    if (
      typeof disconnectSession?.user === 'string' &&
      typeof disconnectSession.session === 'string'
    ) {
      for (const session of this.registry.sessionsOf(disconnectSession.user)) {
        if (session.signInSession === disconnectSession.session) {
          session.disconnect(disconnects.sessionEnded);
        }
      }
      return;
    }
    this.options.logger.warn('unknown realtime control notification ignored');
  }

  private onNotification(payload: string): void {
    for (const notification of parseNotification(payload)) {
      if (notification) this.onPublication(notification);
      else this.options.logger.warn('malformed realtime notification ignored');
    }
  }

  private onPublication(notification: NotificationPayload): void {
    if (!this.hub.hasSubscribers(notification.c)) return;
    if (!this.ordered && 'd' in notification) {
      this.hub.deliver(this.toPublication(notification, JSON.stringify(notification.d)));
      return;
    }
    const previous = this.ordered ?? Promise.resolve();
    const next = previous
      .then(async () => {
        let data: string | null;
        if ('d' in notification) data = JSON.stringify(notification.d);
        else if (notification.o === null) data = null;
        else data = await this.options.repository.publicationData(notification.c, notification.o);
        if (data !== null) this.hub.deliver(this.toPublication(notification, data));
      })
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'realtime publication could not be read back');
      });
    this.ordered = next;
    void next.then(() => {
      if (this.ordered === next) this.ordered = null;
    });
  }

  private toPublication(notification: NotificationPayload, data: string): Publication {
    return { channel: notification.c, epoch: notification.e, offset: notification.o, data };
  }
}
