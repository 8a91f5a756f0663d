import { randomUUID } from 'node:crypto';
import {
  currencyScale,
  formatMinorToDecimal,
  openSportTicketStatuses,
  type PlaceSportBetBody,
  parseDecimalToMinor,
  potentialPayoutMinor,
  type SportRejectionReason,
  type SportTicket,
  type SportTicketsPage,
  type SportTicketsQuery,
  sportTicketStatuses,
  ticketFolds,
  ticketLines,
  ticketOddsDisplay,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type { Wagering } from '../../money/wagering/wagering.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { BettingRepository, LegInsert, SelectionStateRow } from './betting.repository.ts';
import type { SportCashout } from './cashout.service.ts';
import { checkSelections, relatedEvents } from './selection-rules.ts';
import { sportTicketView, type TicketRow } from './ticket-view.ts';

/** Limits and liability are kept in this currency (sport_bet_limits, sport_liability). */
export const sportLimitCurrency = 'USD';

/** Bet factors are kept to 3 decimals (numeric(6, 3)); scaled by 1000 to stay whole. */
const factorScale = 1_000n;

export interface SportBettingDependencies {
  db: Kysely<Database>;
  repository: BettingRepository;
  transactions: Transactions;
  clock: Clock;
  ledger: Pick<LedgerService, 'quote' | 'postBetHold' | 'voidHold' | 'markBalanceChanged'>;
  wagering: Pick<Wagering, 'plan'>;
  events: Pick<RealtimeEvents, 'sportTicketChanged'>;
  /** the cash-out's one rule for `SportTicket.cashoutAvailable` on the tickets read back */
  cashout: Pick<SportCashout, 'availability'>;
  /**
   * Decide each in-play ticket on a timer in this process when its delay is over (off in tests,
   * which call `decide` with a manual clock); the sweep (`decideDue`) catches the rest.
   */
  decideOnTimers: boolean;
  reportError: (error: unknown) => void;
}

export interface PlacementCaller {
  userId: string;
  /** the player's primary currency: the ticket's */
  currency: string;
}

function fieldError(field: string, message = 'Validation.invalid_value'): AppError {
  return new AppError('validation_error', { payload: { fields: [{ field, message }] } });
}

function factorOf(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * factorScale + BigInt(fraction.padEnd(3, '0').slice(0, 3));
}

const maxOf = (values: bigint[]) => values.reduce((left, right) => (right > left ? right : left));
const minOf = (values: bigint[]) => values.reduce((left, right) => (right < left ? right : left));

/** SQLSTATEs of sport_place_ticket.sql's refusals. */
const balanceShort = 'SB003';

/** A ticket's liability, reserved as its transaction's last statement (see `place`). */
interface LiabilityReservation {
  userId: string;
  amountMinor: bigint;
  playerLimitMinor: bigint;
  legs: Array<{ eventId: string; marketId: string; outcomeId: string; limitMinor: bigint }>;
  /** the refusal when a limit would be passed */
  refusal: () => AppError;
}

/**
 * Accepting sport tickets (issue 20): one state machine per ticket.
 *
 * Placement (`place`, in the request's idempotent transaction): the shape (folds, lines, the
 * stake dividing into them, one selection at most once, related selections), then one read of
 * every selection as players see it with its limits and liability
 * (`BettingRepository.selections`), the player's odds-change policy, the stake, payout and
 * liability limits, the stake plan (`Wagering.plan`: main money, then bonus money, the bonus's
 * maximum bet), one writing statement (`sport_place_ticket`) that checks the selections are
 * still as read, moves the stake (pre-match: to the house at once, `sport_stake`) or holds it (in
 * play) and writes the ticket, and, as the transaction's last statement (after the balance
 * publication and the idempotency record), the liability's reservation: the outcomes' and the
 * player's liability rows are what concurrent tickets queue on, so they are locked for that
 * statement and the commit only. The answer is built from what was written, not read back. So a
 * ticket costs three statements of its own beyond the stake plan's, the idempotency record's and
 * the balance publication's.
 *
 * In play (any leg live) the ticket waits `accept_after` (the largest delay of its legs' sports
 * and market types) and is then decided once (`decide`, under the ticket's row lock): the
 * selections are checked again against the prices the ticket was taken at, under its policy —
 * a bet stop or suspension rejects it (`bet_stop`, `selection_unavailable`), a price move beyond
 * the policy rejects it (`odds_changed`), a move the policy takes re-prices it (its payout and
 * liability again within their limits, else `odds_changed` / `liability_limit`). Accepted: the
 * hold is posted to the house (`sport_stake`, `sport_stake:{ticketId}`); rejected: the liability
 * is released and the hold voided, each part back where it came from. The decided ticket goes
 * out on the player's `transaction#` channel (and the balance on `balance#`).
 */
export class SportBetting {
  private readonly db: Kysely<Database>;
  private readonly repository: BettingRepository;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly ledger: SportBettingDependencies['ledger'];
  private readonly wagering: SportBettingDependencies['wagering'];
  private readonly events: SportBettingDependencies['events'];
  private readonly cashout: SportBettingDependencies['cashout'];
  private readonly decideOnTimers: boolean;
  private readonly reportError: (error: unknown) => void;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(dependencies: SportBettingDependencies) {
    this.db = dependencies.db;
    this.repository = dependencies.repository;
    this.transactions = dependencies.transactions;
    this.clock = dependencies.clock;
    this.ledger = dependencies.ledger;
    this.wagering = dependencies.wagering;
    this.events = dependencies.events;
    this.cashout = dependencies.cashout;
    this.decideOnTimers = dependencies.decideOnTimers;
    this.reportError = dependencies.reportError;
  }

  /** Places a ticket in `transaction` (see the class comment); answers it as the contract has it. */
  async place(
    transaction: DatabaseTransaction,
    caller: PlacementCaller,
    body: PlaceSportBetBody,
  ): Promise<SportTicket> {
    const { currency, userId } = caller;
    const scale = currencyScale(currency);
    const money = (minor: bigint) => formatMinorToDecimal(minor, scale);
    const count = body.selections.length;
    const folds = ticketFolds(body.type, count, body.systemSize ?? null);
    if (!folds) throw fieldError(body.type === 'system' ? 'systemSize' : 'selections');
    if (body.type !== 'system' && body.systemSize !== undefined) throw fieldError('systemSize');
    const stakeMinor = parseDecimalToMinor(body.stake, scale);
    if (stakeMinor === null || stakeMinor <= 0n)
      throw fieldError('stake', 'Validation.invalid_amount');
    const lines = ticketLines(count, folds);
    const keys = new Set(body.selections.map((item) => `${item.marketId}:${item.outcomeId}`));
    if (keys.size !== count) throw fieldError('selections');
    if (body.type !== 'single') {
      const eventIds = relatedEvents(body.selections);
      if (eventIds.length > 0)
        throw new AppError('sport_related_selections', { payload: { eventIds } });
    }

    const rows = await this.repository.selections(
      transaction,
      userId,
      body.selections.map((item) => ({
        marketId: String(item.marketId),
        outcomeId: item.outcomeId,
      })),
    );
    const verdict = checkSelections(body.oddsChange, body.selections, rows);
    if (verdict.kind === 'unavailable') {
      throw new AppError('sport_selection_unavailable', {
        payload: { selections: verdict.selections },
      });
    }
    if (verdict.kind === 'odds_changed') {
      throw new AppError('sport_odds_changed', { payload: { selections: verdict.selections } });
    }
    const payoutMinor = potentialPayoutMinor(stakeMinor, verdict.odds, folds);
    if (payoutMinor === null) throw fieldError('stake', 'Validation.invalid_amount');
    const legs = rows as Array<SelectionStateRow & { event_id: string; odds: string }>;

    // Limits: the strictest of the legs', converted from the base currency at the rate in force.
    const factor = factorOf(legs[0]?.bet_factor ?? '1');
    const inTicketCurrency = async (minor: bigint, rounding: 'down' | 'up') =>
      (await this.ledger.quote(minor, sportLimitCurrency, currency, rounding)).amountMinor;
    const minStake = await inTicketCurrency(maxOf(legs.map((leg) => leg.min_stake_minor)), 'up');
    const maxStake =
      ((await inTicketCurrency(minOf(legs.map((leg) => leg.max_stake_minor)), 'down')) * factor) /
      factorScale;
    if (stakeMinor < minStake || stakeMinor > maxStake) {
      throw new AppError('sport_stake_limit', {
        payload: { min: money(minStake), max: money(maxStake), currency },
      });
    }
    const maxPayout = await inTicketCurrency(
      minOf(legs.map((leg) => leg.max_payout_minor)),
      'down',
    );
    if (payoutMinor > maxPayout) {
      throw new AppError('sport_payout_limit', {
        payload: { maxPayout: money(maxPayout), currency },
      });
    }

    // Liability: what the ticket stands to win net, in the base currency (rounded up).
    const liabilityMinor = (
      await this.ledger.quote(payoutMinor - stakeMinor, currency, sportLimitCurrency, 'up')
    ).amountMinor;
    const playerLimitMinor = ((legs[0]?.player_liability_minor ?? 0n) * factor) / factorScale;
    const room = minOf([
      playerLimitMinor - (legs[0]?.player_open_liability_minor ?? 0n),
      ...legs.map((leg) => leg.market_liability_minor - leg.outcome_liability_minor),
    ]);
    const liabilityRefusal = () =>
      new AppError('sport_liability_limit', {
        payload: {
          maxStake: money(
            liabilityMinor > 0n && room > 0n ? (stakeMinor * room) / liabilityMinor : 0n,
          ),
          currency,
        },
      });
    if (liabilityMinor > room) throw liabilityRefusal();

    const plan = await this.wagering.plan(transaction, { userId, currency, stakeMinor });
    const live = legs.some((leg) => leg.event_status === 'live');
    const now = this.clock.now();
    const delayMs = live
      ? Math.max(
          ...legs.filter((leg) => leg.event_status === 'live').map((leg) => leg.bet_delay_ms),
        )
      : 0;
    const acceptAfter = live ? new Date(now.getTime() + delayMs) : null;
    const id = randomUUID();
    const legInserts: LegInsert[] = legs.map((leg, index) => ({
      eventId: leg.event_id,
      marketId: leg.market_id,
      outcomeId: leg.outcome_id,
      readOdds: leg.odds,
      odds: verdict.odds[index] ?? leg.odds,
      live: leg.event_status === 'live',
    }));
    const systemSize = body.systemSize === undefined ? null : String(body.systemSize);
    const odds = ticketOddsDisplay(payoutMinor, stakeMinor);
    try {
      await this.repository.placeTicket(
        transaction,
        {
          id,
          userId,
          type: body.type,
          systemSize,
          folds,
          lines,
          oddsChange: body.oddsChange,
          currency,
          mainMinor: plan.mainMinor,
          bonusMinor: plan.bonusMinor,
          bonusId: plan.bonusId,
          potentialPayoutMinor: payoutMinor,
          odds,
          live,
          acceptAfter,
          now,
          liabilityMinor,
        },
        legInserts,
      );
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === balanceShort) {
        const short = JSON.parse((error as Error).message) as {
          currency: string;
          balanceMinor: string;
          debitMinor: string;
        };
        throw new AppError('insufficient_balance', {
          payload: {
            balance: money(BigInt(short.balanceMinor)),
            amount: money(BigInt(short.debitMinor)),
            currency: short.currency,
          },
        });
      }
      throw error;
    }
    await this.ledger.markBalanceChanged(transaction, userId);
    // Last: the liability. Its rows (each backed outcome's, the player's) are the hot ones every
    // ticket on those outcomes waits for, so they are locked by the transaction's last statement,
    // after the balance publication and the idempotency record, and held until the commit only.
    await this.reserveLast(transaction, {
      userId,
      amountMinor: liabilityMinor,
      playerLimitMinor,
      legs: legs.map((leg) => ({
        eventId: leg.event_id,
        marketId: leg.market_id,
        outcomeId: leg.outcome_id,
        limitMinor: leg.market_liability_minor,
      })),
      refusal: liabilityRefusal,
    });
    if (acceptAfter) this.scheduleDecision(transaction, id, delayMs);

    // The answer from what was written (no read back): the selections were just checked open
    // and active at these prices, so the cash-out's rule comes down to its switch and the type.
    const mainAndBonus = plan.mainMinor + plan.bonusMinor;
    const placed: TicketRow = {
      id,
      user_id: userId,
      type: body.type,
      system_size: systemSize,
      lines,
      status: live ? 'pending' : 'accepted',
      reason: null,
      odds_change: body.oddsChange,
      currency,
      stake_minor: mainAndBonus,
      bonus_stake_minor: plan.bonusMinor,
      bonus_id: plan.bonusId,
      placed_stake_minor: mainAndBonus,
      potential_payout_minor: payoutMinor,
      payout_minor: null,
      cashed_out_minor: 0n,
      odds,
      placed_at: now,
      decided_at: live ? null : now,
      settled_at: null,
      legs: legs.map((leg, index) => ({
        position: index,
        eventId: Number(leg.event_id),
        marketId: Number(leg.market_id),
        outcomeId: leg.outcome_id,
        odds: legInserts[index]?.odds ?? leg.odds,
        live: leg.event_status === 'live',
        status: 'open',
        voidFactor: null,
        deadHeatFactor: null,
        sportId: leg.sport_id ?? 0,
        home: leg.home_name ?? '',
        away: leg.away_name ?? '',
        startsAt: (leg.starts_at ?? now).toISOString(),
        typeId: leg.type_id ?? 0,
        specifiers: leg.specifiers ?? {},
      })),
    };
    const cashoutAvailable =
      !live && body.type !== 'system' && legs.every((leg) => leg.cashout_enabled);
    return sportTicketView(placed, cashoutAvailable);
  }

  /**
   * Reserves the ticket's liability as the last statement before its transaction commits (a
   * hook of the transaction opener, queued after the balance publication's), or at once in a
   * transaction the opener did not open. A limit passed meanwhile refuses the ticket: the whole
   * transaction rolls back.
   */
  private async reserveLast(
    transaction: DatabaseTransaction,
    reservation: LiabilityReservation,
  ): Promise<void> {
    if (this.transactions.beforeCommit(transaction, this.reserveLiabilities, [reservation])) return;
    await this.reserveLiabilities(transaction, [reservation]);
  }

  private readonly reserveLiabilities = async (
    transaction: DatabaseTransaction,
    reservations: LiabilityReservation[],
  ): Promise<void> => {
    for (const { refusal, ...reservation } of reservations) {
      const outcome = await this.repository.reserveLiability(transaction, reservation);
      if (outcome !== 'reserved') throw refusal();
    }
  };

  /**
   * Decides a pending ticket whose delay is over, exactly once (under its row lock; a ticket no
   * longer pending, or not due yet, is left alone). Answers the decided ticket, or null.
   */
  async decide(ticketId: string): Promise<SportTicket | null> {
    return await this.transactions.run(async (transaction) => {
      const ticket = await this.repository.lockPendingTicket(transaction, ticketId);
      const now = this.clock.now();
      if (!ticket || (ticket.accept_after !== null && ticket.accept_after > now)) return null;
      const decision = await this.decision(transaction, ticket);
      if (decision.status === 'accepted') {
        if (ticket.hold_id === null) throw new Error(`pending ticket ${ticket.id} has no hold`);
        await this.ledger.postBetHold(transaction, ticket.hold_id, {
          type: 'sport_stake',
          externalReference: `sport_stake:${ticket.id}`,
          metadata: { ticketId: ticket.id },
        });
      } else {
        await this.repository.releaseLiability(transaction, ticket.id);
        if (ticket.hold_id !== null) await this.ledger.voidHold(transaction, ticket.hold_id);
      }
      await this.repository.decide(transaction, ticket.id, decision, now);
      await this.ledger.markBalanceChanged(transaction, ticket.user_id);
      const row = await this.repository.ticket(transaction, ticket.id, null);
      if (!row) throw new Error(`ticket ${ticket.id} vanished`);
      const view = await this.view(transaction, row);
      await this.events.sportTicketChanged(transaction, ticket.user_id, {
        type: 'sport_ticket',
        ticket: view,
      });
      return view;
    });
  }

  /**
   * Decides every pending ticket whose delay is over (those a timer did not: another process's,
   * or one a crashed process left), at most `limit` per call, oldest first. Answers how many
   * were decided here.
   */
  async decideDue(limit = 200): Promise<number> {
    const due = await this.repository.duePendingTickets(this.db, this.clock.now(), limit);
    let decided = 0;
    for (const ticketId of due) {
      if (await this.decide(ticketId)) decided += 1;
    }
    return decided;
  }

  /**
   * Gives back what the ticket reserved of the market's and the player's liability, once (a
   * second call releases nothing). Settlement and cash-out call it in their transaction, with the
   * ticket row locked, when the ticket's risk ends. Answers the base-currency amount released.
   */
  async releaseLiability(transaction: DatabaseTransaction, ticketId: string): Promise<bigint> {
    return await this.repository.releaseLiability(transaction, ticketId);
  }

  /** The player's tickets, open or settled, newest first, one statement per page. */
  async tickets(
    userId: string,
    query: SportTicketsQuery,
    executor: DatabaseExecutor = this.db,
  ): Promise<SportTicketsPage> {
    const open: readonly string[] = openSportTicketStatuses;
    const statuses =
      query.status === 'open'
        ? open
        : sportTicketStatuses.filter((status) => !open.includes(status));
    const { rows, total } = await this.repository.tickets(executor, userId, statuses, query);
    const available = await this.cashout.availability(executor, rows);
    return {
      items: rows.map((row) => sportTicketView(row, available.get(row.id) ?? false)),
      meta: { offset: query.offset, limit: query.limit, total },
    };
  }

  /** One of the player's tickets; another player's is `not_found` like a missing one. */
  async ticket(userId: string, ticketId: string): Promise<SportTicket> {
    const row = await this.repository.ticket(this.db, ticketId, userId);
    if (!row) throw new AppError('not_found', { message: 'There is no such ticket.' });
    return await this.view(this.db, row);
  }

  /** A ticket read back as the contract has it, `cashoutAvailable` by the cash-out's rule. */
  private async view(executor: DatabaseExecutor, row: TicketRow): Promise<SportTicket> {
    const available = await this.cashout.availability(executor, [row]);
    return sportTicketView(row, available.get(row.id) ?? false);
  }

  /** Stops this process's decision timers (the sweep decides those tickets later). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private scheduleDecision(transaction: DatabaseTransaction, ticketId: string, delayMs: number) {
    if (!this.decideOnTimers) return;
    this.transactions.afterCommit(transaction, async () => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.decide(ticketId).catch(this.reportError);
      }, delayMs);
      timer.unref();
      this.timers.add(timer);
    });
  }

  /** The in-play check after the delay: accept (re-priced when the policy took a move) or reject. */
  private async decision(
    transaction: DatabaseTransaction,
    ticket: NonNullable<Awaited<ReturnType<BettingRepository['lockPendingTicket']>>>,
  ): Promise<{ status: 'accepted' } | { status: 'rejected'; reason: SportRejectionReason }> {
    const legs = ticket.legs;
    const rows = await this.repository.selections(
      transaction,
      ticket.user_id,
      legs.map((leg) => ({ marketId: leg.market_id, outcomeId: leg.outcome_id })),
    );
    const verdict = checkSelections(
      ticket.odds_change,
      legs.map((leg) => ({
        eventId: Number(leg.event_id),
        marketId: Number(leg.market_id),
        outcomeId: leg.outcome_id,
        odds: leg.odds,
      })),
      rows,
    );
    if (verdict.kind === 'unavailable') {
      const stopped = verdict.selections.some((selection) => selection.reason === 'bet_stop');
      return { status: 'rejected', reason: stopped ? 'bet_stop' : 'selection_unavailable' };
    }
    if (verdict.kind === 'odds_changed') return { status: 'rejected', reason: 'odds_changed' };
    const moved = verdict.odds.some(
      (odds, index) => Number(odds) !== Number(legs[index]?.odds ?? odds),
    );
    if (!moved) return { status: 'accepted' };

    // Re-priced within the policy: the payout and the liability must fit their limits again.
    const payoutMinor = potentialPayoutMinor(ticket.stake_minor, verdict.odds, ticket.folds);
    const maxPayout = (
      await this.ledger.quote(
        minOf(rows.map((row) => row.max_payout_minor)),
        sportLimitCurrency,
        ticket.currency,
        'down',
      )
    ).amountMinor;
    if (payoutMinor === null || payoutMinor > maxPayout) {
      return { status: 'rejected', reason: 'odds_changed' };
    }
    const liabilityMinor = (
      await this.ledger.quote(
        payoutMinor - ticket.stake_minor,
        ticket.currency,
        sportLimitCurrency,
        'up',
      )
    ).amountMinor;
    await this.repository.releaseLiability(transaction, ticket.id);
    const factor = factorOf(rows[0]?.bet_factor ?? '1');
    const reserved = await this.repository.reserveLiability(transaction, {
      userId: ticket.user_id,
      amountMinor: liabilityMinor,
      playerLimitMinor: ((rows[0]?.player_liability_minor ?? 0n) * factor) / factorScale,
      legs: rows.map((row) => ({
        eventId: row.event_id ?? '0',
        marketId: row.market_id,
        outcomeId: row.outcome_id,
        limitMinor: row.market_liability_minor,
      })),
    });
    if (reserved !== 'reserved') return { status: 'rejected', reason: 'liability_limit' };
    await this.repository.reprice(transaction, ticket.id, {
      legOdds: verdict.odds,
      potentialPayoutMinor: payoutMinor,
      odds: ticketOddsDisplay(payoutMinor, ticket.stake_minor),
      liabilityMinor,
    });
    return { status: 'accepted' };
  }
}
