import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { bonusJobScheduler } from './jobs/bonus-jobs.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { tournamentJobScheduler } from './jobs/tournament-jobs.ts';
import { orderJobScheduler } from './jobs/wallet-jobs.ts';
import { CacheInvalidation } from './lib/cache-invalidation.ts';
import type { Clock } from './lib/clock.ts';
import { IdempotencyService } from './lib/idempotency.ts';
import { OperatorEvents } from './lib/operator-events.ts';
import {
  createPasswordHasher,
  type PasswordHashingOptions,
  productionPasswordHashing,
} from './lib/passwords.ts';
import { Transactions } from './lib/transactions.ts';
import { ApprovalsRepository } from './modules/backoffice/approvals/approvals.repository.ts';
import { ApprovalsService } from './modules/backoffice/approvals/approvals.service.ts';
import { AuditRepository } from './modules/backoffice/audit/audit.repository.ts';
import { AuditService } from './modules/backoffice/audit/audit.service.ts';
import { createBackoffice, createSettings } from './modules/backoffice/backoffice.wiring.ts';
import { createCasino, createGameCatalog } from './modules/casino/casino.wiring.ts';
import { BalanceService } from './modules/money/ledger/balance.service.ts';
import {
  createCashier,
  createLedger,
  createLedgerReading,
  createWagering,
} from './modules/money/money.wiring.ts';
import { createPlatform } from './modules/platform/platform.wiring.ts';
import {
  createPlayers,
  createPush,
  createPushEventSink,
} from './modules/players/players.wiring.ts';
import type { PushNotificationsDependencies } from './modules/players/push/push-notifications.ts';
import { BonusesRepository } from './modules/promotions/bonuses/bonuses.repository.ts';
import { OpenBonuses } from './modules/promotions/bonuses/open-bonuses.ts';
import { createPromotions } from './modules/promotions/promotions.wiring.ts';
import { createRealtime } from './modules/realtime/realtime.wiring.ts';
import { createSportsbook } from './modules/sportsbook/sportsbook.wiring.ts';

export interface ServiceDependencies {
  config: Config;
  db: Kysely<Database>;
  /**
   * A separate one-connection pool for reading the exchange rates. Conversions happen inside
   * money transactions, each holding a pooled connection; when the rate cache reloads there, a
   * connection from the same pool might never come (every one held by a transaction waiting for
   * a rate). Defaults to `db` where that cannot happen (one-off scripts).
   */
  ratesDb?: Kysely<Database> | undefined;
  clock: Clock;
  passwordHashing?: PasswordHashingOptions | undefined;
  /** the live odds' coalescing windows (tests lengthen them and flush by hand) */
  sportLiveWindows?: { eventMs: number; sportMs: number } | undefined;
  /** where background senders (web push) report */
  logger?: PushNotificationsDependencies['logger'] | undefined;
}

const silentLogger: PushNotificationsDependencies['logger'] = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
};

/**
 * Builds every service, wing by wing, in the order they depend on each other; each service
 * receives only what it uses, by name, and nothing is changed after it is built.
 */
