import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { connectionTimeoutMs } from '../../../db/database.ts';
import type { FeedProvider } from './feed-messages.ts';
import type { BatchingFeedProvider } from './feed-runner.ts';

/** The advisory lock's key: whoever holds it runs the feed (`hashtextextended('sportsbook:feed', 0)`). */
const feedLockName = 'sportsbook:feed';

export interface FeedLeaderOptions {
  connectionString: string;
  /** what the leader runs: the runner's start and stop */
  runner: {
    start(provider: FeedProvider | BatchingFeedProvider): Promise<void>;
    stop(): Promise<void>;
  };
  /** a new provider each time this process becomes the leader */
  provider: () => FeedProvider | BatchingFeedProvider;
  /** how often a follower tries to take the lock, and the leader checks it still holds it */
  retryMs: number;
  logger: FastifyBaseLogger;
}

/**
 * Exactly one process runs the feed when several servers share a database: the one holding a
 * session-level advisory lock on its own connection (a pooled connection would hand the lock to
 * other queries). The others try again every `retryMs`; the leader checks its connection as
 * often, and when it is lost (PostgreSQL restarted, the network dropped) the lock went with it:
 * the feed stops at once, and whichever process takes the lock next starts it again. Stopping
 * stops the feed, then releases the lock by closing the connection.
 */
export class FeedLeader {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private stopped = false;
  private working: Promise<void> = Promise.resolve();

  constructor(private readonly options: FeedLeaderOptions) {}

  /** Whether this process runs the feed now. */
  isLeader(): boolean {
    return this.leading;
  }

  /** Begins trying to take the lead (does not wait for it). */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.working;
    await this.resign();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.working = this.step()
        .catch((error: unknown) =>
          this.options.logger.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'the sportsbook feed lost or could not take its lock; retrying',
          ),
        )
        .finally(() => this.schedule(this.options.retryMs));
    }, delayMs);
    this.timer.unref();
  }

  private async step(): Promise<void> {
    if (this.leading && this.client) {
      try {
        await this.client.query('SELECT 1');
        return;
      } catch (error) {
        await this.resign();
        throw error;
      }
    }
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'casino-sport-feed',
      connectionTimeoutMillis: connectionTimeoutMs,
      keepAlive: true,
    });
    client.on('error', () => {
      // a lost connection is noticed by the next check; the lock went with it
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [feedLockName],
      );
      if (!rows[0]?.locked || this.stopped) {
        await client.end();
        return;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    this.leading = true;
    this.options.logger.info('this process runs the sportsbook feed');
    try {
      await this.options.runner.start(this.options.provider());
    } catch (error) {
      await this.resign();
      throw error;
    }
  }

  /** Stops the feed and gives the lock back (closing its connection releases it). */
  private async resign(): Promise<void> {
    const client = this.client;
    const leading = this.leading;
    this.client = null;
    this.leading = false;
    if (leading) await this.options.runner.stop();
    if (client) await client.end().catch(() => {});
  }
}
