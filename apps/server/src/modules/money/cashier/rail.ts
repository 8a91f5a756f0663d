/**
 * What a rail is to the cashier. A rail (fiat P2P, crypto addresses, the crypto bot) owns how
 * money arrives and leaves (its orders, addresses or invoices, how a deposit is confirmed, how
 * a payout is paid) and the rows that record it; the cashier owns the money steps every rail
 * shares (the deposit credit, the withdrawal hold / post / void, the daily limit). A rail tells
 * the cashier only what differs between rails: the names its money movements carry in the
 * ledger (byte-identical to what it always wrote: the ledger's idempotency and existing data
 * depend on them), how the bonus engine knows its deposits, and how it reports a currency the
 * operator's rate table cannot convert.
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
}

/**
 * `quoted-table`: names the currency the operator's table does not quote against USD, when the
 * table has no way between the two (other failures pass through); `asset`: names the converted
 * currency for any failure that is not already an AppError; `asset-no-rate`: names it only for
 * the exchange-rate service's "no exchange rate" failure.
 */
export type RateErrors = 'quoted-table' | 'asset' | 'asset-no-rate';

/** Fiat deposit (buy) and withdrawal (sell) orders through the payment provider. */
export const p2pRail: CashierRail = {
  name: 'p2p',
  bonusMethodKind: 'fiat',
  references: {
    deposit: (orderId) => orderId,
    depositExchange: (orderId) => `fiat_buy:${orderId}`,
    withdrawalHold: (orderId) => `fiat_sell:${orderId}`,
  },
  rateErrors: { deposit: 'quoted-table', withdrawal: 'quoted-table' },
  replayedCredit: 'skip',
};

/** Transfers to the player's deposit address; payouts to an address on the chain. */
export const cryptoRail: CashierRail = {
  name: 'crypto',
  bonusMethodKind: 'crypto',
  references: {
    deposit: (depositId) => `crypto_deposit:${depositId}`,
    depositExchange: (depositId) => `crypto_deposit:${depositId}`,
    withdrawalHold: (withdrawalId) => `crypto_withdrawal:${withdrawalId}`,
  },
  rateErrors: { deposit: 'asset', withdrawal: 'asset-no-rate' },
  replayedCredit: 'fail',
};

/**
 * Paid crypto-bot invoices and crypto-bot transfers: recorded as crypto deposits and
 * withdrawals (the same tables), so their ledger references are the crypto rail's.
 */
export const cryptoBotRail: CashierRail = {
  ...cryptoRail,
  name: 'cryptobot',
};
