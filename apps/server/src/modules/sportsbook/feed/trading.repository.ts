import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { type OverdueCutoffs, overdue } from './catalog.repository.ts';
import type { EventStatus, MarketStatus, ProducerId } from './feed-messages.ts';

export interface FeedHealthRow {
  producers: Array<{
    id: ProducerId;
    last_alive_at: Date | null;
    down_since: Date | null;
  }>;
  live: number;
  upcoming: number;
  suspended_markets: number;
  operator_suspended_events: number;
  operator_suspended_markets: number;
  newest_message_at: Date | null;
  overdue_count: number;
  /** the oldest overdue events (at most 20) */
  overdue: Array<{
    id: string;
    feed_id: string;
    sport_id: number;
    home_name: string;
    away_name: string;
    status: 'not_started' | 'live';
    starts_at: Date;
    updated_at: Date;
  }>;
}

/** A market as operators control it: the feed's state and the operators' overrides. */
export interface MarketControlRow {
  id: string;
  event_id: string;
  operator_suspended: boolean;
  event_suspended: boolean;
  /** the feed's status as shown before operators (bet stops and producers applied) */
  status: MarketStatus;
  base_status: MarketStatus;
  outcomes: Array<{
    id: string;
    odds: string | null;
    operator_odds: string | null;
    active: boolean;
  }>;
}

export interface OperatorEventFilter {
  sportId?: number | undefined;
  status?: EventStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  held?: boolean | undefined;
  query?: string | undefined;
}

export type OperatorEventSort = 'startsAt' | 'updatedAt' | 'id';

export interface OperatorEventRow {
  id: string;
  feed_id: string;
  sport_id: number;
  sport_name: string;
  tournament_id: string;
  tournament_name: string;
  category_id: string;
  category_name: string;
  home_name: string;
  away_name: string;
  starts_at: Date;
  status: EventStatus;
  score: unknown;
  operator_suspended: boolean;
  overdue: boolean;
  updated_at: Date;
  markets: { total: number; active: number; suspended: number; held: number; settled: number };
}

export interface OperatorMarketRow extends Omit<MarketControlRow, 'outcomes'> {
  type_id: number;
  specifiers: Record<string, string>;
  outcomes: Array<
    MarketControlRow['outcomes'][number] & {
      result: { result: 'won' | 'lost'; void_factor: string; dead_heat_factor: string } | null;
    }
  >;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** An event's columns for operators (`e` the event, `s` `t` `c` its sport, league, category). */
function operatorEventColumns(overdueBefore: OverdueCutoffs) {
  return sql`e.id, e.feed_id, e.sport_id, s.name AS sport_name, e.tournament_id,
    t.name AS tournament_name, c.id AS category_id, c.name AS category_name, e.home_name,
    e.away_name, e.starts_at, e.status, e.score, e.operator_suspended, e.updated_at,
    (e.status IN ('live', 'not_started') AND ${overdue(overdueBefore)}) AS overdue,
    (SELECT jsonb_build_object(
       'total', count(*),
       'active', count(*) FILTER (WHERE sport_shown_market_status(mm.status, mm.operator_suspended,
                                   e.operator_suspended) = 'active'),
       'suspended', count(*) FILTER (WHERE sport_shown_market_status(mm.status,
                                   mm.operator_suspended, e.operator_suspended) = 'suspended'),
       'held', count(*) FILTER (WHERE mm.operator_suspended),
       'settled', count(*) FILTER (WHERE mm.status = 'settled'))
     FROM sport_markets mm WHERE mm.event_id = e.id) AS markets`;
}

/** Operators' controls over the feed's state (migration 0034), and the feed's health. */
export class TradingRepository {
  /** The feed's health; open events older and silent since `overdueBefore` are overdue. */
  async feedHealth(
    executor: DatabaseExecutor,
    overdueBefore: OverdueCutoffs,
  ): Promise<FeedHealthRow> {
    const { rows } = await sql<{
      producers: Array<{ id: ProducerId; last_alive_at: string | null; down_since: string | null }>;
      live: string;
      upcoming: string;
      suspended_markets: string;
      operator_suspended_events: string;
      operator_suspended_markets: string;
      newest_message_at: Date | null;
      overdue_count: string;
      overdue: Array<
        Omit<FeedHealthRow['overdue'][number], 'starts_at' | 'updated_at'> & {
          starts_at: string;
          updated_at: string;
        }
      >;
    }>`
      SELECT
        (SELECT jsonb_agg(jsonb_build_object('id', id, 'last_alive_at', last_alive_at,
           'down_since', down_since) ORDER BY id) FROM sport_producers) AS producers,
        (SELECT count(*) FROM sport_events WHERE status = 'live') AS live,
        (SELECT count(*) FROM sport_events WHERE status = 'not_started') AS upcoming,
        (SELECT count(*) FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
         WHERE e.status IN ('live', 'not_started')
           AND (m.status = 'suspended'
                OR (m.status = 'active' AND (m.operator_suspended OR e.operator_suspended)))
        ) AS suspended_markets,
        (SELECT count(*) FROM sport_events
         WHERE operator_suspended AND status IN ('live', 'not_started')) AS operator_suspended_events,
        (SELECT count(*) FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
         WHERE m.operator_suspended AND e.status IN ('live', 'not_started')
        ) AS operator_suspended_markets,
        (SELECT max(updated_at) FROM sport_events) AS newest_message_at,
        (SELECT count(*) FROM sport_events e
         WHERE e.status IN ('live', 'not_started') AND ${overdue(overdueBefore)}) AS overdue_count,
        (SELECT coalesce(jsonb_agg(o ORDER BY o.starts_at, o.id), '[]'::jsonb) FROM (
           SELECT e.id::text AS id, e.feed_id, e.sport_id, e.home_name, e.away_name, e.status,
             e.starts_at, e.updated_at
           FROM sport_events e
           WHERE e.status IN ('live', 'not_started') AND ${overdue(overdueBefore)}
           ORDER BY e.starts_at, e.id LIMIT 20) o) AS overdue`.execute(executor);
    const row = rows[0];
    if (!row) throw new Error('the feed health query answered no row');
    return {
      producers: row.producers.map((producer) => ({
        id: producer.id,
        last_alive_at: producer.last_alive_at === null ? null : new Date(producer.last_alive_at),
        down_since: producer.down_since === null ? null : new Date(producer.down_since),
      })),
      live: Number(row.live),
      upcoming: Number(row.upcoming),
      suspended_markets: Number(row.suspended_markets),
      operator_suspended_events: Number(row.operator_suspended_events),
      operator_suspended_markets: Number(row.operator_suspended_markets),
      newest_message_at: row.newest_message_at,
      overdue_count: Number(row.overdue_count),
      overdue: row.overdue.map((event) => ({
        ...event,
        starts_at: new Date(event.starts_at),
        updated_at: new Date(event.updated_at),
      })),
    };
  }

