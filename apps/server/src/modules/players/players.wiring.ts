import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { CacheInvalidation } from '../../lib/cache-invalidation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { loginThrottle } from '../../lib/session-policy.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { WebsocketTokenIssuer } from '../../lib/websocket-token.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { RateLimitsService } from '../platform/rate-limits/rate-limits.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { UsersRepository } from './accounts/users.repository.ts';
import { type CurrencyChangeGuard, UsersService } from './accounts/users.service.ts';
import { AuthService, playerSessionsCacheKey } from './auth/auth.service.ts';
import { SessionsRepository } from './auth/sessions.repository.ts';
import { MessengerRepository } from './messenger/messenger.repository.ts';
import { MessengerService, type StartPromo } from './messenger/messenger.service.ts';
import { ExclusionRepository } from './protection/exclusion.repository.ts';
import { Exclusions } from './protection/exclusion.service.ts';
import { ProtectionRepository } from './protection/protection.repository.ts';
import { type LimitCoolingOff, PlayerLimits } from './protection/protection.service.ts';
import { ProtectionOperatorService } from './protection/protection-operator.service.ts';
import { RealityChecks } from './protection/reality-check.service.ts';
import { selfExclusionRegistry } from './protection/registry.ts';
import { UsageRepository } from './protection/usage.repository.ts';
import { PushRepository } from './push/push.repository.ts';
import { PushService } from './push/push.service.ts';
import {
  PushEventSink,
  type PushJobQueue,
  PushNotifications,
  type PushNotificationsDependencies,
  type PushSuppression,
} from './push/push-notifications.ts';
import { resolveVapidKeys } from './push/vapid-keys.ts';

export interface PlayersDependencies {
  config: Config;
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  ledger: LedgerService;
  rateLimits: RateLimitsService;
  passwords: PasswordHasher;
  events: RealtimeEvents;
  /** the operator audit log (an admin's exclusion on a player's behalf) */
  audit: AuditService;
  /** the one check a primary-currency change must pass (no open bonus) */
  currencyChangeGuard: CurrencyChangeGuard;
  /** the cooling-off of a limit's increase (the operator's setting, at least LIMIT_COOLING_OFF_HOURS) */
  coolingOff: LimitCoolingOff;
  /** the promo codes' activation: a messenger launch's `promo_<CODE>` start parameter */
  startPromo: StartPromo;
  /** the cache invalidations every process hears (the sign-in sessions' cache) */
  caches?: CacheInvalidation;
}

