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
import { CashierRepository } from './modules/money/cashier/cashier.repository.ts';
import { Cashier } from './modules/money/cashier/cashier.service.ts';
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
import { LedgerService } from './modules/money/ledger/ledger.service.ts';
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
  const rateLimits = new RateLimitsService(new RateLimitsRepository(db), clock);
  const audit = new AuditService(new AuditRepository(db), clock);
  const exchangeRates = new ExchangeRatesService(
    db,
    new ExchangeRatesRepository(ratesDb),
    audit,
    clock,
  );
  const ledger = new LedgerService(db, new LedgerRepository(db), exchangeRates);
  const users = new UsersService(
    db,
    new UsersRepository(db),
    new WebsocketTokenIssuer(config.websocketJwtSecret, config.websocketTokenTtlSeconds, clock),
    clock,
    ledger,
  );
  const auth = new AuthService(new SessionsRepository(db), users, rateLimits, passwords, clock, {
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
  });
  const operators = new OperatorsService(
    new OperatorsRepository(db),
    rateLimits,
    passwords,
    clock,
    {
      sessionTtlSeconds: operatorSessionTtlSeconds,
      login: loginThrottle('operator', {
        perIpPerMinute: config.loginRateLimitPerIp,
        failuresPerAccountPer15Minutes: config.loginRateLimitPerAccount,
      }),
    },
  );
  const jobQueue = new JobQueue(db);
  const seamlessRepository = new SeamlessRepository(db);
  const seamlessLauncher = new SeamlessGameLauncher(seamlessRepository, users, clock);
  // Third-party games launch with a seamless-wallet session of their provider.
  const games = new GamesService(
    db,
    new GamesRepository(db),
    users,
    audit,
    seamlessLauncher,
    clock,
  );
  const bonusesRepository = new BonusesRepository(db);
  const bonuses = new BonusesService(
    db,
    bonusesRepository,
    ledger,
    users,
    games,
    bonusJobScheduler(jobQueue),
    clock,
  );
  // No primary-currency change while a bonus is active or pending.
  users.guardCurrencyChange((executor, userId) =>
    bonuses.assertCurrencyChangeAllowed(executor, userId),
  );
  const balance = new BalanceService(ledger, bonuses);
  const realtimeRepository = new RealtimeRepository(db);
  const realtimeEvents = new RealtimeEvents(
    config.realtime.engine === 'centrifugo'
      ? new CentrifugoOutboxPublisher(realtimeRepository, db)
      : new BuiltinPublisher(realtimeRepository, db, config.realtime.historySize),
    realtimeRepository,
    balance,
  );
  // Every movement of a player's money is announced on balance#{globalId} as it commits.
  ledger.onBalanceChange((transaction, userIds) =>
    realtimeEvents.balancesChanged(transaction, userIds),
  );
  // A sign-in session that ends (sign-out) closes the realtime connections of its tokens.
  auth.onSessionEnded((transaction, session) =>
    realtimeEvents.sessionEnded(transaction, session.globalId, session.id),
  );
  const tournamentsRepository = new TournamentsRepository();
  // Settled rounds (originals, seamless bets and wins) add to the live leaderboards.
  const tournamentScoring = new TournamentScoringService(tournamentsRepository, ledger, clock);
  const tournaments = new TournamentsService(
    db,
    tournamentsRepository,
    tournamentScoring,
    ledger,
    users,
    realtimeEvents,
    audit,
    tournamentJobScheduler(jobQueue),
    clock,
  );
  const settings = new SettingsService(db, new SettingsRepository(db), audit, clock);
  const requisitesRepository = new RequisitesRepository(db);
  // the money steps every rail shares: deposit credit, withdrawal hold, one daily limit
  const cashier = new Cashier({
    repository: new CashierRepository(db),
    ledger,
    users,
    bonuses,
    rates: exchangeRates,
    clock,
    policy: {
      withdrawDailyLimitUsd: config.withdrawDailyLimitUsd,
      withdrawVerificationRequired: config.withdrawVerificationRequired,
    },
  });
  const wallet = new WalletService(
    new WalletRepository(db),
    ledger,
    createPaymentProvider(config, requisitesRepository),
    users,
    audit,
    new ReceiptStore(config.dataDirectory),
    clock,
    {
      orderTtlSeconds: config.orderTtlSeconds,
      autoApproveSeconds: config.sandboxAutoApproveSeconds,
      sellCancelWindowSeconds: withdrawalCancelWindowSeconds,
    },
    orderJobScheduler(jobQueue),
    cashier,
    new PaymentRestrictionsRepository(db),
    realtimeEvents,
  );
  // the operator's switch of the sandbox's automatic deposit approval
  wallet.autoApproveWhen(() => settings.isSandboxAutoApproveEnabled());
  const cryptoMethods = new CryptoMethodsService(
    new CryptoMethodsRepository(db),
    bonuses,
    exchangeRates,
    {
      addressDeposits: config.cryptoChainWatcher !== 'off',
      chainPayouts: config.cryptoPayoutProvider !== 'off',
      cryptobot: config.cryptobot.mode !== 'off',
    },
  );
  const cryptoBotRepository = new CryptoBotRepository(db);
  const cryptoBotClients: Record<Config['cryptobot']['mode'], () => CryptoBotClient> = {
    off: () => new UnavailableCryptoBotClient(),
    sandbox: () => new SandboxCryptoBotClient(cryptoBotRepository, clock),
    live: () => new LiveCryptoBotClient(config.cryptobot),
  };
  const cryptobot = new CryptoBotService(
    cryptoBotRepository,
    cryptoBotClients[config.cryptobot.mode](),
    config.cryptobot,
    clock,
  );
  const cryptoDeposits = new CryptoDepositsService(
    new CryptoDepositsRepository(db),
    cryptoMethods,
    ledger,
    users,
    cashier,
    realtimeEvents,
    wallet,
    cryptobot,
    audit,
    clock,
    config.crypto,
  );
  // The sandbox has no chain to read: operators report transfers through this watcher. With
  // CRYPTO_CHAIN_WATCHER=off there is none (its operator endpoint is not served).
  const chainWatcher =
    config.cryptoChainWatcher === 'sandbox' ? new OperatorReportedChainWatcher() : null;
  chainWatcher?.start((reporter, transfer, transaction) =>
    cryptoDeposits.reportIncoming(reporter, transfer, transaction),
  );
  const messenger = new MessengerService(
    new MessengerRepository(db),
    config.messengerBotToken,
    clock,
  );
  const cryptoWithdrawals = new CryptoWithdrawalsService(
    new CryptoWithdrawalsRepository(db),
    cryptoMethods,
    ledger,
    users,
    cashier,
    messenger,
    {
      chain:
        config.cryptoPayoutProvider === 'sandbox'
          ? new OperatorReportedChainPayouts()
          : new UnavailableChainPayouts(),
      cryptobot: new CryptoBotPayouts(cryptobot),
    },
    realtimeEvents,
    audit,
    clock,
    {
      cancelWindowSeconds: withdrawalCancelWindowSeconds,
      sharedDepositAddresses: config.crypto.sharedAddresses,
    },
  );
  const roundsRepository = new RoundsRepository();
  const fairness = new FairnessService(
    db,
    new FairnessRepository(),
    roundsRepository,
    ledger,
    clock,
  );
  const originals = {
    fairness,
    rounds: new RoundsService(
      db,
      roundsRepository,
      fairness,
      games,
      ledger,
      realtimeEvents,
      clock,
      bonuses,
      tournamentScoring,
      balance,
    ),
  };
  const promoCodes = new PromoCodesService(
    db,
    new PromoCodesRepository(),
    ledger,
    users,
    bonuses,
    audit,
    clock,
  );
  const wheel = new WheelService(
    db,
    new WheelRepository(),
    fairness,
    ledger,
    users,
    bonuses,
    promoCodes,
    audit,
    clock,
  );
  return {
    jobQueue,
    tournaments,
    banners: new BannersService(db, new BannersRepository(), users, games, audit, clock),
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
    bonusOffers: new BonusOffersService(db, bonusesRepository, bonuses, users, games, audit, clock),
    requisites: new RequisitesService(db, requisitesRepository, audit),
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
    idempotency: new IdempotencyService(db, (fn) => ledger.withTransaction(fn)),
    auth,
    operators,
    settings,
    region: new RegionService(settings),
    players: new PlayersService(db, users, audit, realtimeEvents),
    languages: new LanguagesService(new LanguagesRepository(db)),
    flags: new FlagsService(),
    health: new HealthService(new HealthRepository(db)),
    seamless: {
      wallet: new SeamlessWalletService(
        seamlessRepository,
        ledger,
        users,
        clock,
        bonuses,
        tournamentScoring,
      ),
      providers: new SeamlessProvidersService(db, seamlessRepository, games, audit, clock),
      /** the ExternalGameLauncher of provider games (session token on the launch URL) */
      launcher: seamlessLauncher,
      /** the player's round history of provider games (free bets marked) */
      rounds: new ProviderRoundsService(seamlessRepository),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
