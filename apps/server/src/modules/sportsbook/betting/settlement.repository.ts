import type { SportLegStatus, SportTicketStatus } from '@casino/contract';
import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { ticketColumns } from './betting.repository.ts';
import type { TicketRow } from './ticket-view.ts';

/** A ticket with its legs, as the settlement evaluates it (locked by the caller). */
export interface SettlingTicket {
  id: string;
  userId: string;
  currency: string;
  status: SportTicketStatus;
  folds: number[];
  stakeMinor: bigint;
  bonusStakeMinor: bigint;
  bonusId: string | null;
  payoutMinor: bigint | null;
  generation: number;
  debtMinor: bigint;
  legs: Array<{
    status: SportLegStatus;
    odds: string;
    voidFactor: string | null;
    deadHeatFactor: string | null;
  }>;
}

/** What a standing settlement paid (to take it back exactly). */
export interface StandingSettlement {
  paidMainMinor: bigint;
  paidBonusMinor: bigint;
  debtRecoveredMinor: bigint;
}

/** A ticket's settlement as the batch records it. */
export interface TicketSettlementRecord {
  ticketId: string;
  generation: number;
  status: SportTicketStatus;
  payoutMinor: bigint;
  paidMainMinor: bigint;
  paidBonusMinor: bigint;
  debtRecoveredMinor: bigint;
}

/** A settlement taken back, as the batch records it. */
export interface TicketUnsettlementRecord {
  ticketId: string;
  generation: number;
  reversedMainMinor: bigint;
  reversedBonusMinor: bigint;
  unrecoveredMinor: bigint;
  /** the ticket's debt grows by this: what was not recovered and the debt the settlement had cleared */
  debtAddedMinor: bigint;
}

/** Statuses of a ticket the settlement may change: accepted, or settled (it may be taken back). */
const settleableStatuses = ['accepted', 'won', 'lost', 'void', 'half_won', 'half_lost'];

/**
 * The settlement's SQL (settlement.service.ts). It reads the feed's decisions (a market's
 * results, cancellation and their versions: `sport_markets`, `sport_outcome_results`) and the
 * events' names for the player's view, and writes only betting's tables.
 */
export class SettlementRepository {
  /**
   * Markets with work, at most `limit`: their result or cancellation moved on since the engine
   * followed them (and a ticket has a leg on them), or an accepted ticket's leg still waits on a
   * market that has decided it (a ticket accepted after its market was followed). `eventIds`
   * narrows the look to those events (right after the feed applied their messages).
   */
  async marketsWithWork(
    executor: DatabaseExecutor,
    limit: number,
    eventIds: readonly number[] | null,
  ): Promise<string[]> {
    const events = eventIds === null ? null : eventIds.map(String);
    const { rows } = await sql<{ id: string }>`
      (SELECT m.id FROM sport_markets m
       LEFT JOIN sport_settlement_markets s ON s.market_id = m.id
       WHERE (m.result_version > 0 OR m.cancel_version > 0)
         AND (${events}::bigint[] IS NULL OR m.event_id = ANY (${events}::bigint[]))
         AND (s.market_id IS NULL OR s.result_version <> m.result_version
              OR s.cancel_version <> m.cancel_version)
         AND EXISTS (SELECT 1 FROM sport_ticket_legs l WHERE l.market_id = m.id)
       LIMIT ${limit})
      UNION
      (SELECT DISTINCT l.market_id FROM sport_ticket_legs l
       JOIN sport_tickets t ON t.id = l.ticket_id
       JOIN sport_markets m ON m.id = l.market_id
       WHERE l.status = 'open' AND t.status = 'accepted'
         AND (${events}::bigint[] IS NULL OR m.event_id = ANY (${events}::bigint[]))
         AND (EXISTS (SELECT 1 FROM sport_outcome_results r
                      WHERE r.market_id = l.market_id AND r.outcome_id = l.outcome_id)
              -- an operator's settlement decides every outcome (manual-settlement.service.ts)
              OR EXISTS (SELECT 1 FROM sport_operator_markets o WHERE o.market_id = l.market_id)
              OR (m.cancelled AND (m.cancel_from IS NULL OR t.placed_at >= m.cancel_from)
                  AND (m.cancel_to IS NULL OR t.placed_at < m.cancel_to)))
       LIMIT ${limit})
    `.execute(executor);
    return rows.map((row) => row.id).slice(0, limit);
  }

