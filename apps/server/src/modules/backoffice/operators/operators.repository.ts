import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { OperatorRow } from '../../../db/schema.ts';

export interface NewOperator {
  email: string;
  passwordHash: string;
  role: string;
  createdAt: Date;
}

export interface NewOperatorSession {
  tokenHash: Buffer;
  operatorId: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface ActiveOperatorSession {
  id: string;
  operatorId: string;
  lastSeenAt: Date;
}

export class OperatorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns null when an operator with this e-mail already exists. */
  async insert(
    operator: NewOperator,
    executor: DatabaseExecutor = this.db,
  ): Promise<OperatorRow | null> {
    const row = await executor
      .insertInto('operators')
      .values({
        email: operator.email,
        password_hash: operator.passwordHash,
        role: operator.role,
        created_at: operator.createdAt,
        updated_at: operator.createdAt,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Stores a hash made with today's parameters, unless the password changed meanwhile. */
  async replacePasswordHash(id: string, previousHash: string, nextHash: string): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ password_hash: nextHash })
      .where('id', '=', id)
      .where('password_hash', '=', previousHash)
      .execute();
  }

  async findByEmail(email: string, executor: DatabaseExecutor = this.db) {
    const row = await executor
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    return row ?? null;
  }

  async emailsOf(ids: readonly string[], executor: DatabaseExecutor = this.db) {
    if (ids.length === 0) return [];
    return await executor
      .selectFrom('operators')
      .select(['id', 'email'])
      .where('id', 'in', [...ids])
      .execute();
  }

  async findById(id: string, executor: DatabaseExecutor = this.db) {
    const row = await executor
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async insertSession(
    session: NewOperatorSession,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .insertInto('operator_sessions')
      .values({
        token_hash: session.tokenHash,
        operator_id: session.operatorId,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async findActiveSession(
    tokenHash: Buffer,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<ActiveOperatorSession | null> {
    const row = await executor
      .selectFrom('operator_sessions')
      .select(['id', 'operator_id', 'last_seen_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? { id: row.id, operatorId: row.operator_id, lastSeenAt: row.last_seen_at } : null;
  }

  async touchSession(id: string, now: Date, executor: DatabaseExecutor = this.db): Promise<void> {
    await executor
      .updateTable('operator_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .execute();
  }

  async revokeSession(
    tokenHash: Buffer,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Deletes sessions that ended (expired or revoked) before `before`; returns how many. */
  async deleteEndedBefore(before: Date, executor: DatabaseExecutor = this.db): Promise<number> {
    const result = await executor
      .deleteFrom('operator_sessions')
      .where((expression) =>
        expression.or([
          expression('expires_at', '<', before),
          expression('revoked_at', '<', before),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
