import type { FiatOrder } from '@casino/contract';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import { methodsById } from './fiat-methods.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import { toFiatOrder } from './fiat-order-views.ts';
import type { FiatOrderSettlement } from './order-settlement.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface HostedPaymentPageDependencies {
  orders: FiatOrderBook;
  settlement: FiatOrderSettlement;
  provider: Pick<PaymentProvider, 'invoiceUrl'>;
  clock: Clock;
  transactions: Transactions;
}

/**
 * The sandbox provider's hosted payment page of `external_invoice` deposits
 * (`/sandbox/pay/{orderId}`, payments.routes.ts): what it shows, and its Pay and Cancel.
 */
export class HostedPaymentPage {
  private readonly orders: FiatOrderBook;
  private readonly settlement: FiatOrderSettlement;
  private readonly provider: Pick<PaymentProvider, 'invoiceUrl'>;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    orders,
    settlement,
    provider,
    clock,
    transactions,
  }: HostedPaymentPageDependencies) {
    this.orders = orders;
    this.settlement = settlement;
    this.provider = provider;
    this.clock = clock;
    this.transactions = transactions;
  }

  /**
   * Sandbox hosted page: the player paid (credit) or cancelled (decline). Only an open, unexpired
   * invoice changes, checked under the order's lock, so a replayed or late form post (or Pay and
   * Cancel racing) settles nothing a second time; it answers whether this post settled it.
   */
  async settleHostedPayment(orderId: string, outcome: 'pay' | 'cancel'): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const order = await this.orders.lock(transaction, orderId);
      if (order?.type !== 'buy' || order.external_target === null) throw new AppError('not_found');
      if (order.status !== 'pay_external_invoice') return false;
      if (order.expires_at.getTime() <= this.clock.now().getTime()) return false;
      if (outcome === 'pay') await this.settlement.approveLocked(transaction, order);
      else await this.settlement.declineLocked(transaction, order);
      return true;
    });
  }

  /** The hosted page's view of an order; `payable`: open and not yet expired. */
  async hostedPageOrder(orderId: string): Promise<{ order: FiatOrder; payable: boolean } | null> {
    const row = await this.orders.find(orderId);
    if (row?.type !== 'buy' || row.external_target === null) return null;
    const view = (await methodsById(this.orders.repository)).get(row.method_id);
    if (!view) return null;
    return {
      order: toFiatOrder(row, view, this.provider),
      payable:
        row.status === 'pay_external_invoice' &&
        row.expires_at.getTime() > this.clock.now().getTime(),
    };
  }
}
