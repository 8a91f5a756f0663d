import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { CacheInvalidation } from '../../lib/cache-invalidation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { loginThrottle, operatorSessionTtlSeconds } from '../../lib/session-policy.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { RateLimitsService } from '../platform/rate-limits/rate-limits.service.ts';
import { RegionService } from '../platform/region/region.service.ts';
import type { UsersService } from '../players/accounts/users.service.ts';
import type { ProtectionOperatorService } from '../players/protection/protection-operator.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import type { AuditService } from './audit/audit.service.ts';
import { OperatorsRepository } from './operators/operators.repository.ts';
import { OperatorsService } from './operators/operators.service.ts';
import { Player360Repository } from './players/player-360.repository.ts';
import { Player360Service, type SessionEnder } from './players/player-360.service.ts';
import {
  type ExclusionHistorySource,
  PlayerProtectionService,
} from './players/player-protection.service.ts';
import { PlayersService } from './players/players.service.ts';
import { ReportsRepository } from './reports/reports.repository.ts';
import { ReportsService } from './reports/reports.service.ts';
import { SettingsRepository } from './settings/settings.repository.ts';
import { SettingsService } from './settings/settings.service.ts';

export interface BackofficeDependencies {
  config: Config;
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  /** the operator audit log (built first: every wing records to it) */
  audit: AuditService;
  rateLimits: RateLimitsService;
  passwords: PasswordHasher;
  users: UsersService;
  events: RealtimeEvents;
  /** the players' limits, their history and flags (the players wing's protection module) */
  protection: ProtectionOperatorService;
  /** a player's time-outs and self-exclusions for the export; absent: limits only */
  exclusions?: ExclusionHistorySource | undefined;
  /** the operator's settings (built first: the limits engine reads its cooling-off there) */
  settings: SettingsService;
  /** ends one of a player's sign-in sessions (the players wing's auth service) */
  sessions: SessionEnder;
}

/**
 * The operator's settings, built before the wings that read them (the players wing's limits
 * engine reads the jurisdiction's cooling-off).
 */
export function createSettings({
  config,
  db,
  transactions,
  clock,
  audit,
  caches,
}: Pick<BackofficeDependencies, 'config' | 'db' | 'transactions' | 'clock' | 'audit'> & {
  /** every process's caches of the operator's settings go when a change commits */
  caches: CacheInvalidation;
}) {
  return new SettingsService({
    repository: new SettingsRepository(db),
    audit,
    clock,
    transactions,
    caches,
    limitCoolingOffFloorHours: config.limitCoolingOffHours,
  });
}

/**
 * The back office: operators and their sessions, the operator's settings (and the region check
 * that reads them), the operator's actions on players and their responsible-gambling tools.
 */
export function createBackoffice({
  config,
  db,
  transactions,
  clock,
  audit,
  rateLimits,
  passwords,
  users,
  events,
  settings,
  protection,
  exclusions,
  sessions,
}: BackofficeDependencies) {
  const operators = new OperatorsService({
    repository: new OperatorsRepository(db),
    rateLimits,
    passwords,
    clock,
    transactions,
    audit,
    policy: {
      sessionTtlSeconds: operatorSessionTtlSeconds,
      login: loginThrottle('operator', {
        perIpPerMinute: config.loginRateLimitPerIp,
        failuresPerAccountPer15Minutes: config.loginRateLimitPerAccount,
      }),
      requireTotp: config.backofficeRequireTotp,
      // the same budget as wrong passwords: a 6-digit code must not be guessable
      totpFailures: {
        bucket: 'operator_totp_failures',
        limit: config.loginRateLimitPerAccount,
        windowSeconds: 15 * 60,
      },
    },
    totpKey: config.operatorTotpKey,
  });
  return {
    operators,
    settings,
    region: new RegionService({ settings }),
    players: new PlayersService({ users, audit, realtime: events, transactions }),
    player360: new Player360Service({
      repository: new Player360Repository(db),
      rateLimits,
      sessions,
      audit,
      transactions,
      clock,
    }),
    playerProtection: new PlayerProtectionService({
      users,
      operators,
      protection,
      audit,
      transactions,
      exclusions,
    }),
    reports: new ReportsService(new ReportsRepository(db), clock),
  };
}
