import { isUuid } from '@casino/contract';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import {
  afterPosition,
  cappedCount,
  createdKeyParts,
  type HistoryPosition,
  historyInstant,
} from '../../../../../lib/history-page.ts';
import { type HistoryKey, historyBefore, historyKeyAt } from '../../rail.ts';
import type { FiatOrdersTable, FiatPaymentMethodsTable } from './p2p.tables.ts';

export type FiatMethodRow = Selectable<FiatPaymentMethodsTable>;
export type FiatOrderRow = Selectable<FiatOrdersTable>;
export type FiatOrderUpdate = Updateable<FiatOrdersTable>;

export interface NewFiatOrder {
  /** set when the caller needs the id before the row exists (a withdrawal's hold reference) */
  id?: string;
  holdId?: string;
  userId: string;
  type: 'buy' | 'sell';
  status: string;
  methodId: string;
  currency: string;
  amountMinor: bigint;
  feeMinor: bigint;
  requisiteId: string | null;
  paymentDetails: Record<string, string | null>;
  recipientBank: string | null;
  externalTarget: 'parent' | 'blank' | null;
  externalFields: Record<string, string>;
  callbackUrl: string | null;
  subbankId: string | null;
  expiresAt: Date;
  cancellableUntil: Date | null;
  createdAt: Date;
  /** a withdrawal held in the player's balance currency, not the order's (see migration 0008) */
  exchange?: OrderExchange;
}

/** What the order moved on the player's balance when that is in another currency. */
export interface OrderExchange {
  balanceCurrency: string;
  balanceAmountMinor: bigint;
  /** units of `balanceCurrency` per unit of the order's currency */
  rate: string;
}

/** Open buy orders: the player still has to pay (or the hosted page is pending). */
export const openBuyStatuses = ['waiting', 'pay_external_invoice'] as const;

