import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { type Db, type JobInsert, PgBoss } from 'pg-boss';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import type { Database } from '../db/database.ts';
import type { Transactions } from '../lib/transactions.ts';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobDefinition {
  name: string;
  handler: JobHandler;
  /** cron (UTC) for recurring jobs */
  cron?: string;
}

/** pg-boss's schema. */
const bossSchema = 'pgboss';
/**
 * Where an older pg-boss's schema is moved aside while its pending jobs are carried over. pg-boss
 * 12 migrates its schema from version 25 on; pg-boss 10 left version 24 (and 9 older ones).
 */
export const retiredBossSchema = 'pgboss_v10';
const oldestMigratableSchemaVersion = 25;
/** One process at a time moves the old schema aside and carries its jobs over. */
const upgradeLockKey = "hashtext('casino:pg-boss-12-upgrade')";
/** The states of a job not yet done (`active`: a process died while running it). */
const pendingStates = ['created', 'retry', 'active'] as const;

interface RetiredJob {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  priority: number;
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
}

function executorOf(db: Kysely<Database> | Transaction<Database>): Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...(result.rows ?? [])] };
    },
  };
}

/**
 * The PostgreSQL-backed job queue (pg-boss) shared by every server process: a job runs once in
 * whichever process fetches it. pg-boss talks through the app's own pool, so it needs no
 * separate connection string (embedded PostgreSQL included).
 */
export class JobQueue {
  private boss: PgBoss | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transactions: Pick<Transactions, 'run'>,
  ) {}

  get started(): boolean {
    return this.boss !== null;
  }

  async start(definitions: readonly JobDefinition[], logger: FastifyBaseLogger): Promise<void> {
    await this.retireUnmigratableSchema(logger);
    const boss = new PgBoss({ db: executorOf(this.db), schema: bossSchema });
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
    await this.carryOverRetiredJobs(boss, definitions, logger);
    this.boss = boss;
  }

  /**
   * pg-boss 12 cannot migrate the schema an older pg-boss (10) left: it is renamed aside, so that
   * pg-boss 12 installs its own, and its pending jobs are carried over once the queues exist.
   */
  private async retireUnmigratableSchema(logger: FastifyBaseLogger): Promise<void> {
    await this.transactions.run(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.raw(upgradeLockKey)})`.execute(trx);
      const installed = await sql<{ installed: boolean }>`
        SELECT to_regclass(${`${bossSchema}.version`}) IS NOT NULL AS installed`.execute(trx);
      if (!installed.rows[0]?.installed) return;
      const versions = await sql<{ version: number }>`
        SELECT version FROM ${sql.table(`${bossSchema}.version`)}`.execute(trx);
      const version = versions.rows[0]?.version;
      if (version === undefined || version >= oldestMigratableSchemaVersion) return;
      const retired = await sql<{ present: boolean }>`
        SELECT to_regnamespace(${retiredBossSchema}) IS NOT NULL AS present`.execute(trx);
      if (retired.rows[0]?.present) {
        throw new Error(
          `pg-boss schema version ${version} found while an older one waits in ${retiredBossSchema}`,
        );
      }
      await sql`ALTER SCHEMA ${sql.id(bossSchema)} RENAME TO ${sql.id(retiredBossSchema)}`.execute(
        trx,
      );
      logger.info(
        { version, schema: retiredBossSchema },
        'job queue: an older pg-boss schema moved aside for pg-boss 12',
      );
    });
  }

  /**
   * Moves the pending one-off jobs of the retired schema into pg-boss 12's queues and drops that
   * schema, in one transaction (so a crash halfway leaves it to the next start, never a job
   * twice). Jobs a cron schedule makes are left: the schedules are set again at every start.
   */
  private async carryOverRetiredJobs(
    boss: PgBoss,
    definitions: readonly JobDefinition[],
    logger: FastifyBaseLogger,
  ): Promise<void> {
    const oneOff = new Set(definitions.filter((d) => !d.cron).map((d) => d.name));
    await this.transactions.run(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.raw(upgradeLockKey)})`.execute(trx);
      const retired = await sql<{ present: boolean }>`
        SELECT to_regnamespace(${retiredBossSchema}) IS NOT NULL AS present`.execute(trx);
      if (!retired.rows[0]?.present) return;
      const pending = await sql<RetiredJob>`
        SELECT id, name, data, priority, retry_limit, retry_count, retry_delay, retry_backoff,
               start_after, singleton_key
        FROM ${sql.table(`${retiredBossSchema}.job`)}
        WHERE state::text IN (${sql.join(pendingStates)})
        ORDER BY start_after, id`.execute(trx);
      const byQueue = new Map<string, JobInsert[]>();
      let dropped = 0;
      for (const job of pending.rows) {
        if (!oneOff.has(job.name)) {
          dropped += 1;
          continue;
        }
        const jobs = byQueue.get(job.name) ?? [];
        jobs.push({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          // what was left of its attempts
          retryLimit: Math.max(0, job.retry_limit - job.retry_count),
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: job.start_after,
          ...(job.singleton_key === null ? {} : { singletonKey: job.singleton_key }),
        });
        byQueue.set(job.name, jobs);
      }
      const executor = executorOf(trx);
      for (const [name, jobs] of byQueue) await boss.insert(name, jobs, { db: executor });
      await sql`DROP SCHEMA ${sql.id(retiredBossSchema)} CASCADE`.execute(trx);
      logger.info(
        {
          carried: pending.rows.length - dropped,
          dropped,
          queues: Object.fromEntries([...byQueue].map(([name, jobs]) => [name, jobs.length])),
        },
        'job queue: pending jobs of the older pg-boss carried over, its schema dropped',
      );
    });
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
    // graceful: running jobs get up to 5 s to finish; stop() resolves once pg-boss has stopped
    await boss?.stop({ graceful: true, timeout: 5_000 });
  }
}
