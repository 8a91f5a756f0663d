import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OperatorEvents } from '../../lib/operator-events.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { BalanceService } from '../money/ledger/balance.service.ts';
import type { LedgerService } from '../money/ledger/ledger.service.ts';
import type { Wagering } from '../money/wagering/wagering.service.ts';
import type { BonusRounds } from '../promotions/bonuses/bonus-rounds.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { maxBroadcastBytes, type RealtimePublisher } from '../realtime/publisher.ts';
import { BettingRepository, eventsTicketsKeep } from './betting/betting.repository.ts';
import { SportBetting, sportLimitCurrency } from './betting/betting.service.ts';
import { BettingTrading } from './betting/betting-trading.service.ts';
import { CashoutRepository } from './betting/cashout.repository.ts';
import { SportCashout } from './betting/cashout.service.ts';
import { GgrRepository } from './betting/ggr.repository.ts';
import { SportGgr } from './betting/ggr.service.ts';
import { ManualSettlementRepository } from './betting/manual-settlement.repository.ts';
import { ManualSettlement } from './betting/manual-settlement.service.ts';
import { SettlementRepository } from './betting/settlement.repository.ts';
import {
  SportSettlement,
  type TicketBonuses,
  type TicketPromotions,
} from './betting/settlement.service.ts';
import { SettlementLiability } from './betting/settlement-liability.ts';
import { SettlementWorker } from './betting/settlement-worker.ts';
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
  /** an open event silent this long after its kick-off is no longer listed (SPORT_EVENT_OVERDUE_HOURS) */
  eventOverdueMs: number;
  /** tickets: quotes in the limits' currency, bet holds and stake postings; the settlement's payments */
  ledger: Pick<
    LedgerService,
    | 'quote'
    | 'postBetHold'
    | 'voidHold'
    | 'markBalanceChanged'
    | 'postTransaction'
    | 'postTransactions'
    | 'lockPlayerBalances'
    | 'balance'
  >;
  /** tickets: the stake plan (main money first, then bonus money) */
  wagering: Pick<Wagering, 'plan'>;
  /** tickets: a decided, settled or cashed-out ticket on the player's transaction# channel */
  events: Pick<
    RealtimeEvents,
    'sportTicketChanged' | 'sportTicketsChanged' | 'committedPublications'
  >;
  /** tickets placed in one statement publish the player's balance (BalanceService.fromSheet) */
  balance: Pick<BalanceService, 'fromSheet'>;
  /** decide in-play tickets on timers in this process (JOBS_ENABLED; tests decide by hand) */
  decideTicketsOnTimers: boolean;
  /** the bonus engine's split of a ticket's settlement and cash-out between main and bonus money */
  ticketBonuses: TicketBonuses & Pick<BonusRounds, 'payoutShare'>;
  /** how long a cash-out quote may be taken (SPORT_CASHOUT_QUOTE_SECONDS) */
  cashoutQuoteMs: number;
  /** what a settled ticket counts for: its bonus's wagering, tournaments that score sport */
  ticketPromotions?: readonly TicketPromotions[];
  /** the operators' bet ticker: each placed ticket, announced after commit in batches */
  ticketFeed?: Pick<OperatorEvents, 'ticketPlaced'> | undefined;
}

/** The settlement's sweep over every market (a kick after each ingestion does the usual work). */
const settlementSweepMs = 30_000;

/** Live odds: a `sport_event` channel publishes at most every 400 ms, a `sport_live` one every second. */
const defaultLiveWindows = { eventMs: 400, sportMs: 1_000 };

