/**
 * The built-in feed provider: the match simulator advanced on a real interval. Messages reach
 * `deliver` in order, one at a time (`start`) or in batches (`startBatches`: the ingestion
 * applies a batch in one transaction, so the first burst of fixtures costs a commit per
 * batch); a delivery that fails is tried again on the next tick, with those after it, so a
 * stalled ingestion loses nothing.
 */

import type { FeedMessage, FeedProvider, OpenEvent } from '../feed-messages.ts';
import { MatchSimulator, type MatchSimulatorOptions } from './match-simulator.ts';

export interface SimulatorFeedProviderOptions extends Omit<MatchSimulatorOptions, 'now'> {
  /** how often the simulator is advanced (default 1 s) */
  tickMs?: number;
  /** the clock (tests pass their own) */
  clock?: () => number;
  /** a delivery failed; it is retried on the next tick */
  onError?: (error: unknown) => void;
  /** the most messages `startBatches` delivers at once (default 200) */
  batchSize?: number;
}

export class SimulatorFeedProvider implements FeedProvider {
  private readonly options: SimulatorFeedProviderOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private pending: FeedMessage[] = [];
  /** recoveries asked for, handed to the simulator at its next advance */
  private recoveries: Array<readonly OpenEvent[]> = [];

  constructor(options: SimulatorFeedProviderOptions) {
    this.options = options;
  }

  async start(deliver: (message: FeedMessage) => Promise<void>): Promise<void> {
    await this.run(1, ([message]) => deliver(message as FeedMessage));
  }

  async startBatches(deliver: (messages: FeedMessage[]) => Promise<void>): Promise<void> {
    await this.run(this.options.batchSize ?? 200, deliver);
  }

  private async run(
    batchSize: number,
    deliver: (messages: FeedMessage[]) => Promise<void>,
  ): Promise<void> {
    if (!this.stopped) throw new Error('the simulator feed is already started');
    this.stopped = false;
    const clock = this.options.clock ?? Date.now;
    const simulator = new MatchSimulator({ ...this.options, now: clock() });
    const tickMs = this.options.tickMs ?? 1000;
    const tick = async () => {
      for (const events of this.recoveries.splice(0)) simulator.recover(events);
      this.pending.push(...simulator.advanceTo(Math.max(clock(), 0)));
      while (this.pending.length > 0 && !this.stopped) {
        const batch = this.pending.slice(0, batchSize);
        try {
          await deliver(batch);
        } catch (error) {
          this.options.onError?.(error);
          return;
        }
        this.pending.splice(0, batch.length);
      }
    };
    const loop = () => {
      if (this.stopped) return;
      this.running = tick().finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(loop, tickMs);
      });
    };
    loop();
  }

  /** The simulator recomputes these events from the seed (MatchSimulator.recover). */
  recover(events: readonly OpenEvent[]): void {
    this.recoveries.push(events);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
