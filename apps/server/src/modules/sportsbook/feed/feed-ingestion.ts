import type { DatabaseTransaction } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type {
  EventReference,
  FeedRepository,
  MarketInput,
  MarketReference,
  MarketVerdict,
  StoredMessage,
} from './feed.repository.ts';
import {
  type BetCancel,
  type BetSettlement,
  type FeedMessage,
  marketKey,
  type OddsChange,
  type OpenEvent,
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
  const none = { certainty: null, cancel_from: null, cancel_to: null, cancel_reason: null };
  switch (message.type) {
    case 'bet_settlement':
      return {
        ...none,
        kind: message.type,
        base_status: 'settled',
        register: 'result',
        certainty: message.certainty,
        detail: { certainty: message.certainty, timestamp: message.timestamp },
      };
    case 'rollback_bet_settlement':
      // The results are taken back; the market waits, suspended, for new odds or a new settlement.
      return {
        ...none,
        kind: message.type,
        base_status: 'suspended',
        register: 'result',
        detail: { timestamp: message.timestamp },
      };
    case 'bet_cancel':
      return {
        ...none,
        kind: message.type,
        base_status: 'cancelled',
        register: 'cancel',
        cancel_from: message.from === null ? null : new Date(message.from).toISOString(),
        cancel_to: message.to === null ? null : new Date(message.to).toISOString(),
        cancel_reason: message.reason,
        detail: {
          from: message.from,
          to: message.to,
          reason: message.reason,
          timestamp: message.timestamp,
        },
      };
    case 'rollback_bet_cancel':
      return {
        ...none,
        kind: message.type,
        base_status: 'suspended',
        register: 'cancel',
        detail: { timestamp: message.timestamp },
      };
  }
}

/** A fixture or versioned message as the stored functions take it. */
function storedMessage(message: Exclude<FeedMessage, { type: 'alive' }>): StoredMessage {
  switch (message.type) {
    case 'fixture_change':
      return {
        kind: 'fixture_change',
        feedId: message.eventId,
        sportId: message.sportId,
        category: message.category,
        tournament: message.tournament,
        home: message.home,
        away: message.away,
        startsAt: new Date(message.startsAt).toISOString(),
        status: message.status,
        timestamp: message.timestamp,
        producer: message.producer,
      };
    case 'odds_change':
      return {
        kind: 'odds_change',
        feedId: message.eventId,
        version: message.version,
        producer: message.producer,
        status: message.status,
        score: message.score,
        clock: message.clock,
        markets: marketInputs(message),
      };
    case 'bet_stop':
      return {
        kind: 'bet_stop',
        feedId: message.eventId,
        version: message.version,
        market_type_ids: message.marketTypeIds,
      };
    case 'bet_settlement':
    case 'bet_cancel':
    case 'rollback_bet_settlement':
    case 'rollback_bet_cancel':
      return {
        kind: 'verdict',
        feedId: message.eventId,
        version: message.version,
        verdict: verdictOf(message),
        markets: marketReferences(message),
      };
  }
}

/**
 * Applies the feed's messages to PostgreSQL: one transaction per message (`apply`) or per batch
 * (`applyBatch`), and one statement for all of them (`sport_apply_messages`, db/). Idempotent and
 * independent of order: a repeated message is dropped at once (its version is recorded per
 * event), and every part of the state (an event's status/score/clock, a market's status, prices,
 * results, cancellation) keeps the value of the newest version that touched it, so a message
 * arriving late changes only what no newer message has decided — the state the ordered sequence
 * ends in. Producers: a heartbeat older than `aliveTimeoutMs` (see `checkProducers`) or an
 * unsubscribed one suspends every market of the producer's open events in one statement; its
 * markets reopen with its next odds once it is back. Nothing is rewritten that would not change
 * (the same prices again move only the registers' versions), and the live publications are told
 * only of what a player could see change: a message that changed nothing publishes nothing.
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
  /** producers that came back up since `takeProducersBack` was last asked */
  private producersBack = new Set<ProducerId>();

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
    const { results, changes, back } = await this.transactions.run(async (transaction) => {
      const changes: EventChange[] = [];
      const results: ApplyResult[] = [];
      const back: ProducerId[] = [];
      // fixtures and versioned messages go to the database together, one round trip per run of
      // them; a heartbeat between them is applied in its place
      let run: StoredMessage[] = [];
      const flush = async () => {
        if (run.length === 0) return;
        const stored = await this.repository.applyMessages(transaction, run, this.clock.now());
        run = [];
        for (const { result, event, changedMarketKeys, stateChanged } of stored) {
          results.push(result);
          // a message that changed nothing a player sees (the same prices again) publishes nothing
          if (event === null || (changedMarketKeys.length === 0 && !stateChanged)) continue;
          changes.push({
            eventId: Number(event.eventId),
            sportId: event.sportId,
            previousVersion: event.previousVersion,
            version: event.version,
            marketKeys: changedMarketKeys,
            stateChanged,
          });
        }
      };
      for (const message of messages) {
        if (message.type === 'alive') {
          await flush();
          results.push(await this.applyAlive(transaction, message, changes, back));
        } else {
          run.push(storedMessage(message));
        }
      }
      await flush();
      return { results, changes, back };
    });
    for (const result of results) this.counts[result] += 1;
    for (const producer of back) this.producersBack.add(producer);
    if (changes.length > 0) this.changes.applied(changes);
    return results;
  }

  /**
   * The events a provider's recovery must bring up to date (FeedProvider.recover): the open ones
   * and the ended ones with a market still open, each with its open markets' keys.
   */
  async openEvents(): Promise<OpenEvent[]> {
    return await this.transactions.run((transaction) => this.repository.openEvents(transaction));
  }

  /**
   * The producers whose heartbeat came back (committed) since the last call: the feed runner
   * then asks its provider for a recovery.
   */
  takeProducersBack(): ProducerId[] {
    const producers = [...this.producersBack];
    this.producersBack.clear();
    return producers;
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

  private async applyAlive(
    transaction: DatabaseTransaction,
    message: Extract<FeedMessage, { type: 'alive' }>,
    changes: EventChange[],
    back: ProducerId[],
  ): Promise<ApplyResult> {
    const now = this.clock.now();
    const { wasDown } = await this.repository.recordAlive(
      transaction,
      message.producer,
      message.subscribed,
      now,
    );
    if (wasDown && message.subscribed) back.push(message.producer);
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
}
