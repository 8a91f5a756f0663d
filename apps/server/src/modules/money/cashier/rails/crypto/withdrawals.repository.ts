import { isUuid } from '@casino/contract';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import type { CryptoWithdrawalsTable } from './crypto.tables.ts';
import type { CryptoWithdrawalHoldColumns } from './withdrawals.tables.ts';

export type CryptoWithdrawalRow = Selectable<CryptoWithdrawalsTable & CryptoWithdrawalHoldColumns>;
export type CryptoWithdrawalUpdate = Updateable<
  CryptoWithdrawalsTable & CryptoWithdrawalHoldColumns
>;

export interface NewCryptoWithdrawal {
  id: string;
  holdId: string;
  userId: string;
  methodCode: string;
  network: string;
  address: string | null;
  memo: string | null;
  provider: 'cryptobot' | null;
  messengerUserId: string | null;
  amountMinor: bigint;
  feeMinor: bigint;
  /** units of heldCurrency per unit of the asset */
  rate: string;
  heldMinor: bigint;
  heldCurrency: string;
  cancellableUntil: Date;
  createdAt: Date;
}

/** crypto_withdrawals (migrations/0018 + 0019) and the deposit addresses they may not target. */
export class CryptoWithdrawalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    executor: DatabaseExecutor,
    entry: NewCryptoWithdrawal,
  ): Promise<CryptoWithdrawalRow> {
    return await executor
      .insertInto('crypto_withdrawals')
      .values({
        id: entry.id,
        hold_id: entry.holdId,
        user_id: entry.userId,
        method_code: entry.methodCode,
        network: entry.network,
        address: entry.address,
        memo: entry.memo,
        provider: entry.provider,
        messenger_user_id: entry.messengerUserId,
        amount_minor: entry.amountMinor,
        fee_minor: entry.feeMinor,
        rate: entry.rate,
        held_minor: entry.heldMinor,
        held_currency: entry.heldCurrency,
        status: 'pending',
        cancellable_until: entry.cancellableUntil,
        created_at: entry.createdAt,
        updated_at: entry.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(
    id: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<CryptoWithdrawalRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('crypto_withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Locks the withdrawal for a status change; null when there is no such withdrawal. */
  async lock(executor: DatabaseExecutor, id: string): Promise<CryptoWithdrawalRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('crypto_withdrawals')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async update(
    executor: DatabaseExecutor,
    id: string,
    changes: CryptoWithdrawalUpdate,
  ): Promise<CryptoWithdrawalRow> {
    return await executor
      .updateTable('crypto_withdrawals')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The player's distinct withdrawal addresses for a method, most recently used first. */
  async recentAddresses(userId: string, methodCode: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('crypto_withdrawals')
      .select(['address', sql<Date>`max(created_at)`.as('last_used_at')])
      .where('user_id', '=', userId)
      .where('method_code', '=', methodCode)
      .where('address', 'is not', null)
      .groupBy('address')
      .orderBy('last_used_at', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((row) => (row.address === null ? [] : [row.address]));
  }

  /**
   * Whether the address is one of the players' deposit addresses in its address family
   * (`network`: bsc deposits use the ethereum rows); hex and bech32 compare case-insensitively.
   */
  async isDepositAddress(network: string, address: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('crypto_deposit_addresses')
      .select('user_id')
      .where('network', '=', network)
      .where(sql<string>`lower(address)`, '=', address.toLowerCase())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(
    filter: { status?: string | undefined; limit: number; offset: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: CryptoWithdrawalRow[]; total: number }> {
    let query = executor.selectFrom('crypto_withdrawals');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
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
}
