import {
  type Competitors,
  mainMarketTypeIds,
  marketName,
  outcomeName,
  type Sport,
  type SportEvent,
  type SportEventSummary,
  type SportEventsPage,
  type SportEventsQuery,
  type SportFavorites,
  type SportMarket,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  type CatalogRepository,
  type EventRow,
  type MarketRow,
  type OverdueCutoffs,
  overdueCutoffs,
} from './catalog.repository.ts';

/** What the live publications ask of the catalog: events, and which of their markets. */
export interface LiveStateQuery {
  eventIds: readonly number[];
  /** events whose every market is wanted */
  everyMarket: readonly number[];
  /** single markets by key */
  marketKeys: ReadonlyArray<{ eventId: number; key: string }>;
  /** events whose main market is wanted (as the listings pick it) */
  mainMarket: readonly number[];
}

/** An event as the catalog shows it now, with the markets asked for. */
export interface LiveEventState {
  fields: ReturnType<typeof eventFields>;
  /** every market read, by market key */
  markets: Map<string, SportMarket>;
  /** the main market and its key, when asked for and the event has one */
  main: { key: string; market: SportMarket } | null;
}

export interface SportCatalogDependencies {
  db: Kysely<Database>;
  repository: CatalogRepository;
  clock: Clock;
  /** the overdue rule's period (catalog.repository.ts `overdue`): SPORT_EVENT_OVERDUE_HOURS */
  overdueMs: number;
}

function market(row: MarketRow, competitors: Competitors): SportMarket {
  return {
    id: Number(row.id),
    typeId: row.type_id,
    name: marketName(row.type_id, row.specifiers, competitors),
    specifiers: row.specifiers,
    status: row.status,
    outcomes: row.outcomes.map((outcome) => ({
      id: outcome.id,
      name: outcomeName(row.type_id, outcome.id, row.specifiers, competitors),
      odds: outcome.odds,
      active: outcome.active,
    })),
  };
}

function eventFields(row: EventRow) {
  return {
    id: Number(row.id),
    sportId: row.sport_id,
    league: {
      id: row.tournament_id,
      name: row.tournament_name,
      category: { id: row.category_id, name: row.category_name },
    },
    home: { id: row.home_id, name: row.home_name },
    away: { id: row.away_id, name: row.away_name },
    startsAt: row.starts_at.toISOString(),
    status: row.status,
    score: row.score as SportEvent['score'],
    clock: row.clock as SportEvent['clock'],
    version: Number(row.version),
  };
}

/** An event's main market among `markets` (the first of `mainMarketTypeIds` it has). */
function mainMarketOf(markets: readonly MarketRow[], eventId: string): MarketRow | undefined {
  const own = markets.filter((candidate) => candidate.event_id === eventId);
  return mainMarketTypeIds
    .map((typeId) => own.find((candidate) => candidate.type_id === typeId))
    .find((candidate) => candidate !== undefined);
}

const competitorsOf = (row: EventRow): Competitors => ({
  home: row.home_name,
  away: row.away_name,
});

/** The sportsbook as players browse it: sports with their counts, events, one event's markets. */
export class SportCatalog {
  private readonly db: Kysely<Database>;
  private readonly repository: CatalogRepository;
  private readonly clock: Clock;
  private readonly overdueMs: number;

  constructor({ db, repository, clock, overdueMs }: SportCatalogDependencies) {
    this.db = db;
    this.repository = repository;
    this.clock = clock;
    this.overdueMs = overdueMs;
  }

  /** Open events older than this, and silent since, are overdue: not listed. */
  private overdueBefore(): OverdueCutoffs {
    return overdueCutoffs(this.clock.now(), this.overdueMs);
  }

