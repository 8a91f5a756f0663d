import type { SportTicketStatus } from '@casino/contract';
import { type RawBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { ticketColumns } from './betting.repository.ts';
import type { TicketRow } from './ticket-view.ts';

/** A ticket as the ticker and the cash-out read it: the one ticket read and its player. */
export interface TickerTicketRow extends TicketRow {
  global_id: bigint;
  email: string;
  /** placed_at to the microsecond (UTC), for the ticker's cursor */
  placed_at_exact: string;
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

/** The one ticket read (betting.repository.ts `ticketColumns`) with the ticket's player. */
const tickerColumns = sql`
  ${ticketColumns}, u.global_id, u.email,
  to_char(t.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS placed_at_exact`;

/** The tickets as operators list them and as the cash-out answers them. */
export class TickerRepository {
  /** Tickets by id, in no particular order. */
  async tickets(executor: DatabaseExecutor, ids: readonly string[]): Promise<TickerTicketRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<TickerTicketRow>`
      SELECT ${tickerColumns}
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
      SELECT ${tickerColumns}
      FROM sport_tickets t
      JOIN users u ON u.id = t.user_id
      WHERE ${where}
      ORDER BY t.placed_at DESC, t.id DESC
      LIMIT ${limit}`.execute(executor);
    return rows;
  }
}
