/**
 * The built-in feed provider: the match simulator advanced on a real interval. Messages reach
 * `deliver` one at a time, in order; one that fails is tried again on the next tick, with those
 * after it, so a stalled ingestion loses nothing.
 */

import type { FeedMessage, FeedProvider } from '../feed-messages.ts';
import { MatchSimulator, type MatchSimulatorOptions } from './match-simulator.ts';

export interface SimulatorFeedProviderOptions extends Omit<MatchSimulatorOptions, 'now'> {
  /** how often the simulator is advanced (default 1 s) */
  tickMs?: number;
  /** the clock (tests pass their own) */
  clock?: () => number;
  /** a delivery failed; it is retried on the next tick */
  onError?: (error: unknown) => void;
}

export class SimulatorFeedProvider implements FeedProvider {
  private readonly options: SimulatorFeedProviderOptions;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private pending: FeedMessage[] = [];

  constructor(options: SimulatorFeedProviderOptions) {
    this.options = options;
  }

  async start(deliver: (message: FeedMessage) => Promise<void>): Promise<void> {
    if (!this.stopped) throw new Error('the simulator feed is already started');
    this.stopped = false;
    const clock = this.options.clock ?? Date.now;
    const simulator = new MatchSimulator({ ...this.options, now: clock() });
    const tickMs = this.options.tickMs ?? 1000;
    const tick = async () => {
      this.pending.push(...simulator.advanceTo(Math.max(clock(), 0)));
      while (this.pending.length > 0 && !this.stopped) {
        const message = this.pending[0] as FeedMessage;
        try {
          await deliver(message);
        } catch (error) {
          this.options.onError?.(error);
          return;
        }
        this.pending.shift();
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
