import {
  type CurrencyDefinition,
  currencyDefinition,
  formatMinorToDecimal,
  maxMinorUnits,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { retrying, type Transactions } from '../../../lib/transactions.ts';
import { convertMinor, parseRate } from '../exchange-rates/rate-math.ts';
import type { RatesProvider } from '../exchange-rates/rates-provider.ts';
import type {
  HoldSettlement,
  LedgerRepository,
  PlayerBalanceSheet,
  ShortAccount,
} from './ledger.repository.ts';

/**
 * Kinds of account a player owns: spendable money, bonus money, money held for a withdrawal, and
 * a sport ticket's stake held while the ticket waits for its in-play delay.
 */
export const playerAccountKinds = ['main', 'bonus', 'withdrawal_hold', 'bet_hold'] as const;
/** What a hold is for; it names the hold's account (`withdrawal_hold`, `bet_hold`). */
export type HoldKind = 'withdrawal' | 'bet';
/** Kinds of account the platform owns (one per currency each). */
export const platformAccountKinds = [
  'house',
  'provider_clearing',
  'fees',
  'exchange',
  'tournament_prizes',
] as const;
export type PlayerAccountKind = (typeof playerAccountKinds)[number];
export type PlatformAccountKind = (typeof platformAccountKinds)[number];
export type AccountKind = PlayerAccountKind | PlatformAccountKind;

export type AccountOwner = { type: 'player'; userId: string } | { type: 'platform' };

/**
 * Names one ledger account. Accounts exist per (owner, currency, kind) and are created on first
 * use. Player accounts take only player kinds, platform accounts only platform kinds.
 */
export interface AccountRef {
  owner: AccountOwner;
  /** a code from packages/contract `currencies` */
  currency: string;
  kind: AccountKind;
}

export interface Posting {
  account: AccountRef;
  /** signed minor units of the account's currency: positive credits, negative debits */
  amountMinor: bigint;
}

export interface PostTransactionInput {
  /** what happened: 'deposit', 'withdrawal', 'exchange', 'adjustment', 'hold', ... (`^[a-z_]+$`) */
  type: string;
  /**
   * The outside id of the event (order id, provider transaction id, chain tx hash): unique per
   * type, so the same credit can never be posted twice. At most 255 characters.
   */
  externalReference?: string;
  /** at least two postings; they must sum to zero per currency; no zero amounts */
  postings: Posting[];
  /** free-form facts kept with the transaction (rates, order ids, operator ids) */
  metadata?: Record<string, unknown>;
}

export interface PostTransactionResult {
  transactionId: string;
  /** true when `externalReference` was already posted: nothing moved, the first id returned */
  replayed: boolean;
}

export interface CreateHoldInput {
  /** 'withdrawal' (the default) or 'bet' (a sport ticket's stake) */
  kind?: HoldKind;
  userId: string;
  currency: string;
  /** positive minor units moved into the hold's account: `bonusMinor` of them from the bonus account, the rest from main */
  amountMinor: bigint;
  /** the part taken from the bonus account (a bet's stake plan; 0 by default, always 0 for a withdrawal) */
  bonusMinor?: bigint;
  /** unique per hold (e.g. the withdrawal order id); repeating it returns the same hold */
  reference: string;
  metadata?: Record<string, unknown>;
}

export interface PostHoldInput {
  /**
   * where the held money goes (e.g. the platform's provider_clearing account of the currency);
   * in the payout currency when `payout` is set
   */
  to: AccountRef;
  /** part of the held amount kept by the platform's fees account; the rest goes to `to` */
  feeMinor?: bigint;
  /**
   * The hold is paid out in another currency: the whole held amount goes to the platform's
   * exchange account of the hold currency, and `amountMinor + feeMinor` of `currency` leave the
   * platform's exchange account of that currency, `amountMinor` to `to` and `feeMinor` to fees.
   * The amounts were fixed when the hold was made (`rate` is recorded); `feeMinor` of the input
   * itself must then be absent.
   */
  payout?: HoldPayout;
  metadata?: Record<string, unknown>;
}

export interface HoldPayout {
  currency: string;
  /** positive minor units of `currency` paid out */
  amountMinor: bigint;
  /** minor units of `currency` kept by the platform's fees account (default 0) */
  feeMinor?: bigint;
  /** the rate the hold was priced at (units of the hold currency per unit of `currency`) */
  rate: string;
}

export type HoldStatus = 'pending' | 'posted' | 'voided';

export interface Hold {
  holdId: string;
  kind: HoldKind;
  userId: string;
  currency: string;
  amountMinor: bigint;
  /** the part that came from the bonus account (goes back there when voided) */
  bonusAmountMinor: bigint;
  reference: string;
  status: HoldStatus;
  createdAt: Date;
  settledAt: Date | null;
}

export interface AccountBalance {
  currency: string;
  kind: PlayerAccountKind;
  balanceMinor: bigint;
}

export interface ExchangeInput {
  userId: string;
  from: string;
  to: string;
  /** unique per exchange when the caller has an outside id; optional */
  externalReference?: string;
  metadata?: Record<string, unknown>;
}

export interface ExchangeResult {
  /** null when the `from` main balance was zero: nothing to convert, nothing posted */
  transactionId: string | null;
  fromAmountMinor: bigint;
  toAmountMinor: bigint;
  /** the rate applied (units of `to` per unit of `from`), as a decimal string */
  rate: string;
}

export interface ExchangeAmountInput {
  userId: string;
  from: string;
  to: string;
  /** positive minor units of `from` taken from the player's main account */
  amountMinor: bigint;
  /** unique per exchange (e.g. `fiat_buy:<order id>`): a repeat moves nothing */
  externalReference?: string;
  metadata?: Record<string, unknown>;
}

export interface ExchangeAmountResult extends ExchangeResult {
  transactionId: string;
  /**
   * true when `externalReference` was already posted: nothing moved, the first id returned
   * (the amounts and rate are then those of the rate in force now, not of the first posting)
   */
  replayed: boolean;
}

/** An amount priced in another currency at the rate in force; nothing moves. */
export interface Quote {
  amountMinor: bigint;
  /** units of `to` per unit of `from`, a plain decimal string ('1' for the same currency) */
  rate: string;
  rateAsOf: Date;
}

/** What `ledgerCheck` found; `violations` is empty when the ledger is consistent. */
export interface LedgerCheckReport {
  transactions: number;
  postings: number;
  accounts: number;
  holds: number;
  violations: string[];
}

/**
 * Told, inside the transaction and before it commits, which players' balances it changed (once
 * per transaction opened with `Transactions.run`, however many movements it made).
 */
export type BalanceChangeListener = (
  transaction: DatabaseTransaction,
  userIds: string[],
) => Promise<void>;

function playersOf(postings: Posting[]): string[] {
  const userIds = new Set<string>();
  for (const { account } of postings) {
    if (account.owner.type === 'player') userIds.add(account.owner.userId);
  }
  return [...userIds];
}

export interface LedgerReaderDependencies {
  db: Kysely<Database>;
  repository: LedgerRepository;
  rates: RatesProvider;
}

/**
 * What the ledger answers without moving money: balances and prices at the rate in force. The
 * balance view (and the realtime balance event built from it) reads through this, so it needs
 * no writer of the ledger — the writer announces balance changes through it.
 */
export class LedgerReader {
  protected readonly db: Kysely<Database>;
  protected readonly repository: LedgerRepository;
  protected readonly rates: RatesProvider;

  constructor({ db, repository, rates }: LedgerReaderDependencies) {
    this.db = db;
    this.repository = repository;
    this.rates = rates;
  }

  /** Every account the player has, in every currency (main, bonus, withdrawal_hold). */
  async balances(userId: string, executor: DatabaseExecutor = this.db): Promise<AccountBalance[]> {
    return await this.repository.playerBalances(executor, userId);
  }

  /** The player's accounts with their globalId and primary currency (one read). */
  async balanceSheet(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerBalanceSheet | null> {
    return await this.repository.playerBalanceSheet(executor, userId);
  }

  /** One player balance in minor units; zero for an account never used. */
  async balance(
    userId: string,
    currency: string,
    kind: PlayerAccountKind,
    executor: DatabaseExecutor = this.db,
  ): Promise<bigint> {
    return await this.repository.accountBalance(executor, playerAccount(userId, currency, kind));
  }

  /** A platform account's balance (may be negative: e.g. provider clearing after deposits). */
  async platformBalance(
    currency: string,
    kind: PlatformAccountKind,
    executor: DatabaseExecutor = this.db,
  ): Promise<bigint> {
    return await this.repository.accountBalance(executor, platformAccount(currency, kind));
  }

  /**
   * Converts minor units of one currency into another at the rate in force, rounded down
   * (display only: the balance total in the primary currency). Moves nothing.
   */
  async convert(amountMinor: bigint, from: string, to: string): Promise<bigint> {
    if (from === to) return amountMinor;
    const { rate } = await this.rates.rate(from, to);
    return convertMinor(amountMinor, requireCurrency(from).scale, requireCurrency(to).scale, rate);
  }

  /**
   * Prices `amountMinor` of `from` in `to` at the rate in force without moving anything:
   * rounding 'down' when the platform pays the result, 'up' when the player pays it (a
   * withdrawal's hold), so the platform never pays out more than it takes. Throws (not an
   * AppError) when there is no rate for the pair.
   */
  async quote(
    amountMinor: bigint,
    from: string,
    to: string,
    rounding: 'down' | 'up',
  ): Promise<Quote> {
    const fromScale = requireCurrency(from).scale;
    const toScale = requireCurrency(to).scale;
    const { rate, asOf } =
      from === to ? { rate: '1', asOf: new Date(0) } : await this.rates.rate(from, to);
    return {
      amountMinor:
        rounding === 'down'
          ? convertMinor(amountMinor, fromScale, toScale, rate)
          : convertMinorRoundingUp(amountMinor, fromScale, toScale, rate),
      rate,
      rateAsOf: asOf,
    };
  }
}

export interface LedgerServiceDependencies extends LedgerReaderDependencies {
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /**
   * Told, inside the transaction and before it commits, which players' balances it changed
   * (the realtime `balance#` events).
   */
  onBalanceChange?: BalanceChangeListener | undefined;
}

/**
 * The double-entry ledger: the only writer of ledger tables (migrations/0006_ledger.sql).
 *
 * Money-moving methods take an `executor`: pass the transaction opened with `Transactions.run`
 * so the caller's own change (an order's status) and the ledger movement commit together.
 * Given the pool instead, each method runs as its own transaction (postTransaction as one
 * autocommit statement: the whole movement is a single call of the ledger_post function).
 *
 * Concurrency: READ COMMITTED with explicit row locks. Every movement locks the player accounts
 * it touches (SELECT … FOR UPDATE ordered by account id), so two movements over the same player
 * serialise and cannot deadlock each other; balances are re-read under the lock. Platform
 * accounts are never locked or updated: their balance is the sum of their postings
 * (ledger/db/ledger_post.sql), so the house account every bet posts to is no queue. SERIALIZABLE
 * would also be correct, but its predicate locks make unrelated movements that share a hot
 * platform account (provider clearing, fees) and the wallet's own reads abort each other under
 * load. Duplicates are stopped by unique indexes; deadlocks a caller's wider transaction may still
 * cause (and serialization failures) are retried by the opener (lib/transactions.ts).
 */
export class LedgerService extends LedgerReader {
  private readonly balanceListener: BalanceChangeListener | null;
  private readonly transactions: Transactions;

  constructor({ transactions, onBalanceChange, ...reader }: LedgerServiceDependencies) {
    super(reader);
    this.transactions = transactions;
    this.balanceListener = onBalanceChange ?? null;
  }

  /**
   * Records that a player's balance as shown changed in `transaction` without a movement (a new
   * primary currency): the listener hears of it like of a movement.
   */
  async markBalanceChanged(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.balancesChanged(transaction, [userId]);
  }

  /** The listener hears once, before commit, of every player whose balance the transaction changed. */
  private readonly announceBalances = async (
    transaction: DatabaseTransaction,
    userIds: string[],
  ): Promise<void> => {
    if (this.balanceListener) await this.balanceListener(transaction, [...new Set(userIds)]);
  };

  private async balancesChanged(
    transaction: DatabaseTransaction,
    userIds: string[],
  ): Promise<void> {
    if (!this.balanceListener || userIds.length === 0) return;
    if (this.transactions.beforeCommit(transaction, this.announceBalances, userIds)) return;
    // A transaction the opener did not open: no end to wait for, so the listener hears now.
    await this.balanceListener(transaction, userIds);
  }

  /**
   * Posts one balanced transaction. Postings must sum to zero per currency, amounts must be
   * non-zero whole minor units within the currency's scale. A player account may not go below
   * zero: `insufficient_balance` (payload: balance, amount, currency as decimal strings).
   * A repeated `(type, externalReference)` moves nothing and returns the first transaction with
   * `replayed: true`.
   */
  async postTransaction(
    executor: DatabaseExecutor,
    input: PostTransactionInput,
  ): Promise<PostTransactionResult> {
    assertValidTransaction(input);
    const players = playersOf(input.postings);
    if (!executor.isTransaction && players.length > 0 && this.balanceListener) {
      // The balance event must commit with the movement: one transaction for both.
      return await this.transactions.run((transaction) => this.postTransaction(transaction, input));
    }
    // Outside a caller's transaction the one ledger_post statement is its own transaction
    // (autocommit; the ledger's checks run at the end of its writing statement): no BEGIN/COMMIT
    // round trips.
    const outcome = executor.isTransaction
      ? await this.repository.post(executor, input)
      : await retrying(() => this.repository.post(executor, input));
    if (outcome.kind === 'short') throw insufficientBalance(outcome.short);
    if (outcome.kind !== 'replayed' && executor.isTransaction) {
      await this.balancesChanged(executor as DatabaseTransaction, players);
    }
    return { transactionId: outcome.transactionId, replayed: outcome.kind === 'replayed' };
  }

  /**
   * Posts many balanced transactions in one round trip, inside the caller's transaction (a
   * batch of settlements). Each is checked as `postTransaction` checks one and needs its own
   * `externalReference`; one already posted moves nothing and is answered `replayed`. A player
   * account that the batch as a whole would take below zero: `insufficient_balance`, nothing
   * moved. The players whose balances moved are announced once, before commit.
   */
  async postTransactions(
    transaction: DatabaseTransaction,
    inputs: readonly PostTransactionInput[],
  ): Promise<PostTransactionResult[]> {
    if (inputs.length === 0) return [];
    for (const input of inputs) assertValidTransaction(input);
    const outcome = await this.repository.postMany(transaction, inputs);
    if (outcome.kind === 'short') throw insufficientBalance(outcome.short);
    const players = new Set<string>();
    outcome.movements.forEach((movement, index) => {
      if (movement.replayed) return;
      for (const userId of playersOf((inputs[index] as PostTransactionInput).postings)) {
        players.add(userId);
      }
    });
    await this.balancesChanged(transaction, [...players]);
    return outcome.movements;
  }

  /**
   * Player balances locked until the transaction ends (in the ledger's lock order), for a
   * movement that takes at most what an account holds (a settlement taken back). In the order
   * asked; an account never used reads 0.
   */
  async lockPlayerBalances(
    transaction: DatabaseTransaction,
    accounts: readonly AccountRef[],
  ): Promise<bigint[]> {
    return await this.repository.lockPlayerBalances(transaction, accounts);
  }

  /**
   * Moves `amountMinor` into the hold account of the hold's kind (withdrawal_hold, bet_hold) and
   * records a pending hold: `bonusMinor` from the player's bonus account, the rest from main.
   * `insufficient_balance` when an account holds less. Repeating a `reference` returns the hold
   * it created first and moves nothing. One round trip (ledger/db/ledger_hold_create.sql).
   */
  async createHold(
    executor: DatabaseExecutor,
    input: CreateHoldInput,
  ): Promise<{ holdId: string }> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) => this.createHold(transaction, input));
    }
    const kind = input.kind ?? 'withdrawal';
    const bonusMinor = input.bonusMinor ?? 0n;
    if (input.amountMinor <= 0n) throw new RangeError('a hold amount must be positive');
    if (bonusMinor < 0n || bonusMinor > input.amountMinor || (kind !== 'bet' && bonusMinor > 0n)) {
      throw new RangeError('a bonus part is between zero and the amount, and only a bet has one');
    }
    requireCurrency(input.currency);
    const outcome = await this.repository.createHold(executor, {
      kind,
      userId: input.userId,
      currency: input.currency,
      mainMinor: input.amountMinor - bonusMinor,
      bonusMinor,
      reference: input.reference,
      metadata: input.metadata ?? {},
    });
    if (outcome.kind === 'short') throw insufficientBalance(outcome.short);
    if (outcome.kind === 'created') {
      await this.balancesChanged(executor as DatabaseTransaction, [input.userId]);
    }
    return { holdId: outcome.holdId };
  }

  /**
   * Settles a pending hold exactly once: the held amount leaves withdrawal_hold, `feeMinor`
   * (0 ≤ fee ≤ amount) to the platform's fees account and the rest to `to`.
   * `hold_not_pending` when it was already posted or voided, `not_found` when there is no such hold.
   */
  async postHold(
    executor: DatabaseExecutor,
    holdId: string,
    input: PostHoldInput,
  ): Promise<{ transactionId: string }> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) =>
        this.postHold(transaction, holdId, input),
      );
    }
    const hold = await this.lockPendingHold(executor, holdId);
    if (hold.kind !== 'withdrawal') throw new RangeError('a bet hold is posted by postBetHold');
    if (input.payout) {
      return await this.postHoldInOtherCurrency(executor, hold, input, input.payout);
    }
    const feeMinor = input.feeMinor ?? 0n;
    if (feeMinor < 0n || feeMinor > hold.amountMinor) {
      throw new RangeError('a hold fee must be between zero and the held amount');
    }
    if (input.to.currency !== hold.currency) {
      throw new RangeError('a hold is posted in its own currency');
    }
    const postings: Posting[] = [
      {
        account: playerAccount(hold.userId, hold.currency, 'withdrawal_hold'),
        amountMinor: -hold.amountMinor,
      },
    ];
    if (hold.amountMinor - feeMinor > 0n) {
      postings.push({ account: input.to, amountMinor: hold.amountMinor - feeMinor });
    }
    if (feeMinor > 0n) {
      postings.push({ account: platformAccount(hold.currency, 'fees'), amountMinor: feeMinor });
    }
    const { transactionId } = await this.postTransaction(executor, {
      type: 'hold_post',
      externalReference: hold.holdId,
      postings,
      metadata: {
        ...input.metadata,
        holdId: hold.holdId,
        reference: hold.reference,
        feeMinor: feeMinor.toString(),
      },
    });
    await this.repository.settleHold(executor, hold.holdId, 'posted', transactionId);
    return { transactionId };
  }

  /**
   * `postHold` with a payout: one transaction takes the hold into the platform's exchange
   * account of its currency and pays the fixed payout amount out of the exchange account of the
   * payout currency, so the ledger shows the money leaving in the payout currency.
   */
  private async postHoldInOtherCurrency(
    executor: DatabaseExecutor,
    hold: Hold,
    input: PostHoldInput,
    payout: HoldPayout,
  ): Promise<{ transactionId: string }> {
    const payoutFeeMinor = payout.feeMinor ?? 0n;
    if (input.feeMinor !== undefined && input.feeMinor !== 0n) {
      throw new RangeError('with a payout the fee is given in the payout currency');
    }
    if (payout.currency === hold.currency) {
      throw new RangeError('a payout in the hold currency needs no exchange');
    }
    if (input.to.currency !== payout.currency) {
      throw new RangeError('a payout goes to an account of its own currency');
    }
    if (payout.amountMinor <= 0n || payoutFeeMinor < 0n) {
      throw new RangeError('a payout amount must be positive and its fee not negative');
    }
    if (parseRate(payout.rate) === null) throw new RangeError(`bad rate ${payout.rate}`);
    const holdCurrency = requireCurrency(hold.currency);
    const payoutCurrency = requireCurrency(payout.currency);
    const postings: Posting[] = [
      {
        account: playerAccount(hold.userId, hold.currency, 'withdrawal_hold'),
        amountMinor: -hold.amountMinor,
      },
      { account: platformAccount(hold.currency, 'exchange'), amountMinor: hold.amountMinor },
      {
        account: platformAccount(payout.currency, 'exchange'),
        amountMinor: -(payout.amountMinor + payoutFeeMinor),
      },
      { account: input.to, amountMinor: payout.amountMinor },
    ];
    if (payoutFeeMinor > 0n) {
      postings.push({
        account: platformAccount(payout.currency, 'fees'),
        amountMinor: payoutFeeMinor,
      });
    }
    const { transactionId } = await this.postTransaction(executor, {
      type: 'hold_post',
      externalReference: hold.holdId,
      postings,
      metadata: {
        ...input.metadata,
        holdId: hold.holdId,
        reference: hold.reference,
        feeMinor: '0',
        from: hold.currency,
        to: payout.currency,
        rate: payout.rate,
        fromAmount: formatMinorToDecimal(hold.amountMinor, holdCurrency.scale),
        toAmount: formatMinorToDecimal(payout.amountMinor + payoutFeeMinor, payoutCurrency.scale),
        payoutFee: formatMinorToDecimal(payoutFeeMinor, payoutCurrency.scale),
      },
    });
    await this.repository.settleHold(executor, hold.holdId, 'posted', transactionId);
    return { transactionId };
  }

  /**
   * Posts a pending bet hold exactly once: the whole held stake goes to the platform's house
   * account as `type` with `externalReference` (a sport ticket's `sport_stake`,
   * `sport_stake:{ticketId}`). `hold_not_pending` when it was already posted or voided,
   * `not_found` when there is no such hold. One round trip (ledger/db/ledger_hold_settle.sql).
   */
  async postBetHold(
    executor: DatabaseExecutor,
    holdId: string,
    input: { type: string; externalReference: string; metadata?: Record<string, unknown> },
  ): Promise<{ transactionId: string }> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) =>
        this.postBetHold(transaction, holdId, input),
      );
    }
    const settled = await this.repository.settleHoldInDatabase(executor, holdId, {
      post: true,
      toKind: 'house',
      type: input.type,
      externalReference: input.externalReference,
      metadata: input.metadata ?? {},
    });
    return { transactionId: this.settledOrThrow(holdId, settled) };
  }

  /**
   * Releases a pending hold exactly once, each part to where it came from (a bet's bonus part to
   * the bonus account, the rest to main): `hold_not_pending`, `not_found` as `postBetHold`.
   */
  async voidHold(executor: DatabaseExecutor, holdId: string): Promise<{ transactionId: string }> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) => this.voidHold(transaction, holdId));
    }
    const settled = await this.repository.settleHoldInDatabase(executor, holdId, {
      post: false,
      toKind: null,
      type: 'hold_void',
      externalReference: null,
      metadata: {},
    });
    const transactionId = this.settledOrThrow(holdId, settled);
    if (settled.kind === 'settled') {
      await this.balancesChanged(executor as DatabaseTransaction, [settled.userId]);
    }
    return { transactionId };
  }

  private settledOrThrow(holdId: string, settled: HoldSettlement): string {
    switch (settled.kind) {
      case 'settled':
        return settled.transactionId;
      case 'missing':
        throw new AppError('not_found', { message: 'There is no such hold.' });
      case 'not_pending':
        throw new AppError('hold_not_pending', { payload: { holdId, status: settled.status } });
    }
  }

  async getHold(holdId: string, executor: DatabaseExecutor = this.db): Promise<Hold | null> {
    return await this.repository.findHold(executor, holdId);
  }

  /**
   * Converts the player's whole main balance in `from` into `to` at the rate in force, as one
   * transaction through the platform's exchange accounts: the amount is rounded down in the
   * target scale and the remainder stays with the platform. The rate is kept in the metadata.
   */
  async exchange(executor: DatabaseExecutor, input: ExchangeInput): Promise<ExchangeResult> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) => this.exchange(transaction, input));
    }
    const fromCurrency = requireCurrency(input.from);
    const toCurrency = requireCurrency(input.to);
    if (fromCurrency.code === toCurrency.code) {
      throw new RangeError('an exchange needs two different currencies');
    }
    const source = playerAccount(input.userId, input.from, 'main');
    const fromAmountMinor = await this.repository.lockAccountBalance(executor, source);
    const { rate, asOf } = await this.rates.rate(input.from, input.to);
    const toAmountMinor = convertMinor(fromAmountMinor, fromCurrency.scale, toCurrency.scale, rate);
    if (fromAmountMinor === 0n)
      return { transactionId: null, fromAmountMinor, toAmountMinor, rate };
    const { transactionId } = await this.postExchange(executor, input, {
      fromAmountMinor,
      toAmountMinor,
      rate,
      asOf,
    });
    return { transactionId, fromAmountMinor, toAmountMinor, rate };
  }

  /**
   * Converts exactly `amountMinor` of the player's main balance in `from` into `to` at the rate
   * in force, like `exchange` (rounded down in the target scale, the remainder kept by the
   * platform, the rate in the metadata). `insufficient_balance` when main holds less.
   */
  async exchangeAmount(
    executor: DatabaseExecutor,
    input: ExchangeAmountInput,
  ): Promise<ExchangeAmountResult> {
    if (!executor.isTransaction) {
      return await this.transactions.run((transaction) => this.exchangeAmount(transaction, input));
    }
    const fromCurrency = requireCurrency(input.from);
    const toCurrency = requireCurrency(input.to);
    if (fromCurrency.code === toCurrency.code) {
      throw new RangeError('an exchange needs two different currencies');
    }
    if (input.amountMinor <= 0n) throw new RangeError('an exchange amount must be positive');
    const fromAmountMinor = input.amountMinor;
    const { rate, asOf } = await this.rates.rate(input.from, input.to);
    const toAmountMinor = convertMinor(fromAmountMinor, fromCurrency.scale, toCurrency.scale, rate);
    const { transactionId, replayed } = await this.postExchange(executor, input, {
      fromAmountMinor,
      toAmountMinor,
      rate,
      asOf,
    });
    return { transactionId, replayed, fromAmountMinor, toAmountMinor, rate };
  }

  private async postExchange(
    executor: DatabaseExecutor,
    input: ExchangeInput,
    amounts: { fromAmountMinor: bigint; toAmountMinor: bigint; rate: string; asOf: Date },
  ): Promise<PostTransactionResult> {
    const { fromAmountMinor, toAmountMinor, rate, asOf } = amounts;
    const fromCurrency = requireCurrency(input.from);
    const toCurrency = requireCurrency(input.to);
    const source = playerAccount(input.userId, input.from, 'main');
    const postings: Posting[] = [
      { account: source, amountMinor: -fromAmountMinor },
      { account: platformAccount(input.from, 'exchange'), amountMinor: fromAmountMinor },
    ];
    if (toAmountMinor > 0n) {
      postings.push(
        { account: platformAccount(input.to, 'exchange'), amountMinor: -toAmountMinor },
        { account: playerAccount(input.userId, input.to, 'main'), amountMinor: toAmountMinor },
      );
    }
    return await this.postTransaction(executor, {
      type: 'exchange',
      ...(input.externalReference === undefined
        ? {}
        : { externalReference: input.externalReference }),
      postings,
      metadata: {
        ...input.metadata,
        from: input.from,
        to: input.to,
        rate,
        rateAsOf: asOf.toISOString(),
        fromAmount: formatMinorToDecimal(fromAmountMinor, fromCurrency.scale),
        toAmount: formatMinorToDecimal(toAmountMinor, toCurrency.scale),
      },
    });
  }

  /**
   * Proves the ledger consistent: every transaction balances per currency, every account's
   * stored balance equals the sum of its postings, no player balance is negative, every hold's
   * status matches its postings and each hold account holds exactly its pending holds.
   */
  async check(executor?: DatabaseExecutor): Promise<LedgerCheckReport> {
    if (executor) return await this.repository.check(executor);
    // one consistent snapshot
    return await this.transactions.run((transaction) => this.repository.check(transaction), {
      isolationLevel: 'repeatable read',
      readOnly: true,
    });
  }

  private async lockPendingHold(executor: DatabaseExecutor, holdId: string): Promise<Hold> {
    const hold = await this.repository.lockHold(executor, holdId);
    if (!hold) throw new AppError('not_found', { message: 'There is no such hold.' });
    if (hold.status !== 'pending') {
      throw new AppError('hold_not_pending', { payload: { holdId, status: hold.status } });
    }
    return hold;
  }
}

