import type { FeedIngestion } from './feed-ingestion.ts';
import type { FeedProvider } from './feed-messages.ts';

export interface FeedRunnerDependencies {
  ingestion: FeedIngestion;
  /** how often the producers' heartbeats are checked */
  checkIntervalMs: number;
  reportError: (error: unknown) => void;
}

/**
 * Connects a provider to the ingestion and checks the producers' heartbeats on a timer. Nothing
 * runs until `start` is called with a provider (the built-in simulator or a real feed's adapter).
 */
export class FeedRunner {
  private readonly ingestion: FeedIngestion;
  private readonly checkIntervalMs: number;
  private readonly reportError: (error: unknown) => void;
  private provider: FeedProvider | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor({ ingestion, checkIntervalMs, reportError }: FeedRunnerDependencies) {
    this.ingestion = ingestion;
    this.checkIntervalMs = checkIntervalMs;
    this.reportError = reportError;
  }

  async start(provider: FeedProvider): Promise<void> {
    if (this.provider) throw new Error('the feed is already running');
    this.provider = provider;
    this.timer = setInterval(() => {
      this.ingestion.checkProducers().catch(this.reportError);
    }, this.checkIntervalMs);
    this.timer.unref();
    await provider.start(async (message) => {
      await this.ingestion.apply(message);
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const provider = this.provider;
    this.provider = null;
    await provider?.stop();
  }
}
