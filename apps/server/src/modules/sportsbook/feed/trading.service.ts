import {
  marketName,
  outcomeName,
  type SportEventControl,
  type SportFeedHealth,
  type SportMarketControl,
  type SportOperatorEvent,
  type SportOperatorEventDetail,
  type SportOperatorEventListQuery,
  type SportOperatorEventListResponse,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import { overdueCutoffs } from './catalog.repository.ts';
import type { FeedIngestion } from './feed-ingestion.ts';
import type { ProducerId } from './feed-messages.ts';
import { formatHundredths, ladderHundredths } from './simulator/odds-ladder.ts';
import type {
  MarketControlRow,
  OperatorEventRow,
  OperatorMarketRow,
  TradingRepository,
} from './trading.repository.ts';

/** Told after an operator's change commits, so live channels can publish the event's new state. */
export interface SportChanges {
  eventChanged(eventId: number): void;
}

export interface SportTradingDependencies {
  db: Kysely<Database>;
  repository: TradingRepository;
  transactions: Transactions;
  audit: AuditService;
  ingestion: Pick<FeedIngestion, 'stats'>;
  changes: SportChanges;
  clock: Clock;
  /** the catalog's overdue rule's period (SPORT_EVENT_OVERDUE_HOURS) */
  overdueMs: number;
}

const producerNames: Record<ProducerId, string> = { live: 'Live', prematch: 'Pre-match' };

const onLadder = new Set(ladderHundredths);

/** "1.85" → 185 (the body schema admits only up to four digits and two decimals). */
function hundredthsOf(odds: string): number {
  const [whole = '0', fraction = ''] = odds.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The ladder's prices next to `hundredths` (for the error a wrong price gets). */
function ladderNeighbours(hundredths: number): Record<string, string> {
  const above = ladderHundredths.find((price) => price > hundredths);
  const below = ladderHundredths.findLast((price) => price < hundredths);
  return {
    ...(below === undefined ? {} : { below: formatHundredths(below) }),
    ...(above === undefined ? {} : { above: formatHundredths(above) }),
  };
}

function isClosed(row: MarketControlRow): boolean {
  return row.base_status === 'settled' || row.base_status === 'cancelled';
}

function marketControl(row: MarketControlRow): SportMarketControl {
  const held = row.operator_suspended || row.event_suspended;
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    suspended: row.operator_suspended,
    eventSuspended: row.event_suspended,
    feedStatus: row.status,
    status: held && row.status === 'active' ? 'suspended' : row.status,
    outcomes: row.outcomes.map((outcome) => ({
      id: outcome.id,
      odds: outcome.operator_odds ?? outcome.odds,
      feedOdds: outcome.odds,
      overrideOdds: outcome.operator_odds,
      active: outcome.active,
    })),
  };
}

function operatorEvent(row: OperatorEventRow): SportOperatorEvent {
  return {
    id: Number(row.id),
    feedId: row.feed_id,
    sportId: row.sport_id,
    sportName: row.sport_name,
    league: {
      id: row.tournament_id,
      name: row.tournament_name,
      category: { id: row.category_id, name: row.category_name },
    },
    home: row.home_name,
    away: row.away_name,
    startsAt: row.starts_at.toISOString(),
    status: row.status,
    score: row.score ?? null,
    suspended: row.operator_suspended,
    overdue: row.overdue,
    updatedAt: row.updated_at.toISOString(),
    markets: {
      total: Number(row.markets.total),
      active: Number(row.markets.active),
      suspended: Number(row.markets.suspended),
      held: Number(row.markets.held),
      settled: Number(row.markets.settled),
    },
  };
}

function operatorMarket(row: OperatorMarketRow, home: string, away: string) {
  const competitors = { home, away };
  const control = marketControl({
    ...row,
    outcomes: row.outcomes.map(({ result: _result, ...outcome }) => outcome),
  });
  return {
    ...control,
    typeId: row.type_id,
    name: marketName(row.type_id, row.specifiers, competitors),
    specifiers: row.specifiers,
    outcomes: row.outcomes.map((outcome, index) => ({
      ...(control.outcomes[index] as SportMarketControl['outcomes'][number]),
      name: outcomeName(row.type_id, outcome.id, row.specifiers, competitors),
      result:
        outcome.result === null
          ? null
          : {
              result: outcome.result.result,
              voidFactor: outcome.result.void_factor,
              deadHeatFactor: outcome.result.dead_heat_factor,
            },
    })),
  };
}

/** The end (excluded) of a filter's `to`: an instant as it is, a day (UTC) at its end. */
function endOf(dayOrTime: string): Date {
  const date = new Date(dayOrTime);
  return /^\d{4}-\d{2}-\d{2}$/.test(dayOrTime) ? new Date(date.getTime() + 86_400_000) : date;
}

const noSuchMarket = () => new AppError('not_found', { message: 'No such market.' });

/**
 * Operators over the odds feed: the feed's health, an event or a market held suspended whatever
 * the feed sends, an outcome's price overridden. The feed's own state keeps being written
 * underneath, so a resume or a removed override shows the feed's current state. Every change is
 * audited (before → after) in its transaction, and `changes.eventChanged` is told once it has
 * committed; a repeated call that changes nothing is neither audited nor announced.
 */
export class SportTrading {
  private readonly db: Kysely<Database>;
  private readonly repository: TradingRepository;
  private readonly transactions: Transactions;
  private readonly audit: AuditService;
  private readonly ingestion: Pick<FeedIngestion, 'stats'>;
  private readonly changes: SportChanges;
  private readonly clock: Clock;
  private readonly overdueMs: number;

  constructor({
    db,
    repository,
    transactions,
    audit,
    ingestion,
    changes,
    clock,
    overdueMs,
  }: SportTradingDependencies) {
    this.clock = clock;
    this.overdueMs = overdueMs;
    this.db = db;
    this.repository = repository;
    this.transactions = transactions;
    this.audit = audit;
    this.ingestion = ingestion;
    this.changes = changes;
  }

  async feedHealth(): Promise<SportFeedHealth> {
    const row = await this.repository.feedHealth(
      this.db,
      overdueCutoffs(this.clock.now(), this.overdueMs),
    );
    const stats = this.ingestion.stats();
    return {
      producers: row.producers.map((producer) => ({
        id: producer.id,
        name: producerNames[producer.id],
        up: producer.down_since === null,
        lastAliveAt: producer.last_alive_at?.toISOString() ?? null,
        downSince: producer.down_since?.toISOString() ?? null,
      })),
      events: { live: row.live, upcoming: row.upcoming },
      suspendedMarkets: row.suspended_markets,
      operatorSuspended: {
        events: row.operator_suspended_events,
        markets: row.operator_suspended_markets,
      },
      newestMessageAt: row.newest_message_at?.toISOString() ?? null,
      overdueEvents: {
        count: row.overdue_count,
        oldest: row.overdue.map((event) => ({
          id: Number(event.id),
          feedId: event.feed_id,
          sportId: event.sport_id,
          home: event.home_name,
          away: event.away_name,
          status: event.status,
          startsAt: event.starts_at.toISOString(),
          lastMessageAt: event.updated_at.toISOString(),
        })),
      },
      ingestion: {
        applied: stats.applied,
        duplicate: stats.duplicate,
        stale: stats.stale,
        unknownEvent: stats.unknown_event,
        unknownSport: stats.unknown_sport,
      },
    };
  }

  /** Every event the book holds, for operators: filtered, sorted, a page at a time. */
  async events(query: SportOperatorEventListQuery): Promise<SportOperatorEventListResponse> {
    const { rows, total } = await this.repository.operatorEvents(
      this.db,
      {
        sportId: query.sportId,
        status: query.status,
        from: query.startsFrom === undefined ? undefined : new Date(query.startsFrom),
        to: query.startsTo === undefined ? undefined : endOf(query.startsTo),
        held: query.held,
        query: query.query === '' ? undefined : query.query,
      },
      { offset: query.offset, limit: query.limit, sort: query.sort, order: query.order },
      overdueCutoffs(this.clock.now(), this.overdueMs),
    );
    return {
      items: rows.map(operatorEvent),
      meta: { total, limit: query.limit, offset: query.offset },
    };
  }

  /** One event with every market (settled, cancelled and held ones too), as operators see it. */
  async event(eventId: number): Promise<SportOperatorEventDetail> {
    const row = await this.repository.operatorEvent(
      this.db,
      eventId,
      overdueCutoffs(this.clock.now(), this.overdueMs),
    );
    if (!row) throw new AppError('not_found', { message: 'No such event.' });
    const markets = await this.repository.operatorMarkets(this.db, eventId);
    return {
      ...operatorEvent(row),
      producer: row.producer,
      clock: row.clock ?? null,
      marketList: markets.map((market) => operatorMarket(market, row.home_name, row.away_name)),
    };
  }

  /** Holds every market of the event suspended (true) or gives it back to the feed (false). */
  async setEventSuspended(
    actor: OperatorActor,
    eventId: number,
    suspended: boolean,
  ): Promise<SportEventControl> {
    await this.transactions.run(async (transaction) => {
      const changed = await this.repository.setEventSuspended(transaction, eventId, suspended);
      if (changed === null) throw new AppError('not_found', { message: 'No such event.' });
      if (changed.before === suspended) return;
      await this.audit.record(
        actor,
        {
          action: suspended ? 'sport.event.suspend' : 'sport.event.resume',
          targetType: 'sport_event',
          targetId: String(eventId),
          payload: { before: { suspended: changed.before }, after: { suspended } },
        },
        transaction,
      );
      this.announce(transaction, eventId);
    });
    return { id: eventId, suspended };
  }

  /** Holds one market suspended (true) or gives it back to the feed (false). */
  async setMarketSuspended(
    actor: OperatorActor,
    marketId: number,
    suspended: boolean,
  ): Promise<SportMarketControl> {
    return await this.transactions.run(async (transaction) => {
      const row = await this.repository.lockMarket(transaction, marketId);
      if (!row) throw noSuchMarket();
      if (row.operator_suspended === suspended) return marketControl(row);
      await this.repository.setMarketSuspended(transaction, marketId, suspended);
      await this.audit.record(
        actor,
        {
          action: suspended ? 'sport.market.suspend' : 'sport.market.resume',
          targetType: 'sport_market',
          targetId: String(marketId),
          payload: {
            eventId: Number(row.event_id),
            before: { suspended: row.operator_suspended },
            after: { suspended },
          },
        },
        transaction,
      );
      this.announce(transaction, Number(row.event_id));
      return marketControl({ ...row, operator_suspended: suspended });
    });
  }

  /**
   * Shows players `odds` (a price on the ladder, 1.01–1000) for the outcome instead of the feed's
   * (null: the feed's price again). Refused on a market the feed settled or cancelled.
   */
  async setPrice(
    actor: OperatorActor,
    marketId: number,
    outcomeId: string,
    odds: string | null,
  ): Promise<SportMarketControl> {
    let price: string | null = null;
    if (odds !== null) {
      const hundredths = hundredthsOf(odds);
      if (!onLadder.has(hundredths)) {
        throw new AppError('validation_error', {
          message: 'The price must be on the odds ladder, from 1.01 to 1000.',
          payload: {
            fields: [
              {
                field: 'odds',
                message: 'Validation.invalid_value',
                params: ladderNeighbours(hundredths),
              },
            ],
          },
        });
      }
      price = formatHundredths(hundredths);
    }
    return await this.transactions.run(async (transaction) => {
      const row = await this.repository.lockMarket(transaction, marketId);
      if (!row) throw noSuchMarket();
      const outcome = row.outcomes.find((candidate) => candidate.id === outcomeId);
      if (!outcome) throw new AppError('not_found', { message: 'No such outcome in this market.' });
      if (isClosed(row)) {
        throw new AppError('sport_market_closed', {
          payload: { marketId, status: row.base_status },
        });
      }
      const before =
        outcome.operator_odds === null
          ? null
          : formatHundredths(hundredthsOf(outcome.operator_odds));
      const after = {
        ...row,
        outcomes: row.outcomes.map((candidate) =>
          candidate.id === outcomeId ? { ...candidate, operator_odds: price } : candidate,
        ),
      };
      if (before === price) return marketControl(after);
      await this.repository.setOutcomePrice(transaction, marketId, outcomeId, price);
      await this.audit.record(
        actor,
        {
          action: price === null ? 'sport.price_override.remove' : 'sport.price_override.set',
          targetType: 'sport_market',
          targetId: String(marketId),
          payload: {
            eventId: Number(row.event_id),
            outcomeId,
            feedOdds: outcome.odds,
            before: { odds: before },
            after: { odds: price },
          },
        },
        transaction,
      );
      this.announce(transaction, Number(row.event_id));
      return marketControl(after);
    });
  }

  /** `changes.eventChanged` once the transaction has committed (never for a rolled-back one). */
  private announce(transaction: DatabaseTransaction, eventId: number): void {
    this.transactions.afterCommit(transaction, async () => {
      this.changes.eventChanged(eventId);
    });
  }
}
