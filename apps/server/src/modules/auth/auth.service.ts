import type { LoginBody, RegisterBody } from '@casino/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import {
  generateSessionToken,
  hashSessionToken,
  isWellFormedSessionToken,
} from '../../lib/secret-token.ts';
import { type LoginThrottle, sessionExpiry } from '../../lib/session-policy.ts';
import type { RateLimitRule, RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import { type PlayerAccount, toAccount, type UsersService } from '../users/users.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export interface AuthenticatedPlayer {
  sessionId: string;
  account: PlayerAccount;
}

export interface AuthPolicy {
  sessionTtlSeconds: number;
  login: LoginThrottle;
  registerPerIp: RateLimitRule;
}

/** last_seen_at is written at most this often per session, not on every request. */
const lastSeenResolutionMs = 60_000;

export class AuthService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly rateLimits: RateLimitsService,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
    private readonly policy: AuthPolicy,
  ) {}

  async register(
    body: RegisterBody,
    language: string,
    context: RequestContext,
  ): Promise<IssuedSession> {
    await this.rateLimits.consume(this.policy.registerPerIp, context.ip);
    const passwordHash = await this.passwords.hash(body.password);
    const account = await this.users.createPlayer({ email: body.email, passwordHash, language });
    if (!account) throw new AppError('email_taken');
    return await this.openSession(account.id, context);
  }

  /**
   * Unknown e-mail and wrong password fail identically, after the same amount of hashing work.
   * A banned player may sign in: every later call then answers user_banned with the reason.
   */
  async login(body: LoginBody, context: RequestContext): Promise<IssuedSession> {
    const { perIp, failuresPerAccount } = this.policy.login;
    await this.rateLimits.consume(perIp, context.ip);
    await this.rateLimits.assertNotExhausted(failuresPerAccount, body.email);

    const candidate = await this.users.findForLogin(body.email);
    let valid = false;
    if (candidate) valid = await this.passwords.verify(candidate.passwordHash, body.password);
    else await this.passwords.verifyAgainstDummy(body.password);
    if (!candidate || !valid) {
      await this.rateLimits.record(failuresPerAccount, body.email);
      throw new AppError('invalid_credentials');
    }
    await this.rateLimits.reset(failuresPerAccount, body.email);
    return await this.openSession(candidate.account.id, context);
  }

  /** Idempotent: an unknown, expired or already revoked token is simply ignored. */
  /** Retention: forgets sessions that ended more than a while ago. */
  async purgeEndedSessions(before: Date): Promise<number> {
    return await this.sessions.deleteEndedBefore(before);
  }

  async logout(token: string | null): Promise<void> {
    if (!token || !isWellFormedSessionToken(token)) return;
    await this.sessions.revoke(hashSessionToken(token), this.clock.now());
  }

  async authenticate(token: string): Promise<AuthenticatedPlayer | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const now = this.clock.now();
    const session = await this.sessions.findActive(hashSessionToken(token), now);
    if (!session) return null;
    const account = toAccount(session.user);
    if (now.getTime() - session.lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await this.sessions.touch(session.id, now);
    }
    return { sessionId: session.id, account };
  }

  private async openSession(userId: string, context: RequestContext): Promise<IssuedSession> {
    const token = generateSessionToken();
    const createdAt = this.clock.now();
    const expiresAt = sessionExpiry(createdAt, this.policy.sessionTtlSeconds);
    await this.sessions.insert({
      tokenHash: hashSessionToken(token),
      userId,
      createdAt,
      expiresAt,
      ip: context.inet,
      userAgent: context.userAgent,
    });
    return { token, expiresAt };
  }
}
