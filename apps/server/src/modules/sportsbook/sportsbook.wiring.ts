import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { BonusRounds } from '../promotions/bonuses/bonus-rounds.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { maxBroadcastBytes, type RealtimePublisher } from '../realtime/publisher.ts';
import { CashoutRepository } from './betting/cashout.repository.ts';
import { SportCashout } from './betting/cashout.service.ts';
import { GgrRepository } from './betting/ggr.repository.ts';
import { SportGgr } from './betting/ggr.service.ts';
import { TickerRepository } from './betting/ticker.repository.ts';
import { SportTicker } from './betting/ticker.service.ts';
import { FavoritesRepository } from './favorites/favorites.repository.ts';
import { SportFavoritesService } from './favorites/favorites.service.ts';
import { CatalogRepository } from './feed/catalog.repository.ts';
import { SportCatalog } from './feed/catalog.service.ts';
import { FeedRepository } from './feed/feed.repository.ts';
import { FeedIngestion } from './feed/feed-ingestion.ts';
import { FeedRetention } from './feed/feed-retention.ts';
import { FeedRunner } from './feed/feed-runner.ts';
import { SportPublisher } from './feed/sport-publisher.ts';
import { TradingRepository } from './feed/trading.repository.ts';
import { SportTrading } from './feed/trading.service.ts';

export interface SportsbookDependencies {
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  /** a producer silent this long is down (SPORT_FEED_ALIVE_TIMEOUT_SECONDS) */
  aliveTimeoutMs: number;
  /** where live odds are published (`sport_event:{id}`, `sport_live:{sportId}`) */
  realtime: Pick<RealtimePublisher, 'publish'>;
  /** the coalescing windows of the live publications (tests lengthen them and flush by hand) */
  liveWindows?: { eventMs: number; sportMs: number };
  /** the operator audit log (operators' suspensions and price overrides) */
  audit: AuditService;
  /** ended and cancelled events are deleted this long after their last message (SPORT_EVENT_RETENTION_DAYS) */
  eventRetentionMs: number;
  /** pays cash-outs (house → player) */
  ledger: Pick<LedgerService, 'postTransaction'>;
  /** splits a cash-out between main and bonus money like the ticket's stake */
  bonuses: Pick<BonusRounds, 'payoutShare'>;
  /** the player's `transaction#` channel (a ticket changed) */
  events: Pick<RealtimeEvents, 'sportTicketChanged'>;
  /** how long a cash-out quote may be taken (SPORT_CASHOUT_QUOTE_SECONDS) */
  cashoutQuoteMs: number;
}

/** Live odds: a `sport_event` channel publishes at most every 400 ms, a `sport_live` one every second. */
const defaultLiveWindows = { eventMs: 400, sportMs: 1_000 };

/**
 * The sportsbook wing: the catalog players browse, the live publications that read it, the odds
 * feed's ingestion that tells them what changed and the runner a provider is started on, the
 * players' favourites, the operators' controls over the feed (whose changes the live
 * publications announce), and the clean-up of closed events.
 */
export function createSportsbook({
  db,
  transactions,
  clock,
  aliveTimeoutMs,
  realtime,
  liveWindows = defaultLiveWindows,
  audit,
  eventRetentionMs,
  ledger,
  bonuses,
  events,
  cashoutQuoteMs,
}: SportsbookDependencies) {
  const catalog = new SportCatalog({ db, repository: new CatalogRepository() });
  const publisher = new SportPublisher({
    catalog,
    realtime,
    transactions,
    maxPublicationBytes: maxBroadcastBytes,
    eventWindowMs: liveWindows.eventMs,
    liveWindowMs: liveWindows.sportMs,
    reportError: (error) => console.error('a live odds publication failed', error),
  });
  const feedRepository = new FeedRepository();
  const ingestion = new FeedIngestion({
    repository: feedRepository,
    transactions,
    clock,
    aliveTimeoutMs,
    changes: publisher,
  });
  const tickets = new TickerRepository();
  const cashout = new SportCashout({
    db,
    repository: new CashoutRepository(),
    tickets,
    catalog,
    ledger,
    bonuses,
    events,
    transactions,
    clock,
    audit,
    quoteValidityMs: cashoutQuoteMs,
  });
  return {
    ingestion,
    // Started by the feed's leader (sport-feed.plugin.ts) when a provider is configured.
    feed: new FeedRunner({
      ingestion,
      checkIntervalMs: Math.max(1_000, Math.floor(aliveTimeoutMs / 4)),
      reportError: (error) => console.error('the feed heartbeat check failed', error),
    }),
    catalog,
    publisher,
    // the retention job deletes closed events (jobs/retention-jobs.ts)
    retention: new FeedRetention({
      repository: feedRepository,
      transactions,
      retentionMs: eventRetentionMs,
    }),
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
      changes: publisher,
    }),
    // betting: cash-out, and the operators' bet ticker and GGR per sport
    cashout,
    ticker: new SportTicker({ db, repository: tickets, cashout }),
    ggr: new SportGgr({ db, repository: new GgrRepository() }),
  };
}