  async sports(): Promise<Sport[]> {
    const rows = await this.repository.sports(this.db, this.overdueBefore());
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      liveCount: Number(row.live_count),
      upcomingCount: Number(row.upcoming_count),
    }));
  }

  async events(query: SportEventsQuery): Promise<SportEventsPage> {
    const { rows, total } = await this.repository.events(
      this.db,
      { sportId: query.sportId, leagueId: query.leagueId, live: query.live },
      { offset: query.offset, limit: query.limit },
      this.overdueBefore(),
    );
    const items = await this.summaries(rows);
    return { items, meta: { offset: query.offset, limit: query.limit, total } };
  }

  /** The open events (live or not started) among `ids` with their main market, live first. */
  async openEvents(ids: readonly number[]): Promise<SportEventSummary[]> {
    return await this.summaries(
      await this.repository.openEvents(this.db, ids, this.overdueBefore()),
    );
  }

  /**
   * Markets by id as players see them now (an operator's suspension shows `suspended`, an
   * operator's price replaces the feed's), read with `executor` (betting reads them inside its
   * transaction): status and outcomes (id, odds, active), by market id; unknown ids are left out.
   */
  async marketStates(
    ids: readonly number[],
    executor: DatabaseExecutor = this.db,
  ): Promise<Map<number, Pick<SportMarket, 'status'> & { outcomes: MarketRow['outcomes'] }>> {
    const rows = await this.repository.marketsById(executor, ids.map(String));
    return new Map(
      rows.map((row) => [Number(row.id), { status: row.status, outcomes: row.outcomes }]),
    );
  }

  /** Which of `ids` are events of the catalog (whatever their status). */
  async existingEventIds(ids: readonly number[]): Promise<Set<number>> {
    const found = await this.repository.existingEventIds(this.db, ids);
    return new Set(found.map(Number));
  }

  /** The leagues among `ids`, in no particular order; unknown ids are left out. */
  async leagues(ids: readonly string[]): Promise<SportFavorites['leagues']> {
    const rows = await this.repository.leagues(this.db, ids);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      sportId: row.sport_id,
      category: { id: row.category_id, name: row.category_name },
    }));
  }

  private async summaries(rows: EventRow[]): Promise<SportEventSummary[]> {
    const markets = await this.repository.markets(
      this.db,
      rows.map((row) => row.id),
      mainMarketTypeIds,
    );
    return rows.map((row) => {
      const main = mainMarketOf(markets, row.id);
      return {
        ...eventFields(row),
        mainMarket: main ? market(main, competitorsOf(row)) : null,
      };
    });
  }

  /**
   * The current state of events and of some of their markets, named as the catalog names them:
   * what the live publications carry, so a diff and a fetched snapshot never disagree.
   */
  async liveState(query: LiveStateQuery): Promise<Map<number, LiveEventState>> {
    const [rows, every, keyed, mains] = await Promise.all([
      this.repository.eventsById(this.db, query.eventIds),
      this.repository.markets(this.db, query.everyMarket.map(String), null),
      this.repository.marketsByKey(this.db, query.marketKeys),
      this.repository.markets(this.db, query.mainMarket.map(String), mainMarketTypeIds),
    ]);
    const states = new Map<number, LiveEventState>();
    const byId = new Map<string, LiveEventState>();
    const competitors = new Map<string, Competitors>();
    for (const row of rows) {
      const state: LiveEventState = { fields: eventFields(row), markets: new Map(), main: null };
      states.set(Number(row.id), state);
      byId.set(row.id, state);
      competitors.set(row.id, competitorsOf(row));
    }
    for (const row of [...every, ...keyed]) {
      const state = byId.get(row.event_id);
      const names = competitors.get(row.event_id);
      if (state && names) state.markets.set(row.key, market(row, names));
    }
    for (const [eventId, state] of byId) {
      const names = competitors.get(eventId) as Competitors;
      const main = mainMarketOf(mains, eventId);
      if (main) state.main = { key: main.key, market: market(main, names) };
    }
    return states;
  }

  async event(id: number): Promise<SportEvent> {
    const row = await this.repository.event(this.db, id);
    if (!row) throw new AppError('not_found', { message: 'No such event.' });
    const markets = await this.repository.markets(this.db, [row.id], null);
    return {
      ...eventFields(row),
      markets: markets.map((candidate) => market(candidate, competitorsOf(row))),
    };
  }
}
