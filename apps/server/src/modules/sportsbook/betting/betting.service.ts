import { randomUUID } from 'node:crypto';
import {
  currencyScale,
  formatMinorToDecimal,
  type PlaceSportBetBody,
  parseDecimalToMinor,
  potentialPayoutMinor,
  type SportRejectionReason,
  type SportTicket,
  type SportTicketPlacedEvent,
  type SportTicketsPage,
  type SportTicketsQuery,
  ticketFolds,
  ticketLines,
  ticketOddsDisplay,
  userChannel,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { Batcher } from '../../../lib/batcher.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createdPageMeta, createdPageStart } from '../../../lib/history-page.ts';
import {
  isRetryableTransactionError,
  retrying,
  type Transactions,
} from '../../../lib/transactions.ts';
import { TtlMap } from '../../../lib/ttl-map.ts';
import type { BalanceService } from '../../money/ledger/balance.service.ts';
import {
  insufficientBalance,
  type LedgerService,
  type PlayerAccountKind,
} from '../../money/ledger/ledger.service.ts';
import type { Wagering } from '../../money/wagering/wagering.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type {
  BatchOutcome,
  BatchTicket,
  BettingRepository,
  BettingSettingsRow,
  LegInsert,
  LimitsRow,
  MarketFactsRow,
  SelectionStateRow,
  TicketInsert,
} from './betting.repository.ts';
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
  events: Pick<RealtimeEvents, 'sportTicketChanged' | 'committedPublications'>;
  /** the `balance#` publication of a pre-match ticket placed in a batch (`placePrematch`) */
  balance: Pick<BalanceService, 'fromSheet'>;
  /** the cash-out's one rule for `SportTicket.cashoutAvailable` on the tickets read back */
  cashout: Pick<SportCashout, 'availability'>;
  /**
   * Decide each in-play ticket on a timer in this process when its delay is over (off in tests,
   * which call `decide` with a manual clock); the sweep (`decideDue`) catches the rest.
   */
  decideOnTimers: boolean;
  reportError: (error: unknown) => void;
  /**
   * The operators' bet ticker (lib/operator-events.ts): told of each ticket once it committed;
   * it batches the announcements, off the placement's path, and builds a ticket's announcement
   * (the function) only while some operator's stream is open.
   */
  ticketFeed?: { ticketPlaced(ticket: () => SportTicketPlacedEvent): void } | undefined;
}

/** A placed ticket as the operators' ticker announces it. */
function tickerEventOf(ticket: SportTicket, playerGlobalId: string): SportTicketPlacedEvent {
  const first = ticket.legs[0];
  return {
    id: ticket.id,
    playerGlobalId,
    stake: ticket.stake,
    currency: ticket.currency,
    odds: ticket.odds,
    type: ticket.type,
    status: ticket.status,
    eventId: first?.eventId ?? 0,
    eventName: first?.eventName ?? '',
    legs: Math.max(ticket.legs.length, 1),
    live: ticket.legs.some((leg) => leg.live),
    placedAt: ticket.placedAt,
  };
}

