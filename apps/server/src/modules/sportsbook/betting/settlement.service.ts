import {
  currencyScale,
  formatMinorToDecimal,
  marketName,
  outcomeName,
  type SportTicket,
  type SportTicketEvent,
  settleTicket,
  sportWageredStakeMinor,
  type TicketLeg,
  type TicketSettlement,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import {
  type LedgerService,
  type Posting,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type {
  SettlementRepository,
  SettlingTicket,
  TicketViewRow,
} from './settlement.repository.ts';

/** The bonus engine's part: how a ticket's payout splits between main and bonus money. */
export interface TicketBonuses {
  ticketPayoutShare(
    transaction: DatabaseTransaction,
    ticket: { bonusId: string; stakeMinor: bigint; bonusStakeMinor: bigint; payoutMinor: bigint },
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }>;
}

/** The player's `transaction#` channel (realtime/events.ts). */
export interface TicketEvents {
  sportTicketChanged(
    transaction: DatabaseTransaction,
    userId: string,
    event: SportTicketEvent,
  ): Promise<void>;
}

/**
 * The acceptance's liability reservations, released when a ticket settles (and taken again when
 * a settlement is taken back). Optional until the acceptance provides it.
 */
export interface TicketLiability {
  settled(transaction: DatabaseTransaction, ticketIds: readonly string[]): Promise<void>;
  reopened(transaction: DatabaseTransaction, ticketIds: readonly string[]): Promise<void>;
}

/** A ticket's settlement as the promotions see it (bonus wagering, tournament scores). */
export interface SettledSportTicket {
  ticketId: string;
  userId: string;
  currency: string;
  /** the settlement's generation: what it adds is kept under it for a taking back */
  generation: number;
  bonusId: string | null;
  /** the stake at risk when it settled (main and bonus parts) */
  stakeMinor: bigint;
  bonusStakeMinor: bigint;
  /** the part of the stake that played (contract `sportWageredStakeMinor`: void parts out) */
  wageredStakeMinor: bigint;
  payoutMinor: bigint;
  at: Date;
}

/**
 * The promotions a settled ticket counts for (promotions/bonuses `BonusRounds`, promotions/
 * tournaments `TournamentScoringService`): called for each ticket settled, and for each
 * settlement taken back (with the generation that settled), in the ticket's transaction.
 */
export interface TicketPromotions {
  sportTicketSettled(transaction: DatabaseTransaction, ticket: SettledSportTicket): Promise<void>;
  sportTicketUnsettled(
    transaction: DatabaseTransaction,
    ticket: { ticketId: string; userId: string; generation: number; bonusId: string | null },
  ): Promise<void>;
}

export interface SportSettlementDependencies {
  db: Kysely<Database>;
  repository: SettlementRepository;
  transactions: Transactions;
  clock: Clock;
  ledger: Pick<LedgerService, 'postTransaction' | 'balance'>;
  bonuses: TicketBonuses;
  events: TicketEvents;
  liability?: TicketLiability | undefined;
  promotions?: readonly TicketPromotions[] | undefined;
  /** tickets settled per transaction (one market's tickets go in several) */
  batchSize?: number;
}

const settledStatuses = new Set(['won', 'lost', 'void', 'half_won', 'half_lost']);

/** Most markets one pass takes (the next pass takes the rest). */
const marketsPerPass = 200;

/** What a pass did, for logs, tests and the bench. */
export interface SettlementPass {
  markets: number;
  settled: number;
  unsettled: number;
}

/**
 * Settles sport tickets from the feed's decisions (issue 20). The feed's ingestion records a
 * market's results and cancellation with their versions (`sport_markets`,
 * `sport_outcome_results`); this engine follows them: a market whose versions moved on since it
 * last followed them (`sport_settlement_markets`), or on which an accepted ticket still waits
 * although the market decided it, has work. For each such market, in batches of tickets (each
 * batch one transaction, tickets locked FOR UPDATE in id order — the ticket row is the
 * serialisation point every path that changes a ticket takes), the legs on the market take what
 * the feed decided (void inside a cancellation's window, else the outcome's result and factors,
 * else open again), and every ticket whose legs changed is evaluated with the contract's
 * `settleTicket`:
 * - accepted and now decided: settled — payout posted house → player (`sport_win`, or
 *   `sport_refund` when every leg is void; main and bonus money by the bonus engine's split;
 *   nothing for a zero payout), reference `sport_settle:{ticket}:{generation}`;
 * - settled, and now undecided or paying another amount: the settlement is taken back
 *   (`sport_unsettle:{ticket}:{generation}`, a new ledger transaction reversing what it paid),
 *   the generation moves on, and the ticket settles again at once when it is decided;
 * - settled with the same payout but another status: the status is corrected, no money moves.
 * A repeated decision changes no leg, so nothing happens; the ledger's unique references make a
 * repeat of a posting move nothing even if it came through. Every change publishes the ticket on
 * the player's `transaction#` channel; the ledger announces the balance (`balance#`).
 *
 * Taking back a settlement the player has already spent: a player balance never goes below
 * zero (the ledger enforces it), so the reversal takes what is there (main money up to what was
 * paid as main money, bonus money likewise) and records the rest as the ticket's debt
 * (`sport_tickets.debt_minor`, and per settlement in `sport_ticket_settlements`), which the
 * ticket's next settlement pays off first. Operators see it there.
 */
export class SportSettlement {
  private readonly db: Kysely<Database>;
  private readonly repository: SettlementRepository;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly ledger: SportSettlementDependencies['ledger'];
  private readonly bonuses: TicketBonuses;
  private readonly events: TicketEvents;
  private readonly liability: TicketLiability | null;
  private readonly promotions: readonly TicketPromotions[];
  private readonly batchSize: number;

  constructor({
    db,
    repository,
    transactions,
    clock,
    ledger,
    bonuses,
    events,
    liability,
    promotions = [],
    batchSize = 500,
  }: SportSettlementDependencies) {
    this.db = db;
    this.repository = repository;
    this.transactions = transactions;
    this.clock = clock;
    this.ledger = ledger;
    this.bonuses = bonuses;
    this.events = events;
    this.liability = liability ?? null;
    this.promotions = promotions;
    this.batchSize = batchSize;
  }

  /**
   * Settles every market with work (`eventIds`: only those events' markets), pass after pass
   * until none is left.
   */
  async settlePending(eventIds: readonly number[] | null = null): Promise<SettlementPass> {
    const total: SettlementPass = { markets: 0, settled: 0, unsettled: 0 };
    for (;;) {
      const markets = await this.repository.marketsWithWork(this.db, marketsPerPass, eventIds);
      for (const marketId of markets) {
        const pass = await this.settleMarket(marketId);
        total.settled += pass.settled;
        total.unsettled += pass.unsettled;
      }
      total.markets += markets.length;
      if (markets.length < marketsPerPass) return total;
    }
  }

  /** Brings every ticket with a leg on the market up to the feed's decision on it. */
  async settleMarket(marketId: string): Promise<SettlementPass> {
    const pass: SettlementPass = { markets: 1, settled: 0, unsettled: 0 };
    const versions = await this.repository.marketVersions(this.db, marketId);
    if (!versions) return pass;
    let afterId: string | null = null;
    for (;;) {
      const batch: { lastId: string | null; count: number; settled: number; unsettled: number } =
        await this.transactions.run(async (transaction) => {
          const ids = await this.repository.lockTicketsOnMarket(
            transaction,
            marketId,
            afterId,
            this.batchSize,
          );
          const changed = await this.repository.applyMarketToLegs(transaction, marketId, ids);
          const counts = await this.reconcile(transaction, changed, 'feed', `market ${marketId}`);
          return { lastId: ids.at(-1) ?? null, count: ids.length, ...counts };
        });
      pass.settled += batch.settled;
      pass.unsettled += batch.unsettled;
      if (batch.count < this.batchSize || batch.lastId === null) break;
      afterId = batch.lastId;
    }
    await this.repository.markMarket(this.db, marketId, versions);
    return pass;
  }

  /**
   * An operator's settlement (or its taking back) of a market, inside the caller's transaction
   * (manual-settlement.service.ts): every ticket on the market is locked (in id order, like the
   * batches) and brought to the market's decision at once, with the operator's reason.
   */
  async settleMarketAs(
    transaction: DatabaseTransaction,
    marketId: string,
    reason: string,
  ): Promise<{ settled: number; unsettled: number }> {
    const ids = await this.repository.lockTicketsOnMarket(transaction, marketId, null, 1_000_000);
    const changed = await this.repository.applyMarketToLegs(transaction, marketId, ids);
    return await this.reconcile(transaction, changed, 'operator', reason);
  }

  /**
   * Evaluates the (locked) tickets from their legs and settles, takes back or corrects each
   * one as its legs now say; publishes each changed ticket.
   */
  private async reconcile(
    transaction: DatabaseTransaction,
    ticketIds: readonly string[],
    source: 'feed' | 'operator',
    reason: string,
  ): Promise<{ settled: number; unsettled: number }> {
    const tickets = await this.repository.settlingTickets(transaction, ticketIds);
    const changed: SettlingTicket[] = [];
    const settledIds: string[] = [];
    const reopenedIds: string[] = [];
    let settled = 0;
    let unsettled = 0;
    const now = this.clock.now();
    for (const ticket of tickets) {
      const outcome = settleTicket(ticket.stakeMinor, ticket.folds, ticket.legs.map(ticketLeg));
      let current = ticket;
      if (settledStatuses.has(ticket.status)) {
        if (outcome.decided && outcome.payoutMinor === ticket.payoutMinor) {
          if (outcome.status !== ticket.status) {
            await this.repository.restatus(
              transaction,
              ticket.id,
              ticket.generation,
              outcome.status,
            );
            changed.push(ticket);
          }
          continue;
        }
        current = await this.unsettle(transaction, ticket, reason, now);
        unsettled += 1;
        // promotions: what the settlement counted is taken back
        for (const promotion of this.promotions) {
          await promotion.sportTicketUnsettled(transaction, { ...ticket, ticketId: ticket.id });
        }
        if (!outcome.decided) reopenedIds.push(ticket.id);
        changed.push(ticket);
      }
      if (outcome.decided) {
        await this.settle(transaction, current, outcome, source, now);
        settled += 1;
        // promotions: the ticket counts for its bonus's wagering and in tournaments
        for (const promotion of this.promotions) {
          await promotion.sportTicketSettled(transaction, promotionFacts(current, outcome, now));
        }
        if (current === ticket) {
          settledIds.push(ticket.id);
          changed.push(ticket);
        }
      }
    }
    if (this.liability) {
      if (settledIds.length > 0) await this.liability.settled(transaction, settledIds);
      if (reopenedIds.length > 0) await this.liability.reopened(transaction, reopenedIds);
    }
    await this.publish(transaction, changed);
    return { settled, unsettled };
  }

  /** Pays a decided ticket at its current generation (nothing posted for a zero payout). */
  private async settle(
    transaction: DatabaseTransaction,
    ticket: SettlingTicket,
    outcome: Extract<TicketSettlement, { decided: true }>,
    source: 'feed' | 'operator',
    at: Date,
  ): Promise<void> {
    const debtRecoveredMinor =
      ticket.debtMinor < outcome.payoutMinor ? ticket.debtMinor : outcome.payoutMinor;
    const dueMinor = outcome.payoutMinor - debtRecoveredMinor;
    const { mainMinor, bonusMinor } =
      ticket.bonusId !== null && ticket.bonusStakeMinor > 0n && dueMinor > 0n
        ? await this.bonuses.ticketPayoutShare(transaction, {
            bonusId: ticket.bonusId,
            stakeMinor: ticket.stakeMinor,
            bonusStakeMinor: ticket.bonusStakeMinor,
            payoutMinor: dueMinor,
          })
        : { mainMinor: dueMinor, bonusMinor: 0n };
    if (mainMinor + bonusMinor > 0n) {
      const postings: Posting[] = [
        {
          account: platformAccount(ticket.currency, 'house'),
          amountMinor: -(mainMinor + bonusMinor),
        },
      ];
      if (mainMinor > 0n) {
        postings.push({
          account: playerAccount(ticket.userId, ticket.currency, 'main'),
          amountMinor: mainMinor,
        });
      }
      if (bonusMinor > 0n) {
        postings.push({
          account: playerAccount(ticket.userId, ticket.currency, 'bonus'),
          amountMinor: bonusMinor,
        });
      }
      await this.ledger.postTransaction(transaction, {
        type: outcome.status === 'void' ? 'sport_refund' : 'sport_win',
        externalReference: `sport_settle:${ticket.id}:${ticket.generation}`,
        postings,
        metadata: {
          ticketId: ticket.id,
          generation: ticket.generation,
          payout: outcome.payoutMinor.toString(),
          debtRecovered: debtRecoveredMinor.toString(),
          source,
        },
      });
    }
    await this.repository.recordSettlement(transaction, {
      ticketId: ticket.id,
      generation: ticket.generation,
      status: outcome.status,
      payoutMinor: outcome.payoutMinor,
      paidMainMinor: mainMinor,
      paidBonusMinor: bonusMinor,
      debtRecoveredMinor,
      source,
      at,
    });
  }

  /**
   * Takes the ticket's standing settlement back: reverses what it paid (as much as the player
   * still has, the rest becomes the ticket's debt), and opens the ticket at the next generation.
   */
  private async unsettle(
    transaction: DatabaseTransaction,
    ticket: SettlingTicket,
    reason: string,
    at: Date,
  ): Promise<SettlingTicket> {
    const standing = await this.repository.standingSettlement(
      transaction,
      ticket.id,
      ticket.generation,
    );
    if (!standing) throw new Error(`settled ticket ${ticket.id} has no standing settlement`);
    const { mainMinor, bonusMinor } = await this.reverse(transaction, ticket, standing);
    const unrecoveredMinor =
      standing.paidMainMinor + standing.paidBonusMinor - mainMinor - bonusMinor;
    const debtAddedMinor = unrecoveredMinor + standing.debtRecoveredMinor;
    await this.repository.recordUnsettlement(transaction, {
      ticketId: ticket.id,
      generation: ticket.generation,
      reason,
      reversedMainMinor: mainMinor,
      reversedBonusMinor: bonusMinor,
      unrecoveredMinor,
      debtAddedMinor,
      at,
    });
    return {
      ...ticket,
      status: 'accepted',
      payoutMinor: null,
      generation: ticket.generation + 1,
      debtMinor: ticket.debtMinor + debtAddedMinor,
    };
  }

  /**
   * Posts the reversal of a settlement (player → house): each part up to what the player's
   * account holds. The balances are read, then posted against; a movement in between that
   * leaves the account short makes it read again.
   */
  private async reverse(
    transaction: DatabaseTransaction,
    ticket: SettlingTicket,
    standing: { paidMainMinor: bigint; paidBonusMinor: bigint },
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }> {
    for (let attempt = 0; ; attempt += 1) {
      const mainMinor = await this.available(transaction, ticket, 'main', standing.paidMainMinor);
      const bonusMinor = await this.available(
        transaction,
        ticket,
        'bonus',
        standing.paidBonusMinor,
      );
      if (mainMinor + bonusMinor === 0n) return { mainMinor, bonusMinor };
      const postings: Posting[] = [
        {
          account: platformAccount(ticket.currency, 'house'),
          amountMinor: mainMinor + bonusMinor,
        },
      ];
      if (mainMinor > 0n) {
        postings.push({
          account: playerAccount(ticket.userId, ticket.currency, 'main'),
          amountMinor: -mainMinor,
        });
      }
      if (bonusMinor > 0n) {
        postings.push({
          account: playerAccount(ticket.userId, ticket.currency, 'bonus'),
          amountMinor: -bonusMinor,
        });
      }
      try {
        await this.ledger.postTransaction(transaction, {
          type: 'sport_unsettle',
          externalReference: `sport_unsettle:${ticket.id}:${ticket.generation}`,
          postings,
          metadata: {
            ticketId: ticket.id,
            generation: ticket.generation,
            reversedMain: mainMinor.toString(),
            reversedBonus: bonusMinor.toString(),
          },
        });
        return { mainMinor, bonusMinor };
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'insufficient_balance') || attempt >= 3) {
          throw error;
        }
      }
    }
  }

  private async available(
    transaction: DatabaseTransaction,
    ticket: SettlingTicket,
    kind: 'main' | 'bonus',
    wantedMinor: bigint,
  ): Promise<bigint> {
    if (wantedMinor === 0n) return 0n;
    const balance = await this.ledger.balance(ticket.userId, ticket.currency, kind, transaction);
    return balance < wantedMinor ? (balance > 0n ? balance : 0n) : wantedMinor;
  }

  private async publish(
    transaction: DatabaseTransaction,
    tickets: readonly SettlingTicket[],
  ): Promise<void> {
    if (tickets.length === 0) return;
    const views = await this.repository.ticketViews(
      transaction,
      tickets.map((ticket) => ticket.id),
    );
    for (const row of views) {
      await this.events.sportTicketChanged(transaction, row.user_id, {
        type: 'sport_ticket',
        ticket: ticketView(row),
      });
    }
  }
}

