import { openSportTicketStatuses, type SportRejectionReason } from '@casino/contract';
import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import {
  afterPosition,
  cappedSqlCount,
  createdKeyParts,
  type HistoryPosition,
  historyInstant,
} from '../../../lib/history-page.ts';
import type { TicketRow } from './ticket-view.ts';

/**
 * A selection as betting sees it now (BettingRepository.selections): the catalog's state as
 * players see it, the limits that apply to it and the liability its outcome carries.
 */
export interface SelectionStateRow {
  market_id: string;
  outcome_id: string;
  /** null: no such market or outcome */
  event_id: string | null;
  sport_id: number | null;
  event_status: string | null;
  home_name: string | null;
  away_name: string | null;
  starts_at: Date | null;
  type_id: number | null;
  specifiers: Record<string, string> | null;
  /** the market's status as players see it (sport_shown_market_status) */
  market_status: string | null;
  /** the feed's own status (a bet stop suspends it there) */
  feed_status: string | null;
  outcome_active: boolean | null;
  /** the price players see (an operator's over the feed's) */
  odds: string | null;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  max_payout_minor: bigint;
  market_liability_minor: bigint;
  bet_delay_ms: number;
  /** liability reserved on the outcome now */
  outcome_liability_minor: bigint;
  player_liability_minor: bigint;
  bet_factor: string;
  player_open_liability_minor: bigint;
  /** the operator's cash-out switch (sport_cashout_settings), for the placement's answer */
  cashout_enabled: boolean;
}

/** The ticket and money facts placement writes (sport_place_ticket.sql). */
export interface TicketInsert {
  id: string;
  userId: string;
  type: string;
  systemSize: string | null;
  folds: number[];
  lines: number;
  oddsChange: string;
  currency: string;
  mainMinor: bigint;
  bonusMinor: bigint;
  bonusId: string | null;
  potentialPayoutMinor: bigint;
  odds: string;
  live: boolean;
  acceptAfter: Date | null;
  now: Date;
  /** what the ticket reserves (base currency), reserved last (`reserveLiability`) */
  liabilityMinor: bigint;
}

export interface LegInsert {
  eventId: string;
  marketId: string;
  outcomeId: string;
  /** the price the read saw (checked again in the statement) */
  readOdds: string;
  /** the price the leg is accepted at */
  odds: string;
  live: boolean;
}

export interface PendingTicketRow {
  id: string;
  user_id: string;
  currency: string;
  odds_change: 'none' | 'higher' | 'any';
  folds: number[];
  stake_minor: bigint;
  potential_payout_minor: bigint;
  liability_minor: bigint;
  hold_id: string | null;
  accept_after: Date | null;
  legs: Array<{
    position: number;
    event_id: string;
    market_id: string;
    outcome_id: string;
    odds: string;
  }>;
}

export type LimitScope = { sportId: number | null; marketTypeId: number | null };

export interface LimitsRow {
  sport_id: number | null;
  market_type_id: number | null;
  min_stake_minor: bigint | null;
  max_stake_minor: bigint | null;
  max_payout_minor: bigint | null;
  market_liability_minor: bigint | null;
  bet_delay_ms: number | null;
  player_liability_minor: bigint | null;
  updated_at: Date;
}

export interface LiabilityRow {
  event_id: string;
  market_id: string;
  outcome_id: string;
  liability_minor: bigint;
  limit_minor: bigint;
  tickets: number;
}

/**
 * The one read of a ticket with its legs (the player's reads, the ticker's and the cash-out's,
 * which add what they need): the ticket's columns and its legs with their event's names and
 * sport and their market's type, as one JSON array (no query per ticket). Alias `t` is the
 * ticket.
 */
