import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { bonusJobScheduler } from './jobs/bonus-jobs.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { tournamentJobScheduler } from './jobs/tournament-jobs.ts';
import { orderJobScheduler } from './jobs/wallet-jobs.ts';
import type { Clock } from './lib/clock.ts';
import { IdempotencyService } from './lib/idempotency.ts';
import {
  createPasswordHasher,
  type PasswordHashingOptions,
  productionPasswordHashing,
} from './lib/passwords.ts';
import { loginThrottle, operatorSessionTtlSeconds } from './lib/session-policy.ts';
import { Transactions } from './lib/transactions.ts';
import { WebsocketTokenIssuer, WebsocketTokenVerifier } from './lib/websocket-token.ts';
import { AuditRepository } from './modules/backoffice/audit/audit.repository.ts';
import { AuditService } from './modules/backoffice/audit/audit.service.ts';
import { OperatorsRepository } from './modules/backoffice/operators/operators.repository.ts';
import { OperatorsService } from './modules/backoffice/operators/operators.service.ts';
import { PlayersService } from './modules/backoffice/players/players.service.ts';
import { SettingsRepository } from './modules/backoffice/settings/settings.repository.ts';
import { SettingsService } from './modules/backoffice/settings/settings.service.ts';
import { GamesRepository } from './modules/casino/games/games.repository.ts';
import { GamesService } from './modules/casino/games/games.service.ts';
import { FairnessRepository } from './modules/casino/originals/fairness.repository.ts';
import { FairnessService } from './modules/casino/originals/fairness.service.ts';
import { RoundsRepository } from './modules/casino/originals/rounds.repository.ts';
import { RoundsService } from './modules/casino/originals/rounds.service.ts';
import { ProviderRoundsService } from './modules/casino/seamless/provider-rounds.service.ts';
import { SeamlessRepository } from './modules/casino/seamless/seamless.repository.ts';
import { SeamlessGameLauncher } from './modules/casino/seamless/seamless-launcher.ts';
import { SeamlessProvidersService } from './modules/casino/seamless/seamless-providers.service.ts';
import { SeamlessWalletService } from './modules/casino/seamless/seamless-wallet.service.ts';
import { PaymentRestrictionsRepository } from './modules/money/cashier/payment-restrictions.repository.ts';
import { OperatorReportedChainWatcher } from './modules/money/cashier/rails/crypto/chain-watcher.ts';
import { CryptoMethodsRepository } from './modules/money/cashier/rails/crypto/crypto-methods.repository.ts';
import { CryptoMethodsService } from './modules/money/cashier/rails/crypto/crypto-methods.service.ts';
import { CryptoDepositsRepository } from './modules/money/cashier/rails/crypto/deposits.repository.ts';
import { CryptoDepositsService } from './modules/money/cashier/rails/crypto/deposits.service.ts';
import {
  CryptoBotPayouts,
  OperatorReportedChainPayouts,
  UnavailableChainPayouts,
} from './modules/money/cashier/rails/crypto/payout-provider.ts';
import { CryptoWithdrawalsRepository } from './modules/money/cashier/rails/crypto/withdrawals.repository.ts';
import { CryptoWithdrawalsService } from './modules/money/cashier/rails/crypto/withdrawals.service.ts';
import { CryptoBotRepository } from './modules/money/cashier/rails/cryptobot/cryptobot.repository.ts';
import { CryptoBotService } from './modules/money/cashier/rails/cryptobot/cryptobot.service.ts';
import {
  type CryptoBotClient,
  LiveCryptoBotClient,
  SandboxCryptoBotClient,
  UnavailableCryptoBotClient,
} from './modules/money/cashier/rails/cryptobot/cryptobot-client.ts';
import { createPaymentProvider } from './modules/money/cashier/rails/p2p/provider-factory.ts';
import { RequisitesRepository } from './modules/money/cashier/rails/p2p/requisites.repository.ts';
import { RequisitesService } from './modules/money/cashier/rails/p2p/requisites.service.ts';
import { ReceiptStore } from './modules/money/cashier/receipt-store.ts';
import { WalletRepository } from './modules/money/cashier/wallet.repository.ts';
import { WalletService } from './modules/money/cashier/wallet.service.ts';
import { ExchangeRatesRepository } from './modules/money/exchange-rates/exchange-rates.repository.ts';
import { ExchangeRatesService } from './modules/money/exchange-rates/exchange-rates.service.ts';
import { BalanceService } from './modules/money/ledger/balance.service.ts';
import { LedgerRepository } from './modules/money/ledger/ledger.repository.ts';
import { LedgerReader, LedgerService } from './modules/money/ledger/ledger.service.ts';
import { FlagsService } from './modules/platform/flags/flags.service.ts';
import { HealthRepository } from './modules/platform/health/health.repository.ts';
import { HealthService } from './modules/platform/health/health.service.ts';
import { LanguagesRepository } from './modules/platform/languages/languages.repository.ts';
import { LanguagesService } from './modules/platform/languages/languages.service.ts';
import { RateLimitsRepository } from './modules/platform/rate-limits/rate-limits.repository.ts';
import { RateLimitsService } from './modules/platform/rate-limits/rate-limits.service.ts';
import { RegionService } from './modules/platform/region/region.service.ts';
import { UsersRepository } from './modules/players/accounts/users.repository.ts';
import { UsersService } from './modules/players/accounts/users.service.ts';
import { AuthService } from './modules/players/auth/auth.service.ts';
import { SessionsRepository } from './modules/players/auth/sessions.repository.ts';
import { MessengerRepository } from './modules/players/messenger/messenger.repository.ts';
import { MessengerService } from './modules/players/messenger/messenger.service.ts';
import { BannersRepository } from './modules/promotions/banners/banners.repository.ts';
import { BannersService } from './modules/promotions/banners/banners.service.ts';
import { BonusOffersService } from './modules/promotions/bonuses/bonus-offers.service.ts';
import { BonusesRepository } from './modules/promotions/bonuses/bonuses.repository.ts';
import { BonusesService } from './modules/promotions/bonuses/bonuses.service.ts';
import { OpenBonuses } from './modules/promotions/bonuses/open-bonuses.ts';
import { PromoCodesRepository } from './modules/promotions/promocodes/promocodes.repository.ts';
import { PromoCodesService } from './modules/promotions/promocodes/promocodes.service.ts';
import { TournamentScoringService } from './modules/promotions/tournaments/tournament-scoring.service.ts';
import { TournamentsRepository } from './modules/promotions/tournaments/tournaments.repository.ts';
import { TournamentsService } from './modules/promotions/tournaments/tournaments.service.ts';
import { WheelRepository } from './modules/promotions/wheel/wheel.repository.ts';
import { WheelService } from './modules/promotions/wheel/wheel.service.ts';
import { RealtimeEvents } from './modules/realtime/events.ts';
import { BuiltinPublisher, CentrifugoOutboxPublisher } from './modules/realtime/publisher.ts';
import { RealtimeRepository } from './modules/realtime/realtime.repository.ts';

