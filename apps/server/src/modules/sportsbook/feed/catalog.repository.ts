import { type RawBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { EventStatus, MarketStatus } from './feed-messages.ts';

export interface EventRow {
  id: string;
  sport_id: number;
  tournament_id: string;
  tournament_name: string;
  category_id: string;
  category_name: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  starts_at: Date;
  status: EventStatus;
  score: unknown;
  clock: unknown;
  version: string;
}

export interface MarketRow {
  id: string;
  event_id: string;
  key: string;
  type_id: number;
  specifiers: Record<string, string>;
  status: MarketStatus;
  outcomes: Array<{ id: string; odds: string | null; active: boolean }>;
}

export interface LeagueRow {
  id: string;
  name: string;
  sport_id: number;
  category_id: string;
  category_name: string;
}

export interface EventFilter {
  sportId: number | undefined;
  leagueId: string | undefined;
  /** live only, upcoming only, or both */
  live: boolean | undefined;
}

/**
 * A not-started event is late this long after its kick-off: a feed sends the live status at
 * kick-off, or a new kick-off for a delayed one; silence for an hour means it will not.
 */
export const kickOffOverdueMs = 60 * 60 * 1000;

/** The overdue rule's cut-offs at `now` (`overdueMs`: SPORT_EVENT_OVERDUE_HOURS). */
export interface OverdueCutoffs {
  /** an open event whose kick-off and last message are older than this */
  silentBefore: Date;
  /** a not-started event whose kick-off and last message are older than this */
  kickOffBefore: Date;
}

export function overdueCutoffs(now: Date, overdueMs: number): OverdueCutoffs {
  return {
    silentBefore: new Date(now.getTime() - overdueMs),
    kickOffBefore: new Date(now.getTime() - Math.min(overdueMs, kickOffOverdueMs)),
  };
}

/**
 * The overdue rule: an open event (not started or live) whose kick-off and last message (its
 * `updated_at`) are both older than `silentBefore`, or a not-started one whose kick-off and last
 * message are older than `kickOffBefore`, is overdue — its feed left it open and could not bring
 * it up to date (a restart's recovery did not know it; see FeedProvider.recover). It is not listed
 * to players as live or upcoming (its markets are suspended by the producer-down rule anyway);
 * operators find it in the feed's health (trading.repository.ts) and settle its tickets by hand.
 * `e`: the events' alias.
 */
export function overdue(cutoffs: OverdueCutoffs): RawBuilder<boolean> {
  return sql<boolean>`((e.starts_at < ${cutoffs.silentBefore} AND e.updated_at < ${cutoffs.silentBefore})
    OR (e.status = 'not_started' AND e.starts_at < ${cutoffs.kickOffBefore}
        AND e.updated_at < ${cutoffs.kickOffBefore}))`;
}

/**
 * A market as players see it (`m` a market, `e` its event): an operator's suspension (of the
 * market or its event) over an active market (feed/db/sport_shown_market_status.sql, the rule
 * betting's checks share), an operator's price over the feed's (migration 0034); its outcomes
 * in the feed's order.
 */
const marketColumns = sql`
  m.id, m.event_id, m.key, m.type_id, m.specifiers,
  sport_shown_market_status(m.status, m.operator_suspended, e.operator_suspended) AS status,
  coalesce((
    SELECT jsonb_agg(jsonb_build_object('id', o.outcome_id,
      'odds', coalesce(o.operator_odds, o.odds)::text, 'active', o.active) ORDER BY o.position)
    FROM sport_outcomes o WHERE o.market_id = m.id
  ), '[]'::jsonb) AS outcomes`;

const eventColumns = sql`
  e.id, e.sport_id, e.tournament_id, t.name AS tournament_name, c.id AS category_id,
  c.name AS category_name, e.home_id, e.home_name, e.away_id, e.away_name, e.starts_at,
  e.status, e.score, e.clock, e.version`;

/** What players read of the feed's state (the sports, events, markets). */
export class CatalogRepository {
  async sports(executor: DatabaseExecutor, overdueBefore: OverdueCutoffs) {
    const { rows } = await sql<{
      id: number;
      slug: string;
      name: string;
      kind: 'sport' | 'esport';
      live_count: string;
      upcoming_count: string;
    }>`
      SELECT s.id, s.slug, s.name, s.kind,
        count(e.id) FILTER (WHERE e.status = 'live') AS live_count,
        count(e.id) FILTER (WHERE e.status = 'not_started') AS upcoming_count
      FROM sport_sports s
      LEFT JOIN sport_events e ON e.sport_id = s.id AND e.status IN ('live', 'not_started')
        AND NOT ${overdue(overdueBefore)}
      GROUP BY s.id
      ORDER BY s.position`.execute(executor);
    return rows;
  }

  /** A page of open events (live first, then by start time) and how many match in all. */
  async events(
    executor: DatabaseExecutor,
    filter: EventFilter,
    page: { offset: number; limit: number },
    overdueBefore: OverdueCutoffs,
  ): Promise<{ rows: EventRow[]; total: number }> {
    const statuses =
      filter.live === undefined
        ? ['live', 'not_started']
        : filter.live
          ? ['live']
          : ['not_started'];
    const where = sql`e.status = ANY (${statuses}::text[]) AND NOT ${overdue(overdueBefore)}
      AND (${filter.sportId ?? null}::integer IS NULL OR e.sport_id = ${filter.sportId ?? null})
      AND (${filter.leagueId ?? null}::text IS NULL OR e.tournament_id = ${filter.leagueId ?? null})`;
    const [{ rows }, counted] = await Promise.all([
      sql<EventRow>`
        SELECT ${eventColumns}
        FROM sport_events e
        JOIN sport_tournaments t ON t.id = e.tournament_id
        JOIN sport_categories c ON c.id = t.category_id
        WHERE ${where}
        ORDER BY e.status = 'live' DESC, e.starts_at, e.id
        OFFSET ${page.offset} LIMIT ${page.limit}`.execute(executor),
      sql<{ total: string }>`
        SELECT count(*) AS total FROM sport_events e WHERE ${where}`.execute(executor),
    ]);
    return { rows, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /** The open events (live or not started) among `ids`, live first, then by start time. */
  async openEvents(
    executor: DatabaseExecutor,
    ids: readonly number[],
    overdueBefore: OverdueCutoffs,
  ): Promise<EventRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<EventRow>`
      SELECT ${eventColumns}
      FROM sport_events e
      JOIN sport_tournaments t ON t.id = e.tournament_id
      JOIN sport_categories c ON c.id = t.category_id
      WHERE e.id = ANY (${ids}::bigint[]) AND e.status IN ('live', 'not_started')
        AND NOT ${overdue(overdueBefore)}
      ORDER BY e.status = 'live' DESC, e.starts_at, e.id`.execute(executor);
    return rows;
  }

  /** Which of `ids` are events the feed knows. */
  async existingEventIds(executor: DatabaseExecutor, ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM sport_events WHERE id = ANY (${ids}::bigint[])`.execute(executor);
    return rows.map((row) => row.id);
  }

  /** The leagues (tournaments) among `ids`, with their sport and category. */
  async leagues(executor: DatabaseExecutor, ids: readonly string[]): Promise<LeagueRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<LeagueRow>`
      SELECT t.id, t.name, t.sport_id, c.id AS category_id, c.name AS category_name
      FROM sport_tournaments t JOIN sport_categories c ON c.id = t.category_id
      WHERE t.id = ANY (${ids}::text[])`.execute(executor);
    return rows;
  }

  async event(executor: DatabaseExecutor, id: number): Promise<EventRow | undefined> {
    const { rows } = await sql<EventRow>`
      SELECT ${eventColumns}
      FROM sport_events e
      JOIN sport_tournaments t ON t.id = e.tournament_id
      JOIN sport_categories c ON c.id = t.category_id
      WHERE e.id = ${id}`.execute(executor);
    return rows[0];
  }

  /** Events by id, whatever their status (the live publications read them back). */
  async eventsById(executor: DatabaseExecutor, ids: readonly number[]): Promise<EventRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<EventRow>`
      SELECT ${eventColumns}
      FROM sport_events e
      JOIN sport_tournaments t ON t.id = e.tournament_id
      JOIN sport_categories c ON c.id = t.category_id
      WHERE e.id = ANY (${ids.map(String)}::bigint[])`.execute(executor);
    return rows;
  }

  /** Markets named by (event, market key), as players see them (see `markets`). */
  async marketsByKey(
    executor: DatabaseExecutor,
    wanted: ReadonlyArray<{ eventId: number; key: string }>,
  ): Promise<MarketRow[]> {
    if (wanted.length === 0) return [];
    const { rows } = await sql<MarketRow>`
      SELECT ${marketColumns}
      FROM unnest(${wanted.map((item) => String(item.eventId))}::bigint[],
                  ${wanted.map((item) => item.key)}::text[]) AS w(event_id, key)
      JOIN sport_markets m ON m.event_id = w.event_id AND m.key = w.key
      JOIN sport_events e ON e.id = m.event_id
      ORDER BY m.event_id, m.type_id, m.key`.execute(executor);
    return rows;
  }

  /** Markets by id as players see them (operators' suspensions and prices applied). */
  async marketsById(executor: DatabaseExecutor, ids: readonly string[]): Promise<MarketRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<MarketRow>`
      SELECT ${marketColumns}
      FROM sport_markets m
      JOIN sport_events e ON e.id = m.event_id
      WHERE m.id = ANY (${ids}::bigint[])`.execute(executor);
    return rows;
  }

  /**
   * Markets with their outcomes in the feed's order, as players see them (operators' suspensions
   * and prices applied): all of one event, or `typeIds` only.
   */
  async markets(
    executor: DatabaseExecutor,
    eventIds: readonly string[],
    mainOnly: readonly number[] | null,
  ): Promise<MarketRow[]> {
    if (eventIds.length === 0) return [];
    const { rows } = await sql<MarketRow>`
      SELECT ${marketColumns}
      FROM sport_markets m
      JOIN sport_events e ON e.id = m.event_id
      WHERE m.event_id = ANY (${eventIds}::bigint[])
        AND (${mainOnly}::integer[] IS NULL
             OR (m.type_id = ANY (${mainOnly}::integer[]) AND m.specifiers = '{}'::jsonb))
      ORDER BY m.event_id, m.type_id, m.key`.execute(executor);
    return rows;
  }
}