export const ticketColumns = sql`
  t.id, t.user_id, t.type, t.system_size, t.lines, t.status, t.reason, t.odds_change, t.currency,
  t.stake_minor, t.bonus_stake_minor, t.bonus_id, t.placed_stake_minor, t.potential_payout_minor,
  t.payout_minor, t.cashed_out_minor, t.odds::text AS odds, t.placed_at, t.decided_at, t.settled_at,
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

/** Every selection as players see it now with its limits and liability, `w.position` its place. */
function selectionsQuery(
  userId: string,
  wanted: ReadonlyArray<{ marketId: string; outcomeId: string }>,
) {
  return sql`
      SELECT w.position, w.market_id::text AS market_id, w.outcome_id, m.event_id::text AS event_id,
        e.sport_id, e.status AS event_status, e.home_name, e.away_name, e.starts_at, m.type_id,
        m.specifiers,
        sport_shown_market_status(m.status, m.operator_suspended, e.operator_suspended) AS market_status,
        m.status AS feed_status, o.active AS outcome_active,
        coalesce(o.operator_odds, o.odds)::text AS odds,
        coalesce(lt.min_stake_minor, ls.min_stake_minor, lg.min_stake_minor) AS min_stake_minor,
        coalesce(lt.max_stake_minor, ls.max_stake_minor, lg.max_stake_minor) AS max_stake_minor,
        coalesce(lt.max_payout_minor, ls.max_payout_minor, lg.max_payout_minor) AS max_payout_minor,
        coalesce(lt.market_liability_minor, ls.market_liability_minor, lg.market_liability_minor)
          AS market_liability_minor,
        coalesce(lt.bet_delay_ms, ls.bet_delay_ms, lg.bet_delay_ms) AS bet_delay_ms,
        coalesce(li.liability_minor, 0::bigint) AS outcome_liability_minor,
        lg.player_liability_minor,
        coalesce(p.bet_factor, 1)::text AS bet_factor,
        coalesce(p.open_liability_minor, 0::bigint) AS player_open_liability_minor,
        coalesce((SELECT c.enabled FROM sport_cashout_settings c), false) AS cashout_enabled
      FROM unnest(${wanted.map((item) => item.marketId)}::bigint[],
                  ${wanted.map((item) => item.outcomeId)}::text[]) WITH ORDINALITY
        AS w(market_id, outcome_id, position)
      JOIN sport_bet_limits lg ON coalesce(lg.sport_id, 0) = 0 AND coalesce(lg.market_type_id, 0) = 0
      LEFT JOIN sport_player_limits p ON p.user_id = ${userId}
      LEFT JOIN sport_markets m ON m.id = w.market_id
      LEFT JOIN sport_events e ON e.id = m.event_id
      LEFT JOIN sport_outcomes o ON o.market_id = m.id AND o.outcome_id = w.outcome_id
      LEFT JOIN sport_bet_limits ls
        ON coalesce(ls.sport_id, 0) = e.sport_id AND coalesce(ls.market_type_id, 0) = 0
      LEFT JOIN sport_bet_limits lt
        ON coalesce(lt.sport_id, 0) = e.sport_id AND coalesce(lt.market_type_id, 0) = m.type_id
      LEFT JOIN sport_liability li ON li.market_id = w.market_id AND li.outcome_id = w.outcome_id`;
}

/** What a process keeps of a player to place pre-match tickets without a read (`playerContext`). */
export interface PlayerContextRow {
  globalId: string;
  primaryCurrency: string;
  accounts: Array<{ currency: string; kind: string; balance: string }>;
  /** an open bonus or a responsible-gambling stake limit: the general path places the ticket */
  openBonus: boolean;
  /** the player's bet factor (sport_player_limits; 1 unless set) */
  betFactor: string;
  /** the record of the request's key, if it was used before */
  replay: { hash: string; statusCode: number | null; body: unknown } | null;
}

/** A market as the batch placement prices and names it (`markets`): what changes rarely. */
export interface MarketFactsRow {
  market_id: string;
  event_id: string;
  sport_id: number;
  type_id: number;
  specifiers: Record<string, string>;
  home_name: string;
  away_name: string;
  starts_at: Date;
}

/** The operators' betting settings a process keeps (`settings`) and their fingerprint. */
export interface BettingSettingsRow {
  limits: LimitsRow[];
  cashoutEnabled: boolean;
  /** sport_limits_fingerprint(): the batch placement checks its tickets were priced with it */
  fingerprint: string;
}

/** One ticket of a batch (sport_place_tickets.sql). */
export interface BatchTicket {
  ticket: TicketInsert;
  legs: ReadonlyArray<{
    eventId: string;
    marketId: string;
    outcomeId: string;
    odds: string;
    limitMinor: bigint;
  }>;
  playerLimitMinor: bigint;
  sessionId: string;
  betFactor: string;
  /** the player's balances it was computed from, "CUR:kind" → minor units */
  sheet: Record<string, string>;
  idempotency: { scope: string; key: string; hash: Buffer; body: unknown };
  publication: { channel: string; data: string };
}

export type BatchStatus =
  | 'placed'
  | 'limits'
  | 'session'
  | 'bonus'
  | 'stale'
  | 'moved'
  | 'key'
  | 'selection'
  | 'short'
  | 'player'
  | 'market';

/** What sport_place_tickets answered for one ticket of its batch. */
export interface BatchOutcome {
  status: BatchStatus;
  /** the balance publication's stream position ('placed') */
  position: { epoch: string; offset: number } | null;
  /** 'short': the short account as sport_place_ticket raised it (JSON) */
  detail: string | null;
}

/** A ticket as sport_place_ticket's `p_ticket` (amounts as text). */
function ticketObject(ticket: TicketInsert) {
  return {
    ...ticket,
    mainMinor: ticket.mainMinor.toString(),
    bonusMinor: ticket.bonusMinor.toString(),
    potentialPayoutMinor: ticket.potentialPayoutMinor.toString(),
    liabilityMinor: ticket.liabilityMinor.toString(),
    acceptAfter: ticket.acceptAfter?.toISOString() ?? null,
    now: ticket.now.toISOString(),
  };
}

function ticketJson(ticket: TicketInsert): string {
  return JSON.stringify(ticketObject(ticket));
}

/** The one place betting's SQL lives (tickets, legs, limits, liability; migrations 0036, 0037). */
export class BettingRepository {
  /**
   * Every selection as players see it now, with the limits that apply to it (its market type's,
   * over its sport's, over the global row), the liability its outcome carries and the player's
   * bet factor and open liability: one statement, in the order asked.
   */
  async selections(
    executor: DatabaseExecutor,
    userId: string,
    wanted: ReadonlyArray<{ marketId: string; outcomeId: string }>,
  ): Promise<SelectionStateRow[]> {
    const { rows } = await sql<SelectionStateRow>`
      ${selectionsQuery(userId, wanted)}
      ORDER BY w.position`.execute(executor);
    return rows;
  }

  /**
   * What a process keeps of a player to place pre-match tickets (`SportBetting.placePrematch`),
   * in one read: the global id, primary currency, balances, whether a bonus is open, the bet
   * factor, and the record of the request's idempotency key if it was used before. Null: no such
   * player.
   */
  async playerContext(
    executor: DatabaseExecutor,
    userId: string,
    idempotency: { scope: string; key: string },
  ): Promise<PlayerContextRow | null> {
    const { rows } = await sql<PlayerContextRow>`
      SELECT u.global_id::text AS "globalId", u.primary_currency AS "primaryCurrency",
        coalesce((
          SELECT jsonb_agg(jsonb_build_object(
            'currency', a.currency, 'kind', a.kind, 'balance', a.balance_minor::text
          ) ORDER BY a.currency, a.kind)
          FROM ledger_accounts a WHERE a.user_id = u.id
        ), '[]'::jsonb) AS accounts,
        EXISTS (
          SELECT 1 FROM user_bonuses b
          WHERE b.user_id = u.id AND b.status IN ('active', 'pending')
        ) OR EXISTS (
          SELECT 1 FROM player_limits l
          WHERE l.user_id = u.id AND l.type IN ('wager', 'loss', 'session')
        ) OR u.reality_check_minutes IS NOT NULL OR EXISTS (
          SELECT 1 FROM player_exclusions x WHERE x.user_id = u.id
        ) AS "openBonus",
        coalesce((SELECT p.bet_factor FROM sport_player_limits p WHERE p.user_id = u.id), 1)::text
          AS "betFactor",
        (
          SELECT jsonb_build_object('hash', encode(k.request_hash, 'hex'),
            'statusCode', k.status_code, 'body', k.response_body)
          FROM idempotency_keys k
          WHERE k.scope = ${idempotency.scope} AND k.key = ${idempotency.key}
        ) AS replay
      FROM users u WHERE u.id = ${userId}::uuid`.execute(executor);
    return rows[0] ?? null;
  }

  /** The markets' event, sport, type and names (the ones that exist), for the batch placement. */
  async markets(
    executor: DatabaseExecutor,
    marketIds: readonly string[],
  ): Promise<MarketFactsRow[]> {
    const { rows } = await sql<MarketFactsRow>`
      SELECT m.id::text AS market_id, m.event_id::text AS event_id, e.sport_id, m.type_id,
        m.specifiers, e.home_name, e.away_name, e.starts_at
      FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
      WHERE m.id = ANY (${marketIds}::bigint[])`.execute(executor);
    return rows;
  }

  /** Every limits row, the cash-out switch and their fingerprint, in one read. */
  async settings(executor: DatabaseExecutor): Promise<BettingSettingsRow> {
    const { rows } = await sql<BettingSettingsRow>`
      SELECT coalesce((
          SELECT jsonb_agg(jsonb_build_object('sport_id', b.sport_id,
            'market_type_id', b.market_type_id, 'min_stake_minor', b.min_stake_minor::text,
            'max_stake_minor', b.max_stake_minor::text, 'max_payout_minor', b.max_payout_minor::text,
            'market_liability_minor', b.market_liability_minor::text,
            'bet_delay_ms', b.bet_delay_ms,
            'player_liability_minor', b.player_liability_minor::text, 'updated_at', b.updated_at))
          FROM sport_bet_limits b
        ), '[]'::jsonb) AS limits,
        coalesce((SELECT c.enabled FROM sport_cashout_settings c), false) AS "cashoutEnabled",
        sport_limits_fingerprint() AS fingerprint`.execute(executor);
    const row = rows[0];
    if (!row) throw new Error('the betting settings read answered nothing');
    const minor = (value: unknown) => (value === null ? null : BigInt(String(value)));
    return {
      ...row,
      limits: row.limits.map((limits) => ({
        ...limits,
        min_stake_minor: minor(limits.min_stake_minor),
        max_stake_minor: minor(limits.max_stake_minor),
        max_payout_minor: minor(limits.max_payout_minor),
        market_liability_minor: minor(limits.market_liability_minor),
        player_liability_minor: minor(limits.player_liability_minor),
        updated_at: new Date(String(limits.updated_at)),
      })),
    };
  }

  /**
   * The pre-match tickets ready at one moment, placed by one statement
   * (betting/db/sport_place_tickets.sql): each checked and applied on its own, answered in the
   * batch's order.
   */
  async placeTickets(
    executor: DatabaseExecutor,
    batch: readonly BatchTicket[],
    fingerprint: string,
    historySize: number,
  ): Promise<BatchOutcome[]> {
    const tickets = batch.map((item) => ({
      ticket: ticketObject(item.ticket),
      legs: item.legs.map((leg) => ({
        eventId: leg.eventId,
        marketId: leg.marketId,
        outcomeId: leg.outcomeId,
        odds: leg.odds,
        limit: leg.limitMinor.toString(),
      })),
      playerLimit: item.playerLimitMinor.toString(),
      sessionId: item.sessionId,
      betFactor: item.betFactor,
      sheet: item.sheet,
      scope: item.idempotency.scope,
      key: item.idempotency.key,
      hash: item.idempotency.hash.toString('hex'),
      response: item.idempotency.body,
      channel: item.publication.channel,
      publication: item.publication.data,
    }));
    const { rows } = await sql<{
      idx: number;
      status: BatchStatus;
      epoch: string | null;
      offset: bigint | null;
      detail: string | null;
    }>`
      SELECT * FROM sport_place_tickets(${JSON.stringify(tickets)}::jsonb, ${fingerprint},
        ${historySize}::integer)`.execute(executor);
    if (rows.length !== batch.length) {
      throw new Error(`sport_place_tickets answered ${rows.length} of ${batch.length} tickets`);
    }
    return rows.map((row) => ({
      status: row.status,
      position:
        row.epoch === null || row.offset === null
          ? null
          : { epoch: row.epoch, offset: Number(row.offset) },
      detail: row.detail,
    }));
  }

  /**
   * The placement's writing statement (betting/db/sport_place_ticket.sql): checks the
   * selections are as read, moves or holds the stake and writes the ticket and its legs; any
   * refusal raises (SB003, or 40001 to run the placement again). The liability is reserved
   * apart, last (`reserveLiability`).
   */
  async placeTicket(
    executor: DatabaseExecutor,
    ticket: TicketInsert,
    legs: readonly LegInsert[],
  ): Promise<void> {
    await sql`SELECT sport_place_ticket(${ticketJson(ticket)}::jsonb,
      ${legs.map((leg) => leg.eventId)}::bigint[], ${legs.map((leg) => leg.marketId)}::bigint[],
      ${legs.map((leg) => leg.outcomeId)}::text[], ${legs.map((leg) => leg.readOdds)}::numeric[],
      ${legs.map((leg) => leg.odds)}::numeric[], ${legs.map((leg) => leg.live)}::boolean[])`.execute(
      executor,
    );
  }

  /** One ticket of the player (or of anyone when `userId` is null), with its legs. */
  async ticket(
    executor: DatabaseExecutor,
    ticketId: string,
    userId: string | null,
  ): Promise<TicketRow | undefined> {
    const { rows } = await sql<TicketRow>`
      SELECT ${ticketColumns} FROM sport_tickets t
      WHERE t.id = ${ticketId}::uuid AND (${userId}::uuid IS NULL OR t.user_id = ${userId}::uuid)`.execute(
      executor,
    );
    return rows[0];
  }

  /**
   * A page of the player's open or settled tickets, newest first (placed_at, id), each with its
   * legs and its `cursor_at`; and how many there are from the page's start, counted up to one
   * past the cap (below zero for an offset past the end: `historyMeta`'s `counted`). After a
   * cursor's `position` the page starts below its key. The open list is served by the partial
   * index sport_tickets_user_open (so a long settled history is never read for it), the settled
   * one by sport_tickets_user_keyset (migration 0073): the statuses are written as constants so
   * the planner matches the partial index.
   */
  async tickets(
    executor: DatabaseExecutor,
    userId: string,
    list: 'open' | 'settled',
    page: { offset: number; limit: number; position: HistoryPosition | null },
  ): Promise<{ rows: Array<TicketRow & { cursor_at: string }>; counted: number }> {
    const open = sql.join(openSportTicketStatuses.map((status) => sql.lit(status)));
    const listed = sql`
      FROM sport_tickets t
      WHERE t.user_id = ${userId}
        AND ${list === 'open' ? sql`t.status IN (${open})` : sql`t.status NOT IN (${open})`}
        ${page.position ? sql`AND ${afterPosition(['t.placed_at', 't.id'], createdKeyParts, page.position)}` : sql``}
      ORDER BY t.placed_at DESC, t.id DESC`;
    const offset = page.position ? 0 : page.offset;
    const { rows } = await sql<TicketRow & { cursor_at: string }>`
      SELECT ${ticketColumns}, ${historyInstant('t.placed_at')} AS cursor_at
      ${listed}
      OFFSET ${offset} LIMIT ${page.limit}`.execute(executor);
    return { rows, counted: await cappedSqlCount(executor, listed, offset) };
  }

  /** A pending ticket locked for its decision; undefined when it is no longer pending. */
  async lockPendingTicket(
    executor: DatabaseExecutor,
    ticketId: string,
  ): Promise<PendingTicketRow | undefined> {
    const { rows } = await sql<PendingTicketRow>`
      SELECT t.id, t.user_id, t.currency, t.odds_change, t.folds, t.stake_minor,
        t.potential_payout_minor, t.liability_minor, t.hold_id, t.accept_after,
        (SELECT jsonb_agg(jsonb_build_object('position', l.position, 'event_id', l.event_id::text,
            'market_id', l.market_id::text, 'outcome_id', l.outcome_id, 'odds', l.odds::text)
            ORDER BY l.position)
         FROM sport_ticket_legs l WHERE l.ticket_id = t.id) AS legs
      FROM sport_tickets t
      WHERE t.id = ${ticketId}::uuid AND t.status = 'pending'
      FOR UPDATE OF t`.execute(executor);
    return rows[0];
  }

  /** Pending tickets whose delay is over, oldest first (the partial index sport_tickets_pending). */
  async duePendingTickets(executor: DatabaseExecutor, now: Date, limit: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM sport_tickets
      WHERE status = 'pending' AND accept_after <= ${now}
      ORDER BY accept_after LIMIT ${limit}`.execute(executor);
    return rows.map((row) => row.id);
  }

  /** A re-priced pending ticket: its legs' new prices, payout, odds and liability. */
  async reprice(
    executor: DatabaseExecutor,
    ticketId: string,
    change: {
      legOdds: readonly string[];
      potentialPayoutMinor: bigint;
      odds: string;
      liabilityMinor: bigint;
    },
  ): Promise<void> {
    await sql`
      WITH legs AS (
        UPDATE sport_ticket_legs l SET odds = w.odds
        FROM unnest(${change.legOdds}::numeric[]) WITH ORDINALITY AS w(odds, position)
        WHERE l.ticket_id = ${ticketId}::uuid AND l.position = w.position - 1
      )
      UPDATE sport_tickets SET potential_payout_minor = ${change.potentialPayoutMinor.toString()}::bigint,
        odds = ${change.odds}::numeric, liability_minor = ${change.liabilityMinor.toString()}::bigint
      WHERE id = ${ticketId}::uuid`.execute(executor);
  }

  async decide(
    executor: DatabaseExecutor,
    ticketId: string,
    decision: { status: 'accepted' } | { status: 'rejected'; reason: SportRejectionReason },
    now: Date,
  ): Promise<void> {
    await sql`
      UPDATE sport_tickets SET status = ${decision.status},
        reason = ${decision.status === 'rejected' ? decision.reason : null}, decided_at = ${now}
      WHERE id = ${ticketId}::uuid AND status = 'pending'`.execute(executor);
  }

  /** sport_liability_reserve.sql: 'reserved', or 'player' / 'market' with nothing reserved. */
  async reserveLiability(
    executor: DatabaseExecutor,
    reservation: {
      userId: string;
      amountMinor: bigint;
      playerLimitMinor: bigint;
      legs: ReadonlyArray<{
        eventId: string;
        marketId: string;
        outcomeId: string;
        limitMinor: bigint;
      }>;
    },
  ): Promise<'reserved' | 'player' | 'market'> {
    const { legs } = reservation;
    const { rows } = await sql<{ outcome: 'reserved' | 'player' | 'market' }>`
      SELECT sport_liability_reserve(${reservation.userId}::uuid,
        ${reservation.amountMinor.toString()}::bigint, ${reservation.playerLimitMinor.toString()}::bigint,
        ${legs.map((leg) => leg.eventId)}::bigint[], ${legs.map((leg) => leg.marketId)}::bigint[],
        ${legs.map((leg) => leg.outcomeId)}::text[],
        ${legs.map((leg) => leg.limitMinor.toString())}::bigint[]) AS outcome`.execute(executor);
    return rows[0]?.outcome ?? 'market';
  }

  /** sport_liability_release.sql: what the ticket had reserved (0 when released already). */
  async releaseLiability(executor: DatabaseExecutor, ticketId: string): Promise<bigint> {
    const { rows } = await sql<{ released: bigint }>`
      SELECT sport_liability_release(${ticketId}::uuid) AS released`.execute(executor);
    return rows[0]?.released ?? 0n;
  }

  /** Sets the reserved amount of a ticket (after a re-priced reservation). */
  async setTicketLiability(
    executor: DatabaseExecutor,
    ticketId: string,
    liabilityMinor: bigint,
  ): Promise<void> {
    await sql`UPDATE sport_tickets SET liability_minor = ${liabilityMinor.toString()}::bigint
      WHERE id = ${ticketId}::uuid`.execute(executor);
  }

  // --- operators ---

  async limits(executor: DatabaseExecutor): Promise<LimitsRow[]> {
    const { rows } = await sql<LimitsRow>`
      SELECT sport_id, market_type_id, min_stake_minor, max_stake_minor, max_payout_minor,
        market_liability_minor, bet_delay_ms, player_liability_minor, updated_at
      FROM sport_bet_limits
      ORDER BY sport_id NULLS FIRST, market_type_id NULLS FIRST`.execute(executor);
    return rows;
  }

  async lockLimits(executor: DatabaseExecutor, scope: LimitScope): Promise<LimitsRow | undefined> {
    const { rows } = await sql<LimitsRow>`
      SELECT sport_id, market_type_id, min_stake_minor, max_stake_minor, max_payout_minor,
        market_liability_minor, bet_delay_ms, player_liability_minor, updated_at
      FROM sport_bet_limits
      WHERE coalesce(sport_id, 0) = ${scope.sportId ?? 0}
        AND coalesce(market_type_id, 0) = ${scope.marketTypeId ?? 0}
      FOR UPDATE`.execute(executor);
    return rows[0];
  }

  async sportExists(executor: DatabaseExecutor, sportId: number): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM sport_sports WHERE id = ${sportId}`.execute(executor);
    return rows.length > 0;
  }

  async saveLimits(
    executor: DatabaseExecutor,
    scope: LimitScope,
    values: Omit<LimitsRow, 'sport_id' | 'market_type_id' | 'updated_at'>,
    now: Date,
  ): Promise<LimitsRow> {
    const minor = (value: bigint | null) => (value === null ? null : value.toString());
    const { rows } = await sql<LimitsRow>`
      INSERT INTO sport_bet_limits AS b (sport_id, market_type_id, min_stake_minor, max_stake_minor,
        max_payout_minor, market_liability_minor, bet_delay_ms, player_liability_minor, updated_at)
      VALUES (${scope.sportId}, ${scope.marketTypeId}, ${minor(values.min_stake_minor)}::bigint,
        ${minor(values.max_stake_minor)}::bigint, ${minor(values.max_payout_minor)}::bigint,
        ${minor(values.market_liability_minor)}::bigint, ${values.bet_delay_ms},
        ${minor(values.player_liability_minor)}::bigint, ${now})
      ON CONFLICT ((coalesce(sport_id, 0)), (coalesce(market_type_id, 0))) DO UPDATE SET
        min_stake_minor = excluded.min_stake_minor, max_stake_minor = excluded.max_stake_minor,
        max_payout_minor = excluded.max_payout_minor,
        market_liability_minor = excluded.market_liability_minor,
        bet_delay_ms = excluded.bet_delay_ms, player_liability_minor = excluded.player_liability_minor,
        updated_at = excluded.updated_at
      RETURNING sport_id, market_type_id, min_stake_minor, max_stake_minor, max_payout_minor,
        market_liability_minor, bet_delay_ms, player_liability_minor, updated_at`.execute(executor);
    const row = rows[0];
    if (!row) throw new Error('sport_bet_limits upsert returned no row');
    return row;
  }

  async playerLimits(
    executor: DatabaseExecutor,
    userId: string,
    lock: boolean,
  ): Promise<{ exists: boolean; bet_factor: string; open_liability_minor: bigint }> {
    const { rows } = await sql<{
      player: string | null;
      bet_factor: string | null;
      open_liability_minor: bigint | null;
    }>`
      SELECT u.id AS player, p.bet_factor::text AS bet_factor, p.open_liability_minor
      FROM users u LEFT JOIN sport_player_limits p ON p.user_id = u.id
      WHERE u.id = ${userId}::uuid
      ${lock ? sql`FOR UPDATE OF u` : sql``}`.execute(executor);
    const row = rows[0];
    return {
      exists: row !== undefined,
      bet_factor: row?.bet_factor ?? '1.000',
      open_liability_minor: row?.open_liability_minor ?? 0n,
    };
  }

  /** A player by id (a uuid) or global id (digits): its id and global id; undefined for none. */
  async playerIds(
    executor: DatabaseExecutor,
    key: string,
  ): Promise<{ id: string; global_id: string } | undefined> {
    const byGlobalId = /^\d{1,18}$/.test(key);
    const { rows } = await sql<{ id: string; global_id: string }>`
      SELECT id, global_id::text AS global_id FROM users
      WHERE ${byGlobalId ? sql`global_id = ${key}::bigint` : sql`id = ${key}::uuid`}`.execute(
      executor,
    );
    return rows[0];
  }

  async setBetFactor(executor: DatabaseExecutor, userId: string, factor: string, now: Date) {
    await sql`
      INSERT INTO sport_player_limits (user_id, bet_factor, updated_at)
      VALUES (${userId}::uuid, ${factor}::numeric, ${now})
      ON CONFLICT (user_id) DO UPDATE SET bet_factor = excluded.bet_factor,
        updated_at = excluded.updated_at`.execute(executor);
  }

  /** The liability reserved on an event's outcomes (or one market's), largest first. */
  async liability(
    executor: DatabaseExecutor,
    filter: { eventId: number | null; marketId: number | null },
    limit: number,
  ): Promise<LiabilityRow[]> {
    const { rows } = await sql<LiabilityRow>`
      SELECT event_id::text AS event_id, market_id::text AS market_id, outcome_id, liability_minor,
        limit_minor, tickets
      FROM sport_liability
      WHERE (${filter.eventId}::bigint IS NULL OR event_id = ${filter.eventId}::bigint)
        AND (${filter.marketId}::bigint IS NULL OR market_id = ${filter.marketId}::bigint)
        AND tickets > 0
      ORDER BY liability_minor DESC, market_id, outcome_id
      LIMIT ${limit}`.execute(executor);
    return rows;
  }
}

/**
 * The events betting keeps from the catalog's retention (FeedRetention): every event a ticket's
 * leg names — a ticket's history shows its legs, and the legs hold the events and markets by
 * foreign key. A subquery the feed's deletion excludes (feed.repository.ts `deleteClosedEvents`).
 */
export function eventsTicketsKeep() {
  return sql<{ event_id: string }>`SELECT event_id FROM sport_ticket_legs`;
}
