import type { DatabaseTransaction } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type {
  EventReference,
  FeedRepository,
  MarketInput,
  MarketReference,
  MarketVerdict,
} from './feed.repository.ts';
import {
  type BetCancel,
  type BetSettlement,
  type FeedMessage,
  marketKey,
  type OddsChange,
  type ProducerId,
  type RollbackBetCancel,
  type RollbackBetSettlement,
} from './feed-messages.ts';

/** What became of a message: applied, or dropped and why. */
export type ApplyResult = 'applied' | 'duplicate' | 'stale' | 'unknown_event' | 'unknown_sport';

/**
 * What a committed message changed in one event, for the live publications: the event's version
 * before and after, the markets it touched (their keys; null: possibly every market) and whether
 * the event's own fields (status, score, clock, fixture) may have changed.
 */
export interface EventChange {
  eventId: number;
  sportId: number;
  previousVersion: number;
  version: number;
  marketKeys: string[] | null;
  stateChanged: boolean;
}

export interface FeedIngestionDependencies {
  repository: FeedRepository;
  transactions: Transactions;
  clock: Clock;
  /** a producer with no heartbeat for this long is down: all its markets are suspended */
  aliveTimeoutMs: number;
  /** told, once the transaction committed, what it changed (the live publications) */
  changes: { applied(changes: readonly EventChange[]): void };
}

/** The most messages `applyBatch` puts in one transaction. */
export const maxMessagesPerTransaction = 500;

const everyMarket = (event: EventReference): EventChange => ({
  eventId: Number(event.eventId),
  sportId: event.sportId,
  previousVersion: event.version,
  version: event.version,
  marketKeys: null,
  stateChanged: true,
});

/** The messages of one event that carry a version. */
type VersionedMessage = Exclude<FeedMessage, { type: 'fixture_change' } | { type: 'alive' }>;

/** The markets an odds_change lists, once each (the last listing of a key wins). */
function marketInputs(message: OddsChange): MarketInput[] {
  const byKey = new Map<string, MarketInput>();
  for (const market of message.markets) {
    const key = marketKey(market.typeId, market.specifiers);
    byKey.set(key, {
      key,
      type_id: market.typeId,
      specifiers: market.specifiers,
      status: market.status,
      outcomes: market.outcomes.map((outcome, position) => ({
        id: outcome.id,
        odds: outcome.odds,
        active: outcome.active,
        position,
      })),
    });
  }
  return [...byKey.values()];
}

function marketReferences(
  message: BetSettlement | BetCancel | RollbackBetSettlement | RollbackBetCancel,
): MarketReference[] {
  const byKey = new Map<string, MarketReference>();
  for (const market of message.markets) {
    const key = marketKey(market.typeId, market.specifiers);
    byKey.set(key, {
      key,
      type_id: market.typeId,
      specifiers: market.specifiers,
      outcomes:
        'outcomes' in market
          ? market.outcomes.map((outcome) => ({
              id: outcome.id,
              result: outcome.result,
              void_factor: outcome.voidFactor,
              dead_heat_factor: outcome.deadHeatFactor,
            }))
          : [],
    });
  }
  return [...byKey.values()];
}

/** What a settlement, cancellation or rollback does to a market (UOF semantics). */
function verdictOf(
  message: BetSettlement | BetCancel | RollbackBetSettlement | RollbackBetCancel,
): MarketVerdict {
  switch (message.type) {
    case 'bet_settlement':
      return {
        kind: message.type,
        baseStatus: 'settled',
        register: 'result',
        certainty: message.certainty,
        cancel: null,
        detail: { certainty: message.certainty, timestamp: message.timestamp },
      };
    case 'rollback_bet_settlement':
      // The results are taken back; the market waits, suspended, for new odds or a new settlement.
      return {
        kind: message.type,
        baseStatus: 'suspended',
        register: 'result',
        certainty: null,
        cancel: null,
        detail: { timestamp: message.timestamp },
      };
    case 'bet_cancel':
      return {
        kind: message.type,
        baseStatus: 'cancelled',
        register: 'cancel',
        certainty: null,
        cancel: {
          from: message.from === null ? null : new Date(message.from),
          to: message.to === null ? null : new Date(message.to),
          reason: message.reason,
        },
        detail: {
          from: message.from,
          to: message.to,
          reason: message.reason,
          timestamp: message.timestamp,
        },
      };
    case 'rollback_bet_cancel':
      return {
        kind: message.type,
        baseStatus: 'suspended',
        register: 'cancel',
        certainty: null,
        cancel: null,
        detail: { timestamp: message.timestamp },
      };
  }
}

/**
 * Applies the feed's messages to PostgreSQL, one transaction per message. Idempotent and
 * independent of order: a repeated message is dropped at once (its version is recorded per
 * event), and every part of the state (an event's status/score/clock, a market's status, prices,
 * results, cancellation) keeps the value of the newest version that touched it, so a message
 * arriving late changes only what no newer message has decided — the state the ordered sequence
 * ends in. Producers: a heartbeat older than `aliveTimeoutMs` (see `checkProducers`) or an
 * unsubscribed one suspends every market of the producer's open events in one statement; its
 * markets reopen with its next odds once it is back.
 */