/** The P2P rail's methods, fiat orders and saved withdrawal details. */
export class FiatOrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listMethods(executor: DatabaseExecutor = this.db): Promise<FiatMethodRow[]> {
    return await executor
      .selectFrom('fiat_payment_methods')
      .selectAll()
      .where('enabled', '=', true)
      .orderBy('id')
      .execute();
  }

  async findMethod(
    id: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<FiatMethodRow | null> {
    const row = await executor
      .selectFrom('fiat_payment_methods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async insertOrder(executor: DatabaseExecutor, order: NewFiatOrder): Promise<FiatOrderRow> {
    return await executor
      .insertInto('fiat_orders')
      .values({
        ...(order.id === undefined ? {} : { id: order.id }),
        hold_id: order.holdId ?? null,
        user_id: order.userId,
        type: order.type,
        status: order.status,
        method_id: order.methodId,
        currency: order.currency,
        amount_minor: order.amountMinor,
        fee_minor: order.feeMinor,
        requisite_id: order.requisiteId,
        payment_details: JSON.stringify(order.paymentDetails),
        recipient_bank: order.recipientBank,
        external_target: order.externalTarget,
        external_fields: JSON.stringify(order.externalFields),
        callback_url: order.callbackUrl,
        subbank_id: order.subbankId,
        expires_at: order.expiresAt,
        cancellable_until: order.cancellableUntil,
        ...(order.exchange === undefined
          ? {}
          : {
              balance_currency: order.exchange.balanceCurrency,
              balance_amount_minor: order.exchange.balanceAmountMinor,
              exchange_rate: order.exchange.rate,
            }),
        created_at: order.createdAt,
        updated_at: order.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findOrder(id: string, executor: DatabaseExecutor = this.db): Promise<FiatOrderRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('fiat_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Locks the order row for a status change; null when there is no such order. */
  async lockOrder(executor: DatabaseExecutor, id: string): Promise<FiatOrderRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('fiat_orders')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async updateOrder(
    executor: DatabaseExecutor,
    id: string,
    changes: FiatOrderUpdate,
  ): Promise<FiatOrderRow> {
    return await executor
      .updateTable('fiat_orders')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findOpenBuyOrder(
    executor: DatabaseExecutor = this.db,
    userId: string,
    methodId: string,
    now: Date,
  ): Promise<FiatOrderRow | null> {
    const row = await executor
      .selectFrom('fiat_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('method_id', '=', methodId)
      .where('type', '=', 'buy')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', openBuyStatuses), eb('expires_at', '>', now)]),
          eb('status', '=', 'wait_for_confirmation'),
        ]),
      )
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  /** The player's orders after `before` in the history's order (all when null). */
  private ownHistory(executor: DatabaseExecutor, userId: string, before: HistoryKey | null) {
    return executor
      .selectFrom('fiat_orders')
      .where('user_id', '=', userId)
      .$if(before !== null, (query) => query.where(historyBefore(before as HistoryKey)));
  }

  /**
   * The keys of the player's newest `count` orders after `before`, newest first, as the history
   * sorts them (index fiat_orders_user_idx).
   */
  async historyKeys(
    userId: string,
    input: { count: number; before: HistoryKey | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<HistoryKey[]> {
    return await this.ownHistory(executor, userId, input.before)
      .select(['id', historyKeyAt('created_at').as('at')])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.count)
      .execute();
  }

  /** How many orders follow `before`, counted up to `upTo`. */
  async historyCount(
    userId: string,
    input: { before: HistoryKey | null; upTo: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<number> {
    return await cappedCount(executor, this.ownHistory(executor, userId, input.before), input.upTo);
  }

  async findOrders(ids: string[], executor: DatabaseExecutor = this.db): Promise<FiatOrderRow[]> {
    if (ids.length === 0) return [];
    return await executor.selectFrom('fiat_orders').selectAll().where('id', 'in', ids).execute();
  }

  /**
   * The player's withdrawals (sell orders) pending or completed created since `since`, summed
   * per currency (the order's): what they count against the daily limit.
   */
  async withdrawalSumsSince(
    userId: string,
    since: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<Array<{ currency: string; amountMinor: bigint }>> {
    const rows = await executor
      .selectFrom('fiat_orders')
      .select(['currency', sql<string>`sum(amount_minor)::bigint`.as('amount_minor')])
      .where('user_id', '=', userId)
      .where('type', '=', 'sell')
      .where('status', 'in', ['pending', 'completed'])
      .where('created_at', '>=', since)
      .groupBy('currency')
      .orderBy('currency')
      .execute();
    return rows.map((row) => ({ currency: row.currency, amountMinor: BigInt(row.amount_minor) }));
  }

  /**
   * A page of every player's orders for the back office, newest first: after `position` (a
   * cursor) or from `offset`; `counted`: rows from the page's start, counted up to the cap.
   */
  async listOrders(
    filter: {
      /** every one must hold (a status filter and a queue's rule together) */
      statuses: string[];
      types: string[];
      userId?: string | undefined;
      currency?: string | undefined;
      methodId?: string | undefined;
      /** created at or after */
      from?: Date | undefined;
      /** created before */
      to?: Date | undefined;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
      position: HistoryPosition | null;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: (FiatOrderRow & { cursor_at: string })[]; counted: number }> {
    const { position, order } = filter;
    let ordered = executor.selectFrom('fiat_orders');
    for (const status of filter.statuses) ordered = ordered.where('status', '=', status);
    for (const type of filter.types) ordered = ordered.where('type', '=', type);
    const sorted = ordered
      .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId ?? ''))
      .$if(filter.currency !== undefined, (query) =>
        query.where('currency', '=', filter.currency ?? ''),
      )
      .$if(filter.methodId !== undefined, (query) =>
        query.where('method_id', '=', filter.methodId ?? ''),
      )
      .$if(filter.from !== undefined, (query) =>
        query.where('created_at', '>=', filter.from ?? new Date(0)),
      )
      .$if(filter.to !== undefined, (query) =>
        query.where('created_at', '<', filter.to ?? new Date(0)),
      )
      .$if(position !== null, (query) =>
        query.where(
          afterPosition(['created_at', 'id'], createdKeyParts, position as HistoryPosition, order),
        ),
      )
      .orderBy('created_at', order)
      .orderBy('id', order)
      .offset(position ? 0 : filter.offset);
    const [rows, counted] = await Promise.all([
      sorted
        .selectAll()
        .select(historyInstant('created_at').as('cursor_at'))
        .limit(filter.limit)
        .execute(),
      cappedCount(executor, sorted),
    ]);
    return { rows, counted };
  }

  /** Open buy orders past their expiry, oldest first, at most `limit`. */
  async dueExpiredOrderIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('fiat_orders')
      .select('id')
      .where('status', 'in', openBuyStatuses)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deposits whose receipt arrived at or before `receivedBefore`, oldest first, at most `limit`. */
  async dueAutoApproveOrderIds(receivedBefore: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('fiat_orders')
      .select('id')
      .where('status', '=', 'wait_for_confirmation')
      .where('type', '=', 'buy')
      .where('updated_at', '<=', receivedBefore)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async saveDetails(
    executor: DatabaseExecutor,
    entry: {
      userId: string;
      methodId: string;
      details: Record<string, string>;
      hash: string;
      at: Date;
    },
  ): Promise<void> {
    await executor
      .insertInto('fiat_saved_details')
      .values({
        user_id: entry.userId,
        method_id: entry.methodId,
        details: JSON.stringify(entry.details),
        details_hash: entry.hash,
        used_at: entry.at,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'method_id', 'details_hash'])
          .doUpdateSet({ used_at: entry.at }),
      )
      .execute();
  }

  async savedDetails(userId: string, methodId: string, limit: number): Promise<unknown[]> {
    const rows = await this.db
      .selectFrom('fiat_saved_details')
      .select('details')
      .where('user_id', '=', userId)
      .where('method_id', '=', methodId)
      .orderBy('used_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.details);
  }
}
