import type { OperatorListQuery } from '@casino/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { OperatorRow } from '../../../db/schema.ts';
import { offsetPage } from '../../../lib/history-page.ts';

export interface NewOperator {
  email: string;
  passwordHash: string;
  roles: string[];
  ipAllowList: string[];
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

export interface OperatorChanges {
  roles?: string[];
  disabledAt?: Date | null;
  ipAllowList?: string[];
  resetTotp?: boolean;
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
        roles: operator.roles,
        ip_allow_list: operator.ipAllowList,
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

  /** A page of operators by the list's filters, with the count of all that match. */
  async list(query: OperatorListQuery, executor: DatabaseExecutor = this.db) {
    let filtered = executor.selectFrom('operators');
    if (query.query) {
      const pattern = `%${query.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filtered = filtered.where(sql<boolean>`lower(email) LIKE ${pattern}`);
    }
    if (query.role) filtered = filtered.where(sql<boolean>`${query.role} = ANY(roles)`);
    if (query.status === 'active') filtered = filtered.where('disabled_at', 'is', null);
    if (query.status === 'disabled') filtered = filtered.where('disabled_at', 'is not', null);
    const column = query.sort === 'email' ? 'email' : 'created_at';
    return await offsetPage(
      executor,
      filtered,
      (rows) => rows.selectAll().orderBy(column, query.order).orderBy('id', query.order),
      query,
    );
  }

  /** Locks the operator's row for a change; null when there is none. */
  async lockById(id: string, executor: DatabaseExecutor) {
    const row = await executor
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async update(id: string, changes: OperatorChanges, now: Date, executor: DatabaseExecutor) {
    return await executor
      .updateTable('operators')
      .set({
        updated_at: now,
        ...(changes.roles ? { roles: changes.roles } : {}),
        ...(changes.disabledAt !== undefined ? { disabled_at: changes.disabledAt } : {}),
        ...(changes.ipAllowList ? { ip_allow_list: changes.ipAllowList } : {}),
        ...(changes.resetTotp
          ? {
              totp_secret: null,
              totp_pending_secret: null,
              totp_enabled_at: null,
              totp_last_step: null,
            }
          : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setTimeZone(id: string, timeZone: string | null, now: Date, executor: DatabaseExecutor) {
    await executor
      .updateTable('operators')
      .set({ time_zone: timeZone, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Operators with a TOTP secret (confirmed or pending) stored without encryption. */
  async listPlainTotpSecrets() {
    return await this.db
      .selectFrom('operators')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where((expression) =>
        expression.or([
          expression.and([
            expression('totp_secret', 'is not', null),
            expression('totp_secret', 'not like', 'v1:%'),
          ]),
          expression.and([
            expression('totp_pending_secret', 'is not', null),
            expression('totp_pending_secret', 'not like', 'v1:%'),
          ]),
        ]),
      )
      .execute();
  }

  /** Replaces the TOTP secrets if they are still those read; false when they changed meanwhile. */
  async replaceTotpSecrets(
    read: { id: string; totp_secret: string | null; totp_pending_secret: string | null },
    next: { totpSecret: string | null; totpPendingSecret: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_secret: next.totpSecret, totp_pending_secret: next.totpPendingSecret })
      .where('id', '=', read.id)
      .where((expression) =>
        expression.and([
          read.totp_secret === null
            ? expression('totp_secret', 'is', null)
            : expression('totp_secret', '=', read.totp_secret),
          read.totp_pending_secret === null
            ? expression('totp_pending_secret', 'is', null)
            : expression('totp_pending_secret', '=', read.totp_pending_secret),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteRecoveryCodes(operatorId: string, executor: DatabaseExecutor): Promise<void> {
    await executor
      .deleteFrom('operator_recovery_codes')
      .where('operator_id', '=', operatorId)
      .execute();
  }

  async setPendingTotpSecret(id: string, secret: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_pending_secret: secret, updated_at: now })
      .where('id', '=', id)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Turns two-factor on with the pending secret; `step` is the code's time step (no replay). */
  async enableTotp(
    id: string,
    secret: string,
    step: bigint,
    now: Date,
    executor: DatabaseExecutor,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('operators')
      .set({
        totp_secret: secret,
        totp_pending_secret: null,
        totp_enabled_at: now,
        totp_last_step: step,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('totp_pending_secret', '=', secret)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertRecoveryCodes(
    operatorId: string,
    hashes: Buffer[],
    executor: DatabaseExecutor,
  ): Promise<void> {
    await executor
      .insertInto('operator_recovery_codes')
      .values(hashes.map((codeHash) => ({ operator_id: operatorId, code_hash: codeHash })))
      .execute();
  }

  /**
   * Records that a code of time step `step` was used, unless a code of this step or a later one
   * already was: false then (a replayed code). One statement, so two requests cannot both pass.
   */
  async claimTotpStep(id: string, step: bigint): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where('totp_secret', 'is not', null)
      .where((expression) =>
        expression.or([
          expression('totp_last_step', 'is', null),
          expression('totp_last_step', '<', step),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Uses up a recovery code; false when it is unknown or already used. */
  async useRecoveryCode(operatorId: string, codeHash: Buffer, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('operator_recovery_codes')
      .set({ used_at: now })
      .where('operator_id', '=', operatorId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertChallenge(challenge: {
    tokenHash: Buffer;
    operatorId: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('operator_login_challenges')
      .values({
        token_hash: challenge.tokenHash,
        operator_id: challenge.operatorId,
        created_at: challenge.createdAt,
        expires_at: challenge.expiresAt,
        ip: challenge.ip,
        user_agent: challenge.userAgent,
      })
      .execute();
  }

  async findChallenge(tokenHash: Buffer, now: Date) {
    const row = await this.db
      .selectFrom('operator_login_challenges')
      .select(['operator_id'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? row.operator_id : null;
  }

  /** Ends a challenge (it signs in once); false when another request ended it first. */
  async deleteChallenge(tokenHash: Buffer): Promise<boolean> {
    const result = await this.db
      .deleteFrom('operator_login_challenges')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async deleteChallengesBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('operator_login_challenges')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async listActiveSessions(operatorId: string, now: Date) {
    return await this.db
      .selectFrom('operator_sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Revokes one of the operator's sessions; false when it is not theirs or already ended. */
  async revokeSessionById(operatorId: string, id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeAllSessions(operatorId: string, now: Date, executor: DatabaseExecutor) {
    await executor
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
