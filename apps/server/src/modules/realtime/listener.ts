import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { connectionTimeoutMs } from '../../db/database.ts';

export interface ListenerOptions {
  connectionString: string;
  /** PostgreSQL notification channels to LISTEN on */
  channels: string[];
  onNotification(channel: string, payload: string): void;
  /**
   * Called after the connection was lost and LISTEN is in place again: notifications sent in
   * between were missed.
   */
  onResumed(): void;
  /** Called when the connection is lost: notifications are missed until `onResumed`. */
  onLost?(): void;
  logger: FastifyBaseLogger;
  /** what the listener serves, in its connection's application_name and its log (`realtime`) */
  purpose?: string;
}

const minimumRetryMs = 250;
const maximumRetryMs = 10_000;

/**
 * One dedicated PostgreSQL connection that LISTENs (a pooled connection cannot: it would be
 * handed to other queries). It reconnects with backoff when the connection drops.
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = minimumRetryMs;
  private retryTimer: NodeJS.Timeout | null = null;
  private everConnected = false;
  private failedAttempts = 0;

  private readonly purpose: string;

  constructor(private readonly options: ListenerOptions) {
    this.purpose = options.purpose ?? 'realtime';
  }

  /**
   * Resolves once LISTEN is in place, or after a failed first attempt (logged; retried in the
   * background): realtime delivery never keeps the API from serving.
   */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      this.options.logger.error(
        { err: error },
        `${this.purpose} listener could not connect; retrying`,
      );
      this.everConnected = true;
      this.scheduleReconnect();
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `casino-${this.purpose}-listener`,
      // an unreachable server must fail the attempt, or no retry would ever be scheduled
      connectionTimeoutMillis: connectionTimeoutMs,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      this.options.onNotification(message.channel, message.payload ?? '');
    });
    client.on('error', (error) => {
      if (this.client === client) {
        this.options.logger.warn(
          { reason: error.message },
          `${this.purpose} listener lost its connection; reconnecting`,
        );
      }
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.options.channels) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = minimumRetryMs;
    this.failedAttempts = 0;
    if (this.everConnected) this.options.onResumed();
    this.everConnected = true;
  }

  /** Whether LISTEN is in place now. */
  get listening(): boolean {
    return this.client !== null;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.options.onLost?.();
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, maximumRetryMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((error: unknown) => {
        // one line per outage: the attempts repeat with backoff until the database is back
        const level = this.failedAttempts === 0 ? 'warn' : 'debug';
        this.failedAttempts += 1;
        this.options.logger[level](
          { reason: error instanceof Error ? error.message : String(error) },
          `${this.purpose} listener could not reconnect; retrying`,
        );
        this.scheduleReconnect();
      });
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }
}