export interface PlacementCaller {
  userId: string;
  /** the player's globalId (the operators' ticker names the player by it) */
  globalId: string;
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

/** A ticket's shape, checked before anything is read. */
interface TicketShape {
  stakeMinor: bigint;
  folds: number[];
  lines: number;
  money: (minor: bigint) => string;
}

/**
 * The shape (folds, lines, the stake dividing into them, one selection at most once, related
 * selections): the refusals that need no read.
 */
function shapeOf(body: PlaceSportBetBody, currency: string): TicketShape {
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
  return { stakeMinor, folds, lines, money };
}

const wantedOf = (body: PlaceSportBetBody) =>
  body.selections.map((item) => ({ marketId: String(item.marketId), outcomeId: item.outcomeId }));

/** The AppError of a placement statement's refusal (SB003: the money is not there), or null. */
function refusalOf(error: unknown, money: (minor: bigint) => string): AppError | null {
  if ((error as { code?: unknown }).code !== balanceShort) return null;
  const short = JSON.parse((error as Error).message) as {
    currency: string;
    balanceMinor: string;
    debitMinor: string;
  };
  return new AppError('insufficient_balance', {
    payload: {
      balance: money(BigInt(short.balanceMinor)),
      amount: money(BigInt(short.debitMinor)),
      currency: short.currency,
    },
  });
}

/** A pre-match ticket through the batch (`placePrematch`): placed, replayed, or for `place`. */
export type PrematchPlacement =
  | { kind: 'placed'; ticket: SportTicket }
  | { kind: 'replayed'; statusCode: number; body: unknown }
  | { kind: 'general' };

/** What a process keeps of a player to price pre-match tickets without a read. */
interface KeptPlayer {
  globalId: string;
  primaryCurrency: string;
  betFactor: string;
  accounts: Array<{ currency: string; kind: PlayerAccountKind; balanceMinor: bigint }>;
}

/** One ticket handed to the batcher, with the settings' fingerprint it was priced with. */
interface PrematchItem {
  fingerprint: string;
  ticket: BatchTicket;
}

type Priced = Awaited<ReturnType<SportBetting['price']>>;

/** How often a pre-match ticket is priced again when what it was priced from moved meanwhile. */
const prematchAttempts = 3;
/** The most tickets one sport_place_tickets call places. */
const prematchBatchMax = 64;
/** How long a process keeps a player's context (the statement checks all of it). */
const playerContextMs = 60_000;
const playerContextsMax = 50_000;
/** How long a process keeps the operators' limits and cash-out switch (checked by fingerprint). */
const settingsMs = 5_000;
/** How long a process keeps a market's facts (its event, sport and type never change; names may). */
const marketFactsMs = 60_000;
const marketFactsMax = 20_000;

function mainBalanceOf(accounts: KeptPlayer['accounts'], currency: string): bigint {
  const main = accounts.find((account) => account.currency === currency && account.kind === 'main');
  return main?.balanceMinor ?? 0n;
}

/** A player's balances as the batch statement compares them: "CUR:kind" → minor units. */
function sheetOf(accounts: KeptPlayer['accounts']): Record<string, string> {
  return Object.fromEntries(
    accounts.map((account) => [
      `${account.currency}:${account.kind}`,
      account.balanceMinor.toString(),
    ]),
  );
}

/** The limits that apply to a market (its type's, over its sport's, over the global row). */
function limitsOf(limits: readonly LimitsRow[], sportId: number, typeId: number) {
  const global = limits.find((row) => row.sport_id === null);
  const sport = limits.find((row) => row.sport_id === sportId && row.market_type_id === null);
  const type = limits.find((row) => row.sport_id === sportId && row.market_type_id === typeId);
  const pick = <Key extends keyof LimitsRow>(key: Key) =>
    type?.[key] ?? sport?.[key] ?? global?.[key] ?? null;
  const required = <Value>(value: Value | null): Value => {
    if (value === null) throw new Error('the global sport limits row is missing');
    return value;
  };
  return {
    min_stake_minor: required(pick('min_stake_minor')),
    max_stake_minor: required(pick('max_stake_minor')),
    max_payout_minor: required(pick('max_payout_minor')),
    market_liability_minor: required(pick('market_liability_minor')),
    bet_delay_ms: required(pick('bet_delay_ms')),
    player_liability_minor: required(global?.player_liability_minor ?? null),
  };
}

/** A price as PostgreSQL shows a numeric (no leading zeros: "02.10" is "2.10"). */
function canonicalOdds(odds: string): string {
  const [whole = '0', fraction] = odds.split('.');
  return fraction === undefined ? BigInt(whole).toString() : `${BigInt(whole)}.${fraction}`;
}

/**
 * The selections as the batch prices them, from what the process keeps: each active at the
 * price the player asked (the statement checks it is), with its market's limits; the liability
 * already reserved is the statement's to check (taken as none here).
 */
function keptSelections(
  body: PlaceSportBetBody,
  markets: ReadonlyMap<string, MarketFactsRow>,
  settings: { value: BettingSettingsRow },
  betFactor: string,
): SelectionStateRow[] {
  return body.selections.map((selection) => {
    const market = markets.get(String(selection.marketId));
    if (!market) throw new Error(`market ${selection.marketId} is not kept`);
    return {
      market_id: market.market_id,
      outcome_id: selection.outcomeId,
      event_id: market.event_id,
      sport_id: market.sport_id,
      event_status: 'not_started',
      home_name: market.home_name,
      away_name: market.away_name,
      starts_at: new Date(market.starts_at),
      type_id: market.type_id,
      specifiers: market.specifiers,
      market_status: 'active',
      feed_status: 'active',
      outcome_active: true,
      odds: canonicalOdds(selection.odds),
      ...limitsOf(settings.value.limits, market.sport_id, market.type_id),
      outcome_liability_minor: 0n,
      bet_factor: betFactor,
      player_open_liability_minor: 0n,
      cashout_enabled: settings.value.cashoutEnabled,
    };
  });
}

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
  private readonly balance: SportBettingDependencies['balance'];
  private readonly decideOnTimers: boolean;
  private readonly reportError: (error: unknown) => void;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Each player's context as their last pre-match ticket here left it (or as read). */
  private readonly contexts: TtlMap<KeptPlayer>;
  /** The markets' facts the pre-match tickets are priced and named with. */
  private readonly markets: TtlMap<MarketFactsRow>;
  /** The operators' limits and cash-out switch, as last read. */
  private settings: { value: BettingSettingsRow; readAtMs: number } | null = null;
  /** Pre-match tickets ready to place, sent to the database together (group commit). */
  private readonly batches: Batcher<PrematchItem, BatchOutcome>;
  private readonly ticketFeed: SportBettingDependencies['ticketFeed'];

