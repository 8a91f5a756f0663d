import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import type { CryptoMethodsTable } from './crypto.tables.ts';

export type CryptoMethodRow = Selectable<CryptoMethodsTable>;

/** crypto_methods (migrations/0018): the operator-editable catalog of crypto methods. */
export class CryptoMethodsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(executor: DatabaseExecutor = this.db): Promise<CryptoMethodRow[]> {
    return await executor
      .selectFrom('crypto_methods')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  }

  /** Locks a method's row for a change. */
  async lock(code: string, executor: DatabaseExecutor): Promise<CryptoMethodRow | null> {
    const row = await executor
      .selectFrom('crypto_methods')
      .selectAll()
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async update(
    code: string,
    changes: Updateable<CryptoMethodsTable>,
    executor: DatabaseExecutor,
  ): Promise<CryptoMethodRow> {
    return await executor
      .updateTable('crypto_methods')
      .set(changes)
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(code: string, executor: DatabaseExecutor = this.db): Promise<CryptoMethodRow | null> {
    const row = await executor
      .selectFrom('crypto_methods')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row ?? null;
  }
}