export class FeedIngestion {
  private readonly repository: FeedRepository;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly aliveTimeoutMs: number;
  private readonly changes: FeedIngestionDependencies['changes'];
  private readonly counts: Record<ApplyResult, number> = {
    applied: 0,
    duplicate: 0,
    stale: 0,
    unknown_event: 0,
    unknown_sport: 0,
  };

  constructor({
    repository,
    transactions,
    clock,
    aliveTimeoutMs,
    changes,
  }: FeedIngestionDependencies) {
    this.repository = repository;
    this.transactions = transactions;
    this.clock = clock;
    this.aliveTimeoutMs = aliveTimeoutMs;
    this.changes = changes;
  }

  /** Messages applied and dropped (by reason) by this process since it started. */
  stats(): Readonly<Record<ApplyResult, number>> {
    return { ...this.counts };
  }

  async apply(message: FeedMessage): Promise<ApplyResult> {
    const [result] = await this.applyBatch([message]);
    return result as ApplyResult;
  }

  /**
   * Applies messages in order in ONE transaction (at most `maxMessagesPerTransaction`): what a
   * burst costs is then a commit per batch, not per message (the simulator's first minutes
   * publish thousands of fixtures). Each message keeps its own semantics; a failure rolls the
   * whole batch back, and applying it again is harmless (idempotent).
   */
  async applyBatch(messages: readonly FeedMessage[]): Promise<ApplyResult[]> {
    if (messages.length > maxMessagesPerTransaction) {
      throw new RangeError(`at most ${maxMessagesPerTransaction} messages per transaction`);
    }
    if (messages.length === 0) return [];
    const { results, changes } = await this.transactions.run(async (transaction) => {
      const changes: EventChange[] = [];
      const results: ApplyResult[] = [];
      for (const message of messages) {
        results.push(await this.applyIn(transaction, message, changes));
      }
      return { results, changes };
    });
    for (const result of results) this.counts[result] += 1;
    if (changes.length > 0) this.changes.applied(changes);
    return results;
  }

  /**
   * Marks down every producer whose last heartbeat is older than the timeout, suspending all
   * its markets; answers the producers it marked down. Run by `FeedRunner` on a timer.
   */
  async checkProducers(): Promise<ProducerId[]> {
    const now = this.clock.now();
    const silentBefore = new Date(now.getTime() - this.aliveTimeoutMs);
    const { producers, events } = await this.transactions.run((transaction) =>
      this.repository.markSilentProducersDown(transaction, silentBefore, now, null),
    );
    if (events.length > 0) this.changes.applied(events.map(everyMarket));
    return producers;
  }

  private async applyIn(
    transaction: DatabaseTransaction,
    message: FeedMessage,
    changes: EventChange[],
  ): Promise<ApplyResult> {
    switch (message.type) {
      case 'fixture_change': {
        const { result, event } = await this.repository.upsertFixture(transaction, message);
        if (event !== null) changes.push({ ...everyMarket(event), marketKeys: [] });
        return result;
      }
      case 'alive': {
        const now = this.clock.now();
        await this.repository.recordAlive(transaction, message.producer, message.subscribed, now);
        if (!message.subscribed) {
          const { events } = await this.repository.markSilentProducersDown(
            transaction,
            now,
            now,
            message.producer,
          );
          changes.push(...events.map(everyMarket));
        }
        return 'applied';
      }
      default:
        return await this.applyVersioned(transaction, message, changes);
    }
  }

  private async applyVersioned(
    transaction: DatabaseTransaction,
    message: VersionedMessage,
    changes: EventChange[],
  ): Promise<ApplyResult> {
    const claim = await this.repository.claimVersion(
      transaction,
      message.eventId,
      message.version,
      message.producer,
    );
    if (claim === null) return 'unknown_event';
    if (!claim.fresh) return 'duplicate';
    const { eventId, producerDown } = claim;
    let marketKeys: string[] | null;
    switch (message.type) {
      case 'odds_change':
        marketKeys = message.markets.map((market) => marketKey(market.typeId, market.specifiers));
        await this.repository.applyEventState(transaction, eventId, message.version, {
          status: message.status,
          score: message.score,
          clock: message.clock,
          producer: message.producer,
        });
        await this.repository.applyOdds(
          transaction,
          eventId,
          message.version,
          producerDown,
          marketInputs(message),
        );
        break;
      case 'bet_stop':
        // every market of the listed types: read back whole at publication
        marketKeys = null;
        await this.repository.applyEventState(transaction, eventId, message.version, null);
        await this.repository.applyBetStop(
          transaction,
          eventId,
          message.version,
          message.marketTypeIds,
        );
        break;
      case 'bet_settlement':
      case 'bet_cancel':
      case 'rollback_bet_settlement':
      case 'rollback_bet_cancel':
        marketKeys = message.markets.map((market) => marketKey(market.typeId, market.specifiers));
        await this.repository.applyEventState(transaction, eventId, message.version, null);
        await this.repository.applyVerdict(
          transaction,
          eventId,
          message.version,
          verdictOf(message),
          marketReferences(message),
          this.clock.now(),
        );
        break;
    }
    changes.push({
      eventId: Number(eventId),
      sportId: claim.sportId,
      previousVersion: claim.previousVersion,
      version: Math.max(claim.previousVersion, message.version),
      marketKeys,
      stateChanged: message.type === 'odds_change',
    });
    return 'applied';
  }
}
