import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { IdempotencyService } from '../lib/idempotency.ts';
import type { OperatorsService } from '../modules/backoffice/operators/operators.service.ts';
import type { AuthService } from '../modules/players/auth/auth.service.ts';
import type { MessengerService } from '../modules/players/messenger/messenger.service.ts';
import type { RealtimeRepository } from '../modules/realtime/realtime.repository.ts';
import type { SportCashout } from '../modules/sportsbook/betting/cashout.service.ts';
import type { FeedRetention } from '../modules/sportsbook/feed/feed-retention.ts';
import type { JobDefinition } from './job-queue.ts';

export const retentionJob = 'retention';

const dayMs = 24 * 60 * 60 * 1000;
/** A client retries a money-moving POST within minutes; a week is a generous replay window. */
export const idempotencyRetentionMs = 7 * dayMs;
/** Ended sessions are kept a month for support questions ("was I signed in from …?"). */
export const endedSessionRetentionMs = 30 * dayMs;
/** An unused cash-out quote (valid for seconds) is kept a day, for support questions. */
export const unusedCashoutQuoteRetentionMs = dayMs;

export interface RetentionServices {
  idempotency: Pick<IdempotencyService, 'purgeOlderThan'>;
  auth: Pick<AuthService, 'purgeEndedSessions'>;
  operators: Pick<OperatorsService, 'purgeEndedSessions'>;
  /** used mini-app launches too old to sign in anyway (their replay protection is moot) */
  messenger: Pick<MessengerService, 'purgeExpiredLaunches'>;
  /** realtime history older than its TTL can no longer serve a recovery */
  realtime: { repository: Pick<RealtimeRepository, 'deleteHistoryBefore'>; historyTtlMs: number };
  /**
   * ended and cancelled events past their retention (SPORT_EVENT_RETENTION_DAYS); cash-out
   * quotes never used
   */
  sportsbook: {
    retention: Pick<FeedRetention, 'purgeClosedEvents'>;
    cashout: Pick<SportCashout, 'purgeUnusedQuotes'>;
  };
  clock: Clock;
}

/** Deletes what the platform no longer needs to keep; safe to run in any process, any time. */
export async function runRetention(services: RetentionServices) {
  const now = services.clock.now().getTime();
  return {
    idempotencyKeys: await services.idempotency.purgeOlderThan(
      new Date(now - idempotencyRetentionMs),
    ),
    playerSessions: await services.auth.purgeEndedSessions(new Date(now - endedSessionRetentionMs)),
    operatorSessions: await services.operators.purgeEndedSessions(
      new Date(now - endedSessionRetentionMs),
    ),
    messengerLaunches: await services.messenger.purgeExpiredLaunches(new Date(now)),
    realtimeHistory: await services.realtime.repository.deleteHistoryBefore(
      new Date(now - services.realtime.historyTtlMs),
    ),
    sportEvents: await services.sportsbook.retention.purgeClosedEvents(new Date(now)),
    sportCashoutQuotes: await services.sportsbook.cashout.purgeUnusedQuotes(
      new Date(now - unusedCashoutQuoteRetentionMs),
    ),
  };
}

export function retentionJobDefinitions(
  services: RetentionServices,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: retentionJob,
      cron: '17 * * * *',
      handler: async () => {
        const purged = await runRetention(services);
        logger.info(
          purged,
          'retention: purged old idempotency keys, ended sessions, used messenger launches, realtime history, closed sport events and unused cash-out quotes',
        );
      },
    },
  ];
}
