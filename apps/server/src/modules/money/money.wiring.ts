import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { CacheInvalidation } from '../../lib/cache-invalidation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentQueueEvents } from '../../lib/operator-events.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { SettingsService } from '../backoffice/settings/settings.service.ts';
import type { UsersService } from '../players/accounts/users.service.ts';
import type { MessengerService } from '../players/messenger/messenger.service.ts';
import type { PlayerLimits } from '../players/protection/protection.service.ts';
import type { BonusRounds } from '../promotions/bonuses/bonus-rounds.service.ts';
import type { CashierBonuses } from '../promotions/bonuses/cashier-bonuses.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { AdjustmentsRepository } from './cashier/adjustments.repository.ts';
import { AdjustmentsService } from './cashier/adjustments.service.ts';
import { CashierRepository } from './cashier/cashier.repository.ts';
import { Cashier } from './cashier/cashier.service.ts';
import { TransactionHistory } from './cashier/history.service.ts';
import { PaymentRestrictionsRepository } from './cashier/payment-restrictions.repository.ts';
import { PaymentRestrictionsService } from './cashier/payment-restrictions.service.ts';
import type { CashierRail } from './cashier/rail.ts';
import { OperatorReportedChainWatcher } from './cashier/rails/crypto/chain-watcher.ts';
import { cryptoRails } from './cashier/rails/crypto/crypto.rail.ts';
import { CryptoMethodsRepository } from './cashier/rails/crypto/crypto-methods.repository.ts';
import { CryptoMethodsService } from './cashier/rails/crypto/crypto-methods.service.ts';
import { CryptoDepositsRepository } from './cashier/rails/crypto/deposits.repository.ts';
import { CryptoDepositsService } from './cashier/rails/crypto/deposits.service.ts';
import {
  CryptoBotPayouts,
  OperatorReportedChainPayouts,
  UnavailableChainPayouts,
} from './cashier/rails/crypto/payout-provider.ts';
import { CryptoWithdrawalsRepository } from './cashier/rails/crypto/withdrawals.repository.ts';
import { CryptoWithdrawalsService } from './cashier/rails/crypto/withdrawals.service.ts';
import { CryptoBotRepository } from './cashier/rails/cryptobot/cryptobot.repository.ts';
import { CryptoBotService } from './cashier/rails/cryptobot/cryptobot.service.ts';
import {
  type CryptoBotClient,
  LiveCryptoBotClient,
  SandboxCryptoBotClient,
  UnavailableCryptoBotClient,
} from './cashier/rails/cryptobot/cryptobot-client.ts';
import { DepositOrdersService } from './cashier/rails/p2p/deposit-orders.service.ts';
import { FiatMethods } from './cashier/rails/p2p/fiat-methods.ts';
import { FiatOrderBook } from './cashier/rails/p2p/fiat-order-book.ts';
import { FiatOrdersRepository } from './cashier/rails/p2p/fiat-orders.repository.ts';
import { HostedPaymentPage } from './cashier/rails/p2p/hosted-page.service.ts';
import { OrderImages } from './cashier/rails/p2p/order-images.service.ts';
import {
  type OrderJobScheduler,
  OrderReviewService,
} from './cashier/rails/p2p/order-review.service.ts';
import { FiatOrderSettlement } from './cashier/rails/p2p/order-settlement.ts';
import { p2pRail } from './cashier/rails/p2p/p2p.rail.ts';
import { createPaymentProvider } from './cashier/rails/p2p/provider-factory.ts';
import { ReceiptStore } from './cashier/rails/p2p/receipt-store.ts';
import { RequisitesRepository } from './cashier/rails/p2p/requisites.repository.ts';
import { RequisitesService } from './cashier/rails/p2p/requisites.service.ts';
import { WithdrawalOrdersService } from './cashier/rails/p2p/withdrawal-orders.service.ts';
import { ExchangeRatesRepository } from './exchange-rates/exchange-rates.repository.ts';
import { ExchangeRatesService } from './exchange-rates/exchange-rates.service.ts';
import { LedgerRepository } from './ledger/ledger.repository.ts';
import {
  LedgerReader,
  LedgerService,
  type LedgerServiceDependencies,
} from './ledger/ledger.service.ts';
import { WageringRepository } from './wagering/wagering.repository.ts';
import { Wagering } from './wagering/wagering.service.ts';

/** How long a player may cancel a pending withdrawal, fiat or crypto. */
const withdrawalCancelWindowSeconds = 10 * 60;

export interface CashierDependencies {
  config: Config;
  db: Kysely<Database>;
  transactions: Transactions;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  exchangeRates: ExchangeRatesService;
  users: UsersService;
  bonuses: CashierBonuses;
  /** the responsible-gambling limits every deposit passes */
  limits: PlayerLimits;
  /** the messenger bot (crypto-bot withdrawals go to the player's messenger account) */
  messenger: MessengerService;
  /** the operator's switch of the sandbox's automatic deposit approval */
  settings: Pick<SettingsService, 'isSandboxAutoApproveEnabled' | 'fourEyesThresholdUsdMinor'>;
  events: RealtimeEvents;
  /** the operators' live feed: every change of a payment queue */
  operatorEvents: PaymentQueueEvents;
  orderJobs: OrderJobScheduler;
}

