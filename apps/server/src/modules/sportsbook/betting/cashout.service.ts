import {
  type CashoutLeg,
  cashoutQuoteMinor,
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
  partialCashoutStakes,
  potentialPayoutMinor,
  type SportCashoutBody,
  type SportCashoutQuote,
  type SportCashoutSettings,
  type SportCashoutSettingsBody,
  type SportTicket,
  winProbability,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import {
  type LedgerService,
  type Posting,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type { BonusRounds } from '../../promotions/bonuses/bonus-rounds.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { SportCatalog } from '../feed/catalog.service.ts';
import type { CashoutRepository, CashoutSettingsRow } from './cashout.repository.ts';
import type { QuotedLegPrices } from './cashout.tables.ts';
import type { TicketLiability } from './settlement.service.ts';
import type { TickerRepository } from './ticker.repository.ts';
import { sportTicketView, type TicketRow } from './ticket-view.ts';

/** Why a ticket cannot be cashed out now (`sport_cashout_unavailable`'s payload `reason`). */
export type CashoutRefusal =
  /** the operator switched cash-out off */
  | 'disabled'
  /** the ticket is not accepted and open (pending, settled, cashed out, rejected) */
  | 'not_open'
  /** systems are never offered cash-out */
  | 'system'
  /** a leg's market or outcome is not active for players now (suspended, closed, no price) */
  | 'suspended'
  /** the ticket is worth nothing now (a leg lost) */
  | 'no_value';

type Valuation =
  | { refusal: CashoutRefusal }
  | { refusal: null; amountMinor: bigint; prices: QuotedLegPrices[] };

/** Most quotes one ticket is given per minute (a quote is a stored row). */
const maxQuotesPerMinute = 60;

/** The ledger type and reference of a cash-out's payment. */
const cashoutType = 'sport_cashout';
const cashoutReference = (ticketId: string, n: number) => `sport_cashout:${ticketId}:${n}`;

/** Basis points from a percent with at most two decimals ("5" → 500, "2.5" → 250). */
function basisPointsOf(percent: string): number {
  const minor = parseDecimalToMinor(percent, 2);
  if (minor === null) throw new AppError('validation_error');
  return Number(minor);
}

export interface SportCashoutDependencies {
  db: Kysely<Database>;
  repository: CashoutRepository;
  tickets: TickerRepository;
  /** the markets as players see them (an operator's suspension and prices applied) */
  catalog: Pick<SportCatalog, 'marketStates'>;
  ledger: Pick<LedgerService, 'postTransaction'>;
  /** splits a payout between main and bonus money like the stake */
  bonuses: Pick<BonusRounds, 'payoutShare'>;
  events: Pick<RealtimeEvents, 'sportTicketChanged'>;
  transactions: Transactions;
  clock: Clock;
  audit: AuditService;
  /** how long a quote may be taken (SPORT_CASHOUT_QUOTE_SECONDS) */
  quoteValidityMs: number;
  /** the ticket's liability reservation (settlement-liability.ts) */
  liability: TicketLiability;
}

/**
 * Cash-out of sport tickets (issue 20): quotes from the live prices (contract
 * `sport-cashout.ts`), full and partial cash-outs paid house → player through the ledger, and the
 * operator's switch and margin.
 *
 * A cash-out locks its ticket's row first, like every path that changes a ticket (acceptance,
 * settlement, resettlement), and then checks that the ticket is still accepted: of a cash-out
 * and a settlement racing, whichever locks first applies and the other finds the ticket closed.
 */
export class SportCashout {
  private readonly db: Kysely<Database>;
  private readonly repository: CashoutRepository;
  private readonly tickets: TickerRepository;
  private readonly catalog: Pick<SportCatalog, 'marketStates'>;
  private readonly ledger: Pick<LedgerService, 'postTransaction'>;
  private readonly bonuses: Pick<BonusRounds, 'payoutShare'>;
  private readonly events: Pick<RealtimeEvents, 'sportTicketChanged'>;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly audit: AuditService;
  private readonly quoteValidityMs: number;
  private readonly liability: TicketLiability;

  constructor(dependencies: SportCashoutDependencies) {
    this.db = dependencies.db;
    this.repository = dependencies.repository;
    this.tickets = dependencies.tickets;
    this.catalog = dependencies.catalog;
    this.ledger = dependencies.ledger;
    this.bonuses = dependencies.bonuses;
    this.events = dependencies.events;
    this.transactions = dependencies.transactions;
    this.clock = dependencies.clock;
    this.audit = dependencies.audit;
    this.quoteValidityMs = dependencies.quoteValidityMs;
    this.liability = dependencies.liability;
  }

  /** A quote for cashing out the player's whole ticket now, valid for `quoteValidityMs`. */
  async quote(userId: string, ticketId: string): Promise<SportCashoutQuote> {
    return await this.transactions.run(async (transaction) => {
      const ticket = await this.ownTicket(transaction, userId, ticketId);
      const now = this.clock.now();
      const recent = await this.repository.quotesSince(
        transaction,
        ticketId,
        new Date(now.getTime() - 60_000),
      );
      if (recent >= maxQuotesPerMinute) {
        throw new AppError('rate_limited', { headers: { 'Retry-After': '60' } });
      }
      const settings = await this.repository.settings(transaction);
      const valuation = await this.value(transaction, ticket, settings);
      if (valuation.refusal !== null) throw unavailable(valuation.refusal);
      const expiresAt = new Date(now.getTime() + this.quoteValidityMs);
      const quoteId = await this.repository.insertQuote(transaction, {
        ticketId,
        stakeMinor: BigInt(ticket.stake_minor),
        amountMinor: valuation.amountMinor,
        marginBasisPoints: settings.margin_basis_points,
        prices: valuation.prices,
        createdAt: now,
        expiresAt,
      });
      return {
        quoteId,
        amount: formatMinorToDecimal(valuation.amountMinor, currencyScale(ticket.currency, 2)),
        currency: ticket.currency,
        expiresAt: expiresAt.toISOString(),
      };
    });
  }

  /**
   * Cashes out the player's ticket on a quote, wholly or `amount` of it, in `transaction` (the
   * request's idempotent transaction): locks the ticket, checks it is still open, the quote
   * unused, unexpired and for the stake at risk now, and that the current prices still give at
   * least the quoted amount; pays house → player (split between main and bonus money like the
   * stake), changes the ticket, and tells the player (`transaction#`; the ledger announces the
   * balance).
   */
  async cashOut(
    transaction: DatabaseTransaction,
    userId: string,
    ticketId: string,
    body: SportCashoutBody,
  ): Promise<SportTicket> {
    if (!(await this.repository.lockOwnTicket(transaction, ticketId, userId))) {
      throw new AppError('not_found');
    }
    const ticket = await this.ticketRow(transaction, ticketId);
    const quote = await this.repository.quote(transaction, ticketId, body.quoteId);
    if (!quote) throw new AppError('not_found', { message: 'No such cash-out quote.' });
    const settings = await this.repository.settings(transaction);
    if (!settings.enabled) throw unavailable('disabled');
    if (ticket.status !== 'accepted') throw unavailable('not_open');
    const now = this.clock.now();
    const quotedMinor = BigInt(quote.amount_minor);
    if (
      quote.used_at !== null ||
      quote.stake_minor !== ticket.stake_minor ||
      now.getTime() >= quote.expires_at.getTime()
    ) {
      throw expired(quote.used_at !== null ? 'used' : now >= quote.expires_at ? 'time' : 'stake');
    }
    const valuation = await this.value(transaction, ticket, settings);
    if (valuation.refusal !== null) throw unavailable(valuation.refusal);
    if (valuation.amountMinor < quotedMinor) throw expired('price');

    const scale = currencyScale(ticket.currency, 2);
    const amountMinor = body.amount === undefined ? quotedMinor : amountOf(body.amount, scale);
    if (amountMinor <= 0n || amountMinor > quotedMinor) {
      throw amountError('Validation.invalid_value', formatMinorToDecimal(quotedMinor, scale));
    }
    const stakeMinor = BigInt(ticket.stake_minor);
    const bonusStakeMinor = BigInt(ticket.bonus_stake_minor);
    const full = amountMinor === quotedMinor;
    const split = full
      ? {
          keptStakeMinor: 0n,
          keptBonusStakeMinor: 0n,
          releasedStakeMinor: stakeMinor,
          releasedBonusStakeMinor: bonusStakeMinor,
        }
      : partialCashoutStakes({ stakeMinor, bonusStakeMinor, amountMinor, quoteMinor: quotedMinor });
    if (!full && split.keptStakeMinor === 0n) {
      // so small a rest would leave nothing at risk: the whole quote is the only offer
      throw amountError('Validation.invalid_value', formatMinorToDecimal(quotedMinor, scale));
    }

    const n = await this.repository.nextCashoutNumber(transaction, ticketId);
    const reference = cashoutReference(ticketId, n);
    const paid = await this.bonuses.payoutShare(transaction, {
      userId,
      // the bonus engine's split needs no game: sport stakes are not a casino game
      gameId: 'sport',
      currency: ticket.currency,
      bonusId: ticket.bonus_id,
      stakeMinor,
      bonusStakeMinor,
      payoutMinor: amountMinor,
      freespin: false,
      reference,
    });
    if (paid.mainMinor + paid.bonusMinor > 0n) {
      await this.ledger.postTransaction(transaction, {
        type: cashoutType,
        externalReference: reference,
        postings: payoutPostings(userId, ticket.currency, paid.mainMinor, paid.bonusMinor),
        metadata: { ticketId, quoteId: quote.id, full },
      });
    }
    const recorded = await this.repository.recordCashout(
      transaction,
      {
        ticketId,
        n,
        quoteId: quote.id,
        full,
        amountMinor,
        mainPaidMinor: paid.mainMinor,
        bonusPaidMinor: paid.bonusMinor,
        releasedStakeMinor: split.releasedStakeMinor,
        releasedBonusStakeMinor: split.releasedBonusStakeMinor,
        createdAt: now,
      },
      full
        ? { full: true, amountMinor, settledAt: now }
        : {
            full: false,
            amountMinor,
            stakeMinor: split.keptStakeMinor,
            bonusStakeMinor: split.keptBonusStakeMinor,
            potentialPayoutMinor: keptPotentialPayout(ticket, split.keptStakeMinor),
          },
    );
    // the ticket's row is locked above and was accepted: it still is
    if (!recorded) throw new Error(`ticket ${ticketId} changed under its lock`);
    // The acceptance's liability reservation: given back for a full cash-out; for a partial one
    // given back and reserved again as the ticket now stands (the kept stake's potential payout).
    await this.liability.settled(transaction, [ticketId]);
    if (!full) await this.liability.reopened(transaction, [ticketId]);

    const after = await this.ticketRow(transaction, ticketId);
    const view = sportTicketView(after, await this.offered(transaction, after, settings));
    await this.events.sportTicketChanged(transaction, userId, {
      type: 'sport_ticket',
      ticket: view,
    });
    return view;
  }

  /**
   * Whether each ticket can be cashed out now (`SportTicket.cashoutAvailable`): the same rule as
   * a quote, without the quote. One read of the settings and of every open leg's market.
   */
  async availability(
    executor: DatabaseExecutor,
    rows: readonly TicketRow[],
  ): Promise<Map<string, boolean>> {
    const settings = await this.repository.settings(executor);
    const candidates = rows.filter((row) => precheck(row, settings) === null);
    const markets = await this.catalog.marketStates(
      [...new Set(candidates.flatMap((row) => openLegs(row).map((leg) => leg.marketId)))],
      executor,
    );
    return new Map(
      rows.map((row) => [
        row.id,
        precheck(row, settings) === null && valueWith(row, settings, markets).refusal === null,
      ]),
    );
  }

  /**
   * Forgets the quotes players never used that expired before `before` (the retention job): a
   * quote lives seconds, and the per-ticket quote limit looks back a minute only.
   */
  async purgeUnusedQuotes(before: Date): Promise<number> {
    return await this.repository.deleteUnusedQuotesBefore(this.db, before);
  }

  async settings(): Promise<SportCashoutSettings> {
    return settingsView(await this.repository.settings(this.db));
  }

  async updateSettings(
    actor: OperatorActor,
    body: SportCashoutSettingsBody,
  ): Promise<SportCashoutSettings> {
    return await this.transactions.run(async (transaction) => {
      const before = await this.repository.lockSettings(transaction);
      const after = {
        enabled: body.enabled,
        margin_basis_points: basisPointsOf(body.marginPercent),
      };
      await this.repository.updateSettings(transaction, after, this.clock.now());
      await this.audit.record(
        actor,
        {
          action: 'sport.cashout.settings',
          targetType: 'sport_cashout_settings',
          targetId: 'cashout',
          payload: { before: settingsView(before), after: settingsView(after) },
        },
        transaction,
      );
      return settingsView(after);
    });
  }

  private async ownTicket(
    executor: DatabaseExecutor,
    userId: string,
    ticketId: string,
  ): Promise<TicketRow> {
    const [row] = await this.tickets.tickets(executor, [ticketId]);
    if (!row || row.user_id !== userId) throw new AppError('not_found');
    return row;
  }

  private async ticketRow(executor: DatabaseExecutor, ticketId: string) {
    const [row] = await this.tickets.tickets(executor, [ticketId]);
    if (!row) throw new Error(`ticket ${ticketId} vanished`);
    return row;
  }

  private async offered(
    executor: DatabaseExecutor,
    row: TicketRow,
    settings: CashoutSettingsRow,
  ): Promise<boolean> {
    return (await this.value(executor, row, settings)).refusal === null;
  }

  /** What cashing out the whole ticket pays now, or why it cannot be cashed out. */
  private async value(
    executor: DatabaseExecutor,
    row: TicketRow,
    settings: CashoutSettingsRow,
  ): Promise<Valuation> {
    const refusal = precheck(row, settings);
    if (refusal !== null) return { refusal };
    const markets = await this.catalog.marketStates(
      openLegs(row).map((leg) => leg.marketId),
      executor,
    );
    return valueWith(row, settings, markets);
  }
}

type MarketStates = Awaited<ReturnType<SportCatalog['marketStates']>>;

const openLegs = (row: TicketRow) => row.legs.filter((leg) => leg.status === 'open');

/** The refusals that need no market: switched off, not open, a system. */
function precheck(row: TicketRow, settings: CashoutSettingsRow): CashoutRefusal | null {
  if (!settings.enabled) return 'disabled';
  if (row.status !== 'accepted') return 'not_open';
  if (row.type === 'system') return 'system';
  return null;
}

/** The ticket's value from its markets' current prices (contract `cashoutQuoteMinor`). */
function valueWith(row: TicketRow, settings: CashoutSettingsRow, markets: MarketStates): Valuation {
  const legs: CashoutLeg[] = [];
  const prices: QuotedLegPrices[] = [];
  for (const leg of row.legs) {
    if (leg.status === 'open') {
      const market = markets.get(leg.marketId);
      if (market?.status !== 'active') return { refusal: 'suspended' };
      const priced = market.outcomes.filter(
        (outcome): outcome is { id: string; odds: string; active: true } =>
          outcome.active && outcome.odds !== null,
      );
      const selected = priced.find((outcome) => outcome.id === leg.outcomeId);
      if (!selected) return { refusal: 'suspended' };
      const marketOdds = priced.map((outcome) => outcome.odds);
      legs.push({
        status: 'open',
        odds: leg.odds,
        winProbability: winProbability(selected.odds, marketOdds),
      });
      prices.push({
        position: leg.position,
        marketId: leg.marketId,
        outcomeId: leg.outcomeId,
        status: leg.status,
        odds: selected.odds,
        market: marketOdds,
      });
    } else {
      if (leg.voidFactor === null || leg.deadHeatFactor === null) {
        throw new Error(`settled leg ${row.id}/${leg.position} without its factors`);
      }
      legs.push({
        status: leg.status,
        odds: leg.odds,
        voidFactor: leg.voidFactor,
        deadHeatFactor: leg.deadHeatFactor,
      });
      prices.push({
        position: leg.position,
        marketId: leg.marketId,
        outcomeId: leg.outcomeId,
        status: leg.status,
        odds: null,
        market: [],
      });
    }
  }
  const amountMinor = cashoutQuoteMinor({
    type: row.type,
    stakeMinor: BigInt(row.stake_minor),
    potentialPayoutMinor: BigInt(row.potential_payout_minor),
    legs,
    marginBasisPoints: settings.margin_basis_points,
  });
  if (amountMinor === null) return { refusal: 'system' };
  if (amountMinor <= 0n) return { refusal: 'no_value' };
  return { refusal: null, amountMinor, prices };
}

/**
 * What every leg winning pays on the stake kept after a partial cash-out: the same arithmetic
 * as at placement (contract `potentialPayoutMinor`, one line), so it is what settlement pays.
 */
function keptPotentialPayout(row: TicketRow, keptStakeMinor: bigint): bigint {
  const odds = row.legs.map((leg) => leg.odds);
  const payout = potentialPayoutMinor(keptStakeMinor, odds, [odds.length]);
  if (payout === null) throw new Error('a single line always takes its whole stake');
  return payout;
}

function payoutPostings(
  userId: string,
  currency: string,
  mainMinor: bigint,
  bonusMinor: bigint,
): Posting[] {
  const postings: Posting[] = [
    { account: platformAccount(currency, 'house'), amountMinor: -(mainMinor + bonusMinor) },
  ];
  if (mainMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'main'), amountMinor: mainMinor });
  }
  if (bonusMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'bonus'), amountMinor: bonusMinor });
  }
  return postings;
}

function amountOf(amount: string, scale: number): bigint {
  const minor = parseDecimalToMinor(amount, scale);
  if (minor === null) throw amountError('Validation.invalid_value', null);
  return minor;
}

function amountError(message: string, max: string | null): AppError {
  return new AppError('validation_error', {
    payload: {
      fields: [{ field: 'amount', message, ...(max === null ? {} : { params: { max } }) }],
    },
  });
}

function unavailable(reason: CashoutRefusal): AppError {
  return new AppError('sport_cashout_unavailable', { payload: { reason } });
}

/** The quote can no longer be taken: used, past its time, for another stake, or prices fell. */
function expired(reason: 'used' | 'time' | 'stake' | 'price'): AppError {
  return new AppError('sport_cashout_quote_expired', { payload: { reason } });
}

function settingsView(row: CashoutSettingsRow): SportCashoutSettings {
  return {
    enabled: row.enabled,
    marginPercent: formatMinorToDecimal(BigInt(row.margin_basis_points), 2),
  };
}
