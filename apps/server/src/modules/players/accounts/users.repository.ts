import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { UserRow, UserUpdate } from '../../../db/schema.ts';

export interface NewPlayer {
  email: string;
  passwordHash: string;
  language: string;
  /** ISO country of the registration request's IP; absent: unknown */
  country?: string | null;
  createdAt: Date;
}

/**
 * Told after each write of a player's row, with the executor it ran on: the process's caches of
 * the row drop it now and at commit (the table's trigger tells the other processes).
 */
export type UserWritten = (executor: DatabaseExecutor, userId: string) => void;

export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly written: UserWritten = () => {},
  ) {}

  /** Returns null when the e-mail address is already registered. */
  async insert(player: NewPlayer, executor: DatabaseExecutor = this.db): Promise<UserRow | null> {
    const row = await executor
      .insertInto('users')
      .values({
        email: player.email,
        password_hash: player.passwordHash,
        language: player.language,
        country: player.country ?? null,
        created_at: player.createdAt,
        updated_at: player.createdAt,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Stores a hash made with today's parameters, unless the password changed meanwhile. */
  async replacePasswordHash(id: string, previousHash: string, nextHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: nextHash })
      .where('id', '=', id)
      .where('password_hash', '=', previousHash)
      .execute();
    this.written(this.db, id);
  }

  async findById(id: string, executor: DatabaseExecutor = this.db): Promise<UserRow | null> {
    const row = await executor
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async findByIds(
    ids: readonly string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return await executor
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Locks the row until the caller's transaction ends, so concurrent edits serialise. */
  async findByIdForUpdate(id: string, transaction: DatabaseExecutor): Promise<UserRow | null> {
    const row = await transaction
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async findByEmail(email: string, executor: DatabaseExecutor = this.db): Promise<UserRow | null> {
    const row = await executor
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    return row ?? null;
  }

  async findByGlobalId(
    globalId: bigint,
    executor: DatabaseExecutor = this.db,
  ): Promise<UserRow | null> {
    const row = await executor
      .selectFrom('users')
      .selectAll()
      .where('global_id', '=', globalId)
      .executeTakeFirst();
    return row ?? null;
  }

  async update(
    id: string,
    changes: UserUpdate,
    executor: DatabaseExecutor = this.db,
  ): Promise<UserRow | null> {
    const row = await executor
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    this.written(executor, id);
    return row ?? null;
  }

  /** The deposit-limit prompt answered at `at`, unless it was already. */
  async answerLimitsPrompt(id: string, at: Date, executor: DatabaseExecutor): Promise<void> {
    await executor
      .updateTable('users')
      .set({ limits_prompt_answered_at: at })
      .where('id', '=', id)
      .where('limits_prompt_answered_at', 'is', null)
      .execute();
    this.written(executor, id);
  }

  /** One completed deposit: counts it, adds its USD value and marks the first deposit. */
  async recordDeposit(
    id: string,
    amountUsdMinor: bigint,
    at: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .updateTable('users')
      .set((expression) => ({
        deposit_count: sql<number>`${expression.ref('deposit_count')} + 1`,
        deposit_sum_minor: sql<bigint>`${expression.ref('deposit_sum_minor')} + ${amountUsdMinor.toString()}::bigint`,
        first_deposit_at: sql<Date>`coalesce(${expression.ref('first_deposit_at')}, ${at})`,
        updated_at: at,
      }))
      .where('id', '=', id)
      .execute();
    this.written(executor, id);
  }
}