  /** The market's result and cancellation versions now; null when it no longer exists. */
  async marketVersions(
    executor: DatabaseExecutor,
    marketId: string,
  ): Promise<{ resultVersion: string; cancelVersion: string } | null> {
    const row = await executor
      .selectFrom('sport_markets')
      .select(['result_version', 'cancel_version'])
      .where('id', '=', marketId as never)
      .executeTakeFirst();
    return row ? { resultVersion: row.result_version, cancelVersion: row.cancel_version } : null;
  }

  /** Records that every leg on the market follows these versions (never moving them back). */
  async markMarket(
    executor: DatabaseExecutor,
    marketId: string,
    versions: { resultVersion: string; cancelVersion: string },
  ): Promise<void> {
    await sql`
      INSERT INTO sport_settlement_markets AS s (market_id, result_version, cancel_version)
      SELECT ${marketId}::bigint, ${versions.resultVersion}::bigint, ${versions.cancelVersion}::bigint
      WHERE EXISTS (SELECT 1 FROM sport_markets WHERE id = ${marketId}::bigint)
      ON CONFLICT (market_id) DO UPDATE SET
        result_version = greatest(s.result_version, excluded.result_version),
        cancel_version = greatest(s.cancel_version, excluded.cancel_version)
    `.execute(executor);
  }

