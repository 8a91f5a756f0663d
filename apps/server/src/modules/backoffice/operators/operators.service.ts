import {
  type CreateOperatorBody,
  type LoginBody,
  type OffsetPageMeta,
  type Operator,
  type OperatorListQuery,
  type OperatorProfile,
  type OperatorRole,
  operatorRoleSchema,
  type TotpEnrolment,
  type TotpLoginBody,
  type UpdateOperatorBody,
} from '@casino/contract';
import type { OperatorRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PasswordHasher } from '../../../lib/passwords.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import {
  generateSessionToken,
  hashSessionToken,
  isWellFormedSessionToken,
} from '../../../lib/secret-token.ts';
import { type LoginThrottle, sessionExpiry } from '../../../lib/session-policy.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type {
  RateLimitRule,
  RateLimitsService,
} from '../../platform/rate-limits/rate-limits.service.ts';
import type { AuditService, OperatorActor } from '../audit/audit.service.ts';
import { isIpAllowed } from './ip-allow-list.ts';
import type { OperatorsRepository } from './operators.repository.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeDataUrl,
  totpStepOf,
} from './totp.ts';
import { TotpSecretCipher } from './totp-cipher.ts';

export interface AuthenticatedOperator {
  sessionId: string;
  operator: OperatorProfile;
  totpEnabled: boolean;
  ipAllowList: string[];
  /** the IANA zone the back office shows dates in; null: the browser's */
  timeZone: string | null;
  /** two-factor is required and the operator has not enrolled: only enrolment is open */
  totpEnrolmentRequired: boolean;
}

export interface OperatorsPolicy {
  sessionTtlSeconds: number;
  login: LoginThrottle;
  /** BACKOFFICE_REQUIRE_TOTP */
  requireTotp: boolean;
  /** wrong second-step codes per operator (recovery codes included) */
  totpFailures: RateLimitRule;
}

const lastSeenResolutionMs = 60_000;
/** How long the second step of a two-factor sign-in may wait for its code. */
const challengeTtlSeconds = 5 * 60;

function rolesOf(row: { roles: string[] }): OperatorRole[] {
  return row.roles.map((role) => operatorRoleSchema.parse(role));
}

function toProfile(row: { id: string; email: string; roles: string[] }): OperatorProfile {
  return { id: row.id, email: row.email, roles: rolesOf(row) };
}

function toOperator(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    roles: rolesOf(row),
    disabled: row.disabled_at !== null,
    totpEnabled: row.totp_secret !== null,
    ipAllowList: row.ip_allow_list,
    createdAt: row.created_at.toISOString(),
  };
}

export interface OperatorsServiceDependencies {
  repository: OperatorsRepository;
  rateLimits: RateLimitsService;
  passwords: PasswordHasher;
  clock: Clock;
  transactions: Transactions;
  audit: AuditService;
  policy: OperatorsPolicy;
  /** OPERATOR_TOTP_KEY: the TOTP secrets are stored encrypted with it */
  totpKey: Buffer;
}

export class OperatorsService {
  private readonly repository: OperatorsRepository;
  private readonly rateLimits: RateLimitsService;
  private readonly passwords: PasswordHasher;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly audit: AuditService;
  private readonly policy: OperatorsPolicy;
  private readonly totpCipher: TotpSecretCipher;

  constructor(dependencies: OperatorsServiceDependencies) {
    this.repository = dependencies.repository;
    this.rateLimits = dependencies.rateLimits;
    this.passwords = dependencies.passwords;
    this.clock = dependencies.clock;
    this.transactions = dependencies.transactions;
    this.audit = dependencies.audit;
    this.policy = dependencies.policy;
    this.totpCipher = new TotpSecretCipher(dependencies.totpKey);
  }

  /**
   * Encrypts the TOTP secrets stored plain (before OPERATOR_TOTP_KEY existed); run at start.
   * Each row changes only if it still holds the plain value it was read with. Returns how many.
   */
  async encryptPlainTotpSecrets(): Promise<number> {
    let changed = 0;
    for (const row of await this.repository.listPlainTotpSecrets()) {
      const encrypt = (value: string | null) =>
        value === null || TotpSecretCipher.isEncrypted(value)
          ? value
          : this.totpCipher.encrypt(value, row.id);
      if (
        await this.repository.replaceTotpSecrets(row, {
          totpSecret: encrypt(row.totp_secret),
          totpPendingSecret: encrypt(row.totp_pending_secret),
        })
      ) {
        changed += 1;
      }
    }
    return changed;
  }