/**
 * The sportsbook wing: the catalog players browse, the live publications that read it, the odds
 * feed's ingestion that tells them what changed and the runner a provider is started on, the
 * players' favourites, the operators' controls over the feed (whose changes the live
 * publications announce), the clean-up of closed events (keeping those tickets name), and the
 * players' tickets (betting: acceptance, holds, limits, liability, the in-play delay).
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
  eventOverdueMs,
  ledger,
  wagering,
  events,
  balance,
  decideTicketsOnTimers,
  ticketBonuses,
  cashoutQuoteMs,
  ticketPromotions = [],
  ticketFeed,
}: SportsbookDependencies) {
  const catalog = new SportCatalog({
    db,
    repository: new CatalogRepository(),
    clock,
    overdueMs: eventOverdueMs,
  });
  const publisher = new SportPublisher({
    catalog,
    realtime,
    transactions,
    maxPublicationBytes: maxBroadcastBytes,
    eventWindowMs: liveWindows.eventMs,
    liveWindowMs: liveWindows.sportMs,
    reportError: (error) => console.error('a live odds publication failed', error),
  });
  const settlementRepository = new SettlementRepository();
  // the acceptance's liability reservations, given back when a ticket settles or is cashed out
  const liability = new SettlementLiability({
    repository: settlementRepository,
    ledger,
    limitCurrency: sportLimitCurrency,
  });
  const settlement = new SportSettlement({
    db,
    repository: settlementRepository,
    transactions,
    clock,
    ledger,
    bonuses: ticketBonuses,
    events,
    liability,
    promotions: ticketPromotions,
  });
  const settlementWorker = new SettlementWorker({
    settlement,
    sweepIntervalMs: settlementSweepMs,
    reportError: (error) => console.error('a sport settlement run failed', error),
  });
  const feedRepository = new FeedRepository();
  const ingestion = new FeedIngestion({
    repository: feedRepository,
    transactions,
    clock,
    aliveTimeoutMs,
    // the live publications, and the settlement of what the messages decided
    changes: {
      applied(changes) {
        publisher.applied(changes);
        settlementWorker.eventsChanged(changes.map((change) => change.eventId));
      },
    },
  });
  const trading = new SportTrading({
    db,
    repository: new TradingRepository(),
    transactions,
    audit,
    ingestion,
    changes: publisher,
    clock,
    overdueMs: eventOverdueMs,
  });
  const bettingRepository = new BettingRepository();
  const tickets = new TickerRepository();
  const cashout = new SportCashout({
    db,
    repository: new CashoutRepository(),
    tickets,
    catalog,
    ledger,
    bonuses: ticketBonuses,
    events,
    transactions,
    clock,
    audit,
    quoteValidityMs: cashoutQuoteMs,
    liability,
  });
  const betting = new SportBetting({
    db,
    repository: bettingRepository,
    transactions,
    clock,
    ledger,
    wagering,
    events,
    cashout,
    balance,
    decideOnTimers: decideTicketsOnTimers,
    reportError: (error) => console.error('a sport ticket decision failed', error),
    ticketFeed,
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
    settlement,
    // started with the feed (sport-feed.plugin.ts)
    settlementWorker,
    // the retention job deletes closed events (jobs/retention-jobs.ts)
    retention: new FeedRetention({
      repository: feedRepository,
      transactions,
      retentionMs: eventRetentionMs,
      // the events sport tickets name stay
      keptEvents: eventsTicketsKeep(),
    }),
    betting,
    bettingTrading: new BettingTrading({
      db,
      repository: bettingRepository,
      transactions,
      audit,
      clock,
      kept: betting,
    }),
    favorites: new SportFavoritesService({
      db,
      repository: new FavoritesRepository(),
      transactions,
      clock,
      catalog,
    }),
    trading,
    manualSettlement: new ManualSettlement({
      db,
      repository: new ManualSettlementRepository(),
      settlement,
      transactions,
      audit,
      clock,
      suspendMarket: (actor, marketId) => trading.setMarketSuspended(actor, marketId, true),
    }),
    // betting: cash-out, and the operators' bet ticker and GGR per sport
    cashout,
    ticker: new SportTicker({ db, repository: tickets, cashout }),
    ggr: new SportGgr({ db, repository: new GgrRepository() }),
  };
}