/**
 * The cashier and its rails. The rails are described first (what the cashier reads of each:
 * rail.ts), so the cashier is built with every rail it counts; then each rail's services get the
 * cashier, its own description and, where one rail works through another's API (the crypto
 * rail opens and pays through the crypto bot, the bot's webhook settles into the crypto rail's
 * deposits), that rail's service under an interface the consumer declares. Rails never import
 * the cashier's composition nor each other.
 */
export function createCashier({
  config,
  db,
  transactions,
  clock,
  audit,
  ledger,
  exchangeRates,
  users,
  bonuses,
  limits,
  messenger,
  settings,
  events,
  operatorEvents,
  orderJobs,
}: CashierDependencies) {
  const fiatOrdersRepository = new FiatOrdersRepository(db);
  const cryptoDepositsRepository = new CryptoDepositsRepository(db);
  const cryptoWithdrawalsRepository = new CryptoWithdrawalsRepository(db);
  const rails = {
    p2p: p2pRail(fiatOrdersRepository),
    ...cryptoRails({
      deposits: cryptoDepositsRepository,
      withdrawals: cryptoWithdrawalsRepository,
    }),
  };
  /** every rail, as the cashier counts them (the daily limit) and shows them (the history) */
  const registry = [rails.p2p, rails.crypto, rails.cryptobot];
  // the money steps every rail shares: deposit credit, withdrawal hold / post / void, one daily
  // withdrawal limit over every rail
  const cashier = new Cashier({
    repository: new CashierRepository(),
    rails: registry,
    ledger,
    users,
    bonuses,
    limits,
    rates: exchangeRates,
    clock,
    policy: {
      withdrawDailyLimitUsd: config.withdrawDailyLimitUsd,
      withdrawVerificationRequired: config.withdrawVerificationRequired,
    },
    fourEyesThresholdUsdMinor: () => settings.fourEyesThresholdUsdMinor(),
    operatorEvents,
  });
  const restrictions = new PaymentRestrictionsService({
    repository: new PaymentRestrictionsRepository(db),
    users,
    audit,
    cashier,
    clock,
    transactions,
  });
  const p2p = createP2PRail({
    config,
    db,
    transactions,
    clock,
    audit,
    users,
    settings,
    events,
    operatorEvents,
    orderJobs,
    cashier,
    restrictions,
    repository: fiatOrdersRepository,
    rail: rails.p2p,
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
    editing: { audit, transactions, clock },
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
    repository: cryptoDepositsRepository,
    methods: cryptoMethods,
    ledger,
    users,
    cashier,
    events,
    operatorEvents,
    restrictions,
    rails,
    cryptobot,
    audit,
    clock,
    addresses: config.crypto,
    transactions,
  });
  // The sandbox has no chain to read: operators report transfers through this watcher. With
  // CRYPTO_CHAIN_WATCHER=off there is none (its operator endpoint is not served).
  const watcher =
    config.cryptoChainWatcher === 'sandbox'
      ? new OperatorReportedChainWatcher({
          sink: (reporter, transfer, transaction) =>
            cryptoDeposits.reportIncoming(reporter, transfer, transaction),
        })
      : null;
  const cryptoWithdrawals = new CryptoWithdrawalsService({
    repository: cryptoWithdrawalsRepository,
    methods: cryptoMethods,
    ledger,
    users,
    cashier,
    rails,
    messenger,
    payouts: {
      chain:
        config.cryptoPayoutProvider === 'sandbox'
          ? new OperatorReportedChainPayouts()
          : new UnavailableChainPayouts(),
      cryptobot: new CryptoBotPayouts(cryptobot),
    },
    events,
    operatorEvents,
    audit,
    clock,
    policy: {
      cancelWindowSeconds: withdrawalCancelWindowSeconds,
      sharedDepositAddresses: config.crypto.sharedAddresses,
    },
    transactions,
  });
  return {
    /** the review of fiat orders, with their background work (jobs/wallet-jobs.ts) */
    wallet: p2p.review,
    /** what app.ts registers: the cashier's routes and each rail's */
    routes: {
      cashier: {
        cashier,
        history: new TransactionHistory({ rails: registry }),
        restrictions,
      },
      adjustments: new AdjustmentsService({
        repository: new AdjustmentsRepository(),
        ledger,
        users,
        audit,
        cashier,
        clock,
        operatorEvents,
      }),
      p2p: {
        deposits: p2p.deposits,
        withdrawals: p2p.withdrawals,
        review: p2p.review,
        images: p2p.images,
      },
      hostedPage: p2p.hostedPage,
    },
    requisites: p2p.requisites,
    crypto: {
      methods: cryptoMethods,
      deposits: cryptoDeposits,
      withdrawals: cryptoWithdrawals,
      watcher,
    },
    cryptobot,
  };
}