  /**
   * Locks (FOR UPDATE, in id order) the next `limit` tickets after `afterId` with a leg on the
   * market that the settlement may change; answers their ids.
   */
  async lockTicketsOnMarket(
    executor: DatabaseExecutor,
    marketId: string,
    afterId: string | null,
    limit: number,
  ): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT t.id FROM sport_tickets t
      WHERE t.id IN (SELECT l.ticket_id FROM sport_ticket_legs l WHERE l.market_id = ${marketId}::bigint)
        AND (${afterId}::uuid IS NULL OR t.id > ${afterId}::uuid)
        AND t.status = ANY (${settleableStatuses}::text[])
      ORDER BY t.id
      LIMIT ${limit}
      FOR UPDATE OF t
    `.execute(executor);
    return rows.map((row) => row.id);
  }

  /**
   * Brings the legs of these (locked) tickets on the market to what the feed decided: void when
   * the market is cancelled for a window the ticket was placed in (no window: every ticket),
   * else the outcome's result with its factors, else open (no result, or taken back). A market
   * an operator settled takes the operator's results instead (`sport_operator_markets`). Answers
   * the tickets whose legs changed.
   */
  async applyMarketToLegs(
    executor: DatabaseExecutor,
    marketId: string,
    ticketIds: readonly string[],
  ): Promise<string[]> {
    if (ticketIds.length === 0) return [];
    const { rows } = await sql<{ ticket_id: string }>`
      WITH target AS (
        SELECT l.ticket_id, l.position,
          CASE WHEN c.in_window THEN 'void'
               WHEN r.outcome_id IS NULL THEN 'open'
               WHEN r.void_factor = 1 THEN 'void'
               WHEN r.void_factor = 0.5 THEN
                 CASE r.result WHEN 'won' THEN 'half_won' ELSE 'half_lost' END
               ELSE r.result END AS status,
          CASE WHEN c.in_window THEN 1 ELSE r.void_factor END AS void_factor,
          CASE WHEN c.in_window THEN 1 ELSE round(r.dead_heat_factor, 8) END AS dead_heat_factor
        FROM sport_ticket_legs l
        JOIN sport_tickets t ON t.id = l.ticket_id
        JOIN sport_markets m ON m.id = l.market_id
        -- an operator's settlement of the market stands over the feed's decision until the
        -- operator takes it back (manual-settlement.service.ts): its results, an outcome it
        -- does not name lost, every outcome void when it voided the market
        LEFT JOIN sport_operator_markets om ON om.market_id = l.market_id
        LEFT JOIN LATERAL (
          SELECT fr.outcome_id, fr.result, fr.void_factor, fr.dead_heat_factor
          FROM sport_outcome_results fr
          WHERE om.market_id IS NULL AND fr.market_id = l.market_id AND fr.outcome_id = l.outcome_id
          UNION ALL
          SELECT l.outcome_id, coalesce(o.result, 'lost'),
            CASE WHEN om.voided THEN 1 ELSE coalesce(o.void_factor, 0) END,
            coalesce(o.dead_heat_factor, 1)
          FROM (SELECT 1) one
          LEFT JOIN sport_operator_results o
            ON o.market_id = om.market_id AND o.outcome_id = l.outcome_id
          WHERE om.market_id IS NOT NULL
        ) r ON true
        CROSS JOIN LATERAL (
          SELECT om.market_id IS NULL AND m.cancelled
            AND (m.cancel_from IS NULL OR t.placed_at >= m.cancel_from)
            AND (m.cancel_to IS NULL OR t.placed_at < m.cancel_to) AS in_window
        ) c
        WHERE l.market_id = ${marketId}::bigint AND l.ticket_id = ANY (${ticketIds}::uuid[])
      )
      UPDATE sport_ticket_legs l
      SET status = target.status, void_factor = target.void_factor,
        dead_heat_factor = target.dead_heat_factor
      FROM target
      WHERE l.ticket_id = target.ticket_id AND l.position = target.position
        AND (l.status, l.void_factor, l.dead_heat_factor)
          IS DISTINCT FROM (target.status, target.void_factor, target.dead_heat_factor)
      RETURNING l.ticket_id
    `.execute(executor);
    return [...new Set(rows.map((row) => row.ticket_id))];
  }

  /** The tickets with their legs in order, by player then id (the ledger's lock order). */
  async settlingTickets(
    executor: DatabaseExecutor,
    ticketIds: readonly string[],
  ): Promise<SettlingTicket[]> {
    if (ticketIds.length === 0) return [];
    const { rows } = await sql<{
      id: string;
      user_id: string;
      currency: string;
      status: SportTicketStatus;
      folds: number[];
      stake_minor: bigint;
      bonus_stake_minor: bigint;
      bonus_id: string | null;
      payout_minor: bigint | null;
      generation: number;
      debt_minor: bigint;
      legs: SettlingTicket['legs'];
    }>`
      SELECT t.id, t.user_id, t.currency, t.status, t.folds, t.stake_minor, t.bonus_stake_minor,
        t.bonus_id, t.payout_minor, t.generation, t.debt_minor,
        (SELECT jsonb_agg(jsonb_build_object('status', l.status, 'odds', l.odds::text,
           'voidFactor', l.void_factor::text, 'deadHeatFactor', l.dead_heat_factor::text)
           ORDER BY l.position)
         FROM sport_ticket_legs l WHERE l.ticket_id = t.id) AS legs
      FROM sport_tickets t
      WHERE t.id = ANY (${ticketIds}::uuid[])
      ORDER BY t.user_id, t.id
    `.execute(executor);
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      currency: row.currency,
      status: row.status,
      folds: row.folds,
      stakeMinor: row.stake_minor,
      bonusStakeMinor: row.bonus_stake_minor,
      bonusId: row.bonus_id,
      payoutMinor: row.payout_minor,
      generation: row.generation,
      debtMinor: row.debt_minor,
      legs: row.legs,
    }));
  }

  /**
   * Records the batch's settlements in one statement: each ticket's settlement at its
   * generation (`sport_ticket_settlements`) and the ticket settled with it (status, payout,
   * settled_at, the debt it paid off). Throws unless every ticket was still open at that
   * generation (the caller holds their locks: a mismatch is a bug, never a race).
   */
  async recordSettlements(
    executor: DatabaseExecutor,
    settlements: readonly TicketSettlementRecord[],
    source: 'feed' | 'operator',
    at: Date,
  ): Promise<void> {
    if (settlements.length === 0) return;
    const column = <T>(pick: (settlement: TicketSettlementRecord) => T) => settlements.map(pick);
    const { rows } = await sql<{ id: string }>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column((s) => s.ticketId)}::uuid[], ${column((s) => s.generation)}::integer[],
          ${column((s) => s.status)}::text[], ${column((s) => s.payoutMinor.toString())}::bigint[],
          ${column((s) => s.paidMainMinor.toString())}::bigint[],
          ${column((s) => s.paidBonusMinor.toString())}::bigint[],
          ${column((s) => s.debtRecoveredMinor.toString())}::bigint[]
        ) AS i (ticket_id, generation, status, payout_minor, paid_main_minor, paid_bonus_minor,
          debt_recovered_minor)
      ), recorded AS (
        INSERT INTO sport_ticket_settlements (ticket_id, generation, status, payout_minor,
          paid_main_minor, paid_bonus_minor, debt_recovered_minor, source, settled_at)
        SELECT i.ticket_id, i.generation, i.status, i.payout_minor, i.paid_main_minor,
          i.paid_bonus_minor, i.debt_recovered_minor, ${source}, ${at}::timestamptz
        FROM input i
      )
      UPDATE sport_tickets t
      SET status = i.status, payout_minor = i.payout_minor, settled_at = ${at}::timestamptz,
        debt_minor = t.debt_minor - i.debt_recovered_minor
      FROM input i
      WHERE t.id = i.ticket_id AND t.generation = i.generation AND t.status = 'accepted'
      RETURNING t.id
    `.execute(executor);
    if (rows.length !== settlements.length) {
      throw new Error(`${settlements.length - rows.length} tickets to settle were not open`);
    }
  }

  /** Settled tickets whose payouts stand but whose statuses changed (a leg's status only). */
  async restatus(
    executor: DatabaseExecutor,
    tickets: ReadonlyArray<{ ticketId: string; generation: number; status: SportTicketStatus }>,
  ): Promise<void> {
    if (tickets.length === 0) return;
    await sql`
      WITH input AS (
        SELECT * FROM unnest(
          ${tickets.map((t) => t.ticketId)}::uuid[], ${tickets.map((t) => t.generation)}::integer[],
          ${tickets.map((t) => t.status)}::text[]
        ) AS i (ticket_id, generation, status)
      ), recorded AS (
        UPDATE sport_ticket_settlements s SET status = i.status
        FROM input i WHERE s.ticket_id = i.ticket_id AND s.generation = i.generation
      )
      UPDATE sport_tickets t SET status = i.status FROM input i WHERE t.id = i.ticket_id
    `.execute(executor);
  }

  /** What the tickets' standing settlements (at these generations) paid, by ticket id. */
  async standingSettlements(
    executor: DatabaseExecutor,
    tickets: ReadonlyArray<{ ticketId: string; generation: number }>,
  ): Promise<Map<string, StandingSettlement>> {
    const standing = new Map<string, StandingSettlement>();
    if (tickets.length === 0) return standing;
    const { rows } = await sql<{
      ticket_id: string;
      paid_main_minor: bigint;
      paid_bonus_minor: bigint;
      debt_recovered_minor: bigint;
    }>`
      SELECT s.ticket_id, s.paid_main_minor, s.paid_bonus_minor, s.debt_recovered_minor
      FROM sport_ticket_settlements s
      JOIN unnest(${tickets.map((t) => t.ticketId)}::uuid[],
        ${tickets.map((t) => t.generation)}::integer[]) AS i (ticket_id, generation)
        ON s.ticket_id = i.ticket_id AND s.generation = i.generation
      WHERE s.unsettled_at IS NULL
    `.execute(executor);
    for (const row of rows) {
      standing.set(row.ticket_id, {
        paidMainMinor: row.paid_main_minor,
        paidBonusMinor: row.paid_bonus_minor,
        debtRecoveredMinor: row.debt_recovered_minor,
      });
    }
    return standing;
  }

  /**
   * Takes the batch's settlements back in one statement: each settlement records what was
   * reversed, and its ticket is open again at the next generation with the debt added.
   */
  async recordUnsettlements(
    executor: DatabaseExecutor,
    unsettlements: readonly TicketUnsettlementRecord[],
    reason: string,
    at: Date,
  ): Promise<void> {
    if (unsettlements.length === 0) return;
    const column = <T>(pick: (unsettlement: TicketUnsettlementRecord) => T) =>
      unsettlements.map(pick);
    const { rows } = await sql<{ id: string }>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column((u) => u.ticketId)}::uuid[], ${column((u) => u.generation)}::integer[],
          ${column((u) => u.reversedMainMinor.toString())}::bigint[],
          ${column((u) => u.reversedBonusMinor.toString())}::bigint[],
          ${column((u) => u.unrecoveredMinor.toString())}::bigint[],
          ${column((u) => u.debtAddedMinor.toString())}::bigint[]
        ) AS i (ticket_id, generation, reversed_main_minor, reversed_bonus_minor,
          unrecovered_minor, debt_added_minor)
      ), recorded AS (
        UPDATE sport_ticket_settlements s
        SET unsettled_at = ${at}::timestamptz, unsettle_reason = ${reason},
          reversed_main_minor = i.reversed_main_minor,
          reversed_bonus_minor = i.reversed_bonus_minor, unrecovered_minor = i.unrecovered_minor
        FROM input i
        WHERE s.ticket_id = i.ticket_id AND s.generation = i.generation
      )
      UPDATE sport_tickets t
      SET status = 'accepted', payout_minor = NULL, settled_at = NULL,
        generation = i.generation + 1, debt_minor = t.debt_minor + i.debt_added_minor
      FROM input i
      WHERE t.id = i.ticket_id AND t.generation = i.generation
      RETURNING t.id
    `.execute(executor);
    if (rows.length !== unsettlements.length) {
      throw new Error(`${unsettlements.length - rows.length} tickets to unsettle moved on`);
    }
  }

  /**
   * Gives back the tickets' reserved liability, once each (db/sport_settle_liability_release.sql);
   * answers the base-currency total released.
   */
  async releaseLiability(
    executor: DatabaseExecutor,
    ticketIds: readonly string[],
  ): Promise<bigint> {
    if (ticketIds.length === 0) return 0n;
    const { rows } = await sql<{ released: bigint }>`
      SELECT sport_settle_liability_release(${ticketIds}::uuid[]) AS released`.execute(executor);
    return rows[0]?.released ?? 0n;
  }

  /**
   * Reserves the tickets' liability again, without the limits' refusal, for those holding none
   * (db/sport_settle_liability_release.sql); answers the base-currency total reserved.
   */
  async reserveLiabilityAgain(
    executor: DatabaseExecutor,
    reservations: ReadonlyArray<{ ticketId: string; amountMinor: bigint }>,
  ): Promise<bigint> {
    if (reservations.length === 0) return 0n;
    const { rows } = await sql<{ reserved: bigint }>`
      SELECT sport_settle_liability_reserve(
        ${reservations.map((r) => r.ticketId)}::uuid[],
        ${reservations.map((r) => r.amountMinor.toString())}::bigint[]) AS reserved`.execute(
      executor,
    );
    return rows[0]?.reserved ?? 0n;
  }

  /** What the tickets stand to win net as they now stand (in their currencies), for a reservation. */
  async netExposures(
    executor: DatabaseExecutor,
    ticketIds: readonly string[],
  ): Promise<Array<{ ticketId: string; currency: string; netMinor: bigint }>> {
    if (ticketIds.length === 0) return [];
    const { rows } = await sql<{ id: string; currency: string; net_minor: bigint }>`
      SELECT t.id, t.currency, greatest(t.potential_payout_minor - t.stake_minor, 0) AS net_minor
      FROM sport_tickets t WHERE t.id = ANY (${ticketIds}::uuid[]) ORDER BY t.id`.execute(executor);
    return rows.map((row) => ({
      ticketId: row.id,
      currency: row.currency,
      netMinor: row.net_minor,
    }));
  }

  /** The tickets as the player sees them, for the publications: the one ticket read. */
  async ticketViews(
    executor: DatabaseExecutor,
    ticketIds: readonly string[],
  ): Promise<TicketRow[]> {
    if (ticketIds.length === 0) return [];
    const { rows } = await sql<TicketRow>`
      SELECT ${ticketColumns} FROM sport_tickets t WHERE t.id = ANY (${ticketIds}::uuid[])
    `.execute(executor);
    return rows;
  }
}
