import { createHash, randomUUID } from 'node:crypto';
import {
  type CreateSellOrderBody,
  currencyScale,
  type FiatSellOrder,
  formatMinorToDecimal,
  parseDecimalToMinor,
  validateFiatWithdrawAmount,
  validateWithdrawalDetails,
  withdrawFeeMinor,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { Cashier } from '../../cashier.service.ts';
import type { PaymentRestrictionsService } from '../../payment-restrictions.service.ts';
import type { CashierRail } from '../../rail.ts';
import {
  type FiatMethods,
  fieldError,
  type MethodView,
  type PlayerContext,
} from './fiat-methods.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import { detailsOf, toSellOrder } from './fiat-order-views.ts';
import { requireHold } from './order-settlement.ts';

const savedDetailsLimit = 5;

/** Limits and format are checked before the balance; this stands in for "any balance". */
const maxBalanceForFormatCheck = 9_223_372_036_854_775_807n;

export interface WithdrawalOrdersServiceDependencies {
  orders: FiatOrderBook;
  methods: FiatMethods;
  /** the withdrawal checks, hold and void every rail shares */
  cashier: Pick<
    Cashier,
    | 'lockPlayer'
    | 'assertProfileComplete'
    | 'assertVerified'
    | 'holdWithdrawal'
    | 'voidWithdrawal'
    | 'cancellable'
  >;
  /** the P2P rail as the cashier knows it (p2p.rail.ts) */
  rail: CashierRail;
  restrictions: Pick<PaymentRestrictionsService, 'assertFiatOrderAllowed'>;
  clock: Clock;
  policy: {
    /** how long a player may cancel a pending withdrawal */
    cancelWindowSeconds: number;
  };
}

/**
 * The player's fiat withdrawals on the P2P rail: a sell order held through the cashier (the
 * daily limit, the bonus forfeit, the hold), its cancel within the window, and the details the
 * player saved for a method. The operator pays it out (order-review.service.ts).
 */
export class WithdrawalOrdersService {
  private readonly orders: FiatOrderBook;
  private readonly methods: FiatMethods;
  private readonly cashier: WithdrawalOrdersServiceDependencies['cashier'];
  private readonly rail: CashierRail;
  private readonly restrictions: WithdrawalOrdersServiceDependencies['restrictions'];
  private readonly clock: Clock;
  private readonly policy: WithdrawalOrdersServiceDependencies['policy'];

  constructor({
    orders,
    methods,
    cashier,
    rail,
    restrictions,
    clock,
    policy,
  }: WithdrawalOrdersServiceDependencies) {
    this.orders = orders;
    this.methods = methods;
    this.cashier = cashier;
    this.rail = rail;
    this.restrictions = restrictions;
    this.clock = clock;
    this.policy = policy;
  }

  async createSellOrder(
    player: PlayerContext,
    body: CreateSellOrderBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatSellOrder> {
    await this.restrictions.assertFiatOrderAllowed(player.userId, 'sell', transaction);
    await this.cashier.assertProfileComplete(player.userId);
    const view = await this.methods.require(body.bankId, player.country, transaction);
    const sell = view.method.sell;
    if (!sell) throw new AppError('payments_are_disabled');
    const currency = view.method.currency;
    const scale = currencyScale(currency);
    if (body.subbankId !== undefined && !sell.subbanks.some((bank) => bank.id === body.subbankId)) {
      throw fieldError('subbankId', 'Validation.invalid_value');
    }
    const details = detailsOf(body.details);
    this.validateWithdrawDetails(view, details);
    // spec §4 withdraw flow step 4: the verify feature refuses unverified players
    await this.cashier.assertVerified(player.userId, transaction);
    // The format and limits first (a field error), the balance under the ledger's lock below.
    const formatProblem = validateFiatWithdrawAmount(body.amount, sell, {
      valueMinor: maxBalanceForFormatCheck,
      currency,
    });
    if (formatProblem?.message === 'Validation.minimum_amount') {
      // spec error catalogue: below the method's minimum is a domain error, not a field error
      const minimumMinor = parseDecimalToMinor(sell.minAmount, scale);
      throw new AppError('wallet_withdraw_too_small', {
        payload: {
          amount:
            minimumMinor === null ? sell.minAmount : formatMinorToDecimal(minimumMinor, scale),
          currency,
        },
      });
    }
    if (formatProblem) throw fieldError('amount', formatProblem.message, formatProblem.params);
    const amountMinor = parseDecimalToMinor(body.amount.trim(), scale);
    if (amountMinor === null) throw fieldError('amount', 'Validation.invalid_amount');
    const feeMinor = withdrawFeeMinor(amountMinor, sell.levels, currency);
    const now = this.clock.now();

    const order = await this.orders.run(transaction, async (transaction) => {
      await this.cashier.lockPlayer(transaction, player.userId);
      await this.restrictions.assertFiatOrderAllowed(player.userId, 'sell', transaction);
      // the hold comes first so a pending withdrawal row always names its hold
      const orderId = randomUUID();
      // Amount and fee are in the method's currency; the money comes from the primary balance
      // (the cashier: the daily limit, the bonus forfeit, the hold at the rate in force).
      const { holdId, exchange } = await this.cashier.holdWithdrawal(transaction, this.rail, {
        withdrawalId: orderId,
        userId: player.userId,
        currency,
        amountMinor,
        feeMinor,
        now,
        metadata: (exchange) => ({
          orderId,
          feeMinor: feeMinor.toString(),
          ...(exchange
            ? {
                payoutCurrency: currency,
                payoutAmount: formatMinorToDecimal(amountMinor, scale),
                payoutFee: formatMinorToDecimal(feeMinor, scale),
                rate: exchange.rate,
              }
            : {}),
        }),
      });
      const inserted = await this.orders.insert(transaction, {
        id: orderId,
        holdId,
        userId: player.userId,
        type: 'sell',
        status: 'pending',
        methodId: view.row.id,
        currency,
        amountMinor,
        feeMinor,
        requisiteId: null,
        paymentDetails: {},
        recipientBank: null,
        externalTarget: null,
        externalFields: details,
        callbackUrl: null,
        subbankId: body.subbankId ?? null,
        expiresAt: now,
        cancellableUntil: new Date(now.getTime() + this.policy.cancelWindowSeconds * 1000),
        createdAt: now,
        ...(exchange ? { exchange } : {}),
      });
      await this.orders.repository.saveDetails(transaction, {
        userId: player.userId,
        methodId: view.row.id,
        details,
        hash: createHash('sha256')
          .update(JSON.stringify(Object.entries(details).sort()))
          .digest('hex'),
        at: now,
      });
      return inserted;
    });
    return toSellOrder(order);
  }

  async cancelSellOrder(
    userId: string,
    orderId: string,
    transaction?: DatabaseTransaction,
  ): Promise<FiatSellOrder> {
    await this.orders.requireOwn(userId, orderId, 'sell', transaction);
    const row = await this.orders.run(transaction, async (transaction) => {
      const order = await this.orders.lockOwn(transaction, userId, orderId, 'sell');
      if (
        !this.cashier.cancellable({
          status: order.status,
          cancellableUntil: order.cancellable_until,
        })
      ) {
        return order;
      }
      await this.cashier.voidWithdrawal(transaction, requireHold(order));
      return await this.orders.update(transaction, order.id, {
        status: 'refund',
        updated_at: this.clock.now(),
      });
    });
    return toSellOrder(row);
  }

  async savedDetails(userId: string, methodId: string): Promise<Array<Record<string, string>>> {
    const entries = await this.orders.repository.savedDetails(userId, methodId, savedDetailsLimit);
    return entries.map(detailsOf);
  }

  /** The details against the fields orders/conditions lists for the method (one rule). */
  private validateWithdrawDetails(view: MethodView, details: Record<string, string>): void {
    const fields = view.method.sell?.externalDetailsFields ?? { required: [], optional: [] };
    const problems = validateWithdrawalDetails(details, fields);
    if (problems.length > 0) {
      throw new AppError('validation_error', {
        payload: {
          fields: problems.map((entry) => ({
            field: `details.${entry.field}`,
            message: entry.message,
          })),
        },
      });
    }
  }
}
