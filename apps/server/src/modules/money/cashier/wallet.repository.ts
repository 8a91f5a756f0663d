import { isUuid } from '@casino/contract';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { FiatOrdersTable, FiatPaymentMethodsTable } from './wallet.tables.ts';

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

export interface CryptoDepositHistoryRow {
  id: string;
  method_code: string;
  asset: string;
  status: string;
  provider: string | null;
  address: string | null;
  tx_hash: string;
  amount_minor: bigint;
  created_at: Date;
}

export interface CryptoWithdrawalHistoryRow {
  id: string;
  method_code: string;
  asset: string;
  status: string;
  provider: string | null;
  address: string | null;
  memo: string | null;
  tx_hash: string | null;
  amount_minor: bigint;
  fee_minor: bigint;
  cancellable_until: Date | null;
  created_at: Date;
}

/** One item of a player's history, by where it is kept. */
export type HistoryEntry =
  | { source: 'fiat'; row: FiatOrderRow }
  | { source: 'crypto_deposit'; row: CryptoDepositHistoryRow }
  | { source: 'crypto_withdrawal'; row: CryptoWithdrawalHistoryRow };

/** Open buy orders: the player still has to pay (or the hosted page is pending). */
export const openBuyStatuses = ['waiting', 'pay_external_invoice'] as const;

export class WalletRepository {
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

  async listPlayerOrders(
    userId: string,
    page: { limit: number; offset: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: FiatOrderRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      executor
        .selectFrom('fiat_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      executor
        .selectFrom('fiat_orders')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /**
   * The player's history page: fiat orders, crypto deposits credited or on their way (matched
   * transfers) and crypto withdrawals (migrations/0018), newest first. One query orders the
   * ids of all three; the rows of the page are read after it.
   */
  async listPlayerHistory(
    userId: string,
    page: { limit: number; offset: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ entries: HistoryEntry[]; total: number }> {
    const union = sql`
      SELECT 'fiat' AS source, id, created_at FROM fiat_orders WHERE user_id = ${userId}
      UNION ALL
      SELECT 'crypto_deposit', id, created_at FROM crypto_deposits WHERE user_id = ${userId}
      UNION ALL
      SELECT 'crypto_withdrawal', id, created_at FROM crypto_withdrawals WHERE user_id = ${userId}`;
    const [ordered, count] = await Promise.all([
      sql<{ source: HistoryEntry['source']; id: string }>`
        SELECT source, id FROM (${union}) AS history
        ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
        executor,
      ),
      sql<{ total: string }>`SELECT count(*) AS total FROM (${union}) AS history`.execute(executor),
    ]);
    const ids = (source: HistoryEntry['source']) =>
      ordered.rows.filter((row) => row.source === source).map((row) => row.id);
    const [fiat, deposits, withdrawals] = await Promise.all([
      ids('fiat').length === 0
        ? []
        : executor.selectFrom('fiat_orders').selectAll().where('id', 'in', ids('fiat')).execute(),
      ids('crypto_deposit').length === 0
        ? []
        : executor
            .selectFrom('crypto_deposits as d')
            .innerJoin('crypto_methods as m', 'm.code', 'd.method_code')
            .select([
              'd.id',
              'd.method_code',
              'm.asset',
              'd.status',
              'd.provider',
              'd.address',
              'd.tx_hash',
              'd.amount_minor',
              'd.created_at',
            ])
            .where('d.id', 'in', ids('crypto_deposit'))
            .execute(),
      ids('crypto_withdrawal').length === 0
        ? []
        : executor
            .selectFrom('crypto_withdrawals as w')
            .innerJoin('crypto_methods as m', 'm.code', 'w.method_code')
            .select([
              'w.id',
              'w.method_code',
              'm.asset',
              'w.status',
              'w.provider',
              'w.address',
              'w.memo',
              'w.tx_hash',
              'w.amount_minor',
              'w.fee_minor',
              'w.cancellable_until',
              'w.created_at',
            ])
            .where('w.id', 'in', ids('crypto_withdrawal'))
            .execute(),
    ]);
    const byId = new Map<string, HistoryEntry>([
      ...fiat.map((row): [string, HistoryEntry] => [row.id, { source: 'fiat', row }]),
      ...deposits.map((row): [string, HistoryEntry] => [row.id, { source: 'crypto_deposit', row }]),
      ...withdrawals.map((row): [string, HistoryEntry] => [
        row.id,
        { source: 'crypto_withdrawal', row },
      ]),
    ]);
    const entries = ordered.rows.flatMap((row) => {
      const entry = byId.get(row.id);
      return entry ? [entry] : [];
    });
    return { entries, total: Number(count.rows[0]?.total ?? 0) };
  }

  async listOrders(
    filter: {
      status?: string | undefined;
      type?: string | undefined;
      limit: number;
      offset: number;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: FiatOrderRow[]; total: number }> {
    let query = executor.selectFrom('fiat_orders');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
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
