import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { loginThrottle } from '../../lib/session-policy.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { WebsocketTokenIssuer } from '../../lib/websocket-token.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { RateLimitsService } from '../platform/rate-limits/rate-limits.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { UsersRepository } from './accounts/users.repository.ts';
import { type CurrencyChangeGuard, UsersService } from './accounts/users.service.ts';
import { AuthService } from './auth/auth.service.ts';
import { SessionsRepository } from './auth/sessions.repository.ts';
import { MessengerRepository } from './messenger/messenger.repository.ts';
import { MessengerService } from './messenger/messenger.service.ts';
import { ProtectionRepository } from './protection/protection.repository.ts';
import { PlayerLimits } from './protection/protection.service.ts';
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
  /** the one check a primary-currency change must pass (no open bonus) */
  currencyChangeGuard: CurrencyChangeGuard;
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
  currencyChangeGuard,
}: PlayersDependencies) {
  const users = new UsersService({
    db,
    repository: new UsersRepository(db),
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
  });
  const auth = new AuthService({
    sessions: new SessionsRepository(db),
    users,
    rateLimits,
    passwords,
    clock,
    policy: {
      sessionTtlSeconds: config.sessionTtlDays * 24 * 60 * 60,
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
  });
  const messenger = new MessengerService({
    repository: new MessengerRepository(db),
    botToken: config.messengerBotToken,
    clock,
  });
  // The one rule engine of responsible-gambling limits: the cashier asks it before a deposit
  // order opens and at every credit, the stake plan (money/wagering) before every stake.
  const limits = new PlayerLimits({
    repository: new ProtectionRepository(db),
    db,
    transactions,
    clock,
    ledger,
    users,
    rateLimits,
    policy: {
      coolingOffMs: config.limitCoolingOffHours * 3_600_000,
      changes: { bucket: 'player_limit_changes', limit: 30, windowSeconds: 60 * 60 },
    },
  });
  return { users, auth, messenger, limits };
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
