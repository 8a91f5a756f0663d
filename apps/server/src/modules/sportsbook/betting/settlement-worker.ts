import type { SportSettlement } from './settlement.service.ts';

export interface SettlementWorkerDependencies {
  settlement: Pick<SportSettlement, 'settlePending'>;
  /** how often every market is looked at (crash recovery, a decision no kick announced) */
  sweepIntervalMs: number;
  reportError: (error: unknown) => void;
}

/**
 * Runs the settlement in the background, one run at a time: right after the feed's ingestion
 * committed messages of some events (`eventsChanged`, narrowed to those events' markets), and on
 * a timer over every market (`start`). The work itself is durable: the engine finds it in the
 * database (markets whose decisions it has not followed yet), so a kick lost to a crash is done
 * by the next sweep, and the ingestion never waits for a settlement.
 */
export class SettlementWorker {
  private readonly settlement: SettlementWorkerDependencies['settlement'];
  private readonly sweepIntervalMs: number;
  private readonly reportError: (error: unknown) => void;
  private readonly pendingEvents = new Set<number>();
  private pendingSweep = false;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor({ settlement, sweepIntervalMs, reportError }: SettlementWorkerDependencies) {
    this.settlement = settlement;
    this.sweepIntervalMs = sweepIntervalMs;
    this.reportError = reportError;
  }

  /** The feed applied messages of these events: settle what they decided. */
  eventsChanged(eventIds: Iterable<number>): void {
    for (const id of eventIds) this.pendingEvents.add(id);
    this.schedule();
  }

  /** Looks at every market now. */
  sweep(): void {
    this.pendingSweep = true;
    this.schedule();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), this.sweepIntervalMs);
    this.timer.unref();
    this.sweep();
  }

  /** Stops the timer and waits for the run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.pendingEvents.clear();
    this.pendingSweep = false;
    await this.idle();
  }

  /** Resolves once no run is in progress or pending. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private schedule(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.pendingSweep || this.pendingEvents.size > 0) this.schedule();
    });
  }

  private async drain(): Promise<void> {
    while (this.pendingSweep || this.pendingEvents.size > 0) {
      const sweep = this.pendingSweep;
      const events = [...this.pendingEvents];
      this.pendingSweep = false;
      this.pendingEvents.clear();
      try {
        await this.settlement.settlePending(sweep ? null : events);
      } catch (error) {
        this.reportError(error);
        return;
      }
    }
  }
}