  /** Sets an event's operator suspension; answers the value before, or null for no such event. */
  async setEventSuspended(
    executor: DatabaseExecutor,
    eventId: number,
    suspended: boolean,
  ): Promise<{ before: boolean } | null> {
    const { rows } = await sql<{ before: boolean }>`
      UPDATE sport_events e SET operator_suspended = ${suspended}
      FROM (SELECT id, operator_suspended FROM sport_events WHERE id = ${eventId} FOR UPDATE) old
      WHERE e.id = old.id
      RETURNING old.operator_suspended AS before`.execute(executor);
    return rows[0] ?? null;
  }

  /** The market locked for a change, with its outcomes; undefined for no such market. */
  async lockMarket(
    executor: DatabaseExecutor,
    marketId: number,
  ): Promise<MarketControlRow | undefined> {
    const { rows } = await sql<MarketControlRow>`
      SELECT m.id, m.event_id, m.operator_suspended, e.operator_suspended AS event_suspended,
        m.status, m.base_status,
        coalesce((
          SELECT jsonb_agg(jsonb_build_object('id', o.outcome_id, 'odds', o.odds::text,
            'operator_odds', o.operator_odds::text, 'active', o.active) ORDER BY o.position)
          FROM sport_outcomes o WHERE o.market_id = m.id
        ), '[]'::jsonb) AS outcomes
      FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
      WHERE m.id = ${marketId}
      FOR UPDATE OF m`.execute(executor);
    return rows[0];
  }

  async setMarketSuspended(
    executor: DatabaseExecutor,
    marketId: number,
    suspended: boolean,
  ): Promise<void> {
    await sql`UPDATE sport_markets SET operator_suspended = ${suspended}
      WHERE id = ${marketId}`.execute(executor);
  }

  /** Sets or clears (null) an outcome's operator price. */
  async setOutcomePrice(
    executor: DatabaseExecutor,
    marketId: number,
    outcomeId: string,
    odds: string | null,
  ): Promise<void> {
    await sql`UPDATE sport_outcomes SET operator_odds = ${odds}::numeric
      WHERE market_id = ${marketId} AND outcome_id = ${outcomeId}`.execute(executor);
  }

