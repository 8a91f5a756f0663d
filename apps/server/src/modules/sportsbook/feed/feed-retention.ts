import type { RawBuilder } from 'kysely';
import type { Transactions } from '../../../lib/transactions.ts';
import type { FeedRepository } from './feed.repository.ts';

export interface FeedRetentionDependencies {
  repository: Pick<FeedRepository, 'deleteClosedEvents'>;
  transactions: Transactions;
  /** an ended or cancelled event is deleted this long after its last message */
  retentionMs: number;
  /** events deleted per transaction (its locks are held that long only) */
  chunkSize?: number;
  /** chunks per run at most: a backlog is worked off over several runs */
  maxChunks?: number;
  /**
   * The events other modules still need, kept whatever their age (a subquery of `event_id`s):
   * betting's tickets name their legs' events and markets.
   */
  keptEvents?: RawBuilder<{ event_id: string }> | null;
}

/**
 * Ended and cancelled events do not pile up (about 2,000 a day with the simulator): the
 * retention job deletes each, with its markets, outcomes, results, history, bet stops, applied
 * versions and the favourites pointing at it, `retentionMs` after its last message — except
 * the events `keptEvents` names (those a sport ticket's legs hold). Small
 * transactions of `chunkSize` events, so no lock is held long and a running feed is never
 * blocked.
 */
export class FeedRetention {
  private readonly repository: FeedRetentionDependencies['repository'];
  private readonly transactions: Transactions;
  private readonly retentionMs: number;
  private readonly chunkSize: number;
  private readonly maxChunks: number;
  private readonly keptEvents: RawBuilder<{ event_id: string }> | null;

  constructor({
    repository,
    transactions,
    retentionMs,
    chunkSize = 200,
    maxChunks = 100,
    keptEvents = null,
  }: FeedRetentionDependencies) {
    this.keptEvents = keptEvents;
    this.repository = repository;
    this.transactions = transactions;
    this.retentionMs = retentionMs;
    this.chunkSize = chunkSize;
    this.maxChunks = maxChunks;
  }

  /** Deletes the events closed and untouched for the retention period; answers how many. */
  async purgeClosedEvents(now: Date): Promise<number> {
    const untouchedSince = new Date(now.getTime() - this.retentionMs);
    let deleted = 0;
    for (let chunk = 0; chunk < this.maxChunks; chunk += 1) {
      const count = await this.transactions.run((transaction) =>
        this.repository.deleteClosedEvents(
          transaction,
          untouchedSince,
          this.chunkSize,
          this.keptEvents,
        ),
      );
      deleted += count;
      if (count < this.chunkSize) break;
    }
    return deleted;
  }
}
