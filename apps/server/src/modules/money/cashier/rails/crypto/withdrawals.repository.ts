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
import type { HistoryKey } from '../../rail.ts';
import type { CryptoWithdrawalsTable } from './crypto.tables.ts';
import { countHistory, newestHistoryKeys } from './crypto-history.ts';
import type { CryptoWithdrawalHoldColumns } from './withdrawals.tables.ts';

export type CryptoWithdrawalRow = Selectable<CryptoWithdrawalsTable & CryptoWithdrawalHoldColumns>;
export type CryptoWithdrawalUpdate = Updateable<
  CryptoWithdrawalsTable & CryptoWithdrawalHoldColumns
>;

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

  /** Every player's withdrawals, newest first, after `position` or from `offset` (history-page.ts). */
  async list(
    filter: {
      status?: string | undefined;
      userId?: string | undefined;
      methodCode?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      order?: 'asc' | 'desc' | undefined;
      limit: number;
      offset: number;
      position: HistoryPosition | null;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<{ rows: (CryptoWithdrawalRow & { cursor_at: string })[]; counted: number }> {
    const position = filter.position;
    const order = filter.order ?? 'desc';
    const ordered = executor
      .selectFrom('crypto_withdrawals')
      .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status ?? ''))
      .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId ?? ''))
      .$if(filter.methodCode !== undefined, (query) =>
        query.where('method_code', '=', filter.methodCode ?? ''),
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
      ordered
        .selectAll()
        .select(historyInstant('created_at').as('cursor_at'))
        .limit(filter.limit)
        .execute(),
      cappedCount(executor, ordered),
    ]);
    return { rows, counted };
  }

  /**
   * The player's withdrawals through `provider` (null: to an address on the chain) pending or
   * completed created since `since`, summed per asset (the method's): what they count against
   * the daily limit.
   */
  async withdrawalSumsSince(
    userId: string,
    provider: 'cryptobot' | null,
    since: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<Array<{ currency: string; amountMinor: bigint }>> {
    const rows = await executor
      .selectFrom('crypto_withdrawals as w')
      .innerJoin('crypto_methods as m', 'm.code', 'w.method_code')
      .select(['m.asset', sql<string>`sum(w.amount_minor)::bigint`.as('amount_minor')])
      .where('w.user_id', '=', userId)
      .where((eb) =>
        provider === null ? eb('w.provider', 'is', null) : eb('w.provider', '=', provider),
      )
      .where('w.status', 'in', ['pending', 'completed'])
      .where('w.created_at', '>=', since)
      .groupBy('m.asset')
      .orderBy('m.asset')
      .execute();
    return rows.map((row) => ({ currency: row.asset, amountMinor: BigInt(row.amount_minor) }));
  }

  /** The keys of the player's newest `count` entries after `before` (crypto-history.ts). */
  async historyKeys(
    userId: string,
    provider: 'cryptobot' | null,
    input: { count: number; before: HistoryKey | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<HistoryKey[]> {
    return await newestHistoryKeys(executor, 'crypto_withdrawals', { userId, provider, ...input });
  }

  /** How many entries follow `before`, counted up to `upTo`. */
  async historyCount(
    userId: string,
    provider: 'cryptobot' | null,
    input: { before: HistoryKey | null; upTo: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<number> {
    return await countHistory(executor, 'crypto_withdrawals', { userId, provider, ...input });
  }

  /** Withdrawals as the history shows them, with their method's asset. */
  async historyRows(
    ids: string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<CryptoWithdrawalHistoryRow[]> {
    if (ids.length === 0) return [];
    return await executor
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
      .where('w.id', 'in', ids)
      .execute();
  }
}
