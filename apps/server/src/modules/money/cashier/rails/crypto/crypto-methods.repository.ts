import type { Kysely, Selectable } from 'kysely';
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

  async find(code: string, executor: DatabaseExecutor = this.db): Promise<CryptoMethodRow | null> {
    const row = await executor
      .selectFrom('crypto_methods')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row ?? null;
  }
}