  constructor(dependencies: SportBettingDependencies) {
    this.db = dependencies.db;
    this.repository = dependencies.repository;
    this.transactions = dependencies.transactions;
    this.clock = dependencies.clock;
    this.ledger = dependencies.ledger;
    this.wagering = dependencies.wagering;
    this.events = dependencies.events;
    this.cashout = dependencies.cashout;
    this.balance = dependencies.balance;
    this.decideOnTimers = dependencies.decideOnTimers;
    this.reportError = dependencies.reportError;
    this.ticketFeed = dependencies.ticketFeed;
    const nowMs = () => this.clock.now().getTime();
    this.contexts = new TtlMap(playerContextMs, nowMs, playerContextsMax);
    this.markets = new TtlMap(marketFactsMs, nowMs, marketFactsMax);
    this.batches = new Batcher((items) => this.placeBatch(items), {
      maxItems: prematchBatchMax,
      // a player's next ticket is priced from the balances the previous one leaves
      keyOf: (item) => item.ticket.ticket.userId,
    });
  }

  /** Places a ticket in `transaction` (see the class comment); answers it as the contract has it. */
  async place(
    transaction: DatabaseTransaction,
    caller: PlacementCaller,
    body: PlaceSportBetBody,
  ): Promise<SportTicket> {
    const { currency, userId } = caller;
    const shape = shapeOf(body, currency);
    const rows = await this.repository.selections(transaction, userId, wantedOf(body));
    const priced = await this.price(body, shape, currency, rows);
    const plan = await this.wagering.plan(transaction, {
      userId,
      currency,
      stakeMinor: shape.stakeMinor,
    });
    const placement = this.placement(caller, body, shape, priced, plan);
    try {
      await this.repository.placeTicket(transaction, placement.insert, placement.legInserts);
    } catch (error) {
      throw refusalOf(error, shape.money) ?? error;
    }
    await this.ledger.markBalanceChanged(transaction, userId);
    // Last: the liability. Its rows (each backed outcome's, the player's) are the hot ones every
    // ticket on those outcomes waits for, so they are locked by the transaction's last statement,
    // after the balance publication and the idempotency record, and held until the commit only.
    await this.reserveLast(transaction, {
      userId,
      amountMinor: priced.liabilityMinor,
      playerLimitMinor: priced.playerLimitMinor,
      legs: priced.legs.map((leg) => ({
        eventId: leg.event_id,
        marketId: leg.market_id,
        outcomeId: leg.outcome_id,
        limitMinor: leg.market_liability_minor,
      })),
      refusal: priced.liabilityRefusal,
    });
    if (placement.insert.acceptAfter) {
      this.scheduleDecision(transaction, placement.insert.id, priced.delayMs);
    }
    const feed = this.ticketFeed;
    if (feed) {
      const view = placement.view;
      this.transactions.afterCommit(transaction, async () =>
        feed.ticketPlaced(() => tickerEventOf(view, caller.globalId)),
      );
    }
    return placement.view;
  }

