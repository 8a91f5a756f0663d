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
import { RealityChecks } from './protection/reality-check.service.ts';
import { UsageRepository } from './protection/usage.repository.ts';

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
    // the responsible-gambling limits follow a primary-currency change (converted, rounded down)
    onCurrencyChanged: (transaction, change): Promise<void> =>
      limits.convertCurrency(transaction, change),
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
  const usage = new UsageRepository();
  const realityChecks = new RealityChecks({ usage, db, ledger });
  const limits: PlayerLimits = new PlayerLimits({
    usage,
    realityChecks,
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
  return { users, auth, messenger, limits, realityChecks };
}
