import {
  currencyScale,
  formatMinorToDecimal,
  isProfileCompleteForWithdrawal,
  utcDayStart,
  type WithdrawEnabledResponse,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentQueueEvents } from '../../../lib/operator-events.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { PlayerLimits } from '../../players/protection/protection.service.ts';
import type { CashierBonuses } from '../../promotions/bonuses/cashier-bonuses.service.ts';
import {
  type AccountRef,
  type LedgerService,
  platformAccount,
  playerAccount,
  type Quote,
} from '../ledger/ledger.service.ts';
import type { CashierRepository, WithdrawalKind } from './cashier.repository.ts';
import type { CashierRail, RateErrors } from './rail.ts';

/** The operator's exchange-rate table, as far as the cashier needs it (money/exchange-rates). */
export interface QuotedRates {
  list(): Promise<Array<{ base: string; quote: string }>>;
}

export interface CashierPolicy {
  /** the most a player may withdraw per UTC day over every rail, in whole USD */
  withdrawDailyLimitUsd: number;
  /** spec §4 withdraw flow: withdrawals need a verified identity (WITHDRAW_VERIFICATION_REQUIRED) */
  withdrawVerificationRequired: boolean;
}

export interface CashierDependencies {
  repository: CashierRepository;
  /** every rail the daily withdrawal limit counts (each answers its own withdrawals' sums) */
  rails: readonly CashierRail[];
  ledger: Pick<
    LedgerService,
    | 'quote'
    | 'balance'
    | 'postTransaction'
    | 'exchangeAmount'
    | 'createHold'
    | 'postHold'
    | 'voidHold'
  >;
  users: Pick<
    UsersService,
    'getProfile' | 'isVerified' | 'getPrimaryCurrency' | 'recordCompletedDeposit'
  >;
  /** welcome and deposit bonuses on a completed deposit; bonuses forfeited by a withdrawal */
  bonuses: Pick<CashierBonuses, 'lockForDeposit' | 'onDepositCompleted' | 'forfeitForWithdrawal'>;
  /** the responsible-gambling limits: a deposit order opens within them, every credit counts */
  limits: Pick<
    PlayerLimits,
    'reserveDeposit' | 'assertDepositsOpen' | 'depositCounted' | 'isMarketingSuppressed'
  >;
  rates: QuotedRates;
  clock: Clock;
  policy: CashierPolicy;
  /** the operator's maker-checker threshold in USD cents (backoffice settings, read afresh) */
  fourEyesThresholdUsdMinor: () => Promise<bigint>;
  /** the operators' live feed: a first approval puts a withdrawal in the approvals queue */
  operatorEvents?: PaymentQueueEvents | undefined;
}

/** What an operator's approval of a withdrawal decided (`Cashier.approveWithdrawal`). */
export type WithdrawalApproval =
  | { status: 'approved' }
  | { status: 'awaiting_second_approval'; firstApproverId: string };

/** What a deposit moved on the player's balance when that is in another currency. */
export interface DepositExchange {
  balanceCurrency: string;
  balanceAmountMinor: bigint;
  /** units of `balanceCurrency` per unit of the deposit's currency */
  rate: string;
}

export interface DepositCredit {
  /** the rail's id of the deposit (order, transfer): the references and the bonus grant key */
  depositId: string;
  userId: string;
  /** the currency the money arrived in (the order's currency, the method's asset) */
  currency: string;
  amountMinor: bigint;
  /** the credit's ledger metadata (the rail's own fields) */
  metadata: Record<string, unknown>;
  /** the exchange's ledger metadata (the rail's own fields; `reason: 'deposit'` is added) */
  exchangeMetadata: Record<string, unknown>;
  /** the crypto network the bonus engine matches offers on (DepositCompleted.network) */
  network?: string | null | undefined;
  /** the rail's id its order reserved the deposit limits with, when not `depositId` */
  reservationId?: string | undefined;
}

