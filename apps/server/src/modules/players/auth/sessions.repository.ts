import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import { type ProfileRow, profileColumns } from '../../../db/schema.ts';

export interface NewSession {
  tokenHash: Buffer;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** A session that was just ended, and whose it was (the player's globalId). */
export interface EndedSession {
  id: string;
  globalId: string;
  userId: string;
}

export interface ActiveSession {
  id: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  /** the session's player (what their account and profile need), read in the same query */
  user: ProfileRow;
}

/**
 * `findActive`'s statement: the session by its token's hash, open and not expired, joined with the
 * player's columns their account and profile need (no password hash; fewer columns to decode).
 * Every signed-in request runs it, so it is one fixed text compiled once (no query building per
 * request; the pool prepares it once per connection).
 */
const findActiveText = `SELECT ${profileColumns.map((column) => `u.${column}`).join(', ')},
    s.id AS session_id, s.last_seen_at AS session_last_seen_at,
    s.expires_at AS session_expires_at
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`;

/** Player sessions; only the SHA-256 of each token is stored. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: NewSession, executor: DatabaseExecutor = this.db): Promise<void> {
    await executor
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async findActive(
    tokenHash: Buffer,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<ActiveSession | null> {
    const { rows } = await executor.executeQuery<
      ProfileRow & { session_id: string; session_last_seen_at: Date; session_expires_at: Date }
    >(CompiledQuery.raw(findActiveText, [tokenHash, now]));
    const row = rows[0];
    if (!row) return null;
    const { session_id, session_last_seen_at, session_expires_at, ...user } = row;
    return {
      id: session_id,
      userId: user.id,
      lastSeenAt: session_last_seen_at,
      expiresAt: session_expires_at,
      user,
    };
  }

  async touch(id: string, now: Date, executor: DatabaseExecutor = this.db): Promise<void> {
    await executor
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Ends the session; returns it with its player's globalId, or null when it was already ended. */
  async revoke(
    tokenHash: Buffer,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<EndedSession | null> {
    const { rows } = await sql<{ id: string; global_id: bigint; user_id: string }>`
      UPDATE sessions s SET revoked_at = ${now}
      FROM users u
      WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND u.id = s.user_id
      RETURNING s.id, u.global_id, s.user_id`.execute(executor);
    const row = rows[0];
    return row ? { id: row.id, globalId: row.global_id.toString(), userId: row.user_id } : null;
  }

  /** Ends the player's open (unexpired) session by id; null when there is none. */
  async revokeById(
    userId: string,
    sessionId: string,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<EndedSession | null> {
    const { rows } = await sql<{ id: string; global_id: bigint; user_id: string }>`
      UPDATE sessions s SET revoked_at = ${now}
      FROM users u
      WHERE s.id = ${sessionId}::uuid AND s.user_id = ${userId} AND s.revoked_at IS NULL
        AND s.expires_at > ${now} AND u.id = s.user_id
      RETURNING s.id, u.global_id, s.user_id`.execute(executor);
    const row = rows[0];
    return row ? { id: row.id, globalId: row.global_id.toString(), userId: row.user_id } : null;
  }

  /** Ends every open session of the player; returns them with the player's globalId. */
  async revokeAllOf(
    userId: string,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<EndedSession[]> {
    const { rows } = await sql<{ id: string; global_id: bigint; user_id: string }>`
      UPDATE sessions s SET revoked_at = ${now}
      FROM users u
      WHERE s.user_id = ${userId} AND s.revoked_at IS NULL AND u.id = s.user_id
      RETURNING s.id, u.global_id, s.user_id`.execute(executor);
    return rows.map((row) => ({
      id: row.id,
      globalId: row.global_id.toString(),
      userId: row.user_id,
    }));
  }

  /**
   * Whether the player (by globalId) exists, is banned, and has the session open: one read by
   * two unique indexes, for each realtime connect and token refresh.
   */
  async standing(
    globalId: bigint,
    sessionId: string,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<{ banned: boolean; sessionOpen: boolean } | null> {
    const { rows } = await sql<{ banned: boolean; session_open: boolean }>`
      SELECT u.banned_at IS NOT NULL AS banned,
        EXISTS (
          SELECT FROM sessions s
          WHERE s.id = ${sessionId}::uuid AND s.user_id = u.id
            AND s.revoked_at IS NULL AND s.expires_at > ${now}
        ) AS session_open
      FROM users u
      WHERE u.global_id = ${globalId}`.execute(executor);
    const row = rows[0];
    return row ? { banned: row.banned, sessionOpen: row.session_open } : null;
  }

  /** Deletes sessions that ended (expired or revoked) before `before`; returns how many. */
  async deleteEndedBefore(before: Date, executor: DatabaseExecutor = this.db): Promise<number> {
    const result = await executor
      .deleteFrom('sessions')
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