  /**
   * A pre-match ticket of a player without an open bonus, placed the way the casino's instant
   * rounds are played: priced from what this process keeps — the player's context (primary
   * currency, balances, bet factor, no open bonus: `playerContext`, read when not kept, with the
   * request key's record), the operators' limits and cash-out switch (`settingsOf`, 5 s), the
   * markets' sport, type and names (`marketsOf`) — and the prices the player asked for, with no
   * read of its own; then handed to a group-commit batcher: one statement
   * (betting/db/sport_place_tickets.sql) places every ticket ready at that moment, each only if
   * everything it was priced from still holds in the database (the session, the primary currency,
   * no bonus, the bet factor, every balance, the limits' fingerprint, each selection active at
   * the price asked) and its limits and liability allow it, each on its own. What this process
   * keeps may be outdated at any moment, so nothing is refused on it alone: a refusal from kept
   * settings is priced again from a fresh read, a kept balance too low is read again, and a
   * context that moved is read again and the ticket priced again (at most three times). Anything
   * else — a selection no longer at the price asked or in play, a limit, a bonus, a key in use, a
   * session to read again, a realtime engine that cannot take the statement's publication —
   * answers `general`: the route places it through `place`, which reads everything and gives
   * each refusal its payload.
   */
  async placePrematch(
    caller: PlacementCaller & { sessionId: string },
    body: PlaceSportBetBody,
    request: { scope: string; key: string; hash: Buffer },
  ): Promise<PrematchPlacement> {
    const publications = this.events.committedPublications();
    if (publications === null) return { kind: 'general' };
    const { currency, userId } = caller;
    const shape = shapeOf(body, currency);
    const markets = await this.marketsOf(body.selections.map((item) => String(item.marketId)));
    if (markets === null) return { kind: 'general' };
    let settings = await this.settingsOf(false);
    let context = this.contexts.get(userId);
    let kept = context !== undefined;
    for (let attempt = 0; attempt < prematchAttempts; attempt += 1) {
      if (!context) {
        kept = false;
        const read = await this.repository.playerContext(this.db, userId, request);
        if (!read) throw new AppError('unauthorized');
        if (read.replay) {
          if (!Buffer.from(read.replay.hash, 'hex').equals(request.hash)) {
            throw new AppError('idempotency_key_reused');
          }
          if (read.replay.statusCode === null) return { kind: 'general' };
          return { kind: 'replayed', statusCode: read.replay.statusCode, body: read.replay.body };
        }
        if (read.openBonus) return { kind: 'general' };
        context = {
          globalId: read.globalId,
          primaryCurrency: read.primaryCurrency,
          betFactor: read.betFactor,
          accounts: read.accounts.map((account) => ({
            currency: account.currency,
            kind: account.kind as PlayerAccountKind,
            balanceMinor: BigInt(account.balance),
          })),
        };
        this.contexts.set(userId, context);
      }
      // the request's account is older or newer than the context: the session is read again
      if (context.primaryCurrency !== currency) {
        this.contexts.delete(userId);
        return { kind: 'general' };
      }
      const mainMinor = mainBalanceOf(context.accounts, currency);
      if (mainMinor < shape.stakeMinor) {
        // what this process kept may predate a deposit: only a balance read now refuses
        if (kept) {
          this.contexts.delete(userId);
          context = undefined;
          continue;
        }
        throw insufficientBalance({
          currency,
          balanceMinor: mainMinor,
          debitMinor: shape.stakeMinor,
        });
      }
      let priced: Priced;
      try {
        priced = await this.price(
          body,
          shape,
          currency,
          keptSelections(body, markets, settings, context.betFactor),
        );
      } catch (error) {
        // kept limits refuse nothing: the refusal stands only on limits read now
        if (settings.fresh || !(error instanceof AppError)) throw error;
        settings = await this.settingsOf(true);
        attempt -= 1;
        continue;
      }
      const placement = this.placement(caller, body, shape, priced, {
        mainMinor: shape.stakeMinor,
        bonusMinor: 0n,
        bonusId: null,
      });
      const accounts = context.accounts.map((account) => ({
        ...account,
        balanceMinor:
          account.currency === currency && account.kind === 'main'
            ? account.balanceMinor - shape.stakeMinor
            : account.balanceMinor,
      }));
      const channel = userChannel('balance', context.globalId);
      const data = JSON.stringify(
        await this.balance.fromSheet({ primaryCurrency: context.primaryCurrency, accounts }, []),
      );
      const outcome = await this.batches.submit({
        fingerprint: settings.value.fingerprint,
        ticket: {
          ticket: placement.insert,
          legs: priced.legs.map((leg) => ({
            eventId: leg.event_id,
            marketId: leg.market_id,
            outcomeId: leg.outcome_id,
            odds: leg.odds,
            limitMinor: leg.market_liability_minor,
          })),
          playerLimitMinor: priced.playerLimitMinor,
          sessionId: caller.sessionId,
          betFactor: context.betFactor,
          sheet: sheetOf(context.accounts),
          idempotency: { ...request, body: placement.view },
          publication: { channel, data },
        },
      });
      switch (outcome.status) {
        case 'placed':
          this.contexts.set(userId, { ...context, accounts });
          break;
        case 'limits':
          settings = await this.settingsOf(true);
          continue;
        case 'moved':
        case 'stale':
          this.contexts.delete(userId);
          context = undefined;
          continue;
        case 'short':
          this.contexts.delete(userId);
          if (kept) {
            context = undefined;
            continue;
          }
          return { kind: 'general' };
        case 'bonus':
        case 'session':
          this.contexts.delete(userId);
          return { kind: 'general' };
        case 'key':
        case 'selection':
        case 'player':
        case 'market':
          return { kind: 'general' };
      }
      const position = outcome.position;
      if (position === null) throw new Error('a placed ticket is published with its balance');
      void publications.notify([{ channel, position, data }]).catch(() => {
        // The ticket stands; its balance publication is in the history for recovery.
      });
      const { globalId } = context;
      this.ticketFeed?.ticketPlaced(() => tickerEventOf(placement.view, globalId));
      return { kind: 'placed', ticket: placement.view };
    }
    return { kind: 'general' };
  }

