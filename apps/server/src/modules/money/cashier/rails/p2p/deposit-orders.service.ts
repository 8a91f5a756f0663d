import {
  type CreateBuyOrderBody,
  currencyScale,
  type DisputeBody,
  type FiatOrder,
  type FiatPaymentMethod,
  parseDecimalToMinor,
  type ReceiptBody,
  validateExternalDetails,
  validateFiatDepositAmount,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { UsersService } from '../../../../players/accounts/users.service.ts';
import type { Cashier } from '../../cashier.service.ts';
import type { PaymentRestrictionsService } from '../../payment-restrictions.service.ts';
import type { CashierRail } from '../../rail.ts';
import { type FiatMethods, fieldError, type PlayerContext } from './fiat-methods.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import { detailsOf, toFiatOrder } from './fiat-order-views.ts';
import type { OrderJobScheduler } from './order-review.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { ReceiptStore } from './receipt-store.ts';

export interface DepositOrdersServiceDependencies {
  orders: FiatOrderBook;
  methods: FiatMethods;
  provider: PaymentProvider;
  users: Pick<UsersService, 'getPrimaryCurrency'>;
  receipts: Pick<ReceiptStore, 'save' | 'remove'>;
  /** the player's lock, the conversions and the deposit limits every rail shares */
  cashier: Pick<Cashier, 'lockPlayer' | 'quote' | 'toUsd' | 'reserveDeposit'>;
  /** the P2P rail as the cashier knows it (p2p.rail.ts) */
  rail: CashierRail;
  restrictions: Pick<PaymentRestrictionsService, 'assertFiatOrderAllowed'>;
  jobs: OrderJobScheduler;
  clock: Clock;
  policy: {
    orderTtlSeconds: number;
    /** SANDBOX_AUTO_APPROVE_SECONDS; 0: off */
    autoApproveSeconds: number;
  };
}

/**
 * The player's fiat deposits on the P2P rail: the methods offered, a buy order with where to
 * pay (the provider's invoice), the receipt, and a dispute the operator resolves. The operator
 * confirms the payment (order-review.service.ts), which credits it through the cashier.
 */
export class DepositOrdersService {
  private readonly orders: FiatOrderBook;
  private readonly methods: FiatMethods;
  private readonly provider: PaymentProvider;
  private readonly users: DepositOrdersServiceDependencies['users'];
  private readonly receipts: DepositOrdersServiceDependencies['receipts'];
  private readonly cashier: DepositOrdersServiceDependencies['cashier'];
  private readonly rail: CashierRail;
  private readonly restrictions: DepositOrdersServiceDependencies['restrictions'];
  private readonly jobs: OrderJobScheduler;
  private readonly clock: Clock;
  private readonly policy: DepositOrdersServiceDependencies['policy'];

  constructor({
    orders,
    methods,
    provider,
    users,
    receipts,
    cashier,
    rail,
    restrictions,
    jobs,
    clock,
    policy,
  }: DepositOrdersServiceDependencies) {
    this.orders = orders;
    this.methods = methods;
    this.provider = provider;
    this.users = users;
    this.receipts = receipts;
    this.cashier = cashier;
    this.rail = rail;
    this.restrictions = restrictions;
    this.jobs = jobs;
    this.clock = clock;
    this.policy = policy;
  }

  /**
   * Methods offered in the player's country, sorted by priority. A method's deposit side is
   * offered only when the provider can take its kind of order now (a hosted-page method
   * without the hosted page is not); a method left with neither side is not listed.
   */
  async conditions(player: PlayerContext): Promise<FiatPaymentMethod[]> {
    return await this.methods.offered(player);
  }

  async createBuyOrder(
    player: PlayerContext,
    body: CreateBuyOrderBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    await this.restrictions.assertFiatOrderAllowed(player.userId, 'buy', transaction);
    const view = await this.methods.require(body.bankId, player.country, transaction);
    const buy = view.method.buy;
    if (!buy) throw new AppError('payments_are_disabled');
    const currency = view.method.currency;
    const problem = validateFiatDepositAmount(body.amount, { ...buy, currency });
    if (problem) throw fieldError('amount', problem.message, problem.params);
    const amountMinor = parseDecimalToMinor(
      body.amount.replace(/^0+(?=\d)/, ''),
      currencyScale(currency),
    );
    if (amountMinor === null) throw fieldError('amount', 'Validation.invalid_amount');
    // the deposit is credited in the primary currency and counted in USD: both need a rate
    const primary = await this.users.getPrimaryCurrency(player.userId, transaction);
    await this.cashier.quote(amountMinor, currency, primary, 'down');
    await this.cashier.toUsd(amountMinor, currency);
    const externalFields = body.externalFields ?? {};
    const detailProblems = validateExternalDetails(externalFields, buy.externalDetailsFields);
    if (detailProblems.length > 0) {
      throw new AppError('validation_error', {
        payload: {
          fields: detailProblems.map((entry) => ({
            field: `externalFields.${entry.field}`,
            message: entry.message,
          })),
        },
      });
    }
    const now = this.clock.now();
    const order = await this.orders.run(transaction, async (transaction) => {
      await this.cashier.lockPlayer(transaction, player.userId);
      await this.restrictions.assertFiatOrderAllowed(player.userId, 'buy', transaction);
      if (!buy.multiplyOrdersAllowed) {
        const open = await this.orders.repository.findOpenBuyOrder(
          transaction,
          player.userId,
          view.row.id,
          now,
        );
        if (open) throw new AppError('error_orders_limit', { payload: { orderId: open.id } });
      }
      const invoice = await this.provider.openInvoice(transaction, {
        methodId: view.row.id,
        invoiceFlow: view.invoiceFlow,
        now,
      });
      const inserted = await this.orders.insert(transaction, {
        userId: player.userId,
        type: 'buy',
        status: view.invoiceFlow === 'external_invoice' ? 'pay_external_invoice' : 'waiting',
        methodId: view.row.id,
        currency,
        amountMinor,
        feeMinor: 0n,
        requisiteId: invoice.requisiteId,
        paymentDetails: invoice.paymentDetails,
        recipientBank: invoice.recipientBank,
        externalTarget: invoice.externalTarget,
        externalFields: detailsOf(externalFields),
        callbackUrl: body.callbackUrl ?? null,
        subbankId: null,
        expiresAt: new Date(now.getTime() + this.policy.orderTtlSeconds * 1000),
        cancellableUntil: null,
        createdAt: now,
      });
      // within the player's deposit limits, open orders included (the cashier's lock is held)
      await this.cashier.reserveDeposit(transaction, this.rail, {
        depositId: inserted.id,
        userId: player.userId,
        currency,
        amountMinor,
        expiresAt: inserted.expires_at,
      });
      return inserted;
    });
    await this.jobs.scheduleExpiry(order.id, order.expires_at);
    return toFiatOrder(order, view, this.provider);
  }

  async notExpiredOrder(userId: string, methodId: string): Promise<FiatOrder | null> {
    const row = await this.orders.repository.findOpenBuyOrder(
      undefined,
      userId,
      methodId,
      this.clock.now(),
    );
    if (!row) return null;
    const view = (await this.methods.byId()).get(row.method_id);
    return view ? toFiatOrder(row, view, this.provider) : null;
  }

  async getBuyOrder(userId: string, orderId: string): Promise<FiatOrder> {
    const row = await this.orders.requireOwn(userId, orderId, 'buy');
    const view = (await this.methods.byId()).get(row.method_id);
    if (!view) throw new AppError('not_found');
    return toFiatOrder(row, view, this.provider);
  }

  /** The receipt: waiting → wait_for_confirmation. Only images, checked by content. */
  async uploadReceipt(
    userId: string,
    orderId: string,
    body: ReceiptBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    await this.orders.requireOwn(userId, orderId, 'buy', transaction);
    const stored = await this.receipts.save(body.fileContent, 'fileContent');
    let committed = false;
    try {
      const row = await this.orders.run(transaction, async (transaction) => {
        const order = await this.orders.lockOwn(transaction, userId, orderId, 'buy');
        if (order.status !== 'waiting' && order.status !== 'pay_external_invoice') {
          throw new AppError('order_status_conflict', { payload: { status: order.status } });
        }
        if (order.expires_at.getTime() <= this.clock.now().getTime()) {
          throw new AppError('order_status_conflict', { payload: { status: 'timeouted' } });
        }
        return await this.orders.update(transaction, order.id, {
          status: 'wait_for_confirmation',
          payer_name: body.name,
          receipt_file: stored.fileName,
          receipt_mime: stored.mimeType,
          updated_at: this.clock.now(),
        });
      });
      committed = true;
      if (this.policy.autoApproveSeconds > 0) {
        await this.jobs.scheduleAutoApprove(
          row.id,
          new Date(this.clock.now().getTime() + this.policy.autoApproveSeconds * 1000),
        );
      }
      const view = (await this.methods.byId(transaction)).get(row.method_id);
      if (!view) throw new AppError('not_found');
      return toFiatOrder(row, view, this.provider);
    } finally {
      if (!committed) await this.receipts.remove(stored.fileName);
    }
  }

  /** A dispute on a deposit the player says was paid; the operator resolves it. */
  async openDispute(
    userId: string,
    orderId: string,
    body: DisputeBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    const existing = await this.orders.requireOwn(userId, orderId, 'buy', transaction);
    const disputable: readonly string[] = [
      'timeouted',
      'pending',
      'declined',
      'wait_for_confirmation',
      'waiting',
    ];
    if (!disputable.includes(existing.status)) {
      throw new AppError('order_status_conflict', { payload: { status: existing.status } });
    }
    const { payload } = body;
    if (payload.acceptOption === 'CHANGE_INVOICE' && payload.amount !== undefined) {
      if (parseDecimalToMinor(payload.amount, currencyScale(existing.currency)) === null) {
        throw fieldError('payload.amount', 'Validation.invalid_amount');
      }
    }
    const stored = await this.receipts.save(payload.image.fileContent, 'payload.image.fileContent');
    let committed = false;
    try {
      const row = await this.orders.run(transaction, async (transaction) => {
        const order = await this.orders.lockOwn(transaction, userId, orderId, 'buy');
        if (!disputable.includes(order.status)) {
          throw new AppError('order_status_conflict', { payload: { status: order.status } });
        }
        return await this.orders.update(transaction, order.id, {
          status: 'disputed',
          dispute: JSON.stringify({
            name: payload.image.name,
            file: stored.fileName,
            mimeType: stored.mimeType,
            acceptOption: payload.acceptOption,
            amount: payload.acceptOption === 'CHANGE_INVOICE' ? (payload.amount ?? null) : null,
            comment: payload.comment ?? null,
            problem: payload.problem ?? null,
            previousStatus: order.status,
            openedAt: this.clock.now().toISOString(),
          }),
          updated_at: this.clock.now(),
        });
      });
      committed = true;
      const view = (await this.methods.byId(transaction)).get(row.method_id);
      if (!view) throw new AppError('not_found');
      return toFiatOrder(row, view, this.provider);
    } finally {
      if (!committed) await this.receipts.remove(stored.fileName);
    }
  }
}
