import type { FastifyBaseLogger } from 'fastify';
import { NotificationListener } from './listener.ts';
import {
  type OutboxRow,
  outboxWakeChannel,
  type RealtimeRepository,
} from './realtime.repository.ts';

export interface CentrifugoDispatcherOptions {
  databaseUrl: string;
  repository: RealtimeRepository;
  /** Centrifugo's server API base, e.g. `http://centrifugo:8000/api` */
  apiUrl: string;
  apiKey: string;
  logger: FastifyBaseLogger;
  /** rows sent per transaction */
  batchSize?: number;
  /** how often the outbox is looked at without a wake-up (missed notifications, failures) */
  pollIntervalMs?: number;
  requestTimeoutMs?: number;
}

/**
 * Sends committed outbox rows to an external Centrifugo through its HTTP server API
 * (`POST {apiUrl}/publish` or `/disconnect` with `X-API-Key`), oldest first. Every process runs one, but an
 * advisory lock lets only one drain at a time, so publications keep their order; a row is
 * deleted only once Centrifugo accepted it (a failed send is retried on the next round).
 */
export class CentrifugoDispatcher {
  private readonly listener: NotificationListener;
  private running = false;
  private again = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(private readonly options: CentrifugoDispatcherOptions) {
    this.listener = new NotificationListener({
      connectionString: options.databaseUrl,
      channels: [outboxWakeChannel],
      onNotification: () => this.wake(),
      onResumed: () => this.wake(),
      logger: options.logger,
    });
  }

  async start(): Promise<void> {
    await this.listener.start();
    this.schedulePoll();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.listener.stop();
  }

  /** Drains the outbox now (or right after the drain in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain().finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    const base = this.options.pollIntervalMs ?? 1_000;
    // Back off while Centrifugo is unreachable: at most 30 s between attempts.
    const delay = Math.min(base * 2 ** Math.min(this.failures, 5), 30_000);
    this.pollTimer = setTimeout(() => {
      this.wake();
      this.schedulePoll();
    }, delay);
    this.pollTimer.unref();
  }

  private async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    try {
      for (;;) {
        const sent = await this.options.repository.drainOutbox(batchSize, (rows) =>
          this.send(rows),
        );
        // null: another process is draining; 0: empty; fewer than a batch: done for now
        if (sent === null || sent < batchSize) return;
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'realtime outbox could not be drained');
    }
  }

  /** Publishes rows in order; stops at the first failure. Returns the ids Centrifugo accepted. */
  private async send(rows: OutboxRow[]): Promise<bigint[]> {
    const accepted: bigint[] = [];
    for (const row of rows) {
      try {
        await this.publish(row);
        accepted.push(row.id);
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        this.options.logger.warn(
          { err: error, method: row.method },
          'Centrifugo did not accept a call; it stays in the outbox',
        );
        break;
      }
    }
    return accepted;
  }

  private async publish(row: OutboxRow): Promise<void> {
    const response = await fetch(`${this.options.apiUrl}/${row.method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': this.options.apiKey },
      body: row.body,
      signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 5_000),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`Centrifugo answered ${response.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { error?: { code: number; message: string } };
    if (body.error) {
      throw new Error(`Centrifugo refused the call: ${body.error.code} ${body.error.message}`);
    }
  }
}