export function createServices({
  config,
  db,
  ratesDb = db,
  clock,
  passwordHashing,
  sportLiveWindows,
  logger,
}: ServiceDependencies) {
  // What every wing uses: the one transaction opener, the job queue, password hashing (players'
  // and operators' sign-in), the operator audit log.
  const transactions = new Transactions({ db });
  // Caches of what operators change, dropped in every process as a change commits.
  const caches = new CacheInvalidation({ transactions });
  // The operators' live feed (queues, the bet ticker), told of changes as they commit.
  const operatorEvents = new OperatorEvents({
    pool: db,
    onError: (error) => (logger ?? silentLogger).error({ err: error }, 'operator event lost'),
  });
  const jobQueue = new JobQueue(db, transactions);
  const passwords = createPasswordHasher(passwordHashing ?? productionPasswordHashing, {
    concurrency: config.passwordHashingConcurrency,
    queueLength: config.passwordHashingQueue,
  });
  const audit = new AuditService({ repository: new AuditRepository(db), clock });
  const platform = createPlatform({ db, clock });

  // Money, the ledger. The balance view reads the ledger and the open bonuses without their
  // writers; the realtime `balance#` event is built from it, and the ledger's writer announces
  // every change through that event (once per transaction, before it commits).
  const { exchangeRates, ledgerReader } = createLedgerReading({
    db,
    ratesDb,
    audit,
    clock,
    transactions,
    caches,
  });
  const bonusesRepository = new BonusesRepository(db);
  const openBonuses = new OpenBonuses({ db, repository: bonusesRepository, ledger: ledgerReader });
  const balance = new BalanceService({ ledger: ledgerReader, bonuses: openBonuses });
  // Web push hears the player events (deposit completed, withdrawal paid, tournament won, sport
  // ticket settled) as they are published, and queues its messages once they commit.
  const pushEvents = createPushEventSink({ config, transactions, clock, queue: jobQueue });
  const realtime = createRealtime({
    config,
    db,
    transactions,
    balance,
    clock,
    observer: pushEvents,
  });
  const ledger = createLedger({
    db,
    exchangeRates,
    transactions,
    // Every movement of a player's money is announced on balance#{globalId} as it commits.
    onBalanceChange: (transaction, userIds) =>
      realtime.events.balancesChanged(transaction, userIds),
  });

  // The operator's settings: the limits engine reads the jurisdiction's cooling-off there.
  const settings = createSettings({ config, db, transactions, clock, audit, caches });
  const players = createPlayers({
    config,
    db,
    transactions,
    clock,
    caches,
    ledger,
    coolingOff: settings,
    rateLimits: platform.rateLimits,
    passwords,
    events: realtime.events,
    audit,
    // No primary-currency change while a bonus is active or pending.
    currencyChangeGuard: (executor, userId) =>
      openBonuses.assertCurrencyChangeAllowed(executor, userId),
    // a messenger launch's promo_<CODE> start parameter, activated as the player entering it
    startPromo: {
      activate: (transaction, caller, code) =>
        promotions.promoCodes.activate(transaction, caller, code),
    },
  });
  const backoffice = createBackoffice({
    config,
    db,
    transactions,
    clock,
    audit,
    rateLimits: platform.rateLimits,
    passwords,
    users: players.users,
    events: realtime.events,
    settings,
    protection: players.protection,
    exclusions: players.exclusions,
    sessions: players.auth,
  });
  const catalog = createGameCatalog({
    db,
    transactions,
    clock,
    audit,
    users: players.users,
    caches,
  });
  const promotions = createPromotions({
    db,
    transactions,
    clock,
    audit,
    ledger,
    users: players.users,
    games: catalog.games,
    fairness: catalog.fairness,
    events: realtime.events,
    openBonuses,
    bonusesRepository,
    bonusJobs: bonusJobScheduler(jobQueue),
    tournamentJobs: tournamentJobScheduler(jobQueue),
    caches,
    marketing: players.limits,
  });
  const wagering = createWagering({
    ledger,
    bonuses: promotions.bonuses.rounds,
    limits: players.limits,
  });
  const casino = createCasino({
    db,
    transactions,
    clock,
    audit,
    ledger,
    users: players.users,
    balance,
    events: realtime.events,
    bonuses: promotions.bonuses.rounds,
    wagering,
    tournamentScoring: promotions.tournamentScoring,
    catalog,
  });
  const cashier = createCashier({
    config,
    db,
    transactions,
    clock,
    audit,
    ledger,
    exchangeRates,
    users: players.users,
    bonuses: promotions.bonuses.cashier,
    limits: players.limits,
    messenger: players.messenger,
    settings: backoffice.settings,
    events: realtime.events,
    operatorEvents,
    orderJobs: orderJobScheduler(jobQueue),
  });
  const sportsbook = createSportsbook({
    db,
    transactions,
    clock,
    aliveTimeoutMs: config.sportFeedAliveTimeoutSeconds * 1000,
    eventRetentionMs: config.sportEventRetentionDays * 24 * 3_600_000,
    eventOverdueMs: config.sportEventOverdueHours * 3_600_000,
    realtime: realtime.publisher,
    ...(sportLiveWindows ? { liveWindows: sportLiveWindows } : {}),
    audit,
    ledger,
    wagering,
    events: realtime.events,
    balance,
    decideTicketsOnTimers: config.jobsEnabled,
    ticketBonuses: promotions.bonuses.rounds,
    // a settled ticket counts for its bonus's wagering and in tournaments that score sport
    ticketPromotions: [promotions.bonuses.rounds, promotions.tournamentScoring],
    cashoutQuoteMs: config.sportCashoutQuoteSeconds * 1000,
    ticketFeed: operatorEvents,
  });
  const push = createPush({
    config,
    db,
    transactions,
    clock,
    queue: jobQueue,
    users: players.users,
    rateLimits: platform.rateLimits,
    bonuses: promotions.bonuses.lifecycle,
    // responsible gambling: nothing reaches a player on a time-out or self-exclusion
    suppression: { shouldSuppress: (userId) => players.limits.isMarketingSuppressed(userId) },
    logger: logger ?? silentLogger,
  });

  return {
    transactions,
    caches,
    operatorEvents,
    jobQueue,
    tournaments: promotions.tournaments,
    banners: promotions.banners,
    games: casino.games,
    originals: casino.originals,
    wheel: promotions.wheel,
    promoCodes: promotions.promoCodes,
    wallet: cashier.wallet,
    cashier: cashier.routes,
    crypto: cashier.crypto,
    messenger: players.messenger,
    cryptobot: cashier.cryptobot,
    bonuses: promotions.bonuses,
    bonusOffers: promotions.bonusOffers,
    requisites: cashier.requisites,
    passwords,
    users: players.users,
    limits: players.limits,
    // the player's own limit history and late deposits (the operators' reads, without operators)
    limitHistory: players.protection,
    exclusions: players.exclusions,
    realityChecks: players.realityChecks,
    exchangeRates,
    ledger,
    wagering,
    balance,
    realtime,
    idempotency: new IdempotencyService({ db, transactions }),
    auth: players.auth,
    operators: backoffice.operators,
    audit,
    settings: backoffice.settings,
    region: backoffice.region,
    players: backoffice.players,
    player360: backoffice.player360,
    playerProtection: backoffice.playerProtection,
    reports: backoffice.reports,
    // the maker-checker queue (a read model over the cashier's approvals)
    approvals: new ApprovalsService(new ApprovalsRepository(db)),
    languages: platform.languages,
    flags: platform.flags,
    health: platform.health,
    seamless: casino.seamless,
    sportsbook,
    push,
  };
}

export type Services = ReturnType<typeof createServices>;
