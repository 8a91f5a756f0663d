import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import { FavoritesRepository } from './favorites/favorites.repository.ts';
import { SportFavoritesService } from './favorites/favorites.service.ts';
import { CatalogRepository } from './feed/catalog.repository.ts';
import { SportCatalog } from './feed/catalog.service.ts';
import { FeedRepository } from './feed/feed.repository.ts';
import { FeedIngestion } from './feed/feed-ingestion.ts';
import { FeedRunner } from './feed/feed-runner.ts';
import { TradingRepository } from './feed/trading.repository.ts';
import { type SportChanges, SportTrading } from './feed/trading.service.ts';

export interface SportsbookDependencies {
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  /** a producer silent this long is down (SPORT_FEED_ALIVE_TIMEOUT_SECONDS) */
  aliveTimeoutMs: number;
  /** the operator audit log (operators' suspensions and price overrides) */
  audit: AuditService;
  /**
   * Told after an operator's change to an event commits (the live channels' publisher); none:
   * nothing is told.
   */
  changes?: SportChanges | undefined;
}

const nobodyTold: SportChanges = { eventChanged: () => {} };

/**
 * The sportsbook wing: the odds feed's ingestion and runner, the catalog players browse, the
 * players' favourites, the operators' controls over the feed.
 */
export function createSportsbook({
  db,
  transactions,
  clock,
  aliveTimeoutMs,
  audit,
  changes = nobodyTold,
}: SportsbookDependencies) {
  const ingestion = new FeedIngestion({
    repository: new FeedRepository(),
    transactions,
    clock,
    aliveTimeoutMs,
  });
  const catalog = new SportCatalog({ db, repository: new CatalogRepository() });
  return {
    ingestion,
    // Started only with a provider (none is configured yet): nothing runs in the background.
    feed: new FeedRunner({
      ingestion,
      checkIntervalMs: Math.max(1_000, Math.floor(aliveTimeoutMs / 4)),
      reportError: (error) => console.error('the feed heartbeat check failed', error),
    }),
    catalog,
    favorites: new SportFavoritesService({
      db,
      repository: new FavoritesRepository(),
      transactions,
      clock,
      catalog,
    }),
    trading: new SportTrading({
      db,
      repository: new TradingRepository(),
      transactions,
      audit,
      ingestion,
      changes,
    }),
  };
}
