import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { Cashier } from '../../cashier.service.ts';
import type { CashierRail } from '../../rail.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import type { FiatOrderRow } from './fiat-orders.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface FiatOrderSettlementDependencies {
  orders: FiatOrderBook;
  /** the one deposit credit and withdrawal post / void every rail shares */
  cashier: Pick<Cashier, 'creditDeposit' | 'postWithdrawal' | 'voidWithdrawal'>;
  /** the P2P rail as the cashier knows it (p2p.rail.ts) */
  rail: CashierRail;
  provider: Pick<PaymentProvider, 'name'>;
  clock: Clock;
}

/** The hold a pending withdrawal names (a sell order is inserted after its hold). */
export function requireHold(order: FiatOrderRow): string {
  if (!order.hold_id) throw new Error(`withdrawal ${order.id} has no hold`);
  return order.hold_id;
}

/**
 * How a locked fiat order is approved or declined, whoever settles it (the operator, a
 * dispute's resolution, the sandbox auto-approval, the hosted page). A deposit (buy) is credited
 * exactly once through the cashier's one deposit credit; a withdrawal (sell) posts or voids its
 * hold. The caller holds the order's row lock; the status change commits with the movement.
 */
export class FiatOrderSettlement {
  private readonly orders: FiatOrderBook;
  private readonly cashier: FiatOrderSettlementDependencies['cashier'];
  private readonly rail: CashierRail;
  private readonly provider: Pick<PaymentProvider, 'name'>;
  private readonly clock: Clock;

  constructor({ orders, cashier, rail, provider, clock }: FiatOrderSettlementDependencies) {
    this.orders = orders;
    this.cashier = cashier;
    this.rail = rail;
    this.provider = provider;
    this.clock = clock;
  }

  async approveLocked(
    transaction: DatabaseTransaction,
    order: FiatOrderRow,
    creditedMinor?: bigint,
  ): Promise<FiatOrderRow> {
    if (order.type === 'buy') {
      const approvable: readonly string[] = [
        'waiting',
        'pay_external_invoice',
        'wait_for_confirmation',
        'timeouted',
        'disputed',
      ];
      if (!approvable.includes(order.status)) {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      const amount = creditedMinor ?? order.amount_minor;
      const { transactionId, exchange } = await this.cashier.creditDeposit(transaction, this.rail, {
        depositId: order.id,
        userId: order.user_id,
        currency: order.currency,
        amountMinor: amount,
        metadata: { orderId: order.id, methodId: order.method_id, provider: this.provider.name },
        exchangeMetadata: { orderId: order.id },
      });
      return await this.orders.update(transaction, order.id, {
        status: 'completed',
        credited_minor: amount,
        ledger_transaction_id: transactionId,
        ...(exchange
          ? {
              balance_currency: exchange.balanceCurrency,
              balance_amount_minor: exchange.balanceAmountMinor,
              exchange_rate: exchange.rate,
            }
          : {}),
        updated_at: this.clock.now(),
      });
    }
    if (order.status !== 'pending') {
      throw new AppError('order_status_conflict', { payload: { status: order.status } });
    }
    const metadata = { orderId: order.id, methodId: order.method_id };
    // Held in the primary currency: the hold goes to the platform's exchange account and the
    // payout (with its fee) leaves in the method's currency at the rate fixed on the order.
    const { transactionId } = await this.cashier.postWithdrawal(transaction, requireHold(order), {
      currency: order.currency,
      amountMinor: order.amount_minor,
      feeMinor: order.fee_minor,
      rate: order.exchange_rate,
      metadata,
    });
    return await this.orders.update(transaction, order.id, {
      status: 'completed',
      ledger_transaction_id: transactionId,
      updated_at: this.clock.now(),
    });
  }

  async declineLocked(
    transaction: DatabaseTransaction,
    order: FiatOrderRow,
    reason: string | null = null,
  ): Promise<FiatOrderRow> {
    if (order.type === 'buy') {
      const declinable: readonly string[] = [
        'waiting',
        'pay_external_invoice',
        'wait_for_confirmation',
        'disputed',
        'timeouted',
      ];
      if (!declinable.includes(order.status)) {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
    } else {
      if (order.status !== 'pending') {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      await this.cashier.voidWithdrawal(transaction, requireHold(order));
    }
    return await this.orders.update(transaction, order.id, {
      status: 'declined',
      decline_reason: reason,
      updated_at: this.clock.now(),
    });
  }
}