/** The players wing: accounts, sign-in sessions, the messenger bot, responsible-gambling limits. */
export function createPlayers({
  config,
  db,
  transactions,
  clock,
  ledger,
  rateLimits,
  passwords,
  events,
  audit,
  currencyChangeGuard,
  coolingOff,
  startPromo,
  caches,
}: PlayersDependencies) {
  const users = new UsersService({
    db,
    // this process drops its kept sessions of a player whose row it writes, at the commit
    repository: new UsersRepository(db, (executor, userId) =>
      caches?.dropAtCommit(executor, playerSessionsCacheKey, userId),
    ),
    websocketTokens: new WebsocketTokenIssuer(
      config.websocketJwtSecret,
      config.websocketTokenTtlSeconds,
      clock,
    ),
    clock,
    ledger,
    transactions,
    currencyChangeGuard,
    supportChatIdentitySecret: config.supportChat.identitySecret,
    // the responsible-gambling limits follow a primary-currency change (converted, rounded down)
    onCurrencyChanged: (transaction, change): Promise<void> =>
      limits.convertCurrency(transaction, change),
  });
  // Time-out and self-exclusion: they end every sign-in session (auth, below), refuse sign-in
  // and sign-up (with the national registry hook), and every deposit and stake (limits).
  const exclusionRepository = new ExclusionRepository(db);
  const exclusions: Exclusions = new Exclusions({
    repository: exclusionRepository,
    db,
    transactions,
    clock,
    registry: selfExclusionRegistry(config.rgRegistry, exclusionRepository),
    users,
    audit,
    rateLimits,
    requests: { bucket: 'player_exclusion_requests', limit: 10, windowSeconds: 60 * 60 },
    endSessions: (transaction, userId): Promise<void> => auth.endAllSessions(transaction, userId),
  });
  const auth: AuthService = new AuthService({
    sessions: new SessionsRepository(db),
    users,
    rateLimits,
    passwords,
    clock,
    policy: {
      sessionTtlSeconds: config.sessionTtlDays * 24 * 60 * 60,
      sessionCacheSeconds: config.sessionCacheSeconds,
      login: loginThrottle('player', {
        perIpPerMinute: config.loginRateLimitPerIp,
        failuresPerAccountPer15Minutes: config.loginRateLimitPerAccount,
      }),
      registerPerIp: {
        bucket: 'player_register_ip',
        limit: config.registerRateLimitPerIp,
        windowSeconds: 60 * 60,
      },
    },
    transactions,
    // A sign-in session that ends (sign-out) closes the realtime connections of its tokens.
    onSessionEnded: (transaction, session) =>
      events.sessionEnded(transaction, session.globalId, session.id),
    gate: exclusions,
    caches,
  });
  const messenger = new MessengerService({
    repository: new MessengerRepository(db),
    botToken: config.messengerBotToken,
    clock,
    signIn: {
      bots: config.messengerBots,
      publicKey: config.messengerPublicKey,
      maxAgeSeconds: config.messengerInitDataMaxAgeSeconds,
      // the password sign-in's allowance per IP, counted apart
      perIp: {
        bucket: 'player_messenger_sign_in_ip',
        limit: config.loginRateLimitPerIp,
        windowSeconds: 60,
      },
      users,
      auth,
      rateLimits,
      transactions,
      startPromo,
    },
  });
  // The one rule engine of responsible-gambling limits: the cashier asks it before a deposit
  // order opens and at every credit, the stake plan (money/wagering) before every stake.
  const protectionRepository = new ProtectionRepository(db);
  const usage = new UsageRepository();
  const realityChecks = new RealityChecks({ usage, db, ledger });
  const limits: PlayerLimits = new PlayerLimits({
    events,
    usage,
    realityChecks,
    repository: protectionRepository,
    db,
    transactions,
    clock,
    ledger,
    users,
    rateLimits,
    coolingOff,
    policy: {
      changes: { bucket: 'player_limit_changes', limit: 30, windowSeconds: 60 * 60 },
    },
    exclusions,
  });
  // The operators' side of it: limits with who set them, history, flags (the back office's).
  const protection = new ProtectionOperatorService({
    repository: protectionRepository,
    db,
    clock,
    limits,
    users,
  });
  return { users, auth, messenger, limits, protection, exclusions, realityChecks };
}

export interface PushDependencies {
  config: Pick<Config, 'webPush' | 'nodeEnv' | 'dataDirectory'>;
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  queue: PushJobQueue;
  users: UsersService;
  rateLimits: RateLimitsService;
  /** active bonuses whose deadline is near (the bonus engine) */
  bonuses: PushNotificationsDependencies['bonuses'];
  /**
   * whether a player must get no notifications now beyond a ban; the responsible-gambling
   * exclusion check (players/protection) plugs in here
   */
  suppression?: PushSuppression | undefined;
  logger: PushNotificationsDependencies['logger'];
}

/** What the realtime events tell web push; built before the realtime wing that calls it. */
export function createPushEventSink(options: {
  config: Pick<Config, 'webPush'>;
  transactions: Transactions;
  clock: Clock;
  queue: PushJobQueue;
}) {
  return new PushEventSink({
    transactions: options.transactions,
    queue: options.queue,
    clock: options.clock,
    enabled: options.config.webPush.enabled,
  });
}

/** Web push: subscriptions and preferences (routes), and the sender the job queue runs. */
export function createPush({
  config,
  db,
  transactions,
  clock,
  queue,
  users,
  rateLimits,
  bonuses,
  suppression,
  logger,
}: PushDependencies) {
  const vapid = resolveVapidKeys(config.webPush, config.nodeEnv, config.dataDirectory);
  const repository = new PushRepository(db);
  const service = new PushService({
    repository,
    transactions,
    clock,
    users,
    rateLimits,
    config: config.webPush,
    vapidPublicKey: vapid.publicKey,
  });
  const notifications = new PushNotifications({
    service,
    repository,
    users,
    // Banned players are refused by the sender itself; nothing more is known on this branch.
    suppression: suppression ?? { shouldSuppress: async () => false },
    bonuses,
    queue,
    clock,
    vapid: { ...vapid, subject: config.webPush.subject },
    enabled: config.webPush.enabled,
    logger,
  });
  return { service, notifications };
}
