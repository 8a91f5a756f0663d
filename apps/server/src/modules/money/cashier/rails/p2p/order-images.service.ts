import { AppError } from '../../../../../lib/app-error.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import type { ReceiptStore } from './receipt-store.ts';

/** A deposit's receipt and dispute images, for the order's player or an operator. */
export class OrderImages {
  private readonly orders: Pick<FiatOrderBook, 'find' | 'requireOwn'>;
  private readonly receipts: Pick<ReceiptStore, 'read'>;

  constructor({
    orders,
    receipts,
  }: {
    orders: Pick<FiatOrderBook, 'find' | 'requireOwn'>;
    receipts: Pick<ReceiptStore, 'read'>;
  }) {
    this.orders = orders;
    this.receipts = receipts;
  }

  /** The receipt image of an order: the owner's (userId) or any (operator, userId null). */
  async receipt(
    orderId: string,
    userId: string | null,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    const order =
      userId === null
        ? await this.orders.find(orderId)
        : await this.orders.requireOwn(userId, orderId, 'buy');
    if (!order?.receipt_file || !order.receipt_mime) throw new AppError('not_found');
    return { bytes: await this.receipts.read(order.receipt_file), mimeType: order.receipt_mime };
  }

  /** The image attached to a deposit's dispute: the owner's (userId) or any (operator, null). */
  async disputeImage(
    orderId: string,
    userId: string | null,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    const order =
      userId === null
        ? await this.orders.find(orderId)
        : await this.orders.requireOwn(userId, orderId, 'buy');
    const dispute =
      order?.dispute !== null && typeof order?.dispute === 'object'
        ? (order.dispute as Record<string, unknown>)
        : null;
    if (typeof dispute?.file !== 'string' || typeof dispute.mimeType !== 'string') {
      throw new AppError('not_found');
    }
    return { bytes: await this.receipts.read(dispute.file), mimeType: dispute.mimeType };
  }
}
