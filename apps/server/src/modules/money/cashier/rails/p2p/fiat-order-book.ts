import type { DatabaseExecutor, DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { PaymentQueueEvents } from '../../../../../lib/operator-events.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { RealtimeEvents } from '../../../../realtime/events.ts';
import { toTransactionEvent } from './fiat-order-views.ts';
import type {
  FiatOrderRow,
  FiatOrdersRepository,
  FiatOrderUpdate,
  NewFiatOrder,
} from './fiat-orders.repository.ts';

/** A deposit's statuses before the player says they paid: no operator queue holds it yet. */
const fiatDepositStatusesBeforeQueues: readonly string[] = ['waiting', 'pay_external_invoice'];

export interface FiatOrderBookDependencies {
  repository: FiatOrdersRepository;
  events: Pick<RealtimeEvents, 'transactionChanged'>;
  /** the operators' live feed: each status an order takes may move it in or out of a queue */
  operatorEvents?: PaymentQueueEvents | undefined;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * The fiat orders as every P2P service reads and writes them: each status an order takes
 * reaches the player as a `transaction#` event at commit; another player's order does not
 * exist as far as a player can tell; a status change runs with the order row locked.
 */
export class FiatOrderBook {
  readonly repository: FiatOrdersRepository;
  private readonly events: Pick<RealtimeEvents, 'transactionChanged'>;
  private readonly operatorEvents: PaymentQueueEvents | undefined;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    repository,
    events,
    operatorEvents,
    clock,
    transactions,
  }: FiatOrderBookDependencies) {
    this.repository = repository;
    this.events = events;
    this.operatorEvents = operatorEvents;
    this.clock = clock;
    this.transactions = transactions;
  }

  /** Runs `fn` in the caller's transaction (an idempotent request's) or in a new one. */
  async run<T>(
    transaction: DatabaseTransaction | undefined,
    fn: (transaction: DatabaseTransaction) => Promise<T>,
  ): Promise<T> {
    return transaction ? await fn(transaction) : await this.transactions.run(fn);
  }

  async insert(transaction: DatabaseTransaction, order: NewFiatOrder): Promise<FiatOrderRow> {
    const row = await this.repository.insertOrder(transaction, order);
    await this.announce(transaction, row);
    return row;
  }

  async update(
    transaction: DatabaseTransaction,
    id: string,
    changes: FiatOrderUpdate,
  ): Promise<FiatOrderRow> {
    const row = await this.repository.updateOrder(transaction, id, changes);
    if (changes.status !== undefined) await this.announce(transaction, row);
    return row;
  }

  async find(id: string, executor?: DatabaseExecutor): Promise<FiatOrderRow | null> {
    return await this.repository.findOrder(id, executor);
  }

  /** Locks the order row for a status change; null when there is no such order. */
  async lock(executor: DatabaseExecutor, id: string): Promise<FiatOrderRow | null> {
    return await this.repository.lockOrder(executor, id);
  }

  /** The player's own order of this type, or not_found. */
  async requireOwn(
    userId: string,
    orderId: string,
    type: 'buy' | 'sell',
    executor?: DatabaseExecutor,
  ): Promise<FiatOrderRow> {
    const order = await this.repository.findOrder(orderId, executor);
    if (!order || order.user_id !== userId || order.type !== type) throw new AppError('not_found');
    return order;
  }

  /** The player's own order of this type, locked, or not_found. */
  async lockOwn(
    executor: DatabaseExecutor,
    userId: string,
    orderId: string,
    type: 'buy' | 'sell',
  ): Promise<FiatOrderRow> {
    const order = await this.repository.lockOrder(executor, orderId);
    if (!order || order.user_id !== userId || order.type !== type) throw new AppError('not_found');
    return order;
  }

  private async announce(transaction: DatabaseTransaction, row: FiatOrderRow): Promise<void> {
    // A deposit enters a queue with its receipt (or a dispute) and leaves it decided; it is in
    // none while it waits for the player's payment. A withdrawal is in one from its request on.
    if (row.type === 'sell') {
      await this.operatorEvents?.queuesChanged(transaction, 'fiatWithdrawalsToPay', 'approvals');
    } else if (!fiatDepositStatusesBeforeQueues.includes(row.status)) {
      await this.operatorEvents?.queuesChanged(transaction, 'depositsAwaitingApproval', 'disputes');
    }
    await this.events.transactionChanged(
      transaction,
      row.user_id,
      toTransactionEvent(row, this.clock.now()),
    );
  }
}