/** A deposit order about to open on a rail (`Cashier.reserveDeposit`). */
export interface DepositOrder {
  /** the rail's id of the order (its credit names it as `depositId` or `reservationId`) */
  depositId: string;
  userId: string;
  currency: string;
  amountMinor: bigint;
  /** until then the open order counts against the deposit limits */
  expiresAt: Date;
}

export interface CreditedDeposit {
  transactionId: string;
  /** the ledger already held this credit; nothing after it ran again */
  replayed: boolean;
  /** set when the deposit was exchanged into the player's primary currency */
  exchange: DepositExchange | undefined;
}

export interface WithdrawalHoldRequest {
  /** the rail's id of the withdrawal, generated before its row so the hold can name it */
  withdrawalId: string;
  userId: string;
  /** the payout currency (the method's currency or asset) */
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  now: Date;
  /** the hold's ledger metadata, given the exchange when the hold is in another currency */
  metadata: (exchange: DepositExchange | undefined) => Record<string, unknown>;
}

export interface HeldWithdrawal {
  holdId: string;
  heldCurrency: string;
  heldMinor: bigint;
  /** set when the hold is in the primary currency and the payout in another */
  exchange: DepositExchange | undefined;
}

export interface WithdrawalPayout {
  /** the payout currency; the held money goes to its provider_clearing account */
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  /** the rate fixed when the hold was made in another currency; null: the same currency */
  rate: string | null;
  metadata: Record<string, unknown>;
}

/** The key a rail's open order is counted under against the deposit limits. */
function reservationReference(rail: CashierRail, orderId: string): string {
  return `${rail.name}:${orderId}`;
}

function providerClearing(currency: string): AccountRef {
  return platformAccount(currency, 'provider_clearing');
}

/**
 * The cashier: the money steps every rail shares, each written once. A completed deposit is
 * credited, counted, exchanged into the primary currency and handed to the bonus engine by
 * `creditDeposit`; a withdrawal is checked against the one daily limit over every rail, gives
 * up the player's bonuses and holds its money by `holdWithdrawal`, and leaves (`postWithdrawal`)
 * or comes back (`voidWithdrawal`). Every step runs in the caller's transaction, with the
 * rail's row locked by the caller; the rail writes its own row and announces it.
 */
export class Cashier {
  private readonly repository: CashierRepository;
  private readonly rails: readonly CashierRail[];
  private readonly ledger: CashierDependencies['ledger'];
  private readonly users: CashierDependencies['users'];
  private readonly bonuses: CashierDependencies['bonuses'];
  private readonly limits: CashierDependencies['limits'];
  private readonly rates: QuotedRates;
  private readonly clock: Clock;
  private readonly policy: CashierPolicy;
  private readonly fourEyesThresholdUsdMinor: () => Promise<bigint>;
  private readonly operatorEvents: PaymentQueueEvents | undefined;

  constructor(dependencies: CashierDependencies) {
    this.fourEyesThresholdUsdMinor = dependencies.fourEyesThresholdUsdMinor;
    this.operatorEvents = dependencies.operatorEvents;
    this.repository = dependencies.repository;
    this.rails = dependencies.rails;
    this.ledger = dependencies.ledger;
    this.users = dependencies.users;
    this.bonuses = dependencies.bonuses;
    this.limits = dependencies.limits;
    this.rates = dependencies.rates;
    this.clock = dependencies.clock;
    this.policy = dependencies.policy;
  }

  // ─── conversions ───────────────────────────────────────────────────────────────────────────

  /**
   * The daily limit and the deposit count are in USD: a currency the operator's rate table does
   * not quote against USD cannot be limited, so it cannot be moved (error_currency_not_supported).
   */
  async toUsd(
    amountMinor: bigint,
    currency: string,
    errors: RateErrors = 'quoted-table',
  ): Promise<bigint> {
    return (await this.quote(amountMinor, currency, 'USD', 'down', errors)).amountMinor;
  }

  async quote(
    amountMinor: bigint,
    from: string,
    to: string,
    rounding: 'down' | 'up',
    errors: RateErrors = 'quoted-table',
  ): Promise<Quote> {
    return await this.withRate(errors, from, to, () =>
      this.ledger.quote(amountMinor, from, to, rounding),
    );
  }

