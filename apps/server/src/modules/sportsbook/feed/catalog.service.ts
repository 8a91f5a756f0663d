import type {
  Sport,
  SportEvent,
  SportEventSummary,
  SportEventsPage,
  SportEventsQuery,
  SportFavorites,
  SportMarket,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CatalogRepository, EventRow, MarketRow } from './catalog.repository.ts';
import { type Competitors, mainMarketTypeIds, marketName, outcomeName } from './market-names.ts';

export interface SportCatalogDependencies {
  db: Kysely<Database>;
  repository: CatalogRepository;
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

const competitorsOf = (row: EventRow): Competitors => ({
  home: row.home_name,
  away: row.away_name,
});

/** The sportsbook as players browse it: sports with their counts, events, one event's markets. */
export class SportCatalog {
  private readonly db: Kysely<Database>;
  private readonly repository: CatalogRepository;

  constructor({ db, repository }: SportCatalogDependencies) {
    this.db = db;
    this.repository = repository;
  }

  async sports(): Promise<Sport[]> {
    const rows = await this.repository.sports(this.db);
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
    );
    const items = await this.summaries(rows);
    return { items, meta: { offset: query.offset, limit: query.limit, total } };
  }

  /** The open events (live or not started) among `ids` with their main market, live first. */
  async openEvents(ids: readonly number[]): Promise<SportEventSummary[]> {
    return await this.summaries(await this.repository.openEvents(this.db, ids));
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
      const own = markets.filter((candidate) => candidate.event_id === row.id);
      const main = mainMarketTypeIds
        .map((typeId) => own.find((candidate) => candidate.type_id === typeId))
        .find((candidate) => candidate !== undefined);
      return {
        ...eventFields(row),
        mainMarket: main ? market(main, competitorsOf(row)) : null,
      };
    });
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
