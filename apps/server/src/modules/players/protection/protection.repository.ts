import type { LimitPeriod, LimitType } from '@casino/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import {
  afterPosition,
  cappedCount,
  type HistoryPosition,
  historyInstant,
} from '../../../lib/history-page.ts';

export interface LimitRow {
  user_id: string;
  type: LimitType;
  period: LimitPeriod;
  currency: string;
  amount_minor: bigint;
  pending_amount_minor: bigint | null;
  pending_effective_at: Date | null;
  updated_at: Date;
  /** the operator who set the amount in force; null: the player */
  set_by_operator_id: string | null;
  /** the operator who asked for the pending change; null: the player (or none pending) */
  pending_by_operator_id: string | null;
}

export interface LimitChange {
  userId: string;
  type: LimitType;
  period: LimitPeriod;
  kind: 'applied' | 'pending' | 'cancelled' | 'matured' | 'converted';
  /** the limit's currency ('MIN' for a session limit); a 'converted' change: the new one */
  currency: string;
  fromMinor: bigint | null;
  toMinor: bigint | null;
  effectiveAt: Date;
  at: Date;
  /** an operator's change and the reason they gave; absent: the player's (or the system's) */
  operator?: { id: string; reason: string };
}

/** A row of player_limit_changes as the operators' history reads it. */
export interface LimitChangeRow {
  id: string;
  cursor_at: string;
  type: LimitType;
  period: LimitPeriod;
  kind: LimitChange['kind'];
  currency: string | null;
  from_minor: bigint | null;
  to_minor: bigint | null;
  effective_at: Date;
  created_at: Date;
  operator_id: string | null;
  reason: string | null;
}

export type FlagKind =
  | 'deposit_over_limit'
  | 'deposit_while_excluded'
  | 'limit_reached'
  | 'many_limit_increases';

/** A row of player_protection_flags. */
export interface FlagRow {
  id: string;
  cursor_at: string;
  user_id: string;
  kind: FlagKind;
  details: Record<string, unknown>;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by_operator_id: string | null;
  resolution_note: string | null;
}

/** Where a newest-first page of (created_at, id) starts: after `position`, else at `offset`. */
export interface KeysetPage {
  limit: number;
  offset: number;
  position: HistoryPosition | null;
}