  /**
   * Runs a conversion from `from` to `to`; when the operator's rate table has no way between
   * them it is error_currency_not_supported, not a 500 (RateErrors: which currency it names).
   * The ledger's conversion stays authoritative; the table is read only when it fails.
   */
  async withRate<T>(
    errors: RateErrors,
    from: string,
    to: string,
    convert: () => Promise<T>,
  ): Promise<T> {
    try {
      return await convert();
    } catch (error) {
      if (error instanceof AppError) throw error;
      switch (errors) {
        case 'asset':
          throw new AppError('error_currency_not_supported', {
            payload: { currency: from },
            cause: error,
          });
        case 'asset-no-rate':
          if (error instanceof Error && error.message.startsWith('no exchange rate')) {
            throw new AppError('error_currency_not_supported', {
              payload: { currency: from === to ? to : from },
            });
          }
          throw error;
        case 'quoted-table': {
          const rates = await this.rates.list();
          const quoted = (a: string, b: string) =>
            a === b ||
            rates.some(
              (rate) =>
                (rate.base === a && rate.quote === b) || (rate.base === b && rate.quote === a),
            );
          const unquoted = [from, to].find((currency) => !quoted(currency, 'USD'));
          if (!quoted(from, to) && unquoted !== undefined) {
            throw new AppError('error_currency_not_supported', { payload: { currency: unquoted } });
          }
          throw error;
        }
      }
    }
  }

  // ─── the one daily withdrawal limit ─────────────────────────────────────────────────────────

  /** Serialises the player's orders and withdrawals of every rail in the transaction. */
  async lockPlayer(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.repository.lockPlayer(transaction, userId);
  }

  /**
   * Under the player's lock (taken here; a rail may hold it already): the player's withdrawals
   * of every rail today (UTC, pending and completed), this one (`amountMinor` of `currency`)
   * included, stay within the daily limit (withdraw_daily_limit_exceeded).
   */
  async assertWithinDailyLimit(
    transaction: DatabaseTransaction,
    userId: string,
    currency: string,
    amountMinor: bigint,
    now: Date,
  ): Promise<void> {
    await this.repository.lockPlayer(transaction, userId);
    const totalUsdMinor =
      (await this.toUsd(amountMinor, currency)) +
      (await this.withdrawnTodayUsdMinor(userId, now, transaction));
    if (totalUsdMinor > this.dailyLimitUsdMinor()) {
      throw new AppError('withdraw_daily_limit_exceeded', {
        payload: { limit: String(this.policy.withdrawDailyLimitUsd), currency: 'USD' },
      });
    }
  }

  /** What the player may still withdraw today (UTC), in USD minor units; never negative. */
  async remainingDailyWithdrawalUsdMinor(userId: string, now: Date): Promise<bigint> {
    const remaining =
      this.dailyLimitUsdMinor() - (await this.withdrawnTodayUsdMinor(userId, now, undefined));
    return remaining > 0n ? remaining : 0n;
  }

  private dailyLimitUsdMinor(): bigint {
    return BigInt(this.policy.withdrawDailyLimitUsd) * 10n ** BigInt(currencyScale('USD'));
  }

  /** The USD value of the player's pending and completed withdrawals of every rail today. */
  private async withdrawnTodayUsdMinor(
    userId: string,
    now: Date,
    executor: DatabaseExecutor | undefined,
  ): Promise<bigint> {
    const since = utcDayStart(now);
    // per currency over every rail first, so each currency is converted once, as one sum
    const sums = new Map<string, bigint>();
    for (const rail of this.rails) {
      for (const sum of await rail.withdrawalSumsSince(userId, since, executor)) {
        sums.set(sum.currency, (sums.get(sum.currency) ?? 0n) + sum.amountMinor);
      }
    }
    let totalUsdMinor = 0n;
    for (const currency of [...sums.keys()].sort()) {
      totalUsdMinor += await this.toUsd(sums.get(currency) ?? 0n, currency);
    }
    return totalUsdMinor;
  }