  /** A page of events for operators (any status) and how many match in all. */
  async operatorEvents(
    executor: DatabaseExecutor,
    filter: OperatorEventFilter,
    page: { offset: number; limit: number; sort: OperatorEventSort; order: 'asc' | 'desc' },
    overdueBefore: OverdueCutoffs,
  ): Promise<{ rows: OperatorEventRow[]; total: number }> {
    const query = filter.query ?? null;
    const numeric = query !== null && /^\d{1,18}$/.test(query) ? query : null;
    const pattern = query === null ? null : `%${escapeLikePattern(query)}%`;
    const where = sql`
      (${filter.sportId ?? null}::integer IS NULL OR e.sport_id = ${filter.sportId ?? null})
      AND (${filter.status ?? null}::text IS NULL OR e.status = ${filter.status ?? null})
      AND (${filter.from ?? null}::timestamptz IS NULL OR e.starts_at >= ${filter.from ?? null})
      AND (${filter.to ?? null}::timestamptz IS NULL OR e.starts_at < ${filter.to ?? null})
      AND (${filter.held ?? null}::boolean IS NULL OR ${filter.held ?? null} = (e.operator_suspended
           OR EXISTS (SELECT 1 FROM sport_markets hm WHERE hm.event_id = e.id AND hm.operator_suspended)))
      AND (${query}::text IS NULL
           OR e.id = ${numeric}::bigint OR e.feed_id = ${query}
           OR e.home_name ILIKE ${pattern} OR e.away_name ILIKE ${pattern} OR t.name ILIKE ${pattern})`;
    const column = { startsAt: 'e.starts_at', updatedAt: 'e.updated_at', id: 'e.id' }[page.sort];
    const direction = page.order === 'desc' ? 'DESC' : 'ASC';
    const [{ rows }, counted] = await Promise.all([
      sql<OperatorEventRow>`
        SELECT ${operatorEventColumns(overdueBefore)}
        FROM sport_events e
        JOIN sport_sports s ON s.id = e.sport_id
        JOIN sport_tournaments t ON t.id = e.tournament_id
        JOIN sport_categories c ON c.id = t.category_id
        WHERE ${where}
        ORDER BY ${sql.raw(column)} ${sql.raw(direction)}, e.id ${sql.raw(direction)}
        OFFSET ${page.offset} LIMIT ${page.limit}`.execute(executor),
      sql<{ total: string }>`
        SELECT count(*) AS total FROM sport_events e
        JOIN sport_tournaments t ON t.id = e.tournament_id
        WHERE ${where}`.execute(executor),
    ]);
    return { rows, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /** One event for operators; undefined for no such event. */
  async operatorEvent(
    executor: DatabaseExecutor,
    eventId: number,
    overdueBefore: OverdueCutoffs,
  ): Promise<(OperatorEventRow & { producer: string; clock: unknown }) | undefined> {
    const { rows } = await sql<OperatorEventRow & { producer: string; clock: unknown }>`
      SELECT ${operatorEventColumns(overdueBefore)}, e.producer, e.clock
      FROM sport_events e
      JOIN sport_sports s ON s.id = e.sport_id
      JOIN sport_tournaments t ON t.id = e.tournament_id
      JOIN sport_categories c ON c.id = t.category_id
      WHERE e.id = ${eventId}`.execute(executor);
    return rows[0];
  }

  /** Every market of an event, whatever its status, with the operators' controls and results. */
  async operatorMarkets(executor: DatabaseExecutor, eventId: number): Promise<OperatorMarketRow[]> {
    const { rows } = await sql<OperatorMarketRow>`
      SELECT m.id, m.event_id, m.type_id, m.specifiers, m.operator_suspended,
        e.operator_suspended AS event_suspended, m.status, m.base_status,
        coalesce((
          SELECT jsonb_agg(jsonb_build_object('id', o.outcome_id, 'odds', o.odds::text,
            'operator_odds', o.operator_odds::text, 'active', o.active,
            'result', CASE WHEN r.outcome_id IS NULL THEN NULL ELSE jsonb_build_object(
              'result', r.result, 'void_factor', r.void_factor::text,
              'dead_heat_factor', r.dead_heat_factor::text) END) ORDER BY o.position)
          FROM sport_outcomes o
          LEFT JOIN sport_outcome_results r
            ON r.market_id = o.market_id AND r.outcome_id = o.outcome_id
          WHERE o.market_id = m.id
        ), '[]'::jsonb) AS outcomes
      FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
      WHERE m.event_id = ${eventId}
      ORDER BY m.type_id, m.key`.execute(executor);
    return rows;
  }
}