  /** Creates the operator unless one with this e-mail exists; returns whether it was created. */
  async ensureOperator(operator: {
    email: string;
    password: string;
    roles: OperatorRole[];
  }): Promise<boolean> {
    const email = operator.email.trim().toLowerCase();
    if (await this.repository.findByEmail(email)) return false;
    const passwordHash = await this.passwords.admit((passwords) =>
      passwords.hash(operator.password),
    );
    const created = await this.repository.insert({
      email,
      passwordHash,
      roles: operator.roles,
      ipAllowList: [],
      createdAt: this.clock.now(),
    });
    return created !== null;
  }

  /**
   * Same throttling, load shedding and non-revealing failure as the player sign-in. A disabled
   * operator is refused like a wrong password. With two-factor on, the answer is a challenge for
   * `completeTotpLogin` instead of a session.
   */
  async login(
    body: LoginBody,
    context: RequestContext,
  ): Promise<
    | { kind: 'session'; token: string; expiresAt: Date }
    | { kind: 'totp_required'; challenge: string }
  > {
    const operator = await this.passwords.admit(async (passwords) => {
      const { perIp, failuresPerAccount } = this.policy.login;
      await this.rateLimits.consume(perIp, context.ip);
      await this.rateLimits.assertNotExhausted(failuresPerAccount, body.email);

      const operator = await this.repository.findByEmail(body.email);
      let valid = false;
      if (operator) valid = await passwords.verify(operator.password_hash, body.password);
      else await passwords.verifyAgainstDummy(body.password);
      if (!operator || !valid || operator.disabled_at !== null) {
        await this.rateLimits.record(failuresPerAccount, body.email);
        throw new AppError('invalid_credentials');
      }
      await this.rateLimits.reset(failuresPerAccount, body.email);
      if (passwords.needsRehash(operator.password_hash)) {
        await this.repository.replacePasswordHash(
          operator.id,
          operator.password_hash,
          await passwords.hash(body.password),
        );
      }
      return operator;
    });
    if (!isIpAllowed(operator.ip_allow_list, context.ip)) throw new AppError('ip_not_allowed');

    if (operator.totp_secret !== null) {
      const challenge = generateSessionToken();
      const createdAt = this.clock.now();
      await this.repository.insertChallenge({
        tokenHash: hashSessionToken(challenge),
        operatorId: operator.id,
        createdAt,
        expiresAt: sessionExpiry(createdAt, challengeTtlSeconds),
        ip: context.inet,
        userAgent: context.userAgent,
      });
      return { kind: 'totp_required', challenge };
    }
    return { kind: 'session', ...(await this.startSession(operator.id, context)) };
  }

  /**
   * The second step: the challenge of `login` and a TOTP code (±1 step, a step used once) or an
   * unused recovery code. Wrong codes count against the operator (429 past the limit); the
   * challenge signs in once.
   */
  async completeTotpLogin(
    body: TotpLoginBody,
    context: RequestContext,
  ): Promise<{ token: string; expiresAt: Date }> {
    await this.rateLimits.consume(this.policy.login.perIp, context.ip);
    const now = this.clock.now();
    const tokenHash = isWellFormedSessionToken(body.challenge)
      ? hashSessionToken(body.challenge)
      : null;
    const operatorId = tokenHash ? await this.repository.findChallenge(tokenHash, now) : null;
    if (!operatorId || !tokenHash) throw new AppError('invalid_credentials');
    await this.rateLimits.assertNotExhausted(this.policy.totpFailures, operatorId);
    const operator = await this.repository.findById(operatorId);
    if (!operator || operator.disabled_at !== null || operator.totp_secret === null) {
      throw new AppError('invalid_credentials');
    }
    if (!(await this.verifySecondFactor(operator, body.code, now))) {
      await this.rateLimits.record(this.policy.totpFailures, operatorId);
      throw new AppError('invalid_credentials', { message: 'Wrong or already used code.' });
    }
    if (!(await this.repository.deleteChallenge(tokenHash))) {
      throw new AppError('invalid_credentials');
    }
    if (!isIpAllowed(operator.ip_allow_list, context.ip)) throw new AppError('ip_not_allowed');
    return await this.startSession(operator.id, context);
  }

