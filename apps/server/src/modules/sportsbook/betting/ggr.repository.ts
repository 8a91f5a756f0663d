import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

export interface GgrRow {
  /** null: the ticket's legs are on more than one sport */
  sport_id: number | null;
  slug: string | null;
  name: string | null;
  currency: string;
  /** count(*): bigint */
  tickets: bigint;
  /** sums of bigint are numeric: text */
  stakes: string;
  payouts: string;
  cashouts: string;
}

/** Statuses of a closed ticket: settled or cashed out. */
const closedStatuses = ['won', 'lost', 'void', 'half_won', 'half_lost', 'cashed_out'];

/** Gross gaming revenue of sport tickets, summed in the database. */
export class GgrRepository {
  /**
   * Per sport (or none: a ticket across sports) and currency, the tickets closed in
   * [from, to): their count, stakes as placed, settlement payouts (none for a cashed-out ticket,
   * whose `payout_minor` is its last cash-out) and cash-outs (partial ones included).
   */
  async bySport(executor: DatabaseExecutor, from: Date, to: Date): Promise<GgrRow[]> {
    const { rows } = await sql<GgrRow>`
      WITH closed AS (
        SELECT t.currency, t.placed_stake_minor, t.cashed_out_minor,
          CASE WHEN t.status = 'cashed_out' THEN 0 ELSE coalesce(t.payout_minor, 0) END AS payout,
          (SELECT CASE WHEN min(e.sport_id) = max(e.sport_id) THEN min(e.sport_id) END
             FROM sport_ticket_legs l JOIN sport_events e ON e.id = l.event_id
             WHERE l.ticket_id = t.id) AS sport_id
        FROM sport_tickets t
        WHERE t.settled_at >= ${from} AND t.settled_at < ${to}
          AND t.status = ANY (${closedStatuses}::text[])
      )
      SELECT c.sport_id, s.slug, s.name, c.currency, count(*) AS tickets,
        sum(c.placed_stake_minor) AS stakes, sum(c.payout) AS payouts,
        sum(c.cashed_out_minor) AS cashouts
      FROM closed c
      LEFT JOIN sport_sports s ON s.id = c.sport_id
      GROUP BY c.sport_id, s.slug, s.name, s.position, c.currency
      ORDER BY s.position NULLS LAST, c.currency`.execute(executor);
    return rows;
  }
}
