import { isUuid, type LoginBody, type RegisterBody } from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { ProfileRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CacheInvalidation } from '../../../lib/cache-invalidation.ts';
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
import { TtlMap } from '../../../lib/ttl-map.ts';
import type {
  RateLimitRule,
  RateLimitsService,
} from '../../platform/rate-limits/rate-limits.service.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import {
  noPasswordHash,
  type PlayerAccount,
  toAccount,
  type UsersService,
} from '../accounts/users.service.ts';
import { SessionCache } from './session-cache.ts';
import type { EndedSession, SessionsRepository } from './sessions.repository.ts';

export type { EndedSession } from './sessions.repository.ts';

/** Work done in the transaction that ends a sign-in session (`AuthServiceDependencies.onSessionEnded`). */
export type SessionEndedListener = (
  transaction: DatabaseExecutor,
  session: EndedSession,
) => Promise<void>;

/** A globalId as the database holds it (a positive bigint). */
const globalIdPattern = /^[1-9]\d{0,17}$/;

/** A sign-in session id as the server issues it: a UUID in lowercase, never another spelling. */
function isIssuedSessionId(value: string): boolean {
  return isUuid(value) && value === value.toLowerCase();
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export interface AuthenticatedPlayer {
  sessionId: string;
  account: PlayerAccount;
  /**
   * The player's row as this request's read of the session found it (the same statement joins
   * it), so that a call answering with it (GET /api/v1/me) does not read it again; absent when
   * the player came from the process's recent sessions (`recentPlayer`), which keep no rows.
   */
  user?: ProfileRow;
}

export interface AuthPolicy {
  sessionTtlSeconds: number;
  /**
   * How long this process answers read-only calls from a session it read (SESSION_CACHE_SECONDS;
   * 0: never): see session-cache.ts.
   */
  sessionCacheSeconds?: number;
  login: LoginThrottle;
  registerPerIp: RateLimitRule;
}

/** last_seen_at is written at most this often per session, not on every request. */
const lastSeenResolutionMs = 60_000;

/**
 * How long a process remembers a session it read, for the calls that may skip reading it again
 * (`recentPlayer`): no longer than last_seen_at's resolution, so last_seen_at stays as exact.
 */
const recentSessionMs = lastSeenResolutionMs;
const recentSessionsMax = 50_000;

export interface AuthServiceDependencies {
  sessions: SessionsRepository;
  users: UsersService;
  rateLimits: RateLimitsService;
  passwords: PasswordHasher;
  clock: Clock;
  policy: AuthPolicy;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** work done in the transaction that ends a sign-in session (the realtime disconnect) */
  onSessionEnded?: SessionEndedListener | undefined;
  /**
   * Responsible gambling's word on a sign-up (the e-mail, before the account exists) and a
   * sign-in (after the password was checked): throws to refuse (self_excluded, timed_out).
   */
  gate?: SignInGate | undefined;
  /**
   * Whether this process hears the cache invalidations now (lib/cache-invalidation.ts), and where
   * the session cache registers its drops; without it the process keeps no sessions.
   */
  caches?: Pick<CacheInvalidation, 'listening' | 'register'> | undefined;
}

/** The cache-invalidation key of a player's sessions and row (`players.sessions:<user id>`). */
export const playerSessionsCacheKey = 'players.sessions';

/** See `AuthServiceDependencies.gate` (players/protection's Exclusions). */
export interface SignInGate {
  assertMaySignUp(email: string): Promise<void>;
  assertMaySignIn(userId: string, email: string): Promise<void>;
}

export class AuthService {
  private readonly sessions: SessionsRepository;
  private readonly users: UsersService;
  private readonly rateLimits: RateLimitsService;
  private readonly passwords: PasswordHasher;
  private readonly clock: Clock;
  private readonly policy: AuthPolicy;
  private readonly transactions: Transactions;

  constructor({
    sessions,
    users,
    rateLimits,
    passwords,
    clock,
    policy,
    transactions,
    onSessionEnded,
    gate,
    caches,
  }: AuthServiceDependencies) {
    this.sessionEnded = onSessionEnded ?? null;
    this.gate = gate ?? null;
    this.sessions = sessions;
    this.users = users;
    this.rateLimits = rateLimits;
    this.passwords = passwords;
    this.clock = clock;
    this.policy = policy;
    this.transactions = transactions;
    this.recentSessions = new TtlMap(
      recentSessionMs,
      () => this.clock.now().getTime(),
      recentSessionsMax,
    );
    this.sessionCache = new SessionCache({
      ttlMs: (caches ? (policy.sessionCacheSeconds ?? 0) : 0) * 1000,
      lastSeenResolutionMs,
      nowMs: () => this.clock.now().getTime(),
      listening: () => caches?.listening ?? false,
      maxEntries: recentSessionsMax,
    });
    caches?.register(playerSessionsCacheKey, (userId) => {
      if (userId === undefined) this.sessionCache.dropAll();
      else this.sessionCache.dropPlayer(userId);
    });
  }

  /** The sessions read-only calls may be answered from (`authenticateForRead`). */
  private readonly sessionCache: SessionCache<AuthenticatedPlayer>;

  /** What `authenticate` answered lately, by the token's hash (hex). */
  private readonly recentSessions: TtlMap<AuthenticatedPlayer>;

  private readonly sessionEnded: SessionEndedListener | null;

  private readonly gate: SignInGate | null;

  async register(
    body: RegisterBody,
    language: string,
    context: RequestContext,
  ): Promise<IssuedSession> {
    const passwordHash = await this.passwords.admit(async (passwords) => {
      await this.rateLimits.consume(this.policy.registerPerIp, context.ip);
      return await passwords.hash(body.password);
    });
    await this.gate?.assertMaySignUp(body.email);
    const account = await this.users.createPlayer({
      email: body.email,
      passwordHash,
      language,
      // the operators' player search filters by it (unknown for a private or local address)
      country: countryOfIp(context.ip),
    });
    if (!account) throw new AppError('email_taken');
    return await this.openSession(account.id, context);
  }

  /**
   * Unknown e-mail and wrong password fail identically, after the same amount of hashing work.
   * A banned player may sign in: every later call then answers user_banned with the reason.
   * When this process already has as many sign-ins as it can hash, the attempt is refused with
   * server_busy before anything is read or counted.
   */
  async login(body: LoginBody, context: RequestContext): Promise<IssuedSession> {
    const userId = await this.checkCredentials(body, context);
    await this.gate?.assertMaySignIn(userId, body.email);
    return await this.openSession(userId, context);
  }

  /**
   * The player whose e-mail and password these are, throttled like a sign-in (which uses it):
   * also what `POST /api/v1/auth/reopen` asks before it records a request.
   */
  async checkCredentials(body: LoginBody, context: RequestContext): Promise<string> {
    return await this.passwords.admit(async (passwords) => {
      const { perIp, failuresPerAccount } = this.policy.login;
      await this.rateLimits.consume(perIp, context.ip);
      await this.rateLimits.assertNotExhausted(failuresPerAccount, body.email);

      const candidate = await this.users.findForLogin(body.email);
      let valid = false;
      // an account without a password (a messenger player) spends the same effort and fails
      if (candidate && candidate.passwordHash !== noPasswordHash) {
        valid = await passwords.verify(candidate.passwordHash, body.password);
      } else await passwords.verifyAgainstDummy(body.password);
      if (!candidate || !valid) {
        await this.rateLimits.record(failuresPerAccount, body.email);
        throw new AppError('invalid_credentials');
      }
      await this.rateLimits.reset(failuresPerAccount, body.email);
      if (passwords.needsRehash(candidate.passwordHash)) {
        await this.users.replacePasswordHash(
          candidate.account.id,
          candidate.passwordHash,
          await passwords.hash(body.password),
        );
      }
      return candidate.account.id;
    });
  }

  /**
   * Ends every sign-in session of the player in `transaction` (a time-out or self-exclusion):
   * their realtime connections close at commit (see `onSessionEnded`), so open apps show the
   * sign-in dialog. What this process remembers of them (`recentPlayer`) is only ever acted on
   * by a statement that checks the session again.
   */
  async endAllSessions(transaction: DatabaseExecutor, userId: string): Promise<void> {
    const ended = await this.sessions.revokeAllOf(userId, this.clock.now(), transaction);
    for (const session of ended) await this.sessionEnded?.(transaction, session);
    this.dropSessionsAtCommit(transaction, userId);
  }

  /**
   * This process drops what it keeps of the player's sessions as `transaction` commits (every
   * process does when the trigger's notification arrives; this one must not wait for its own).
   */
  private dropSessionsAtCommit(transaction: DatabaseExecutor, userId: string): void {
    this.sessionCache.dropPlayer(userId);
    const queued = this.transactions.afterCommit(transaction, async () => {
      this.sessionCache.dropPlayer(userId);
    });
    if (!queued) this.sessionCache.dropPlayer(userId);
  }

  /**
   * This process's own write of the player's account or sessions has committed (a call of theirs
   * that is not a GET): what it keeps of them goes before the answer leaves.
   */
  forgetPlayer(userId: string): void {
    this.sessionCache.dropPlayer(userId);
  }

  /** An operator's write has committed: it may have changed any player, so all of them go. */
  forgetAllPlayers(): void {
    this.sessionCache.dropAll();
  }

  /**
   * Ends one sign-in session of the player in `transaction` (an operator revoked it): its
   * realtime connections close at commit, as on a sign-out. False when the player has no such
   * open session.
   */
  async endSession(
    transaction: DatabaseExecutor,
    userId: string,
    sessionId: string,
  ): Promise<boolean> {
    if (!isUuid(sessionId)) return false;
    const ended = await this.sessions.revokeById(userId, sessionId, this.clock.now(), transaction);
    if (!ended) return false;
    await this.sessionEnded?.(transaction, ended);
    this.dropSessionsAtCommit(transaction, userId);
    return true;
  }

  /** Retention: forgets sessions that ended more than a while ago. */
  async purgeEndedSessions(before: Date): Promise<number> {
    return await this.sessions.deleteEndedBefore(before);
  }

  /**
   * Idempotent: an unknown, expired or already revoked token is simply ignored. The session's
   * realtime connections close when the revocation commits (see `AuthServiceDependencies.onSessionEnded`).
   */
  async logout(token: string | null): Promise<void> {
    if (!token || !isWellFormedSessionToken(token)) return;
    const tokenHash = hashSessionToken(token);
    this.recentSessions.delete(tokenHash.toString('hex'));
    await this.transactions.run(async (transaction) => {
      const ended = await this.sessions.revoke(tokenHash, this.clock.now(), transaction);
      if (!ended) return;
      await this.sessionEnded?.(transaction, ended);
      this.dropSessionsAtCommit(transaction, ended.userId);
    });
  }

  /**
   * What a realtime connection of the player (globalId) opened with a token of the sign-in
   * session may do: 'open' (go on), 'banned', 'ended' (signed out, revoked or expired) or
   * 'unknown' (no such player or session).
   */
  async realtimeStanding(
    globalId: string,
    signInSessionId: string,
  ): Promise<'open' | 'banned' | 'ended' | 'unknown'> {
    if (!globalIdPattern.test(globalId) || !isIssuedSessionId(signInSessionId)) {
      return 'unknown';
    }
    const standing = await this.sessions.standing(
      BigInt(globalId),
      signInSessionId,
      this.clock.now(),
    );
    if (!standing) return 'unknown';
    if (standing.banned) return 'banned';
    return standing.sessionOpen ? 'open' : 'ended';
  }

  async authenticate(token: string): Promise<AuthenticatedPlayer | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const tokenHash = hashSessionToken(token);
    return (await this.readSession(tokenHash, tokenHash.toString('hex')))?.player ?? null;
  }

  /**
   * `authenticate` for a call that only reads (GET /api/v1/me): the session this process read
   * lately, when the session cache may answer it (session-cache.ts), else read now and kept.
   * Never for a call that writes or moves money: those read the session every time.
   */
  async authenticateForRead(token: string): Promise<AuthenticatedPlayer | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const tokenHash = hashSessionToken(token);
    const key = tokenHash.toString('hex');
    const kept = this.sessionCache.get(key);
    if (kept) return kept;
    const mark = this.sessionCache.begin();
    let read: Awaited<ReturnType<AuthService['readSession']>>;
    try {
      read = await this.readSession(tokenHash, key);
    } catch (error) {
      this.sessionCache.end();
      throw error;
    }
    if (!read) {
      this.sessionCache.end();
      return null;
    }
    this.sessionCache.keep(key, mark, {
      player: read.player,
      userId: read.player.account.id,
      expiresAtMs: read.expiresAt.getTime(),
      lastSeenAtMs: read.lastSeenAt.getTime(),
    });
    return read.player;
  }

  /**
   * What `authenticateForRead` would answer from the sessions' cache without reading, if it
   * keeps the token's session (undefined: call `authenticateForRead`).
   */
  keptForRead(token: string): AuthenticatedPlayer | undefined {
    if (!isWellFormedSessionToken(token)) return undefined;
    return this.sessionCache.get(hashSessionToken(token).toString('hex'));
  }

  /** The open session of the token's hash (`key`, its hex) with its player; last_seen_at written. */
  private async readSession(tokenHash: Buffer, key: string) {
    const now = this.clock.now();
    const session = await this.sessions.findActive(tokenHash, now);
    if (!session) {
      this.recentSessions.delete(key);
      return null;
    }
    const account = toAccount(session.user);
    let lastSeenAt = session.lastSeenAt;
    if (now.getTime() - lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await this.sessions.touch(session.id, now);
      lastSeenAt = now;
    }
    const player = { sessionId: session.id, account };
    this.recentSessions.set(key, player);
    return {
      player: { ...player, user: session.user } as AuthenticatedPlayer,
      expiresAt: session.expiresAt,
      lastSeenAt,
    };
  }

  /**
   * The player this process authenticated with the token within the last minute, without
   * reading the session again: undefined when it did not, or when the player was banned then.
   * The session may have ended since (signed out elsewhere, expired, the player banned or their
   * primary currency switched), so only a call whose own statement checks the session again
   * may act on it (the instant rounds' settlement, money/wagering/db/settle_rounds.sql), and it
   * answers anything else only after `authenticate`.
   */
  recentPlayer(token: string): AuthenticatedPlayer | undefined {
    if (!isWellFormedSessionToken(token)) return undefined;
    const player = this.recentSessions.get(hashSessionToken(token).toString('hex'));
    return player && player.account.banReason === null ? player : undefined;
  }

  /**
   * Signs in a player proven by other means than a password (the messenger mini-app's signed
   * launch data), in the caller's transaction: the same session as a password sign-in's. Every
   * rule that refuses a sign-in to an existing player belongs in `openSession`, so it holds here
   * too.
   */
  /**
   * Responsible gambling's word on a sign-in proven by other means than a password, asked before
   * the caller's transaction (the gate reads and may record with its own): refused while the
   * player's time-out or self-exclusion applies, or when the national registry lists them.
   */
  async assertMaySignInVerified(userId: string): Promise<void> {
    if (!this.gate) return;
    const account = await this.users.findAccount(userId);
    if (account) await this.gate.assertMaySignIn(userId, account.email);
  }

  async signInVerified(
    userId: string,
    context: RequestContext,
    executor?: DatabaseExecutor,
  ): Promise<IssuedSession> {
    return await this.openSession(userId, context, executor);
  }

  private async openSession(
    userId: string,
    context: RequestContext,
    executor?: DatabaseExecutor,
  ): Promise<IssuedSession> {
    const token = generateSessionToken();
    const createdAt = this.clock.now();
    const expiresAt = sessionExpiry(createdAt, this.policy.sessionTtlSeconds);
    await this.sessions.insert(
      {
        tokenHash: hashSessionToken(token),
        userId,
        createdAt,
        expiresAt,
        ip: context.inet,
        userAgent: context.userAgent,
      },
      executor,
    );
    return { token, expiresAt };
  }
}