export function playerAccount(
  userId: string,
  currency: string,
  kind: PlayerAccountKind,
): AccountRef {
  return { owner: { type: 'player', userId }, currency, kind };
}

export function platformAccount(currency: string, kind: PlatformAccountKind): AccountRef {
  return { owner: { type: 'platform' }, currency, kind };
}

/** `convertMinor` rounding up: the smallest whole minor amount worth at least the exact value. */
export function convertMinorRoundingUp(
  amountMinor: bigint,
  fromScale: number,
  toScale: number,
  rate: string,
): bigint {
  if (amountMinor < 0n) throw new RangeError('cannot convert a negative amount');
  const parsed = parseRate(rate);
  if (!parsed) throw new RangeError(`not a valid rate: ${rate}`);
  const numerator = amountMinor * parsed.units * 10n ** BigInt(toScale);
  const denominator = 10n ** BigInt(parsed.scale + fromScale);
  return (numerator + denominator - 1n) / denominator;
}

function requireCurrency(code: string): CurrencyDefinition {
  const currency = currencyDefinition(code);
  if (!currency) throw new RangeError(`unknown currency ${code}`);
  return currency;
}

const transactionTypePattern = /^[a-z][a-z_]{0,49}$/;
const maxPostingsPerTransaction = 50;

/** Programming errors, not player input: callers validate amounts at the edge. */
function assertValidTransaction(input: PostTransactionInput): void {
  if (!transactionTypePattern.test(input.type))
    throw new RangeError(`bad transaction type ${input.type}`);
  if (input.externalReference !== undefined) {
    const length = input.externalReference.length;
    if (length < 1 || length > 255)
      throw new RangeError('externalReference must be 1–255 characters');
  }
  if (input.postings.length < 2 || input.postings.length > maxPostingsPerTransaction) {
    throw new RangeError(`a transaction has 2–${maxPostingsPerTransaction} postings`);
  }
  const sums = new Map<string, bigint>();
  for (const posting of input.postings) {
    const { account, amountMinor } = posting;
    requireCurrency(account.currency);
    if (amountMinor === 0n) throw new RangeError('a posting amount cannot be zero');
    if (amountMinor > maxMinorUnits || -amountMinor > maxMinorUnits) {
      throw new RangeError('a posting amount exceeds BIGINT');
    }
    const kinds: readonly string[] =
      account.owner.type === 'player' ? playerAccountKinds : platformAccountKinds;
    if (!kinds.includes(account.kind)) {
      throw new RangeError(`a ${account.owner.type} account cannot be of kind ${account.kind}`);
    }
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new RangeError(`postings in ${currency} sum to ${sum}, not zero`);
  }
}

/** `insufficient_balance` with the account's balance and the debit it could not pay. */
export function insufficientBalance(short: ShortAccount): AppError {
  const scale = requireCurrency(short.currency).scale;
  return new AppError('insufficient_balance', {
    payload: {
      balance: formatMinorToDecimal(short.balanceMinor, scale),
      amount: formatMinorToDecimal(short.debitMinor, scale),
      currency: short.currency,
    },
  });
}
