import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { LanguageRow } from '../../../db/schema.ts';

export class LanguagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listEnabled(executor: DatabaseExecutor = this.db): Promise<LanguageRow[]> {
    return await executor
      .selectFrom('languages')
      .selectAll()
      .where('enabled', '=', true)
      .orderBy('position')
      .orderBy('code')
      .execute();
  }
}
