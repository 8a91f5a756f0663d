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
import type { CryptoDepositAddressesTable, CryptoDepositsTable } from './crypto.tables.ts';
import { countHistory, newestHistoryKeys } from './crypto-history.ts';

export type DepositAddressRow = Selectable<CryptoDepositAddressesTable>;
export type CryptoDepositRow = Selectable<CryptoDepositsTable>;
export type CryptoDepositUpdate = Updateable<CryptoDepositsTable>;

/** Address families: deposits on bsc arrive at the player's ethereum address. */
export type AddressNetwork = 'bitcoin' | 'litecoin' | 'ethereum' | 'tron' | 'ton' | 'solana';

export interface NewCryptoDeposit {
  methodCode: string;
  network: string;
  txHash: string;
  outputIndex: number;
  userId: string | null;
  provider: 'cryptobot' | null;
  address: string | null;
  memo: string | null;
  amountMinor: bigint;
  confirmations: number;
  requiredConfirmations: number;
  status: 'confirming' | 'below_minimum' | 'unmatched';
  at: Date;
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

/** crypto_deposit_addresses and crypto_deposits (migrations/0018). */
export class CryptoDepositsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findAddress(
    userId: string,
    network: AddressNetwork,
    executor: DatabaseExecutor = this.db,
  ): Promise<DepositAddressRow | null> {
    const row = await executor
      .selectFrom('crypto_deposit_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('network', '=', network)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Serialises address assignment on one network until the transaction ends. */
  async lockAddressAssignment(executor: DatabaseExecutor, network: AddressNetwork): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`crypto_deposit_addresses:${network}`}, 0))`.execute(
      executor,
    );
  }

  /** The next unused receive index of a derived network (consecutive: wallets scan in order). */
  async nextDerivationIndex(executor: DatabaseExecutor, network: AddressNetwork): Promise<number> {
    const row = await executor
      .selectFrom('crypto_deposit_addresses')
      .select(sql<number | null>`max(derivation_index)`.as('last'))
      .where('network', '=', network)
      .executeTakeFirstOrThrow();
    return row.last === null ? 0 : Number(row.last) + 1;
  }

  async memoTaken(
    executor: DatabaseExecutor,
    network: AddressNetwork,
    memo: string,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom('crypto_deposit_addresses')
      .select('user_id')
      .where('network', '=', network)
      .where('memo', '=', memo)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertAddress(
    executor: DatabaseExecutor,
    entry: {
      userId: string;
      network: AddressNetwork;
      derivationIndex: number | null;
      memo: string | null;
      address: string;
      at: Date;
    },
  ): Promise<DepositAddressRow> {
    return await executor
      .insertInto('crypto_deposit_addresses')
      .values({
        user_id: entry.userId,
        network: entry.network,
        derivation_index: entry.derivationIndex,
        memo: entry.memo,
        address: entry.address,
        created_at: entry.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The player a derived address belongs to (hex and bech32 compare case-insensitively). */
  async ownerOfAddress(
    executor: DatabaseExecutor,
    network: AddressNetwork,
    address: string,
  ): Promise<string | null> {
    const row = await executor
      .selectFrom('crypto_deposit_addresses')
      .select('user_id')
      .where('network', '=', network)
      .where('memo', 'is', null)
      .where((eb) =>
        // tron's base58 is case-sensitive; hex and bech32 are not
        network === 'tron'
          ? eb('address', '=', address)
          : eb(sql<string>`lower(address)`, '=', address.toLowerCase()),
      )
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async ownerOfMemo(
    executor: DatabaseExecutor,
    network: AddressNetwork,
    memo: string,
  ): Promise<string | null> {
    const row = await executor
      .selectFrom('crypto_deposit_addresses')
      .select('user_id')
      .where('network', '=', network)
      .where('memo', '=', memo)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Inserts a transfer seen for the first time; null when (network, tx, output) exists. */
  async insertIfAbsent(
    executor: DatabaseExecutor,
    deposit: NewCryptoDeposit,
  ): Promise<CryptoDepositRow | null> {
    const row = await executor
      .insertInto('crypto_deposits')
      .values({
        method_code: deposit.methodCode,
        network: deposit.network,
        tx_hash: deposit.txHash,
        output_index: deposit.outputIndex,
        user_id: deposit.userId,
        provider: deposit.provider,
        address: deposit.address,
        memo: deposit.memo,
        amount_minor: deposit.amountMinor,
        confirmations: deposit.confirmations,
        required_confirmations: deposit.requiredConfirmations,
        status: deposit.status,
        created_at: deposit.at,
        updated_at: deposit.at,
      })
      .onConflict((conflict) => conflict.constraint('crypto_deposits_transfer').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Locks a transfer's row for its status change (waits for a concurrent first insert). */
  async lockTransfer(
    executor: DatabaseExecutor,
    network: string,
    txHash: string,
    outputIndex: number,
  ): Promise<CryptoDepositRow | null> {
    const row = await executor
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('network', '=', network)
      .where('tx_hash', '=', txHash)
      .where('output_index', '=', outputIndex)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async lockById(executor: DatabaseExecutor, id: string): Promise<CryptoDepositRow | null> {
    const row = await executor
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async update(
    executor: DatabaseExecutor,
    id: string,
    changes: CryptoDepositUpdate,
  ): Promise<CryptoDepositRow> {
    return await executor
      .updateTable('crypto_deposits')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every player's deposits, newest first, after `position` or from `offset` (history-page.ts). */
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
  ): Promise<{
    rows: Array<CryptoDepositRow & { global_id: string | null; asset: string; cursor_at: string }>;
    counted: number;
  }> {
    const position = filter.position;
    const order = filter.order ?? 'desc';
    const ordered = executor
      .selectFrom('crypto_deposits as d')
      .$if(filter.status !== undefined, (query) =>
        query.where('d.status', '=', filter.status ?? ''),
      )
      .$if(filter.userId !== undefined, (query) =>
        query.where('d.user_id', '=', filter.userId ?? ''),
      )
      .$if(filter.methodCode !== undefined, (query) =>
        query.where('d.method_code', '=', filter.methodCode ?? ''),
      )
      .$if(filter.from !== undefined, (query) =>
        query.where('d.created_at', '>=', filter.from ?? new Date(0)),
      )
      .$if(filter.to !== undefined, (query) =>
        query.where('d.created_at', '<', filter.to ?? new Date(0)),
      )
      .$if(position !== null, (query) =>
        query.where(
          afterPosition(
            ['d.created_at', 'd.id'],
            createdKeyParts,
            position as HistoryPosition,
            order,
          ),
        ),
      )
      .orderBy('d.created_at', order)
      .orderBy('d.id', order)
      .offset(position ? 0 : filter.offset);
    const [rows, counted] = await Promise.all([
      ordered
        .leftJoin('users as u', 'u.id', 'd.user_id')
        .innerJoin('crypto_methods as m', 'm.code', 'd.method_code')
        .selectAll('d')
        .select([
          'm.asset',
          sql<string | null>`u.global_id::text`.as('global_id'),
          historyInstant('d.created_at').as('cursor_at'),
        ])
        .limit(filter.limit)
        .execute(),
      cappedCount(executor, ordered),
    ]);
    return { rows, counted };
  }

  /** The keys of the player's newest `count` entries after `before` (crypto-history.ts). */
  async historyKeys(
    userId: string,
    provider: 'cryptobot' | null,
    input: { count: number; before: HistoryKey | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<HistoryKey[]> {
    return await newestHistoryKeys(executor, 'crypto_deposits', { userId, provider, ...input });
  }

  /** How many entries follow `before`, counted up to `upTo`. */
  async historyCount(
    userId: string,
    provider: 'cryptobot' | null,
    input: { before: HistoryKey | null; upTo: number },
    executor: DatabaseExecutor = this.db,
  ): Promise<number> {
    return await countHistory(executor, 'crypto_deposits', { userId, provider, ...input });
  }

  /** Deposits as the history shows them, with their method's asset. */
  async historyRows(
    ids: string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<CryptoDepositHistoryRow[]> {
    if (ids.length === 0) return [];
    return await executor
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
      .where('d.id', 'in', ids)
      .execute();
  }
}
