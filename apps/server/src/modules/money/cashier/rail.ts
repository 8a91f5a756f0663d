import type { TransactionHistoryItem } from '@casino/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/**
 * What a rail is to the cashier, the one interface every rail implements. A rail (fiat P2P,
 * crypto addresses, the crypto bot) owns how money arrives and leaves (its orders, addresses or
 * invoices, how a deposit is confirmed, how a payout is paid) and the rows that record it; the
 * cashier owns the money steps every rail shares (the deposit credit, the withdrawal hold /
 * post / void, the daily limit) and what the player sees over every rail (the history). A rail
 * tells the cashier only what differs between rails: the names its money movements carry in the
 * ledger (byte-identical to what it always wrote: the ledger's idempotency and existing data
 * depend on them), how the bonus engine knows its deposits, how it reports a currency the
 * operator's rate table cannot convert, and what its rows hold for the daily limit and the
 * history. Rails import this file and the cashier's services; the cashier never imports a rail:
 * the money wing's factory (money.wiring.ts) hands it the rails.
 */
export interface CashierRail {
  readonly name: 'p2p' | 'crypto' | 'cryptobot';
  /** how the bonus engine knows this rail's deposits (DepositCompleted.methodKind) */
  readonly bonusMethodKind: 'fiat' | 'crypto';
  /** the ledger's external references of this rail's movements */
  readonly references: {
    /** the deposit's credit (type `deposit`) */
    deposit(depositId: string): string;
    /** the deposit's exchange into the player's primary currency (type `exchange`) */
    depositExchange(depositId: string): string;
    /** the withdrawal's hold */
    withdrawalHold(withdrawalId: string): string;
  };
  /**
   * How a conversion the operator's rate table cannot make becomes error_currency_not_supported,
   * in a deposit credit and in a withdrawal hold (each rail kept what it answered before).
   */
  readonly rateErrors: { deposit: RateErrors; withdrawal: RateErrors };
  /**
   * A deposit credit the ledger already holds (its reference replayed): `skip` the steps that
   * follow a first credit (they ran with it), `fail` (the rail's row lock says it cannot be).
   */
  readonly replayedCredit: 'skip' | 'fail';
  /**
   * The player's withdrawals on this rail created since `since` that count against the daily
   * limit (pending and completed), summed per payout currency. Read under the player's lock
   * (Cashier.lockPlayer), which every rail's withdrawal takes before its hold.
   */
  withdrawalSumsSince(
    userId: string,
    since: Date,
    executor?: DatabaseExecutor,
  ): Promise<CurrencySum[]>;
  /** The player's deposits and withdrawals on this rail, for the history over every rail. */
  readonly history: RailHistory;
}

export interface CurrencySum {
  currency: string;
  amountMinor: bigint;
}

/** Where an entry sorts in the history: newest `at` first, then the greater id. */
export interface HistoryKey {
  id: string;
  /** the row's created_at in UTC to the microsecond, `YYYY-MM-DD HH24:MI:SS.US` (sorts as text) */
  at: string;
}

/** A row's `created_at` as HistoryKey.at, in a rail's query (`sql` of the column). */
export function historyKeyAt(createdAt: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(createdAt)} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;
}

/** `(created_at, id) < before`: a rail's rows after `before` in the history's order. */
export function historyBefore(before: HistoryKey): RawBuilder<SqlBool> {
  return sql<SqlBool>`(created_at, id) < (${before.at}::timestamp AT TIME ZONE 'UTC', ${before.id}::uuid)`;
}

export interface RailHistory {
  /**
   * The keys of the player's newest `count` entries on this rail after `before` in the history's
   * order (from the newest when null), newest first: an index range, however long the history.
   */
  keys(userId: string, input: { count: number; before: HistoryKey | null }): Promise<HistoryKey[]>;
  /** How many entries the player has on this rail after `before`, counted up to `upTo`. */
  count(userId: string, input: { before: HistoryKey | null; upTo: number }): Promise<number>;
  /** the entries of these ids (ids `keys` answered), as the player sees them; any order */
  items(ids: string[]): Promise<TransactionHistoryItem[]>;
}

/**
 * `quoted-table`: names the currency the operator's table does not quote against USD, when the
 * table has no way between the two (other failures pass through); `asset`: names the converted
 * currency for any failure that is not already an AppError; `asset-no-rate`: names it only for
 * the exchange-rate service's "no exchange rate" failure.
 */
export type RateErrors = 'quoted-table' | 'asset' | 'asset-no-rate';