  private async verifySecondFactor(operator: OperatorRow, code: string, now: Date) {
    if (operator.totp_secret === null) return false;
    const secret = this.totpCipher.decrypt(operator.totp_secret, operator.id);
    const step = totpStepOf(secret, code.trim(), now);
    if (step !== null) return await this.repository.claimTotpStep(operator.id, step);
    if (code.replace(/[\s-]/g, '').length !== 16) return false;
    return await this.repository.useRecoveryCode(operator.id, hashRecoveryCode(code), now);
  }

  private async startSession(operatorId: string, context: RequestContext) {
    const token = generateSessionToken();
    const createdAt = this.clock.now();
    const expiresAt = sessionExpiry(createdAt, this.policy.sessionTtlSeconds);
    await this.repository.insertSession({
      tokenHash: hashSessionToken(token),
      operatorId,
      createdAt,
      expiresAt,
      ip: context.inet,
      userAgent: context.userAgent,
    });
    return { token, expiresAt };
  }

  /** Retention: forgets sessions that ended more than a while ago (and stale challenges). */
  async purgeEndedSessions(before: Date): Promise<number> {
    await this.repository.deleteChallengesBefore(before);
    return await this.repository.deleteEndedBefore(before);
  }

  /** Operators' e-mails by id (how the back office names who did something). */
  async emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.repository.emailsOf([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  async logout(token: string | null): Promise<void> {
    if (!token || !isWellFormedSessionToken(token)) return;
    await this.repository.revokeSession(hashSessionToken(token), this.clock.now());
  }

  async authenticate(token: string): Promise<AuthenticatedOperator | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const now = this.clock.now();
    const session = await this.repository.findActiveSession(hashSessionToken(token), now);
    if (!session) return null;
    const operator = await this.repository.findById(session.operatorId);
    if (!operator || operator.disabled_at !== null) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await this.repository.touchSession(session.id, now);
    }
    const totpEnabled = operator.totp_secret !== null;
    return {
      sessionId: session.id,
      operator: toProfile(operator),
      totpEnabled,
      ipAllowList: operator.ip_allow_list,
      timeZone: operator.time_zone,
      totpEnrolmentRequired: this.policy.requireTotp && !totpEnabled,
    };
  }

  /** Whether the request's address is inside the operator's allow-list (empty: anywhere). */
  isAllowedFrom(operator: AuthenticatedOperator, ip: string): boolean {
    return isIpAllowed(operator.ipAllowList, ip);
  }

  // --- the admin's operator management ---

  async list(query: OperatorListQuery): Promise<{ operators: Operator[]; meta: OffsetPageMeta }> {
    const { rows, meta } = await this.repository.list(query);
    return { operators: rows.map(toOperator), meta };
  }

  async create(body: CreateOperatorBody, actor: OperatorActor): Promise<Operator> {
    const passwordHash = await this.passwords.admit((passwords) => passwords.hash(body.password));
    return await this.transactions.run(async (transaction) => {
      const row = await this.repository.insert(
        {
          email: body.email,
          passwordHash,
          roles: body.roles,
          ipAllowList: body.ipAllowList ?? [],
          createdAt: this.clock.now(),
        },
        transaction,
      );
      if (!row) throw new AppError('email_taken');
      await this.audit.record(
        actor,
        {
          action: 'operator.create',
          targetType: 'operator',
          targetId: row.id,
          payload: { email: row.email, roles: row.roles, ipAllowList: row.ip_allow_list },
        },
        transaction,
      );
      return toOperator(row);
    });
  }

  /**
   * Roles, disabled, the IP allow-list or a TOTP reset. Disabling ends the operator's sessions;
   * an admin cannot disable themself or take their own admin role (someone must stay admin).
   */
  async update(id: string, body: UpdateOperatorBody, actor: OperatorActor): Promise<Operator> {
    if (
      id === actor.operatorId &&
      (body.disabled === true || (body.roles && !body.roles.includes('admin')))
    ) {
      throw new AppError('forbidden', { message: 'An admin cannot disable or demote themself.' });
    }
    return await this.transactions.run(async (transaction) => {
      const before = await this.repository.lockById(id, transaction);
      if (!before) throw new AppError('not_found', { message: 'No operator has this id.' });
      const now = this.clock.now();
      const disabledAt =
        body.disabled === undefined
          ? undefined
          : body.disabled
            ? (before.disabled_at ?? now)
            : null;
      const row = await this.repository.update(
        id,
        {
          ...(body.roles ? { roles: body.roles } : {}),
          ...(disabledAt !== undefined ? { disabledAt } : {}),
          ...(body.ipAllowList ? { ipAllowList: body.ipAllowList } : {}),
          ...(body.resetTotp ? { resetTotp: true } : {}),
        },
        now,
        transaction,
      );
      if (body.resetTotp) await this.repository.deleteRecoveryCodes(id, transaction);
      if (body.disabled === true || body.resetTotp) {
        await this.repository.revokeAllSessions(id, now, transaction);
      }
      await this.audit.record(
        actor,
        {
          action: 'operator.update',
          targetType: 'operator',
          targetId: id,
          payload: {
            before: {
              roles: before.roles,
              disabled: before.disabled_at !== null,
              ipAllowList: before.ip_allow_list,
            },
            after: {
              roles: row.roles,
              disabled: row.disabled_at !== null,
              ipAllowList: row.ip_allow_list,
            },
            ...(body.resetTotp ? { resetTotp: true } : {}),
          },
        },
        transaction,
      );
      return toOperator(row);
    });
  }

