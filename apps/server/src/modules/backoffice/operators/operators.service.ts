import {
  type LoginBody,
  type OperatorProfile,
  type OperatorRole,
  operatorRoleSchema,
} from '@casino/contract';
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
import type { RateLimitsService } from '../../platform/rate-limits/rate-limits.service.ts';
import type { OperatorsRepository } from './operators.repository.ts';

export interface AuthenticatedOperator {
  sessionId: string;
  operator: OperatorProfile;
}

export interface OperatorsPolicy {
  sessionTtlSeconds: number;
  login: LoginThrottle;
}

const lastSeenResolutionMs = 60_000;

function toProfile(row: { id: string; email: string; role: string }): OperatorProfile {
  return { id: row.id, email: row.email, role: operatorRoleSchema.parse(row.role) };
}

export interface OperatorsServiceDependencies {
  repository: OperatorsRepository;
  rateLimits: RateLimitsService;
  passwords: PasswordHasher;
  clock: Clock;
  policy: OperatorsPolicy;
}

export class OperatorsService {
  private readonly repository: OperatorsRepository;
  private readonly rateLimits: RateLimitsService;
  private readonly passwords: PasswordHasher;
  private readonly clock: Clock;
  private readonly policy: OperatorsPolicy;

  constructor({ repository, rateLimits, passwords, clock, policy }: OperatorsServiceDependencies) {
    this.repository = repository;
    this.rateLimits = rateLimits;
    this.passwords = passwords;
    this.clock = clock;
    this.policy = policy;
  }

  /** Creates the operator unless one with this e-mail exists; returns whether it was created. */
  async ensureOperator(operator: {
    email: string;
    password: string;
    role: OperatorRole;
  }): Promise<boolean> {
    const email = operator.email.trim().toLowerCase();
    if (await this.repository.findByEmail(email)) return false;
    const passwordHash = await this.passwords.admit((passwords) =>
      passwords.hash(operator.password),
    );
    const created = await this.repository.insert({
      email,
      passwordHash,
      role: operator.role,
      createdAt: this.clock.now(),
    });
    return created !== null;
  }

  /** Same throttling, load shedding and non-revealing failure as the player sign-in. */
  async login(
    body: LoginBody,
    context: RequestContext,
  ): Promise<{ token: string; expiresAt: Date }> {
    const operatorId = await this.passwords.admit(async (passwords) => {
      const { perIp, failuresPerAccount } = this.policy.login;
      await this.rateLimits.consume(perIp, context.ip);
      await this.rateLimits.assertNotExhausted(failuresPerAccount, body.email);

      const operator = await this.repository.findByEmail(body.email);
      let valid = false;
      if (operator) valid = await passwords.verify(operator.password_hash, body.password);
      else await passwords.verifyAgainstDummy(body.password);
      if (!operator || !valid) {
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
      return operator.id;
    });

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

  /** Retention: forgets sessions that ended more than a while ago. */
  async purgeEndedSessions(before: Date): Promise<number> {
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
    if (!operator) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await this.repository.touchSession(session.id, now);
    }
    return { sessionId: session.id, operator: toProfile(operator) };
  }
}
