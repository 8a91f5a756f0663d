import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string, executor: DatabaseExecutor = this.db): Promise<unknown> {
    const row = await executor
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async put(
    key: string,
    value: unknown,
    change: { operatorId: string | null; at: Date },
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    const json = JSON.stringify(value);
    await executor
      .insertInto('settings')
      .values({
        key,
        value: json,
        updated_at: change.at,
        updated_by_operator_id: change.operatorId,
      })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          value: json,
          updated_at: change.at,
          updated_by_operator_id: change.operatorId,
        }),
      )
      .execute();
  }

  /** Writes the value only if the key has never been set. */
  async putIfAbsent(key: string, value: unknown, at: Date, executor: DatabaseExecutor = this.db) {
    await executor
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: at })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  }
}
