import type { FeedIngestion } from './feed-ingestion.ts';
import type { FeedMessage, FeedProvider } from './feed-messages.ts';

/** A provider that hands over many messages at once: the ingestion applies each batch in one transaction. */
export interface BatchingFeedProvider {
  startBatches(deliver: (messages: FeedMessage[]) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

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
  private provider: FeedProvider | BatchingFeedProvider | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor({ ingestion, checkIntervalMs, reportError }: FeedRunnerDependencies) {
    this.ingestion = ingestion;
    this.checkIntervalMs = checkIntervalMs;
    this.reportError = reportError;
  }

  async start(provider: FeedProvider | BatchingFeedProvider): Promise<void> {
    if (this.provider) throw new Error('the feed is already running');
    this.provider = provider;
    this.timer = setInterval(() => {
      this.ingestion.checkProducers().catch(this.reportError);
    }, this.checkIntervalMs);
    this.timer.unref();
    if ('startBatches' in provider) {
      await provider.startBatches(async (messages) => {
        await this.ingestion.applyBatch(messages);
      });
      return;
    }
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