  // ─── the deposit limits ─────────────────────────────────────────────────────────────────────

  /**
   * Before a deposit order opens (in the rail's transaction, its row not committed yet): under
   * the player's lock, refused (`responsible_gambling_limit`) when it would take the player's
   * deposits, open orders included, past a deposit limit; else counted as open until credited
   * or expired. Every rail whose deposits have an amount asks this (P2P orders, crypto-bot
   * invoices).
   */
  async reserveDeposit(
    transaction: DatabaseTransaction,
    rail: CashierRail,
    order: DepositOrder,
  ): Promise<void> {
    await this.repository.lockPlayer(transaction, order.userId);
    await this.limits.reserveDeposit(transaction, {
      reference: reservationReference(rail, order.depositId),
      userId: order.userId,
      currency: order.currency,
      amountMinor: order.amountMinor,
      expiresAt: order.expiresAt,
    });
  }

  /**
   * Before a rail hands out a standing deposit address (crypto): refused when a deposit limit
   * has nothing left. What arrives there anyway is credited and flagged (`creditDeposit`).
   */
  async assertDepositsOpen(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.repository.lockPlayer(transaction, userId);
    await this.limits.assertDepositsOpen(transaction, userId);
  }

  // ─── the one deposit credit ──────────────────────────────────────────────────────────────────

  /**
   * Credits a completed deposit, once, in the caller's transaction (the rail's row locked):
   * the money from the platform's clearing account of its currency to the player's main
   * balance; then, on its first credit, it is counted (USD value, `hasDeposits`), exchanged into
   * the player's primary currency at the rate in force when that differs, and handed to the
   * bonus engine last (the deposit's number, counted first, picks the welcome step).
   */
  async creditDeposit(
    transaction: DatabaseTransaction,
    rail: CashierRail,
    deposit: DepositCredit,
  ): Promise<CreditedDeposit> {
    const { userId, currency, amountMinor, depositId } = deposit;
    const errors = rail.rateErrors.deposit;
    const amountUsdMinor = await this.toUsd(amountMinor, currency, errors);
    await this.bonuses.lockForDeposit(transaction, userId);
    const { transactionId, replayed } = await this.ledger.postTransaction(transaction, {
      type: 'deposit',
      externalReference: rail.references.deposit(depositId),
      postings: [
        { account: playerAccount(userId, currency, 'main'), amountMinor },
        { account: providerClearing(currency), amountMinor: -amountMinor },
      ],
      metadata: deposit.metadata,
    });
    if (replayed) {
      if (rail.replayedCredit === 'fail') {
        throw new Error(`${rail.name} deposit ${depositId} was posted without being marked`);
      }
      // a replayed credit was counted, converted and granted by the transaction that posted it
      return { transactionId, replayed, exchange: undefined };
    }
    // the user row is updated first, so a concurrent primary-currency change is waited for and
    // the currency read afterwards is the one in force
    await this.users.recordCompletedDeposit(userId, amountUsdMinor, transaction);
    const primary = await this.users.getPrimaryCurrency(userId, transaction);
    let exchange: DepositExchange | undefined;
    if (primary !== currency) {
      const exchanged = await this.withRate(errors, currency, primary, () =>
        this.ledger.exchangeAmount(transaction, {
          userId,
          from: currency,
          to: primary,
          amountMinor,
          externalReference: rail.references.depositExchange(depositId),
          metadata: { ...deposit.exchangeMetadata, reason: 'deposit' },
        }),
      );
      exchange = {
        balanceCurrency: primary,
        balanceAmountMinor: exchanged.toAmountMinor,
        rate: exchanged.rate,
      };
    }
    // counted against the deposit limits in what reached the balance (flagged past one)
    await this.limits.depositCounted(transaction, {
      reference: rail.references.deposit(depositId),
      reservation: reservationReference(rail, deposit.reservationId ?? depositId),
      userId,
      currency: exchange?.balanceCurrency ?? currency,
      amountMinor: exchange?.balanceAmountMinor ?? amountMinor,
    });
    // no deposit bonus for an excluded player (a transfer arriving during the exclusion)
    if (!(await this.limits.isMarketingSuppressed(userId, transaction))) {
      await this.bonuses.onDepositCompleted(transaction, {
        userId,
        depositId,
        amountMinor,
        currency,
        methodKind: rail.bonusMethodKind,
        ...(deposit.network === undefined ? {} : { network: deposit.network }),
      });
    }
    return { transactionId, replayed, exchange };
  }