/** The P2P rail's services over its orders, methods and requisites. */
function createP2PRail({
  config,
  db,
  transactions,
  clock,
  audit,
  users,
  settings,
  events,
  operatorEvents,
  orderJobs,
  cashier,
  restrictions,
  repository,
  rail,
}: Pick<
  CashierDependencies,
  | 'config'
  | 'db'
  | 'transactions'
  | 'clock'
  | 'audit'
  | 'users'
  | 'settings'
  | 'events'
  | 'operatorEvents'
  | 'orderJobs'
> & {
  cashier: Cashier;
  restrictions: PaymentRestrictionsService;
  repository: FiatOrdersRepository;
  rail: CashierRail;
}) {
  const requisitesRepository = new RequisitesRepository(db);
  const provider = createPaymentProvider(config, requisitesRepository);
  const receipts = new ReceiptStore(config.dataDirectory);
  const orders = new FiatOrderBook({ repository, events, operatorEvents, clock, transactions });
  const methods = new FiatMethods({ repository, provider });
  const settlement = new FiatOrderSettlement({ orders, cashier, rail, provider, clock });
  const review = new OrderReviewService({
    orders,
    settlement,
    cashier,
    users,
    audit,
    clock,
    transactions,
    policy: { autoApproveSeconds: config.sandboxAutoApproveSeconds },
    // the operator's switch of the sandbox's automatic deposit approval
    autoApproveSwitch: () => settings.isSandboxAutoApproveEnabled(),
  });
  return {
    deposits: new DepositOrdersService({
      orders,
      methods,
      provider,
      users,
      receipts,
      cashier,
      rail,
      restrictions,
      jobs: orderJobs,
      clock,
      policy: {
        orderTtlSeconds: config.orderTtlSeconds,
        autoApproveSeconds: config.sandboxAutoApproveSeconds,
      },
    }),
    withdrawals: new WithdrawalOrdersService({
      orders,
      methods,
      cashier,
      rail,
      restrictions,
      clock,
      policy: { cancelWindowSeconds: withdrawalCancelWindowSeconds },
    }),
    review,
    images: new OrderImages({ orders, receipts }),
    hostedPage: new HostedPaymentPage({ orders, settlement, provider, clock, transactions }),
    requisites: new RequisitesService({
      repository: requisitesRepository,
      audit,
      transactions,
    }),
  };
}

export interface WageringWiringDependencies {
  ledger: LedgerService;
  bonuses: BonusRounds;
  /** the responsible-gambling limits every stake passes */
  limits: PlayerLimits;
}

/**
 * The money wing's wagering: the stake plan and the one settlement path of rounds. Built after
 * the bonus engine, whose state (the active bonus, its free spins and wagering) it plans with.
 */
export function createWagering({ ledger, bonuses, limits }: WageringWiringDependencies): Wagering {
  return new Wagering({ repository: new WageringRepository(), ledger, bonuses, limits });
}

export interface LedgerReadingDependencies {
  db: Kysely<Database>;
  /** the one-connection pool the exchange rates are read through (see ServiceDependencies) */
  ratesDb: Kysely<Database>;
  audit: AuditService;
  clock: Clock;
  transactions: Transactions;
  caches: CacheInvalidation;
}

/**
 * Money, step one: the exchange rates and the ledger's reader. The balance as shown reads through
 * the reader (no writer), so realtime can be built from it before the ledger's writer, which
 * announces every balance change through realtime.
 */
export function createLedgerReading({
  db,
  ratesDb,
  audit,
  clock,
  transactions,
  caches,
}: LedgerReadingDependencies) {
  const exchangeRates = new ExchangeRatesService({
    repository: new ExchangeRatesRepository(ratesDb),
    audit,
    clock,
    transactions,
    caches,
  });
  const ledgerReader = new LedgerReader({
    db,
    repository: new LedgerRepository(),
    rates: exchangeRates,
  });
  return { exchangeRates, ledgerReader };
}

export interface LedgerDependencies {
  db: Kysely<Database>;
  exchangeRates: ExchangeRatesService;
  transactions: Transactions;
  /** hears, once per transaction and before it commits, of every player whose balance changed */
  onBalanceChange: LedgerServiceDependencies['onBalanceChange'];
}

/** Money, step two: the ledger's writer, every movement of money. */
export function createLedger({
  db,
  exchangeRates,
  transactions,
  onBalanceChange,
}: LedgerDependencies): LedgerService {
  return new LedgerService({
    db,
    repository: new LedgerRepository(),
    rates: exchangeRates,
    transactions,
    onBalanceChange,
  });
}
