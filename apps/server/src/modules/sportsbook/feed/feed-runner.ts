import type { FeedIngestion } from './feed-ingestion.ts';
import type { FeedMessage, FeedProvider } from './feed-messages.ts';

/** A provider that hands over many messages at once: the ingestion applies each batch in one transaction. */
export interface BatchingFeedProvider {
  startBatches(deliver: (messages: FeedMessage[]) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** as FeedProvider.recover */
  recover?: FeedProvider['recover'];
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
 * Recovery (UOF's "recovery since"): before the provider starts, and each time a producer's
 * heartbeat comes back after it was down, the provider is handed the events the ingestion holds
 * open (`FeedIngestion.openEvents`) to bring them up to date; one that is not able to recover
 * (no `recover`) is not asked.
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
    try {
      await this.recover(provider);
    } catch (error) {
      this.provider = null;
      throw error;
    }
    this.timer = setInterval(() => {
      this.ingestion.checkProducers().catch(this.reportError);
    }, this.checkIntervalMs);
    this.timer.unref();
    let owed = false;
    const afterDelivery = async () => {
      // a producer back up after being down: what it left open is recovered (a failed read is
      // tried again after the next delivery)
      owed = this.ingestion.takeProducersBack().length > 0 || owed;
      if (!owed || this.provider !== provider) return;
      try {
        await this.recover(provider);
        owed = false;
      } catch (error) {
        this.reportError(error);
      }
    };
    if ('startBatches' in provider) {
      await provider.startBatches(async (messages) => {
        await this.ingestion.applyBatch(messages);
        await afterDelivery();
      });
      return;
    }
    await provider.start(async (message) => {
      await this.ingestion.apply(message);
      await afterDelivery();
    });
  }

  private async recover(provider: FeedProvider | BatchingFeedProvider): Promise<void> {
    if (provider.recover === undefined) return;
    provider.recover(await this.ingestion.openEvents());
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const provider = this.provider;
    this.provider = null;
    await provider?.stop();
  }
}