/** the key of the operators' lists: (created_at, id) with a bigint id */
const changeKeyParts = ['instant', 'integer'] as const;
const flagKeyParts = changeKeyParts;
const changeColumns = [
  sql<string>`id::text`.as('id'),
  historyInstant('created_at').as('cursor_at'),
  'type',
  'period',
  'kind',
  'currency',
  'from_minor',
  'to_minor',
  'effective_at',
  'created_at',
  'operator_id',
  'reason',
] as const;
const flagColumns = [
  sql<string>`id::text`.as('id'),
  historyInstant('created_at').as('cursor_at'),
  'user_id',
  'kind',
  'details',
  'created_at',
  'resolved_at',
  'resolved_by_operator_id',
  'resolution_note',
] as const;

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
          set_by_operator_id: row.set_by_operator_id,
          pending_by_operator_id: row.pending_by_operator_id,
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
          currency: change.currency,
          from_minor: change.fromMinor,
          to_minor: change.toMinor,
          effective_at: change.effectiveAt,
          created_at: change.at,
          operator_id: change.operator?.id ?? null,
          reason: change.operator?.reason ?? null,
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

  /** A deposit credited past a limit: one flag per deposit. */
  async flag(
    transaction: DatabaseTransaction,
    flag: {
      userId: string;
      kind: 'deposit_over_limit' | 'deposit_while_excluded';
      details: unknown;
      at: Date;
    },
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

  /**
   * A flag kept open once (player_protection_flags_open_idx): a limit reached (one per limit),
   * many limit increases (one per player). Answers whether it was raised now.
   */
  async flagOnce(
    transaction: DatabaseTransaction,
    flag: {
      userId: string;
      kind: 'limit_reached' | 'many_limit_increases';
      details: Record<string, unknown>;
      at: Date;
    },
  ): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO player_protection_flags (user_id, kind, details, created_at)
      VALUES (${flag.userId}, ${flag.kind}, ${JSON.stringify(flag.details)}::jsonb, ${flag.at})
      ON CONFLICT (
        user_id, kind, (coalesce(details ->> 'type', '')), (coalesce(details ->> 'period', ''))
      ) WHERE resolved_at IS NULL AND kind NOT IN ('deposit_over_limit', 'deposit_while_excluded')
      DO NOTHING
      RETURNING id
    `.execute(transaction);
    return rows.length > 0;
  }

  /** Serialises a player's increase requests' count (until the transaction ends). */
  async lockIncreaseCount(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`player_limit_increases:${userId}`}))`.execute(
      transaction,
    );
  }

  /** The player's increase and removal requests (their own, not operators') since `since`. */
  async countIncreaseRequests(
    transaction: DatabaseTransaction,
    userId: string,
    since: Date,
  ): Promise<number> {
    const row = await transaction
      .selectFrom('player_limit_changes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'pending')
      .where('operator_id', 'is', null)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A newest-first page of the player's limit changes (`page.limit + 1` rows: one tells more). */
  async changes(
    executor: DatabaseExecutor,
    userId: string,
    page: KeysetPage,
  ): Promise<{ rows: LimitChangeRow[]; counted: number }> {
    let rows = executor.selectFrom('player_limit_changes').where('user_id', '=', userId);
    if (page.position) {
      rows = rows.where(afterPosition(['created_at', 'id'], changeKeyParts, page.position));
    }
    const selected = await rows
      .select(changeColumns)
      .orderBy('player_limit_changes.created_at', 'desc')
      // the table's id (the output column `id` is its text)
      .orderBy('player_limit_changes.id', 'desc')
      .limit(page.limit)
      .offset(page.position ? 0 : page.offset)
      .execute();
    const counted = await cappedCount(
      executor,
      page.position ? rows.selectAll() : rows.selectAll().offset(page.offset),
    );
    return { rows: selected as LimitChangeRow[], counted };
  }

  /** Every limit change of the player, oldest first (the export), at most `cap` rows. */
  async allChanges(
    executor: DatabaseExecutor,
    userId: string,
    cap: number,
  ): Promise<LimitChangeRow[]> {
    const rows = await executor
      .selectFrom('player_limit_changes')
      .where('user_id', '=', userId)
      .select(changeColumns)
      .orderBy('player_limit_changes.created_at')
      .orderBy('player_limit_changes.id')
      .limit(cap)
      .execute();
    return rows as LimitChangeRow[];
  }

  /** A newest-first page of flags: open or resolved, of a kind, of one player or all. */
  async flags(
    executor: DatabaseExecutor,
    filter: { status: 'open' | 'resolved'; kind?: FlagKind | undefined; userId?: string },
    page: KeysetPage,
  ): Promise<{ rows: FlagRow[]; counted: number }> {
    let rows = executor
      .selectFrom('player_protection_flags')
      .where(sql<boolean>`(resolved_at IS NULL) = ${filter.status === 'open'}`);
    if (filter.kind !== undefined) rows = rows.where('kind', '=', filter.kind);
    if (filter.userId !== undefined) rows = rows.where('user_id', '=', filter.userId);
    if (page.position) {
      rows = rows.where(afterPosition(['created_at', 'id'], flagKeyParts, page.position));
    }
    const selected = await rows
      .select(flagColumns)
      .orderBy('player_protection_flags.created_at', 'desc')
      .orderBy('player_protection_flags.id', 'desc')
      .limit(page.limit)
      .offset(page.position ? 0 : page.offset)
      .execute();
    const counted = await cappedCount(
      executor,
      page.position ? rows.selectAll() : rows.selectAll().offset(page.offset),
    );
    return { rows: selected as FlagRow[], counted };
  }

  /** The player's newest deposits credited past a limit or during an exclusion. */
  async lateDepositFlags(
    executor: DatabaseExecutor,
    userId: string,
    limit: number,
  ): Promise<FlagRow[]> {
    const rows = await executor
      .selectFrom('player_protection_flags')
      .select(flagColumns)
      .where('user_id', '=', userId)
      .where('kind', 'in', ['deposit_over_limit', 'deposit_while_excluded'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows as FlagRow[];
  }

  async lockFlag(transaction: DatabaseTransaction, id: string): Promise<FlagRow | undefined> {
    const row = await transaction
      .selectFrom('player_protection_flags')
      .select(flagColumns)
      .where('id', '=', sql<bigint>`${id}::bigint`)
      .forUpdate()
      .executeTakeFirst();
    return row as FlagRow | undefined;
  }

  async resolveFlag(
    transaction: DatabaseTransaction,
    resolution: { id: string; operatorId: string; note: string; at: Date },
  ): Promise<FlagRow> {
    const row = await transaction
      .updateTable('player_protection_flags')
      .set({
        resolved_at: resolution.at,
        resolved_by_operator_id: resolution.operatorId,
        resolution_note: resolution.note,
      })
      .where('id', '=', sql<bigint>`${resolution.id}::bigint`)
      .returning(flagColumns)
      .executeTakeFirstOrThrow();
    return row as FlagRow;
  }
}
