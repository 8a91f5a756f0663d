import type {
  OddsChangePolicy,
  SportBetType,
  SportLegStatus,
  SportRejectionReason,
  SportTicketStatus,
} from '@casino/contract';
import { type RawBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/** A leg as the ticker and the cash-out read it: its price, result and names' parts. */
export interface TickerLegRow {
  position: number;
  eventId: number;
  marketId: number;
  outcomeId: string;
  /** accepted price, trailing zeros trimmed ("1.85") */
  odds: string;
  live: boolean;
  status: SportLegStatus;
  voidFactor: string | null;
  deadHeatFactor: string | null;
  sportId: number;
  home: string;
  away: string;
  startsAt: string;
  typeId: number;
  specifiers: Record<string, string>;
}

/** bigint columns come as bigint (db/database.ts). */
export interface TickerTicketRow {
  id: string;
  user_id: string;
  global_id: bigint;
  email: string;
  type: SportBetType;
  system_size: string | null;
  lines: number;
  status: SportTicketStatus;
  reason: SportRejectionReason | null;
  odds_change: OddsChangePolicy;
  currency: string;
  stake_minor: bigint;
  bonus_stake_minor: bigint;
  bonus_id: string | null;
  placed_stake_minor: bigint;
  potential_payout_minor: bigint;
  payout_minor: bigint | null;
  cashed_out_minor: bigint;
  odds: string;
  placed_at: Date;
  decided_at: Date | null;
  settled_at: Date | null;
  /** placed_at to the microsecond (UTC), for the ticker's cursor */
  placed_at_exact: string;
  legs: TickerLegRow[];
}

export interface TickerFilter {
  status: SportTicketStatus | undefined;
  sportId: number | undefined;
  eventId: number | undefined;
  playerGlobalId: number | undefined;
  /** with `minStakeMinor`: tickets in this currency staking at least that much when placed */
  currency: string | undefined;
  minStakeMinor: bigint | undefined;
  since: Date | undefined;
  /** older than this (placed_at, id): the previous page's last ticket */
  before: { placedAt: string; id: string } | undefined;
}

/**
 * A ticket with its player and legs in one statement: the legs with their event's names and
 * sport and their market's type, as a JSON array (no query per ticket).
 */
const ticketColumns = sql`
  t.id, t.user_id, u.global_id, u.email, t.type, t.system_size, t.lines, t.status, t.reason,
  t.odds_change, t.currency, t.stake_minor, t.bonus_stake_minor, t.bonus_id,
  t.placed_stake_minor, t.potential_payout_minor, t.payout_minor, t.cashed_out_minor,
  t.odds::text AS odds, t.placed_at, t.decided_at, t.settled_at,
  to_char(t.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS placed_at_exact,
  coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'position', l.position, 'eventId', l.event_id, 'marketId', l.market_id,
      'outcomeId', l.outcome_id, 'odds', trim_scale(l.odds)::text, 'live', l.live,
      'status', l.status, 'voidFactor', trim_scale(l.void_factor)::text,
      'deadHeatFactor', trim_scale(l.dead_heat_factor)::text, 'sportId', e.sport_id,
      'home', e.home_name, 'away', e.away_name, 'startsAt', e.starts_at,
      'typeId', m.type_id, 'specifiers', m.specifiers) ORDER BY l.position)
    FROM sport_ticket_legs l
    JOIN sport_events e ON e.id = l.event_id
    JOIN sport_markets m ON m.id = l.market_id
    WHERE l.ticket_id = t.id
  ), '[]'::jsonb) AS legs`;

/** The tickets as operators list them and as the cash-out answers them. */
export class TickerRepository {
  /** Tickets by id, in no particular order. */
  async tickets(executor: DatabaseExecutor, ids: readonly string[]): Promise<TickerTicketRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<TickerTicketRow>`
      SELECT ${ticketColumns}
      FROM sport_tickets t
      JOIN users u ON u.id = t.user_id
      WHERE t.id = ANY (${ids}::uuid[])`.execute(executor);
    return rows;
  }

  /** A page of tickets newest first, `limit` of them at most. */
  async page(
    executor: DatabaseExecutor,
    filter: TickerFilter,
    limit: number,
  ): Promise<TickerTicketRow[]> {
    const conditions: RawBuilder<unknown>[] = [];
    if (filter.status !== undefined) conditions.push(sql`t.status = ${filter.status}`);
    if (filter.playerGlobalId !== undefined) {
      conditions.push(sql`u.global_id = ${filter.playerGlobalId}`);
    }
    if (filter.eventId !== undefined) {
      conditions.push(sql`EXISTS (SELECT 1 FROM sport_ticket_legs l
        WHERE l.ticket_id = t.id AND l.event_id = ${filter.eventId})`);
    }
    if (filter.sportId !== undefined) {
      conditions.push(sql`EXISTS (SELECT 1 FROM sport_ticket_legs l
        JOIN sport_events e ON e.id = l.event_id
        WHERE l.ticket_id = t.id AND e.sport_id = ${filter.sportId})`);
    }
    if (filter.currency !== undefined) conditions.push(sql`t.currency = ${filter.currency}`);
    if (filter.minStakeMinor !== undefined) {
      conditions.push(sql`t.placed_stake_minor >= ${filter.minStakeMinor.toString()}::bigint`);
    }
    if (filter.since !== undefined) conditions.push(sql`t.placed_at >= ${filter.since}`);
    if (filter.before !== undefined) {
      conditions.push(
        sql`(t.placed_at, t.id) < (${filter.before.placedAt}::timestamptz, ${filter.before.id}::uuid)`,
      );
    }
    const where = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` AND `);
    const { rows } = await sql<TickerTicketRow>`
      SELECT ${ticketColumns}
      FROM sport_tickets t
      JOIN users u ON u.id = t.user_id
      WHERE ${where}
      ORDER BY t.placed_at DESC, t.id DESC
      LIMIT ${limit}`.execute(executor);
    return rows;
  }
}