  /** Forgets the kept operators' settings (an operator changed limits here). */
  limitsChanged(): void {
    this.settings = null;
  }

  /** Forgets what this process keeps of a player (an operator changed their bet factor here). */
  playerChanged(userId: string): void {
    this.contexts.delete(userId);
  }

  /** The operators' limits and cash-out switch as kept (at most 5 s old), or read now. */
  private async settingsOf(fresh: boolean): Promise<{ value: BettingSettingsRow; fresh: boolean }> {
    const nowMs = this.clock.now().getTime();
    const kept = this.settings;
    if (!fresh && kept && nowMs - kept.readAtMs >= 0 && nowMs - kept.readAtMs < settingsMs) {
      return { value: kept.value, fresh: false };
    }
    const value = await this.repository.settings(this.db);
    this.settings = { value, readAtMs: nowMs };
    return { value, fresh: true };
  }

  /**
   * The markets' event, sport, type and names, as kept (a market's event, sport and type never
   * change; the names are refreshed every minute), or read now. Null when one does not exist.
   */
  private async marketsOf(
    marketIds: readonly string[],
  ): Promise<Map<string, MarketFactsRow> | null> {
    const found = new Map<string, MarketFactsRow>();
    const missing: string[] = [];
    for (const id of marketIds) {
      const market = this.markets.get(id);
      if (market) found.set(id, market);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const market of await this.repository.markets(this.db, missing)) {
        this.markets.set(market.market_id, market);
        found.set(market.market_id, market);
      }
    }
    return marketIds.every((id) => found.has(id)) ? found : null;
  }

  /**
   * One sport_place_tickets call for the batch (a deadlock runs it again). Should it fail as a
   * whole otherwise, each ticket is placed again alone: one ticket's failure does not fail the
   * tickets batched with it. A ticket priced with other settings than the batch's first is
   * answered 'limits' without being sent (its submitter prices it again).
   */
  private async placeBatch(
    items: PrematchItem[],
  ): Promise<Array<PromiseSettledResult<BatchOutcome>>> {
    const historySize = this.events.committedPublications()?.historySize;
    if (historySize === undefined) throw new Error('pre-match batches need committed publications');
    const fingerprint = items[0]?.fingerprint ?? '';
    const sent = items.filter((item) => item.fingerprint === fingerprint);
    const place = (batch: PrematchItem[]) =>
      retrying(() =>
        this.repository.placeTickets(
          this.db,
          batch.map((item) => item.ticket),
          fingerprint,
          historySize,
        ),
      );
    let answers: Array<PromiseSettledResult<BatchOutcome>>;
    try {
      answers = (await place(sent)).map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      if (sent.length === 1 || isRetryableTransactionError(error)) throw error;
      answers = await Promise.allSettled(
        sent.map(async (item) => {
          const [outcome] = await place([item]);
          if (!outcome) throw new Error('sport_place_tickets did not answer');
          return outcome;
        }),
      );
    }
    let next = 0;
    return items.map((item) => {
      if (item.fingerprint !== fingerprint) {
        return { status: 'fulfilled', value: { status: 'limits', position: null, detail: null } };
      }
      const answer = answers[next];
      next += 1;
      if (!answer) throw new Error('a batched ticket was not answered');
      return answer;
    });
  }

  /**
   * A ticket's selections checked and priced (the player's odds-change policy), its stake,
   * payout and liability limits applied (the strictest of its legs', from the base currency at
   * the rate in force): the refusals of placement, thrown as AppErrors.
   */
  private async price(
    body: PlaceSportBetBody,
    shape: TicketShape,
    currency: string,
    rows: SelectionStateRow[],
  ) {
    const { stakeMinor, folds, money } = shape;
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
    const liveLegs = legs.filter((leg) => leg.event_status === 'live');
    return {
      odds: verdict.odds,
      payoutMinor,
      legs,
      liabilityMinor,
      playerLimitMinor,
      liabilityRefusal,
      live: liveLegs.length > 0,
      delayMs: liveLegs.length > 0 ? Math.max(...liveLegs.map((leg) => leg.bet_delay_ms)) : 0,
    };
  }

  /**
   * What a priced ticket writes, and its answer built from that (no read back): the
   * selections were just checked open and active at these prices, so of the cash-out's rule
   * (`SportCashout.availability`) only the operator's switch and the type are left to decide.
   */
  private placement(
    caller: PlacementCaller,
    body: PlaceSportBetBody,
    shape: TicketShape,
    priced: Awaited<ReturnType<SportBetting['price']>>,
    plan: { mainMinor: bigint; bonusMinor: bigint; bonusId: string | null },
  ): { insert: TicketInsert; legInserts: LegInsert[]; view: SportTicket } {
    const { currency, userId } = caller;
    const { live, legs, payoutMinor } = priced;
    const now = this.clock.now();
    const id = randomUUID();
    const legInserts: LegInsert[] = legs.map((leg, index) => ({
      eventId: leg.event_id,
      marketId: leg.market_id,
      outcomeId: leg.outcome_id,
      readOdds: leg.odds,
      odds: priced.odds[index] ?? leg.odds,
      live: leg.event_status === 'live',
    }));
    const systemSize = body.systemSize === undefined ? null : String(body.systemSize);
    const odds = ticketOddsDisplay(payoutMinor, shape.stakeMinor);
    const insert: TicketInsert = {
      id,
      userId,
      type: body.type,
      systemSize,
      folds: shape.folds,
      lines: shape.lines,
      oddsChange: body.oddsChange,
      currency,
      mainMinor: plan.mainMinor,
      bonusMinor: plan.bonusMinor,
      bonusId: plan.bonusId,
      potentialPayoutMinor: payoutMinor,
      odds,
      live,
      acceptAfter: live ? new Date(now.getTime() + priced.delayMs) : null,
      now,
      liabilityMinor: priced.liabilityMinor,
    };
    const staked = plan.mainMinor + plan.bonusMinor;
    const row: TicketRow = {
      id,
      user_id: userId,
      type: body.type,
      system_size: systemSize,
      lines: shape.lines,
      status: live ? 'pending' : 'accepted',
      reason: null,
      odds_change: body.oddsChange,
      currency,
      stake_minor: staked,
      bonus_stake_minor: plan.bonusMinor,
      bonus_id: plan.bonusId,
      placed_stake_minor: staked,
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
    return { insert, legInserts, view: sportTicketView(row, cashoutAvailable) };
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
    const start = createdPageStart(query);
    const { rows, counted } = await this.repository.tickets(executor, userId, query.status, {
      ...start,
      limit: query.limit,
    });
    const available = await this.cashout.availability(executor, rows);
    return {
      items: rows.map((row) => sportTicketView(row, available.get(row.id) ?? false)),
      meta: createdPageMeta(start, query.limit, counted, rows),
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