  // --- the operator's own preferences, two-factor and sessions ---

  /** `PATCH /me`: the zone the back office shows dates in (validated by the contract). Audited. */
  async updateMe(
    operator: AuthenticatedOperator,
    changes: { timeZone: string | null },
    context: RequestContext,
  ): Promise<{ timeZone: string | null }> {
    const operatorId = operator.operator.id;
    await this.transactions.run(async (transaction) => {
      await this.repository.setTimeZone(
        operatorId,
        changes.timeZone,
        this.clock.now(),
        transaction,
      );
      await this.audit.record(
        { operatorId, context },
        {
          action: 'operator.time_zone',
          targetType: 'operator',
          targetId: operatorId,
          payload: { before: operator.timeZone, after: changes.timeZone },
        },
        transaction,
      );
    });
    return { timeZone: changes.timeZone };
  }

  /** Starts (or restarts) enrolment: a new secret, kept pending until a code confirms it. */
  async enrolTotp(operator: AuthenticatedOperator): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    const pending = await this.repository.setPendingTotpSecret(
      operator.operator.id,
      this.totpCipher.encrypt(secret, operator.operator.id),
      this.clock.now(),
    );
    if (!pending) throw new AppError('totp_already_enabled');
    const url = otpauthUrl(secret, operator.operator.email);
    return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
  }

  /** A code of the pending secret turns two-factor on; answers the recovery codes, once. */
  async confirmTotp(
    operator: AuthenticatedOperator,
    code: string,
    context: RequestContext,
  ): Promise<string[]> {
    const operatorId = operator.operator.id;
    await this.rateLimits.assertNotExhausted(this.policy.totpFailures, operatorId);
    const row = await this.repository.findById(operatorId);
    if (!row) throw new AppError('unauthorized');
    if (row.totp_secret !== null) throw new AppError('totp_already_enabled');
    const stored = row.totp_pending_secret;
    if (stored === null) throw new AppError('totp_not_enrolling');
    const now = this.clock.now();
    const step = totpStepOf(this.totpCipher.decrypt(stored, operatorId), code, now);
    if (step === null) {
      await this.rateLimits.record(this.policy.totpFailures, operatorId);
      throw new AppError('validation_error', {
        message: 'Wrong code.',
        payload: { fields: [{ field: 'code', message: 'Validation.invalid_value' }] },
      });
    }
    const codes = newRecoveryCodes();
    await this.transactions.run(async (transaction) => {
      if (!(await this.repository.enableTotp(operatorId, stored, step, now, transaction))) {
        throw new AppError('totp_not_enrolling');
      }
      await this.repository.deleteRecoveryCodes(operatorId, transaction);
      await this.repository.insertRecoveryCodes(
        operatorId,
        codes.map(hashRecoveryCode),
        transaction,
      );
      await this.audit.record(
        { operatorId, context },
        { action: 'operator.totp_enable', targetType: 'operator', targetId: operatorId },
        transaction,
      );
    });
    return codes;
  }

  async listSessions(operator: AuthenticatedOperator) {
    const rows = await this.repository.listActiveSessions(operator.operator.id, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      ip: row.ip,
      userAgent: row.user_agent,
      current: row.id === operator.sessionId,
    }));
  }

  async revokeSession(operator: AuthenticatedOperator, sessionId: string): Promise<void> {
    const revoked = await this.repository.revokeSessionById(
      operator.operator.id,
      sessionId,
      this.clock.now(),
    );
    if (!revoked) throw new AppError('not_found', { message: 'No active session has this id.' });
  }
}
