import {
  type SportTicketEvent,
  type SportTicketStatus,
  settleTicket,
  sportWageredStakeMinor,
  type TicketLeg,
  type TicketSettlement,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import {
  type AccountRef,
  type LedgerService,
  type Posting,
  type PostTransactionInput,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type {
  SettlementRepository,
  SettlingTicket,
  TicketUnsettlementRecord,
} from './settlement.repository.ts';
import { sportTicketView } from './ticket-view.ts';

/** The bonus engine's part: how a ticket's payout splits between main and bonus money. */
export interface TicketBonuses {
  ticketPayoutShare(
    transaction: DatabaseTransaction,
    ticket: { bonusId: string; stakeMinor: bigint; bonusStakeMinor: bigint; payoutMinor: bigint },
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }>;
}

/** The players' `transaction#` channels (realtime/events.ts): a batch's tickets in one go. */
export interface TicketEvents {
  sportTicketsChanged(
    transaction: DatabaseTransaction,
    changes: ReadonlyArray<{ userId: string; event: SportTicketEvent }>,
  ): Promise<void>;
}

/**
 * The acceptance's liability reservations (settlement-liability.ts): given back when tickets
 * settle (or are cashed out in full), reserved again as the tickets now stand when they are
 * open again (a settlement taken back) or keep a smaller stake (a partial cash-out).
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
  ledger: Pick<LedgerService, 'postTransactions' | 'lockPlayerBalances'>;
  bonuses: TicketBonuses;
  events: TicketEvents;
  liability: TicketLiability;
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
  private readonly liability: TicketLiability;
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
    this.liability = liability;
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
   * Evaluates the (locked) tickets from their legs and settles, takes back or corrects each one
   * as its legs now say — set-based: the batch's reversals are one ledger call and one
   * statement, its payouts one ledger call and one statement, its corrections one statement,
   * its publications one read and one append — and publishes each changed ticket.
   */
  private async reconcile(
    transaction: DatabaseTransaction,
    ticketIds: readonly string[],
    source: 'feed' | 'operator',
    reason: string,
  ): Promise<{ settled: number; unsettled: number }> {
    const tickets = await this.repository.settlingTickets(transaction, ticketIds);
    const restatused: Array<{ ticketId: string; generation: number; status: SportTicketStatus }> =
      [];
    const toUnsettle: SettlingTicket[] = [];
    const toSettle: Array<{ ticket: SettlingTicket; outcome: DecidedTicket }> = [];
    for (const ticket of tickets) {
      const outcome = settleTicket(ticket.stakeMinor, ticket.folds, ticket.legs.map(ticketLeg));
      if (settledStatuses.has(ticket.status)) {
        if (outcome.decided && outcome.payoutMinor === ticket.payoutMinor) {
          if (outcome.status !== ticket.status) {
            restatused.push({
              ticketId: ticket.id,
              generation: ticket.generation,
              status: outcome.status,
            });
          }
          continue;
        }
        toUnsettle.push(ticket);
      }
      if (outcome.decided) toSettle.push({ ticket, outcome });
    }
    const now = this.clock.now();
    await this.repository.restatus(transaction, restatused);
    const reopened = await this.unsettleAll(transaction, toUnsettle, reason, now);
    const settled = await this.settleAll(
      transaction,
      toSettle.map(({ ticket, outcome }) => ({
        ticket: reopened.get(ticket.id) ?? ticket,
        outcome,
      })),
      source,
      now,
    );
    const settledIds = new Set(settled.map(({ ticket }) => ticket.id));
    await this.afterChanges(transaction, now, {
      unsettled: toUnsettle,
      // accepted until now: the settlement ends its liability
      settled: settled.filter(({ ticket }) => !reopened.has(ticket.id)),
      // taken back and not decided any more: open again
      reopened: toUnsettle.filter((ticket) => !settledIds.has(ticket.id)),
      resettled: settled.filter(({ ticket }) => reopened.has(ticket.id)),
    });
    const changedIds = new Set([
      ...restatused.map((ticket) => ticket.ticketId),
      ...toUnsettle.map((ticket) => ticket.id),
      ...toSettle.map(({ ticket }) => ticket.id),
    ]);
    await this.publish(transaction, [...changedIds]);
    return { settled: settled.length, unsettled: toUnsettle.length };
  }

  /**
   * The per-ticket consequences of a batch, once its money moved and its tickets were written
   * (each list in the ledger's player order) — the place for what a ticket's settlement or its
   * taking back changes elsewhere: `unsettled` had their settlements taken back (as they stood,
   * at the generation that settled), `settled` were accepted and are now settled, `reopened`
   * were taken back and are open again, `resettled` were taken back and settled anew (another
   * payout).
   * - Promotions: what each settlement taken back counted is taken back; every settlement
   *   (settled and resettled) counts for its bonus's wagering and in tournaments.
   * - Liability: a settled ticket's reservation is released; a reopened one was accepted, so its
   *   liability is reserved again without refusing (the book took the bet; the limits govern new
   *   bets only); a resettled one stays released.
   */
  private async afterChanges(
    transaction: DatabaseTransaction,
    at: Date,
    changes: {
      unsettled: readonly SettlingTicket[];
      settled: readonly SettledTicket[];
      reopened: readonly SettlingTicket[];
      resettled: readonly SettledTicket[];
    },
  ): Promise<void> {
    for (const promotion of this.promotions) {
      for (const ticket of changes.unsettled) {
        await promotion.sportTicketUnsettled(transaction, { ...ticket, ticketId: ticket.id });
      }
      for (const { ticket, outcome } of [...changes.settled, ...changes.resettled]) {
        await promotion.sportTicketSettled(transaction, promotionFacts(ticket, outcome, at));
      }
    }
    if (changes.settled.length > 0) {
      await this.liability.settled(
        transaction,
        changes.settled.map(({ ticket }) => ticket.id),
      );
    }
    if (changes.reopened.length > 0) {
      await this.liability.reopened(
        transaction,
        changes.reopened.map((ticket) => ticket.id),
      );
    }
  }

  /**
   * Pays the decided tickets at their current generations (nothing posted for a zero payout):
   * what is due after the ticket's debt, split by the bonus engine for a ticket staked with
   * bonus money, all of it in one ledger call; the settlements recorded in one statement.
   */
  private async settleAll(
    transaction: DatabaseTransaction,
    decided: ReadonlyArray<{ ticket: SettlingTicket; outcome: DecidedTicket }>,
    source: 'feed' | 'operator',
    at: Date,
  ): Promise<SettledTicket[]> {
    const settled: SettledTicket[] = [];
    const postings: PostTransactionInput[] = [];
    for (const { ticket, outcome } of decided) {
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
      settled.push({ ticket, outcome, paidMainMinor: mainMinor, paidBonusMinor: bonusMinor });
      if (mainMinor + bonusMinor === 0n) continue;
      postings.push({
        type: outcome.status === 'void' ? 'sport_refund' : 'sport_win',
        externalReference: `sport_settle:${ticket.id}:${ticket.generation}`,
        postings: movement(ticket, mainMinor, bonusMinor),
        metadata: {
          ticketId: ticket.id,
          generation: ticket.generation,
          payout: outcome.payoutMinor.toString(),
          debtRecovered: debtRecoveredMinor.toString(),
          source,
        },
      });
    }
    await this.ledger.postTransactions(transaction, postings);
    await this.repository.recordSettlements(
      transaction,
      settled.map(({ ticket, outcome, paidMainMinor, paidBonusMinor }) => ({
        ticketId: ticket.id,
        generation: ticket.generation,
        status: outcome.status,
        payoutMinor: outcome.payoutMinor,
        paidMainMinor,
        paidBonusMinor,
        debtRecoveredMinor:
          ticket.debtMinor < outcome.payoutMinor ? ticket.debtMinor : outcome.payoutMinor,
      })),
      source,
      at,
    );
    return settled;
  }

  /**
   * Takes the tickets' standing settlements back: each reverses what it paid, as much as the
   * player's accounts hold (read under their locks, shared in ticket order between a player's
   * tickets; the rest becomes the ticket's debt), all in one ledger call; the tickets open at
   * their next generations in one statement. Answers the tickets as they now are, by id.
   */
  private async unsettleAll(
    transaction: DatabaseTransaction,
    tickets: readonly SettlingTicket[],
    reason: string,
    at: Date,
  ): Promise<Map<string, SettlingTicket>> {
    const reopened = new Map<string, SettlingTicket>();
    if (tickets.length === 0) return reopened;
    const standing = await this.repository.standingSettlements(
      transaction,
      tickets.map((ticket) => ({ ticketId: ticket.id, generation: ticket.generation })),
    );
    const accounts = tickets.flatMap((ticket) => [
      playerAccount(ticket.userId, ticket.currency, 'main'),
      playerAccount(ticket.userId, ticket.currency, 'bonus'),
    ]);
    const balances = await this.ledger.lockPlayerBalances(transaction, accounts);
    const available = new Map<string, bigint>();
    const keyOf = (account: AccountRef) =>
      `${account.owner.type === 'player' ? account.owner.userId : ''}:${account.currency}:${account.kind}`;
    accounts.forEach((account, index) => {
      available.set(keyOf(account), balances[index] ?? 0n);
    });
    const take = (account: AccountRef, wantedMinor: bigint): bigint => {
      const key = keyOf(account);
      const held = available.get(key) ?? 0n;
      const taken = held < wantedMinor ? (held > 0n ? held : 0n) : wantedMinor;
      available.set(key, held - taken);
      return taken;
    };
    const postings: PostTransactionInput[] = [];
    const records: TicketUnsettlementRecord[] = [];
    for (const ticket of tickets) {
      const paid = standing.get(ticket.id);
      if (!paid) throw new Error(`settled ticket ${ticket.id} has no standing settlement`);
      const mainMinor = take(
        playerAccount(ticket.userId, ticket.currency, 'main'),
        paid.paidMainMinor,
      );
      const bonusMinor = take(
        playerAccount(ticket.userId, ticket.currency, 'bonus'),
        paid.paidBonusMinor,
      );
      if (mainMinor + bonusMinor > 0n) {
        postings.push({
          type: 'sport_unsettle',
          externalReference: `sport_unsettle:${ticket.id}:${ticket.generation}`,
          postings: movement(ticket, -mainMinor, -bonusMinor),
          metadata: {
            ticketId: ticket.id,
            generation: ticket.generation,
            reversedMain: mainMinor.toString(),
            reversedBonus: bonusMinor.toString(),
          },
        });
      }
      const unrecoveredMinor = paid.paidMainMinor + paid.paidBonusMinor - mainMinor - bonusMinor;
      const debtAddedMinor = unrecoveredMinor + paid.debtRecoveredMinor;
      records.push({
        ticketId: ticket.id,
        generation: ticket.generation,
        reversedMainMinor: mainMinor,
        reversedBonusMinor: bonusMinor,
        unrecoveredMinor,
        debtAddedMinor,
      });
      reopened.set(ticket.id, {
        ...ticket,
        status: 'accepted',
        payoutMinor: null,
        generation: ticket.generation + 1,
        debtMinor: ticket.debtMinor + debtAddedMinor,
      });
    }
    await this.ledger.postTransactions(transaction, postings);
    await this.repository.recordUnsettlements(transaction, records, reason, at);
    return reopened;
  }

  /** The changed tickets on their players' `transaction#` channels: one read, one publication batch. */
  private async publish(transaction: DatabaseTransaction, ticketIds: string[]): Promise<void> {
    if (ticketIds.length === 0) return;
    const views = await this.repository.ticketViews(transaction, ticketIds);
    await this.events.sportTicketsChanged(
      transaction,
      views.map((row) => ({
        userId: row.user_id,
        // a ticket that settlement has just settled or reopened offers no cash-out until the
        // player asks for a quote (the quote applies the cash-out's one rule)
        event: { type: 'sport_ticket', ticket: sportTicketView(row, false) },
      })),
    );
  }
}

/** A ticket the batch settled, with what the settlement paid as main and as bonus money. */
interface SettledTicket {
  ticket: SettlingTicket;
  outcome: DecidedTicket;
  paidMainMinor: bigint;
  paidBonusMinor: bigint;
}

type DecidedTicket = Extract<TicketSettlement, { decided: true }>;

/**
 * The postings of a movement between the house and the player's main and bonus accounts:
 * positive amounts pay the player, negative ones take back.
 */
function movement(ticket: SettlingTicket, mainMinor: bigint, bonusMinor: bigint): Posting[] {
  const postings: Posting[] = [
    { account: platformAccount(ticket.currency, 'house'), amountMinor: -(mainMinor + bonusMinor) },
  ];
  if (mainMinor !== 0n) {
    postings.push({
      account: playerAccount(ticket.userId, ticket.currency, 'main'),
      amountMinor: mainMinor,
    });
  }
  if (bonusMinor !== 0n) {
    postings.push({
      account: playerAccount(ticket.userId, ticket.currency, 'bonus'),
      amountMinor: bonusMinor,
    });
  }
  return postings;
}

function promotionFacts(
  ticket: SettlingTicket,
  outcome: DecidedTicket,
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