  // ─── the one withdrawal hold / post / void ─────────────────────────────────────────────────

  /** Spec "withdrawal readiness": personal data (bonuses do not block, a withdrawal forfeits them). */
  async assertProfileComplete(userId: string): Promise<void> {
    const profile = await this.users.getProfile(userId);
    if (!isProfileCompleteForWithdrawal(profile)) throw new AppError('personal_data_required');
  }

  /** Spec §4 withdraw flow step 4: the verify feature is on and the player is not verified. */
  async isVerificationRequired(userId: string, executor?: DatabaseExecutor): Promise<boolean> {
    if (!this.policy.withdrawVerificationRequired) return false;
    return !(await this.users.isVerified(userId, executor));
  }

  /**
   * `GET /api/v2/wallet/wager`, spec "withdrawal readiness": personal data complete
   * (personal_data_required), and whether the verify feature sends the player to personal data
   * first (spec §4 withdraw flow step 4). Bonuses do not block a withdrawal: creating one
   * forfeits them (the app shows the bonus-burn dialog first), so no `wager` refusal here.
   */
  async withdrawCheck(userId: string): Promise<WithdrawEnabledResponse> {
    await this.assertProfileComplete(userId);
    return { enabled: true, verificationRequired: await this.isVerificationRequired(userId) };
  }

  /** Refuses a withdrawal while the player's identity must still be verified. */
  async assertVerified(userId: string, executor?: DatabaseExecutor): Promise<void> {
    if (await this.isVerificationRequired(userId, executor)) {
      throw new AppError('personal_data_required', {
        message: 'The player’s identity must be verified before a withdrawal.',
        payload: { verificationRequired: true },
      });
    }
  }

  /**
   * Holds a withdrawal in the caller's transaction, under the player's lock: the one daily
   * limit over every rail, then the player's bonuses are given up (a withdrawal takes main
   * money only; spec §4 withdraw flow step 5, after the bonus-burn dialog), then amount + fee
   * are priced in the primary currency at the rate in force, rounded up (the platform never
   * pays out more than it holds), and held on the main balance (insufficient_balance).
   */
  async holdWithdrawal(
    transaction: DatabaseTransaction,
    rail: CashierRail,
    request: WithdrawalHoldRequest,
  ): Promise<HeldWithdrawal> {
    const { userId, currency, amountMinor, feeMinor } = request;
    await this.assertWithinDailyLimit(transaction, userId, currency, amountMinor, request.now);
    await this.bonuses.forfeitForWithdrawal(transaction, userId);
    const primary = await this.users.getPrimaryCurrency(userId, transaction);
    const exchange: DepositExchange | undefined =
      primary === currency
        ? undefined
        : await this.quote(
            amountMinor + feeMinor,
            currency,
            primary,
            'up',
            rail.rateErrors.withdrawal,
          ).then((quote) => ({
            balanceCurrency: primary,
            balanceAmountMinor: quote.amountMinor,
            rate: quote.rate,
          }));
    const heldCurrency = exchange?.balanceCurrency ?? currency;
    const heldMinor = exchange?.balanceAmountMinor ?? amountMinor + feeMinor;
    const balance = await this.ledger.balance(userId, heldCurrency, 'main', transaction);
    if (balance < heldMinor) {
      const heldScale = currencyScale(heldCurrency);
      throw new AppError('insufficient_balance', {
        payload: {
          balance: formatMinorToDecimal(balance, heldScale),
          amount: formatMinorToDecimal(heldMinor, heldScale),
          currency: heldCurrency,
        },
      });
    }
    const { holdId } = await this.ledger.createHold(transaction, {
      userId,
      currency: heldCurrency,
      amountMinor: heldMinor,
      reference: rail.references.withdrawalHold(request.withdrawalId),
      metadata: request.metadata(exchange),
    });
    return { holdId, heldCurrency, heldMinor, exchange };
  }