/** How long a player may cancel a pending withdrawal, fiat or crypto. */
const withdrawalCancelWindowSeconds = 10 * 60;

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
}

/** Wires repositories into services; each service receives only what it uses. */
export function createServices({
  config,
  db,
  ratesDb = db,
  clock,
  passwordHashing,
}: ServiceDependencies) {
  const passwords = createPasswordHasher(passwordHashing ?? productionPasswordHashing, {
    concurrency: config.passwordHashingConcurrency,
    queueLength: config.passwordHashingQueue,
  });
  const transactions = new Transactions({ db });
  const rateLimits = new RateLimitsService({ repository: new RateLimitsRepository(db), clock });
  const audit = new AuditService({ repository: new AuditRepository(db), clock });
  const exchangeRates = new ExchangeRatesService({
    transactions,
    repository: new ExchangeRatesRepository(ratesDb),
    audit,
    clock,
  });
  // The balance view reads the ledger and the open bonuses without their writers: the realtime
  // balance event is built from it, and the ledger's writer announces through that event.
  const ledgerReader = new LedgerReader({
    db,
    repository: new LedgerRepository(),
    rates: exchangeRates,
  });
  const bonusesRepository = new BonusesRepository(db);
  const openBonuses = new OpenBonuses({ db, repository: bonusesRepository, ledger: ledgerReader });
  const balance = new BalanceService({ ledger: ledgerReader, bonuses: openBonuses });
  const realtimeRepository = new RealtimeRepository({ transactions, db });
  const realtimeEvents = new RealtimeEvents({
    publisher:
      config.realtime.engine === 'centrifugo'
        ? new CentrifugoOutboxPublisher({ transactions, repository: realtimeRepository, pool: db })
        : new BuiltinPublisher({
            transactions,
            repository: realtimeRepository,
            pool: db,
            historySize: config.realtime.historySize,
          }),
    repository: realtimeRepository,
    balance,
  });
  const ledger = new LedgerService({
    transactions,
    db,
    repository: new LedgerRepository(),
    rates: exchangeRates,
    // Every movement of a player's money is announced on balance#{globalId} as it commits.
    onBalanceChange: (transaction, userIds) => realtimeEvents.balancesChanged(transaction, userIds),
  });
  const users = new UsersService({
    transactions,
    db,
    repository: new UsersRepository(db),
    websocketTokens: new WebsocketTokenIssuer(
      config.websocketJwtSecret,
      config.websocketTokenTtlSeconds,
      clock,
    ),
    clock,
    ledger,
    // No primary-currency change while a bonus is active or pending.
    currencyChangeGuard: (executor, userId) =>
      openBonuses.assertCurrencyChangeAllowed(executor, userId),
  });
  const auth = new AuthService({
    transactions,
    sessions: new SessionsRepository(db),
    users,
    rateLimits,
    passwords,
    clock,
    // A sign-in session that ends (sign-out) closes the realtime connections of its tokens.
    onSessionEnded: (transaction, session) =>
      realtimeEvents.sessionEnded(transaction, session.globalId, session.id),
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
  });

  const operators = new OperatorsService({
    repository: new OperatorsRepository(db),
    rateLimits,
    passwords,
    clock,
    policy: {
      sessionTtlSeconds: operatorSessionTtlSeconds,
      login: loginThrottle('operator', {
        perIpPerMinute: config.loginRateLimitPerIp,
        failuresPerAccountPer15Minutes: config.loginRateLimitPerAccount,
      }),
    },
  });
  const jobQueue = new JobQueue(db);
  const seamlessRepository = new SeamlessRepository(db);
  const seamlessLauncher = new SeamlessGameLauncher({
    repository: seamlessRepository,
    users,
    clock,
  });
  // Third-party games launch with a seamless-wallet session of their provider.
  const games = new GamesService({
    transactions,
    repository: new GamesRepository({ transactions, db }),
    users,
    audit,
    launcher: seamlessLauncher,
    clock,
  });
  const bonuses = new BonusesService({
    transactions,
    db,
    repository: bonusesRepository,
    ledger,
    users,
    games,
    scheduler: bonusJobScheduler(jobQueue),
    clock,
    openBonuses,
  });
  const tournamentsRepository = new TournamentsRepository();
  // Settled rounds (originals, seamless bets and wins) add to the live leaderboards.
  const tournamentScoring = new TournamentScoringService({
    repository: tournamentsRepository,
    ledger,
    clock,
  });
  const tournaments = new TournamentsService({
    transactions,
    db,
    repository: tournamentsRepository,
    scoring: tournamentScoring,
    ledger,
    users,
    events: realtimeEvents,
    audit,
    scheduler: tournamentJobScheduler(jobQueue),
    clock,
  });
  const settings = new SettingsService({
    transactions,
    repository: new SettingsRepository(db),
    audit,
    clock,
  });
  const requisitesRepository = new RequisitesRepository(db);
  // The crypto rail's withdrawals count toward the fiat wallet's daily limit (read here, before
  // the crypto withdrawals service, which checks the limit through the wallet).
  const cryptoWithdrawalsRepository = new CryptoWithdrawalsRepository(db);
  const wallet = new WalletService({
    transactions,
    repository: new WalletRepository(db),
    ledger,
    provider: createPaymentProvider(config, requisitesRepository),
    users,
    audit,
    receipts: new ReceiptStore(config.dataDirectory),
    clock,
    policy: {
      orderTtlSeconds: config.orderTtlSeconds,
      autoApproveSeconds: config.sandboxAutoApproveSeconds,
      withdrawDailyLimitUsd: config.withdrawDailyLimitUsd,
      sellCancelWindowSeconds: withdrawalCancelWindowSeconds,
      withdrawVerificationRequired: config.withdrawVerificationRequired,
    },
    jobs: orderJobScheduler(jobQueue),
    rates: exchangeRates,
    restrictions: new PaymentRestrictionsRepository(db),
    events: realtimeEvents,
    bonuses,
    // the operator's switch of the sandbox's automatic deposit approval
    autoApproveSwitch: () => settings.isSandboxAutoApproveEnabled(),
    // one daily withdrawal limit over fiat and crypto withdrawals
    otherWithdrawals: [
      (executor, userId, since) => cryptoWithdrawalsRepository.sumsSince(userId, since, executor),
    ],
  });
  const cryptoMethods = new CryptoMethodsService({
    repository: new CryptoMethodsRepository(db),
    bonuses,
    rates: exchangeRates,
    rails: {
      addressDeposits: config.cryptoChainWatcher !== 'off',
      chainPayouts: config.cryptoPayoutProvider !== 'off',
      cryptobot: config.cryptobot.mode !== 'off',
    },
  });
  const cryptoBotRepository = new CryptoBotRepository(db);
  const cryptoBotClients: Record<Config['cryptobot']['mode'], () => CryptoBotClient> = {
    off: () => new UnavailableCryptoBotClient(),
    sandbox: () => new SandboxCryptoBotClient(cryptoBotRepository, clock),
    live: () => new LiveCryptoBotClient(config.cryptobot),
  };
  const cryptobot = new CryptoBotService({
    repository: cryptoBotRepository,
    client: cryptoBotClients[config.cryptobot.mode](),
    config: config.cryptobot,
    clock,
  });
  const cryptoDeposits = new CryptoDepositsService({
    transactions,
    repository: new CryptoDepositsRepository(db),
    methods: cryptoMethods,
    ledger,
    users,
    bonuses,
    events: realtimeEvents,
    wallet,
    cryptobot,
    audit,
    clock,
    addresses: config.crypto,
  });
  // The sandbox has no chain to read: operators report transfers through this watcher. With
  // CRYPTO_CHAIN_WATCHER=off there is none (its operator endpoint is not served).
  const chainWatcher =
    config.cryptoChainWatcher === 'sandbox'
      ? new OperatorReportedChainWatcher({
          sink: (reporter, transfer, transaction) =>
            cryptoDeposits.reportIncoming(reporter, transfer, transaction),
        })
      : null;
  const messenger = new MessengerService({
    repository: new MessengerRepository(db),
    botToken: config.messengerBotToken,
    clock,
  });
  const cryptoWithdrawals = new CryptoWithdrawalsService({
    transactions,
    repository: cryptoWithdrawalsRepository,
    methods: cryptoMethods,
    ledger,
    users,
    limits: wallet,
    bonuses,
    messenger,
    payouts: {
      chain:
        config.cryptoPayoutProvider === 'sandbox'
          ? new OperatorReportedChainPayouts()
          : new UnavailableChainPayouts(),
      cryptobot: new CryptoBotPayouts(cryptobot),
    },
    events: realtimeEvents,
    audit,
    clock,
    policy: {
      cancelWindowSeconds: withdrawalCancelWindowSeconds,
      withdrawVerificationRequired: config.withdrawVerificationRequired,
      sharedDepositAddresses: config.crypto.sharedAddresses,
    },
  });
  const roundsRepository = new RoundsRepository();
  const fairness = new FairnessService({
    transactions,
    db,
    repository: new FairnessRepository(),
    rounds: roundsRepository,
    clock,
  });
  const originals = {
    fairness,
    rounds: new RoundsService({
      db,
      repository: roundsRepository,
      fairness,
      games,
      ledger,
      events: realtimeEvents,
      clock,
      bonuses,
      tournaments: tournamentScoring,
      balance,
    }),
  };
  const promoCodes = new PromoCodesService({
    transactions,
    db,
    repository: new PromoCodesRepository(),
    ledger,
    users,
    bonuses,
    audit,
    clock,
  });
  const wheel = new WheelService({
    transactions,
    db,
    repository: new WheelRepository(),
    fairness,
    ledger,
    users,
    bonuses,
    promoCodes,
    audit,
    clock,
  });
  return {
    transactions,
    jobQueue,
    tournaments,
    banners: new BannersService({
      transactions,
      db,
      repository: new BannersRepository(),
      users,
      games,
      audit,
      clock,
    }),
    games,
    originals,
    wheel,
    promoCodes,
    wallet,
    crypto: {
      methods: cryptoMethods,
      deposits: cryptoDeposits,
      withdrawals: cryptoWithdrawals,
      watcher: chainWatcher,
    },
    messenger,
    cryptobot,
    bonuses,
    bonusOffers: new BonusOffersService({
      transactions,
      repository: bonusesRepository,
      bonuses,
      users,
      games,
      audit,
      clock,
    }),
    requisites: new RequisitesService({
      transactions,
      repository: requisitesRepository,
      audit,
    }),
    passwords,
    users,
    exchangeRates,
    ledger,
    balance,
    realtime: {
      repository: realtimeRepository,
      events: realtimeEvents,
      tokens: new WebsocketTokenVerifier(config.websocketJwtSecret, clock),
    },
    idempotency: new IdempotencyService({
      db,
      transactions,
    }),
    auth,
    operators,
    settings,
    region: new RegionService({ settings }),
    players: new PlayersService({ transactions, users, audit, realtime: realtimeEvents }),
    languages: new LanguagesService({ repository: new LanguagesRepository(db) }),
    flags: new FlagsService(),
    health: new HealthService({ repository: new HealthRepository(db) }),
    seamless: {
      wallet: new SeamlessWalletService({
        transactions,
        repository: seamlessRepository,
        ledger,
        users,
        clock,
        bonuses,
        tournaments: tournamentScoring,
      }),
      providers: new SeamlessProvidersService({
        transactions,
        repository: seamlessRepository,
        audit,
        clock,
      }),
      /** the ExternalGameLauncher of provider games (session token on the launch URL) */
      launcher: seamlessLauncher,
      /** the player's round history of provider games (free bets marked) */
      rounds: new ProviderRoundsService({ repository: seamlessRepository }),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
