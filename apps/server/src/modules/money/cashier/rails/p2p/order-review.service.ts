import {
  type AwaitingSecondApproval,
  type BackofficeOrder,
  type BackofficeOrdersQuery,
  currencyScale,
  filterBoundary,
  type HistoryPageMeta,
  parseDecimalToMinor,
  paymentQueuePredicates,
  type ResolveDisputeBody,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import { createdPageMeta, createdPageStart } from '../../../../../lib/history-page.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../../../players/accounts/users.service.ts';
import type { Cashier } from '../../cashier.service.ts';
import { fieldError } from './fiat-methods.ts';
import type { FiatOrderBook } from './fiat-order-book.ts';
import { toBackofficeOrder } from './fiat-order-views.ts';
import { openBuyStatuses } from './fiat-orders.repository.ts';

function isDefined<T>(value: T | undefined | null): value is T {
  return value !== undefined && value !== null;
}

import type { FiatOrderSettlement } from './order-settlement.ts';

/** Background follow-ups of an order; a no-op where this process runs no queue (the sweep catches up). */
export interface OrderJobScheduler {
  scheduleExpiry(orderId: string, at: Date): Promise<void>;
  scheduleAutoApprove(orderId: string, at: Date): Promise<void>;
}

export interface OrderReviewServiceDependencies {
  orders: FiatOrderBook;
  settlement: FiatOrderSettlement;
  /** maker-checker of payouts (Cashier.approveWithdrawal) */
  cashier: Pick<Cashier, 'approveWithdrawal'>;
  users: Pick<UsersService, 'findAccount' | 'findAccountByGlobalId'>;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
  transactions: Transactions;
  policy: {
    /** SANDBOX_AUTO_APPROVE_SECONDS; 0: off */
    autoApproveSeconds: number;
  };
  /** where the operator's switch of the sandbox auto-approval is read (the settings module) */
  autoApproveSwitch?: (() => Promise<boolean>) | undefined;
}

/**
 * The review of fiat orders, by the operator: the list, approve (a deposit is credited exactly
 * once, a withdrawal's hold posted), decline (a deposit closed, a withdrawal's hold released)
 * and the resolution of a disputed deposit, each change committed with its audit record; and in
 * the background (jobs/wallet-jobs.ts): an open deposit past its expiry times out, and in the
 * sandbox a receipt that waited long enough is approved as the operator would; the sweep at
 * start and every minute catches up what a lost job left.
 */
export class OrderReviewService {
  private readonly orders: FiatOrderBook;
  private readonly settlement: FiatOrderSettlement;
  private readonly cashier: OrderReviewServiceDependencies['cashier'];
  private readonly users: OrderReviewServiceDependencies['users'];
  private readonly audit: OrderReviewServiceDependencies['audit'];
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly policy: OrderReviewServiceDependencies['policy'];
  /** the operator's switch of the sandbox auto-approval (settings); on when none is given */
  private readonly autoApproveSwitch: () => Promise<boolean>;

  constructor({
    orders,
    settlement,
    cashier,
    users,
    audit,
    clock,
    transactions,
    policy,
    autoApproveSwitch = async () => true,
  }: OrderReviewServiceDependencies) {
    this.cashier = cashier;
    this.orders = orders;
    this.settlement = settlement;
    this.users = users;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
    this.policy = policy;
    this.autoApproveSwitch = autoApproveSwitch;
  }

  /**
   * Every player's orders, filtered (a queue by its one rule, paymentQueuePredicates), newest
   * or oldest first, by cursor or offset (lib/history-page.ts). A player who does not exist has
   * no orders.
   */
  async listOrders(filter: BackofficeOrdersQuery): Promise<{
    items: BackofficeOrder[];
    meta: HistoryPageMeta;
  }> {
    const start = createdPageStart(filter);
    let userId: string | undefined;
    if (filter.playerGlobalId !== undefined) {
      const account = await this.users.findAccountByGlobalId(filter.playerGlobalId);
      if (!account) return { items: [], meta: createdPageMeta(start, filter.limit, 0, []) };
      userId = account.id;
    }
    const queue = filter.queue === undefined ? null : paymentQueuePredicates[filter.queue];
    const { rows, counted } = await this.orders.repository.listOrders({
      ...start,
      limit: filter.limit,
      statuses: [filter.status, queue?.status].filter(isDefined),
      types: [filter.type, queue?.type ?? undefined].filter(isDefined),
      userId,
      currency: filter.currency,
      methodId: filter.methodId,
      from:
        filter.createdFrom === undefined ? undefined : filterBoundary(filter.createdFrom, 'from'),
      to: filter.createdTo === undefined ? undefined : filterBoundary(filter.createdTo, 'to'),
      order: filter.order,
    });
    const globalIds = new Map<string, string>();
    for (const row of rows) {
      if (!globalIds.has(row.user_id)) {
        const account = await this.users.findAccount(row.user_id);
        globalIds.set(row.user_id, account?.globalId ?? '');
      }
    }
    return {
      items: rows.map((row) => toBackofficeOrder(row, globalIds.get(row.user_id) ?? '')),
      meta: createdPageMeta(start, filter.limit, counted, rows),
    };
  }

  /**
   * Buy: credits the player exactly once and completes. Sell: posts the hold (money leaves) —
   * above the four-eyes threshold only on a second operator's approval (the first answers
   * `awaiting_second_approval`; Cashier.approveWithdrawal).
   */
  async approve(
    actor: OperatorActor | null,
    orderId: string,
    creditedMinor?: bigint,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeOrder | AwaitingSecondApproval> {
    let awaiting: AwaitingSecondApproval | null = null;
    const row = await this.orders.run(transaction, async (transaction) => {
      const order = await this.orders.lock(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status === 'completed') return order;
      if (order.type === 'sell' && order.status === 'pending' && actor) {
        const decision = await this.cashier.approveWithdrawal(transaction, {
          kind: 'p2p_order',
          withdrawalId: order.id,
          operatorId: actor.operatorId,
          amountMinor: order.amount_minor,
          currency: order.currency,
        });
        if (decision.status === 'awaiting_second_approval') {
          await this.audit.record(
            actor,
            {
              action: 'wallet.order.first_approval',
              targetType: 'fiat_order',
              targetId: order.id,
              payload: { type: order.type, amountMinor: order.amount_minor.toString() },
            },
            transaction,
          );
          awaiting = {
            status: 'awaiting_second_approval',
            id: order.id,
            firstApproverId: decision.firstApproverId,
          };
          return order;
        }
      }
      const updated = await this.settlement.approveLocked(transaction, order, creditedMinor);
      if (actor) {
        await this.audit.record(
          actor,
          {
            action: `wallet.order.approve`,
            targetType: 'fiat_order',
            targetId: order.id,
            payload: {
              type: order.type,
              previousStatus: order.status,
              creditedMinor: updated.credited_minor?.toString() ?? null,
            },
          },
          transaction,
        );
      }
      return updated;
    });
    if (awaiting) return awaiting;
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  async decline(
    actor: OperatorActor | null,
    orderId: string,
    transaction?: DatabaseTransaction,
    reason: string | null = null,
  ): Promise<BackofficeOrder> {
    const row = await this.orders.run(transaction, async (transaction) => {
      const order = await this.orders.lock(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status === 'declined') return order;
      const updated = await this.settlement.declineLocked(transaction, order, reason);
      if (actor) {
        await this.audit.record(
          actor,
          {
            action: 'wallet.order.decline',
            targetType: 'fiat_order',
            targetId: order.id,
            payload: { type: order.type, previousStatus: order.status, reason },
          },
          transaction,
        );
      }
      return updated;
    });
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  async resolveDispute(
    actor: OperatorActor,
    orderId: string,
    body: ResolveDisputeBody,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeOrder> {
    const existing = await this.orders.find(orderId, transaction);
    if (!existing) throw new AppError('not_found');
    if (existing.status !== 'disputed') {
      throw new AppError('order_status_conflict', { payload: { status: existing.status } });
    }
    let creditedMinor: bigint | undefined;
    if (body.outcome === 'approve' && body.amount !== undefined) {
      const parsed = parseDecimalToMinor(body.amount, currencyScale(existing.currency));
      if (parsed === null || parsed <= 0n) throw fieldError('amount', 'Validation.invalid_amount');
      creditedMinor = parsed;
    }
    const row = await this.orders.run(transaction, async (transaction) => {
      const order = await this.orders.lock(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status !== 'disputed') {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      const updated =
        body.outcome === 'approve'
          ? await this.settlement.approveLocked(transaction, order, creditedMinor)
          : await this.settlement.declineLocked(transaction, order);
      await this.audit.record(
        actor,
        {
          action: 'wallet.order.resolve_dispute',
          targetType: 'fiat_order',
          targetId: order.id,
          payload: { outcome: body.outcome, amount: body.amount ?? null },
        },
        transaction,
      );
      return updated;
    });
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  // ─── background ────────────────────────────────────────────────────────────────────────────

  /** Job: an open deposit past its expiry becomes timeouted. Returns whether it changed. */
  async expireOrder(orderId: string): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const order = await this.orders.lock(transaction, orderId);
      if (!order || !(openBuyStatuses as readonly string[]).includes(order.status)) return false;
      if (order.expires_at.getTime() > this.clock.now().getTime()) return false;
      await this.orders.update(transaction, order.id, {
        status: 'timeouted',
        updated_at: this.clock.now(),
      });
      return true;
    });
  }

  /** The sandbox auto-approval runs: configured (SANDBOX_AUTO_APPROVE_SECONDS > 0) and switched on. */
  private async autoApproveActive(): Promise<boolean> {
    return this.policy.autoApproveSeconds > 0 && (await this.autoApproveSwitch());
  }

  /**
   * Job (sandbox): approves a deposit whose receipt waited SANDBOX_AUTO_APPROVE_SECONDS, unless
   * the operator switched the auto-approval off meanwhile. Nobody checks the receipt, which is
   * why this never runs in production without the sandbox opt-in (config.ts).
   */
  async autoApprove(orderId: string): Promise<boolean> {
    if (!(await this.autoApproveActive())) return false;
    const order = await this.orders.find(orderId);
    if (order?.type !== 'buy' || order.status !== 'wait_for_confirmation') return false;
    const dueAt = order.updated_at.getTime() + this.policy.autoApproveSeconds * 1000;
    if (dueAt > this.clock.now().getTime()) return false;
    try {
      await this.approve(null, orderId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'order_status_conflict') return false;
      throw error;
    }
  }

  /**
   * At start and every minute: expires what is due and, while the sandbox auto-approval runs,
   * approves the receipts that waited long enough, in case a job was lost (or the operator
   * switched the auto-approval back on).
   */
  async sweep(batchSize = 100): Promise<{ expired: number; autoApproved: number }> {
    let expired = 0;
    for (const id of await this.orders.repository.dueExpiredOrderIds(this.clock.now(), batchSize)) {
      if (await this.expireOrder(id)) expired += 1;
    }
    let autoApproved = 0;
    if (await this.autoApproveActive()) {
      const receivedBefore = new Date(
        this.clock.now().getTime() - this.policy.autoApproveSeconds * 1000,
      );
      for (const id of await this.orders.repository.dueAutoApproveOrderIds(
        receivedBefore,
        batchSize,
      )) {
        if (await this.autoApprove(id)) autoApproved += 1;
      }
    }
    return { expired, autoApproved };
  }
}