  /**
   * Whether an amount is worth more than the four-eyes threshold (USD at the operator's rates);
   * a currency without a USD rate counts as above it.
   */
  async isAboveFourEyesThreshold(amountMinor: bigint, currency: string): Promise<boolean> {
    const threshold = await this.fourEyesThresholdUsdMinor();
    try {
      return (await this.toUsd(amountMinor, currency)) > threshold;
    } catch {
      return true;
    }
  }

  /**
   * Maker-checker, the one rule for every withdrawal an operator approves (fiat payout orders,
   * crypto withdrawals): a withdrawal worth more than the four-eyes threshold (USD, at the
   * operator's rates; one whose currency has no USD rate counts as above it) is paid only on the
   * approval of a second operator. The first approval is recorded and answered as
   * `awaiting_second_approval`; the same operator approving again is 409 four_eyes_required.
   * The caller holds the withdrawal's row lock, so two approvals at once are decided one after
   * the other: exactly one of them pays.
   */
  async approveWithdrawal(
    transaction: DatabaseTransaction,
    approval: {
      kind: WithdrawalKind;
      withdrawalId: string;
      operatorId: string;
      amountMinor: bigint;
      currency: string;
    },
  ): Promise<WithdrawalApproval> {
    if (!(await this.isAboveFourEyesThreshold(approval.amountMinor, approval.currency))) {
      return { status: 'approved' };
    }
    const first = await this.repository.firstApproval(
      transaction,
      approval.kind,
      approval.withdrawalId,
    );
    if (first === approval.operatorId) throw new AppError('four_eyes_required');
    if (first !== null) return { status: 'approved' };
    await this.repository.recordFirstApproval(transaction, {
      kind: approval.kind,
      withdrawalId: approval.withdrawalId,
      operatorId: approval.operatorId,
      at: this.clock.now(),
    });
    await this.operatorEvents?.queuesChanged(transaction, 'approvals');
    return { status: 'awaiting_second_approval', firstApproverId: approval.operatorId };
  }

  /**
   * The withdrawal was paid: the hold moves to the payout currency's clearing account (its fee
   * to the fees account), at the rate fixed on the withdrawal when it was held in another
   * currency. A hold that is not pending is refused by the ledger.
   */
  async postWithdrawal(
    transaction: DatabaseTransaction,
    holdId: string,
    payout: WithdrawalPayout,
  ): Promise<{ transactionId: string }> {
    const to = providerClearing(payout.currency);
    return await this.ledger.postHold(
      transaction,
      holdId,
      payout.rate === null
        ? { to, feeMinor: payout.feeMinor, metadata: payout.metadata }
        : {
            to,
            payout: {
              currency: payout.currency,
              amountMinor: payout.amountMinor,
              feeMinor: payout.feeMinor,
              rate: payout.rate,
            },
            metadata: payout.metadata,
          },
    );
  }

  /** The withdrawal was cancelled or declined: the hold comes back to the main balance. */
  async voidWithdrawal(
    transaction: DatabaseTransaction,
    holdId: string,
  ): Promise<{ transactionId: string }> {
    return await this.ledger.voidHold(transaction, holdId);
  }

  /**
   * A player's cancel of a locked withdrawal of any rail: `false` when it is already cancelled
   * (a repeated cancel answers it unchanged), `true` while it is pending and its cancel window
   * open; otherwise order_not_cancellable.
   */
  cancellable(withdrawal: { status: string; cancellableUntil: Date | null }): boolean {
    if (withdrawal.status === 'refund') return false;
    if (
      withdrawal.status !== 'pending' ||
      withdrawal.cancellableUntil === null ||
      withdrawal.cancellableUntil.getTime() <= this.clock.now().getTime()
    ) {
      throw new AppError('order_not_cancellable', { payload: { status: withdrawal.status } });
    }
    return true;
  }
}
