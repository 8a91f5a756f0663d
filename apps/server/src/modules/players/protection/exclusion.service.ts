import {
  type Exclusion,
  type ExclusionKind,
  type ExclusionRefusalPayload,
  type ExclusionState,
  exclusionStanding,
  mayReplaceExclusion,
  type OperatorExclusionBody,
  type PlayerExclusions,
  reopenCoolingOffMs,
  type SelfExclusionPeriod,
  selfExclusionUntil,
  timeOutUntil,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type {
  RateLimitRule,
  RateLimitsService,
} from '../../platform/rate-limits/rate-limits.service.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { ExclusionRepository, ExclusionRow } from './exclusion.repository.ts';
import type { SelfExclusionRegistry } from './registry.ts';

export interface ExclusionsDependencies {
  repository: ExclusionRepository;
  db: DatabaseExecutor;
  transactions: Transactions;
  clock: Clock;
  registry: SelfExclusionRegistry;
  users: Pick<UsersService, 'getProfile' | 'findAccountByGlobalId'>;
  audit: Pick<AuditService, 'record'>;
  rateLimits: Pick<RateLimitsService, 'consume'>;
  /** the player's exclusion requests per hour */
  requests: RateLimitRule;
  /**
   * Ends every sign-in session of the player in the transaction (players/auth): their realtime
   * connections close at commit and open apps show the sign-in dialog.
   */
  endSessions: (transaction: DatabaseTransaction, userId: string) => Promise<void>;
}

function stateOf(row: ExclusionRow | undefined): ExclusionState | null {
  return row ? { kind: row.kind, until: row.until, reopensAt: row.reopens_at } : null;
}

function refused(code: 'self_excluded' | 'timed_out', payload: ExclusionRefusalPayload): AppError {
  return new AppError(code, { payload });
}

const registryRefusal = (): AppError =>
  refused('self_excluded', {
    until: null,
    reopenable: false,
    reopensAt: null,
    registry: 'national',
  });

/**
 * Time-out and self-exclusion (issue 22), part of the protection module's one rule engine: the
 * player (or an admin on their behalf) takes one (`start`), every sign-in session ends in the
 * same transaction; sign-in and sign-up ask `assertMaySignIn` / `assertMaySignUp` (the player's
 * own exclusion, then the national registry hook); every deposit and stake path asks
 * `assertNotExcluded` through `PlayerLimits`; promotions ask `isMarketingSuppressed`. An
 * exclusion is only ever lengthened; a time-out ends by itself, an ended self-exclusion only
 * after the player asked (`requestReopen`) and `reopenCoolingOffMs` passed.
 */
export class Exclusions {
  private readonly repository: ExclusionRepository;
  private readonly db: DatabaseExecutor;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly registry: SelfExclusionRegistry;
  private readonly users: ExclusionsDependencies['users'];
  private readonly audit: ExclusionsDependencies['audit'];
  private readonly rateLimits: ExclusionsDependencies['rateLimits'];
  private readonly requests: RateLimitRule;
  private readonly endSessions: ExclusionsDependencies['endSessions'];

  constructor(dependencies: ExclusionsDependencies) {
    this.repository = dependencies.repository;
    this.db = dependencies.db;
    this.transactions = dependencies.transactions;
    this.clock = dependencies.clock;
    this.registry = dependencies.registry;
    this.users = dependencies.users;
    this.audit = dependencies.audit;
    this.rateLimits = dependencies.rateLimits;
    this.requests = dependencies.requests;
    this.endSessions = dependencies.endSessions;
  }

  // ─── taking one ──────────────────────────────────────────────────────────────────────────

  /** `POST /api/v1/me/time-out` */
  async timeOut(userId: string, days: number): Promise<Exclusion> {
    await this.rateLimits.consume(this.requests, userId);
    return await this.transactions.run(async (transaction) =>
      this.start(transaction, userId, 'time_out', timeOutUntil(days, this.clock.now()), null),
    );
  }

  /** `POST /api/v1/me/self-exclusion` */
  async selfExclude(userId: string, period: SelfExclusionPeriod): Promise<Exclusion> {
    await this.rateLimits.consume(this.requests, userId);
    return await this.transactions.run(async (transaction) =>
      this.start(
        transaction,
        userId,
        'self_exclusion',
        selfExclusionUntil(period, this.clock.now()),
        null,
      ),
    );
  }

  /** `POST /api/backoffice/v1/players/{globalId}/exclusions`: an admin on the player's behalf, audited. */
  async setForPlayer(
    actor: OperatorActor,
    globalId: string,
    body: OperatorExclusionBody,
  ): Promise<Exclusion> {
    return await this.transactions.run(async (transaction) => {
      const player = await this.users.findAccountByGlobalId(globalId, transaction);
      if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
      const now = this.clock.now();
      const until =
        body.kind === 'time_out'
          ? timeOutUntil(body.days, now)
          : selfExclusionUntil(body.period, now);
      const exclusion = await this.start(
        transaction,
        player.id,
        body.kind,
        until,
        actor.operatorId,
      );
      await this.audit.record(
        actor,
        {
          action: 'player.exclusion.set',
          targetType: 'player',
          targetId: globalId,
          payload: { ...body, until: exclusion.until },
        },
        transaction,
      );
      return exclusion;
    });
  }

  /**
   * The exclusion starts now (or lengthens the one in force: 409 `exclusion_not_shortenable`
   * when it would end sooner, or turn a self-exclusion into a time-out) and every sign-in
   * session of the player ends with it.
   */
  private async start(
    transaction: DatabaseTransaction,
    userId: string,
    kind: ExclusionKind,
    until: Date | null,
    operatorId: string | null,
  ): Promise<Exclusion> {
    const now = this.clock.now();
    const row = await this.repository.lock(transaction, userId);
    const stored = stateOf(row);
    if (!mayReplaceExclusion(stored, kind, until, now)) {
      throw new AppError('exclusion_not_shortenable', {
        message:
          'The time-out or self-exclusion in force ends later than this one; it can only be ' +
          'lengthened, never shortened or lifted early.',
        payload: { kind: row?.kind, until: row?.until?.toISOString() ?? null },
      });
    }
    const running = row !== undefined && exclusionStanding(stored, now) !== 'clear';
    await this.repository.save(transaction, {
      user_id: userId,
      kind,
      started_at: running && row ? row.started_at : now,
      until,
      operator_id: operatorId,
      reopens_at: null,
      updated_at: now,
    });
    await this.repository.record(transaction, {
      userId,
      action: running ? 'lengthened' : 'started',
      kind,
      until,
      operator_id: operatorId,
      created_at: now,
    });
    await this.endSessions(transaction, userId);
    return { kind, until: until?.toISOString() ?? null };
  }

  // ─── the checks ──────────────────────────────────────────────────────────────────────────

  /**
   * Every deposit and stake path (through PlayerLimits): refused with `self_excluded` or
   * `timed_out` while an exclusion applies. In a transaction the row is read FOR SHARE, so a
   * change of it is waited for.
   */
  async assertNotExcluded(executor: DatabaseExecutor, userId: string, share = true): Promise<void> {
    const standing = exclusionStanding(
      stateOf(await this.repository.find(executor, userId, share)),
      this.clock.now(),
    );
    if (standing !== 'clear') throw refused(standing.code, standing.payload);
  }

  /**
   * No marketing while an exclusion applies: no promotional banner, bonus offer, promo code,
   * wheel or daily bonus, and no bonus granted by a deposit (a late crypto credit) — the one
   * question every promotion (and push, later) asks.
   */
  async isMarketingSuppressed(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    const row = await this.repository.find(executor, userId);
    return exclusionStanding(stateOf(row), this.clock.now()) !== 'clear';
  }

  /** Sign-up: the national registry (RG_REGISTRY) is asked about the e-mail. */
  async assertMaySignUp(email: string): Promise<void> {
    if ((await this.registry.check({ email, dateOfBirth: null })) === 'excluded') {
      throw registryRefusal();
    }
  }

  /**
   * Sign-in, once the password was checked: refused while the player's own exclusion applies
   * (403 with its end; an ended self-exclusion says it can be reopened), then when the national
   * registry lists them. An exclusion that no longer applies (a time-out that ended, a reopening
   * whose time came) is removed and its end recorded.
   */
  async assertMaySignIn(userId: string, email: string): Promise<void> {
    const row = await this.repository.find(this.db, userId);
    if (row) {
      const now = this.clock.now();
      const standing = exclusionStanding(stateOf(row), now);
      if (standing !== 'clear') throw refused(standing.code, standing.payload);
      await this.transactions.run(async (transaction) => {
        const locked = await this.repository.lock(transaction, userId);
        if (!locked || exclusionStanding(stateOf(locked), now) !== 'clear') return;
        await this.repository.delete(transaction, userId);
        await this.repository.record(transaction, {
          userId,
          action: locked.kind === 'self_exclusion' ? 'reopened' : 'ended',
          kind: locked.kind,
          until: locked.until,
          operator_id: null,
          created_at: now,
        });
      });
    }
    const { dateOfBirth } = await this.users.getProfile(userId);
    if ((await this.registry.check({ email, dateOfBirth })) === 'excluded') {
      throw registryRefusal();
    }
  }

  /**
   * `POST /api/v1/auth/reopen`, once the password was checked: an ended self-exclusion's
   * account reopens `reopenCoolingOffMs` after this request (asked again: the same time). A
   * self-exclusion still running answers 403 `self_excluded` with its end; nothing to reopen,
   * 409 `account_not_reopenable`.
   */
  async requestReopen(userId: string): Promise<Date> {
    return await this.transactions.run(async (transaction) => {
      const now = this.clock.now();
      const row = await this.repository.lock(transaction, userId);
      const standing = exclusionStanding(stateOf(row), now);
      if (row?.kind !== 'self_exclusion' || standing === 'clear') {
        throw new AppError('account_not_reopenable');
      }
      if (row.reopens_at !== null) return row.reopens_at;
      if (!standing.payload.reopenable) throw refused(standing.code, standing.payload);
      const reopensAt = new Date(now.getTime() + reopenCoolingOffMs);
      await this.repository.save(transaction, { ...row, reopens_at: reopensAt, updated_at: now });
      await this.repository.record(transaction, {
        userId,
        action: 'reopen_requested',
        kind: row.kind,
        until: row.until,
        operator_id: null,
        created_at: now,
      });
      return reopensAt;
    });
  }

  // ─── the operator's view ─────────────────────────────────────────────────────────────────

  /**
   * Every entry of the player's exclusion history, oldest first, for the operators' CSV export
   * (backoffice's ExclusionHistorySource). `ended` and `reopened` happen by the clock: the system's.
   */
  async exclusionHistory(userId: string): Promise<
    {
      at: Date;
      event: string;
      kind: 'time_out' | 'self_exclusion';
      until: Date | null;
      actor: 'player' | 'operator' | 'system';
      operatorId: string | null;
      reason: string | null;
    }[]
  > {
    const history = await this.repository.history(userId);
    return history.reverse().map((entry) => ({
      at: entry.created_at,
      event: entry.action,
      kind: entry.kind,
      until: entry.until,
      actor:
        entry.operator_id !== null
          ? 'operator'
          : entry.action === 'ended' || entry.action === 'reopened'
            ? 'system'
            : 'player',
      operatorId: entry.operator_id,
      reason: null,
    }));
  }

  /** `GET /api/backoffice/v1/players/{globalId}/exclusions` */
  async forOperator(globalId: string): Promise<PlayerExclusions> {
    const player = await this.users.findAccountByGlobalId(globalId);
    if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
    const row = await this.repository.find(this.db, player.id);
    const current =
      row && exclusionStanding(stateOf(row), this.clock.now()) !== 'clear' ? row : undefined;
    const history = await this.repository.history(player.id);
    return {
      current: current
        ? {
            kind: current.kind,
            until: current.until?.toISOString() ?? null,
            startedAt: current.started_at.toISOString(),
            setBy: current.operator_id === null ? 'player' : 'operator',
            operatorId: current.operator_id,
            reopensAt: current.reopens_at?.toISOString() ?? null,
          }
        : null,
      history: history.map((entry) => ({
        action: entry.action,
        kind: entry.kind,
        until: entry.until?.toISOString() ?? null,
        setBy: entry.operator_id === null ? 'player' : 'operator',
        operatorId: entry.operator_id,
        at: entry.created_at.toISOString(),
      })),
    };
  }
}
