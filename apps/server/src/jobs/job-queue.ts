import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import type { Database } from '../db/database.ts';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobDefinition {
  name: string;
  handler: JobHandler;
  /** cron (UTC) for recurring jobs */
  cron?: string;
}

/**
 * The PostgreSQL-backed job queue (pg-boss) shared by every server process: a job runs once in
 * whichever process fetches it. pg-boss talks through the app's own pool, so it needs no
 * separate connection string (embedded PostgreSQL included).
 */
export class JobQueue {
  private boss: PgBoss | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  get started(): boolean {
    return this.boss !== null;
  }

  async start(definitions: readonly JobDefinition[], logger: FastifyBaseLogger): Promise<void> {
    const boss = new PgBoss({
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          const result = await this.db.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: [...(result.rows ?? [])] };
        },
      },
    });
    boss.on('error', (error) => {
      // Every worker polls each second and fails while PostgreSQL is down; the pool reports
      // the outage once, and pg-boss carries on polling until the database is back.
      if (isDatabaseUnavailable(error)) logger.debug({ err: error }, 'job queue paused');
      else logger.error({ err: error }, 'job queue error');
    });
    await boss.start();
    for (const definition of definitions) {
      await boss.createQueue(definition.name);
      await boss.work<Record<string, unknown>>(
        definition.name,
        { pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await definition.handler(job.data ?? {});
        },
      );
      if (definition.cron) await boss.schedule(definition.name, definition.cron);
    }
    this.boss = boss;
  }

  /** Queues a job to run at `runAt`; false when this process does not run the queue. */
  async send(name: string, data: Record<string, unknown>, runAt: Date): Promise<boolean> {
    if (!this.boss) return false;
    await this.boss.send(name, data, { startAfter: runAt, retryLimit: 5, retryDelay: 5 });
    return true;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, timeout: 5_000, wait: true });
  }
}