function promotionFacts(
  ticket: SettlingTicket,
  outcome: Extract<TicketSettlement, { decided: true }>,
  at: Date,
): SettledSportTicket {
  return {
    ticketId: ticket.id,
    userId: ticket.userId,
    currency: ticket.currency,
    generation: ticket.generation,
    bonusId: ticket.bonusId,
    stakeMinor: ticket.stakeMinor,
    bonusStakeMinor: ticket.bonusStakeMinor,
    wageredStakeMinor: sportWageredStakeMinor(
      ticket.stakeMinor,
      ticket.folds,
      ticket.legs.map((leg) => leg.voidFactor ?? '0'),
    ),
    payoutMinor: outcome.payoutMinor,
    at,
  };
}

function ticketLeg(leg: SettlingTicket['legs'][number]): TicketLeg {
  if (leg.status === 'open' || leg.voidFactor === null || leg.deadHeatFactor === null) {
    return { status: 'open', odds: leg.odds };
  }
  return {
    status: leg.status,
    odds: leg.odds,
    voidFactor: leg.voidFactor,
    deadHeatFactor: leg.deadHeatFactor,
  };
}

/** A ticket as the player's channel carries it (contract `sportTicketSchema`). */
function ticketView(row: TicketViewRow): SportTicket {
  const scale = currencyScale(row.currency);
  const money = (minor: bigint) => formatMinorToDecimal(minor, scale);
  return {
    id: row.id,
    type: row.type,
    systemSize:
      row.system_size === null
        ? null
        : /^\d+$/.test(row.system_size)
          ? Number(row.system_size)
          : (row.system_size as SportTicket['systemSize']),
    lines: row.lines,
    status: row.status,
    reason: row.reason as SportTicket['reason'],
    oddsChange: row.odds_change as SportTicket['oddsChange'],
    currency: row.currency,
    stake: money(row.stake_minor),
    odds: row.odds,
    potentialPayout: money(row.potential_payout_minor),
    payout: row.payout_minor === null ? null : money(row.payout_minor),
    cashedOut: money(row.cashed_out_minor),
    cashoutAvailable: false,
    placedAt: row.placed_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    legs: row.legs.map((leg) => {
      const competitors = { home: leg.home, away: leg.away };
      return {
        eventId: Number(leg.event_id),
        marketId: Number(leg.market_id),
        outcomeId: leg.outcome_id,
        odds: leg.odds,
        sportId: leg.sport_id,
        eventName: `${leg.home} v ${leg.away}`,
        marketName: marketName(leg.type_id, leg.specifiers, competitors),
        outcomeName: outcomeName(leg.type_id, leg.outcome_id, leg.specifiers, competitors),
        startsAt: new Date(leg.starts_at).toISOString(),
        live: leg.live,
        status: leg.status,
        voidFactor: leg.void_factor,
        deadHeatFactor: leg.dead_heat_factor,
      };
    }),
  };
}
