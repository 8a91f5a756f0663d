import type { LimitPeriod, LimitType } from '@casino/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';

export interface LimitRow {
  user_id: string;
  type: LimitType;
  period: LimitPeriod;
  currency: string;
  amount_minor: bigint;
  pending_amount_minor: bigint | null;
  pending_effective_at: Date | null;
  updated_at: Date;
}

export interface LimitChange {
  userId: string;
  type: LimitType;
  period: LimitPeriod;
  kind: 'applied' | 'pending' | 'cancelled' | 'matured' | 'converted';
  fromMinor: bigint | null;
  toMinor: bigint | null;
  effectiveAt: Date;
  at: Date;
  /** the currency of `toMinor` when the limit's currency changed (a 'converted' change) */
  currency?: string;
}

/**
 * The protection module's tables (migrations/0051): limits, their changes, deposit usage and
 * reservations, flags. Stake usage is read from player_usage_hours (usage.repository.ts).
 */
export class ProtectionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async limits(userId: string, executor: DatabaseExecutor = this.db): Promise<LimitRow[]> {
    const rows = await executor
      .selectFrom('player_limits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('type')
      .orderBy('period')
      .execute();
    return rows as LimitRow[];
  }

  /**
   * The player's limits of these types, locked until the transaction ends: what a deposit or a
   * stake of the player and a change of these limits queue on.
   */
  async lockLimits(
    transaction: DatabaseTransaction,
    userId: string,
    types: readonly LimitType[],
  ): Promise<LimitRow[]> {
    const rows = await transaction
      .selectFrom('player_limits')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', 'in', [...types])
      .orderBy('type')
      .orderBy('period')
      .forUpdate()
      .execute();
    return rows as LimitRow[];
  }

  /** One limit, locked; a first one is inserted by `saveLimit` (its key is the lock then). */
  async lockLimit(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
  ): Promise<LimitRow | undefined> {
    const row = await transaction
      .selectFrom('player_limits')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('period', '=', period)
      .forUpdate()
      .executeTakeFirst();
    return row as LimitRow | undefined;
  }

  async saveLimit(transaction: DatabaseTransaction, row: LimitRow): Promise<void> {
    await transaction
      .insertInto('player_limits')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'type', 'period']).doUpdateSet({
          amount_minor: row.amount_minor,
          pending_amount_minor: row.pending_amount_minor,
          pending_effective_at: row.pending_effective_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** A limit converted into another currency (a primary-currency change). */
  async convertLimit(transaction: DatabaseTransaction, row: LimitRow): Promise<void> {
    await transaction
      .updateTable('player_limits')
      .set({
        currency: row.currency,
        amount_minor: row.amount_minor,
        pending_amount_minor: row.pending_amount_minor,
        updated_at: row.updated_at,
      })
      .where('user_id', '=', row.user_id)
      .where('type', '=', row.type)
      .where('period', '=', row.period)
      .execute();
  }

  async deleteLimit(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
  ): Promise<void> {
    await transaction
      .deleteFrom('player_limits')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('period', '=', period)
      .execute();
  }

  async recordChanges(transaction: DatabaseTransaction, changes: LimitChange[]): Promise<void> {
    if (changes.length === 0) return;
    await transaction
      .insertInto('player_limit_changes')
      .values(
        changes.map((change) => ({
          user_id: change.userId,
          type: change.type,
          period: change.period,
          kind: change.kind,
          from_minor: change.fromMinor,
          to_minor: change.toMinor,
          effective_at: change.effectiveAt,
          created_at: change.at,
          currency: change.currency ?? null,
        })),
      )
      .execute();
  }

  /**
   * The player's deposits since `since` and their open orders' reservations (not expired at
   * `now`), each as an entry at its time in its currency (the primary currency then). One index
   * range each: the month's deposits, however long the history.
   */
  async depositEntries(
    executor: DatabaseExecutor,
    userId: string,
    since: Date,
    now: Date,
  ): Promise<Array<{ at: Date; currency: string; amount_minor: bigint }>> {
    const { rows } = await sql<{ at: Date; currency: string; amount_minor: bigint }>`
      SELECT u.at, u.currency, u.amount_minor FROM player_deposit_usage u
      WHERE u.user_id = ${userId} AND u.at > ${since}
      UNION ALL
      SELECT r.created_at, r.currency, r.amount_minor FROM player_deposit_reservations r
      WHERE r.user_id = ${userId} AND r.expires_at > ${now}
    `.execute(executor);
    return rows;
  }

  async reserveDeposit(
    transaction: DatabaseTransaction,
    reservation: {
      reference: string;
      userId: string;
      currency: string;
      amountMinor: bigint;
      expiresAt: Date;
      at: Date;
    },
  ): Promise<void> {
    await transaction
      .insertInto('player_deposit_reservations')
      .values({
        reference: reservation.reference,
        user_id: reservation.userId,
        currency: reservation.currency,
        amount_minor: reservation.amountMinor,
        expires_at: reservation.expiresAt,
        created_at: reservation.at,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .execute();
  }

  /**
   * A credited deposit: its reservation (if any) is dropped and it is counted, once per
   * reference. Answers whether it was counted now (false: counted before).
   */
  async recordDeposit(
    transaction: DatabaseTransaction,
    deposit: {
      reference: string;
      reservation: string | null;
      userId: string;
      currency: string;
      amountMinor: bigint;
      at: Date;
    },
  ): Promise<boolean> {
    if (deposit.reservation !== null) {
      await transaction
        .deleteFrom('player_deposit_reservations')
        .where('reference', '=', deposit.reservation)
        .execute();
    }
    const inserted = await transaction
      .insertInto('player_deposit_usage')
      .values({
        reference: deposit.reference,
        user_id: deposit.userId,
        currency: deposit.currency,
        amount_minor: deposit.amountMinor,
        at: deposit.at,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .returning('reference')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async flag(
    transaction: DatabaseTransaction,
    flag: { userId: string; kind: 'deposit_over_limit'; details: unknown; at: Date },
  ): Promise<void> {
    await transaction
      .insertInto('player_protection_flags')
      .values({
        user_id: flag.userId,
        kind: flag.kind,
        details: JSON.stringify(flag.details),
        created_at: flag.at,
      })
      .execute();
  }
}
