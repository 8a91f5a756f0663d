import type { ExclusionKind } from '@casino/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';

export interface ExclusionRow {
  user_id: string;
  kind: ExclusionKind;
  started_at: Date;
  until: Date | null;
  operator_id: string | null;
  reopens_at: Date | null;
  updated_at: Date;
}

export interface ExclusionHistoryRow {
  action: 'started' | 'lengthened' | 'reopen_requested' | 'reopened' | 'ended';
  kind: ExclusionKind;
  until: Date | null;
  operator_id: string | null;
  created_at: Date;
}

/** player_exclusions, player_exclusion_history, rg_registry_sandbox_entries (migrations/0053). */
export class ExclusionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Serialises the changes of one player's exclusion (a row may not exist yet, so its lock
   * cannot do it) and answers the row, locked.
   */
  async lock(transaction: DatabaseTransaction, userId: string): Promise<ExclusionRow | undefined> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`player_exclusion:${userId}`}, 0))`.execute(
      transaction,
    );
    return (await transaction
      .selectFrom('player_exclusions')
      .selectAll()
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst()) as ExclusionRow | undefined;
  }

  /**
   * The player's exclusion for a money path's check: in a transaction the row is read FOR SHARE,
   * so an exclusion being lengthened or lifted is waited for.
   */
  async find(
    executor: DatabaseExecutor,
    userId: string,
    share = false,
  ): Promise<ExclusionRow | undefined> {
    let query = executor.selectFrom('player_exclusions').selectAll().where('user_id', '=', userId);
    if (share) query = query.forShare();
    return (await query.executeTakeFirst()) as ExclusionRow | undefined;
  }

  async save(transaction: DatabaseTransaction, row: ExclusionRow): Promise<void> {
    await transaction
      .insertInto('player_exclusions')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({
          kind: row.kind,
          started_at: row.started_at,
          until: row.until,
          operator_id: row.operator_id,
          reopens_at: row.reopens_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async delete(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await transaction.deleteFrom('player_exclusions').where('user_id', '=', userId).execute();
  }

  async record(
    transaction: DatabaseTransaction,
    entry: { userId: string } & ExclusionHistoryRow,
  ): Promise<void> {
    await transaction
      .insertInto('player_exclusion_history')
      .values({
        user_id: entry.userId,
        action: entry.action,
        kind: entry.kind,
        until: entry.until,
        operator_id: entry.operator_id,
        created_at: entry.created_at,
      })
      .execute();
  }

  /** Newest first. */
  async history(userId: string, executor: DatabaseExecutor = this.db) {
    return (await executor
      .selectFrom('player_exclusion_history')
      .select(['action', 'kind', 'until', 'operator_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute()) as ExclusionHistoryRow[];
  }

  /** Whether a sandbox registry entry lists this e-mail (normalised) and date of birth. */
  async sandboxListed(
    person: { email: string; dateOfBirth: string | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    const email = person.email.trim().toLowerCase();
    const found = await executor
      .selectFrom('rg_registry_sandbox_entries')
      .select('id')
      .where((where) =>
        where.and([
          where.or([where('email', 'is', null), where('email', '=', email)]),
          person.dateOfBirth === null
            ? where('date_of_birth', 'is', null)
            : where.or([
                where('date_of_birth', 'is', null),
                where('date_of_birth', '=', person.dateOfBirth),
              ]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  }
}
