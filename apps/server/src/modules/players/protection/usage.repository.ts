import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/** One row of a player's stake usage: an hourly bucket, or older hours grouped per UTC day. */
export interface UsageBucketRow {
  currency: string;
  /** the bucket's hour (a day group: its latest hour) */
  hour: Date;
  stakedMinor: bigint;
  wonMinor: bigint;
  playedSeconds: bigint;
}

/**
 * The statement of `UsageRepository.buckets` (exported for the test that shows its plan reads
 * one bounded index range, whatever the history).
 */
export function usageBucketsQuery(userId: string, windowMs: number) {
  return sql<{
    now: Date;
    currency: string | null;
    hour: Date | null;
    staked: string | null;
    won: string | null;
    played: string | null;
  }>`
    WITH clock AS (SELECT statement_timestamp() AS now)
    SELECT clock.now, b.currency, b.hour, b.staked, b.won, b.played
    FROM clock LEFT JOIN LATERAL (
      SELECT h.currency, h.hour, h.staked_minor::text AS staked, h.won_minor::text AS won,
        h.played_seconds::text AS played
      FROM player_usage_hours h
      WHERE h.user_id = ${userId} AND h.hour >= clock.now - interval '25 hours'
      UNION ALL
      SELECT h.currency, max(h.hour), sum(h.staked_minor)::text, sum(h.won_minor)::text,
        sum(h.played_seconds)::text
      FROM player_usage_hours h
      WHERE h.user_id = ${userId} AND h.hour < clock.now - interval '25 hours'
        AND h.hour > clock.now - ${windowMs} * interval '1 millisecond' - interval '1 hour'
      GROUP BY h.currency, date_trunc('day', h.hour, 'UTC')
    ) b ON true
  `;
}

/** What a stake and the play-session endpoint read of the player's play, in one statement. */
export interface PlayState {
  /** the database's time (the clock the ledger's and the play session's times are on) */
  now: Date;
  primaryCurrency: string;
  realityCheckMinutes: number | null;
  startedAt: Date | null;
  lastStakeAt: Date | null;
  realityCheckAckedAt: Date | null;
}

/**
 * The player's usage as the limits read it (player_usage_hours, kept by player_usage_add.sql:
 * from every ledger statement's postings by the trigger player_usage_record.sql, and from a
 * batch of rounds by settle_rounds itself) and their play session (player_play_sessions). Times
 * are the database's, like the ledger's.
 */
export class UsageRepository {
  /**
   * The player's stake usage over the last `windowMs`, every currency: the buckets of the last
   * 25 hours one by one, older ones summed per currency and UTC day (at their latest hour), so
   * at most 25 + 31 rows per currency whatever the history (contract: usageEntriesOf). Reads one
   * index range of the primary key (user_id, hour, currency).
   */
  async buckets(
    executor: DatabaseExecutor,
    userId: string,
    windowMs: number,
  ): Promise<{ now: Date; rows: UsageBucketRow[] }> {
    const { rows } = await usageBucketsQuery(userId, windowMs).execute(executor);
    const now = rows[0]?.now ?? new Date();
    const buckets: UsageBucketRow[] = [];
    for (const row of rows) {
      if (row.currency === null || row.hour === null) continue;
      buckets.push({
        currency: row.currency,
        hour: row.hour,
        stakedMinor: BigInt(row.staked ?? '0'),
        wonMinor: BigInt(row.won ?? '0'),
        playedSeconds: BigInt(row.played ?? '0'),
      });
    }
    return { now, rows: buckets };
  }

  /** The player's play session and reality-check interval, and the database's time. */
  async playState(executor: DatabaseExecutor, userId: string): Promise<PlayState | null> {
    const { rows } = await sql<{
      now: Date;
      primary_currency: string;
      reality_check_minutes: number | null;
      started_at: Date | null;
      last_stake_at: Date | null;
      reality_check_acked_at: Date | null;
    }>`
      SELECT statement_timestamp() AS now, u.primary_currency, u.reality_check_minutes,
        s.started_at, s.last_stake_at, s.reality_check_acked_at
      FROM users u LEFT JOIN player_play_sessions s ON s.user_id = u.id
      WHERE u.id = ${userId}
    `.execute(executor);
    const row = rows[0];
    if (!row) return null;
    return {
      now: row.now,
      primaryCurrency: row.primary_currency,
      realityCheckMinutes: row.reality_check_minutes,
      startedAt: row.started_at,
      lastStakeAt: row.last_stake_at,
      realityCheckAckedAt: row.reality_check_acked_at,
    };
  }

  /** The reality check answered now (the database's time). */
  async acknowledge(executor: DatabaseExecutor, userId: string): Promise<void> {
    await sql`
      UPDATE player_play_sessions SET reality_check_acked_at = statement_timestamp()
      WHERE user_id = ${userId}
    `.execute(executor);
  }

  /** The stakes and wins of the player's current (or last) play session, per currency. */
  async sessionTotals(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<Array<{ currency: string; stakedMinor: bigint; wonMinor: bigint }>> {
    const rows = await executor
      .selectFrom('player_play_session_totals as t')
      .innerJoin('player_play_sessions as s', (join) =>
        join
          .onRef('s.user_id', '=', 't.user_id')
          .onRef('s.started_at', '=', 't.session_started_at'),
      )
      .select(['t.currency', 't.staked_minor', 't.won_minor'])
      .where('t.user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      stakedMinor: row.staked_minor,
      wonMinor: row.won_minor,
    }));
  }
}
