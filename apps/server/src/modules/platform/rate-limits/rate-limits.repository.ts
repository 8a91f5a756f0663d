import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

export interface CounterKey {
  bucket: string;
  subject: string;
  windowStart: Date;
}

export class RateLimitsRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  /** Adds one hit atomically (safe across processes) and returns the window's total. */
  async increment(key: CounterKey, expiresAt: Date, executor = this.db): Promise<number> {
    const row = await executor
      .insertInto('rate_limit_counters')
      .values({
        bucket: key.bucket,
        subject: key.subject,
        window_start: key.windowStart,
        expires_at: expiresAt,
        hits: 1,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['bucket', 'subject', 'window_start'])
          .doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }

  async count(key: CounterKey, executor = this.db): Promise<number> {
    const row = await executor
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('bucket', '=', key.bucket)
      .where('subject', '=', key.subject)
      .where('window_start', '=', key.windowStart)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  async clear(key: CounterKey, executor = this.db): Promise<void> {
    await executor
      .deleteFrom('rate_limit_counters')
      .where('bucket', '=', key.bucket)
      .where('subject', '=', key.subject)
      .where('window_start', '=', key.windowStart)
      .execute();
  }

  async deleteExpired(now: Date, executor = this.db): Promise<void> {
    await executor.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).execute();
  }
}
