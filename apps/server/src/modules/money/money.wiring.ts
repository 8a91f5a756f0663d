import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { AuditService } from '../backoffice/audit/audit.service.ts';
import type { SettingsService } from '../backoffice/settings/settings.service.ts';
import type { UsersService } from '../players/accounts/users.service.ts';
import type { MessengerService } from '../players/messenger/messenger.service.ts';
import type { BonusRounds } from '../promotions/bonuses/bonus-rounds.service.ts';
import type { CashierBonuses } from '../promotions/bonuses/cashier-bonuses.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import { CashierRepository } from './cashier/cashier.repository.ts';
import { Cashier } from './cashier/cashier.service.ts';
import { PaymentRestrictionsRepository } from './cashier/payment-restrictions.repository.ts';
import { OperatorReportedChainWatcher } from './cashier/rails/crypto/chain-watcher.ts';
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
import { createPaymentProvider } from './cashier/rails/p2p/provider-factory.ts';
import { RequisitesRepository } from './cashier/rails/p2p/requisites.repository.ts';
import { RequisitesService } from './cashier/rails/p2p/requisites.service.ts';
import { ReceiptStore } from './cashier/receipt-store.ts';
import { WalletRepository } from './cashier/wallet.repository.ts';
import { type OrderJobScheduler, WalletService } from './cashier/wallet.service.ts';
import type { ExchangeRatesService } from './exchange-rates/exchange-rates.service.ts';
import type { LedgerService } from './ledger/ledger.service.ts';
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
  /** the messenger bot (crypto-bot withdrawals go to the player's messenger account) */
  messenger: MessengerService;
  /** the operator's switch of the sandbox's automatic deposit approval */
  settings: Pick<SettingsService, 'isSandboxAutoApproveEnabled'>;
  events: RealtimeEvents;
  orderJobs: OrderJobScheduler;
}

/** The cashier: the fiat wallet (P2P rail), the crypto rail and the crypto bot rail. */
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
  messenger,
  settings,
  events,
  orderJobs,
}: CashierDependencies) {
  const requisitesRepository = new RequisitesRepository(db);
  // the money steps every rail shares: deposit credit, withdrawal hold / post / void, one daily
  // withdrawal limit over every rail
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
  const wallet = new WalletService({
    repository: new WalletRepository(db),
    provider: createPaymentProvider(config, requisitesRepository),
    users,
    audit,
    receipts: new ReceiptStore(config.dataDirectory),
    clock,
    policy: {
      orderTtlSeconds: config.orderTtlSeconds,
      autoApproveSeconds: config.sandboxAutoApproveSeconds,
      sellCancelWindowSeconds: withdrawalCancelWindowSeconds,
    },
    jobs: orderJobs,
    cashier,
    restrictions: new PaymentRestrictionsRepository(db),
    events,
    transactions,
    // the operator's switch of the sandbox's automatic deposit approval
    autoApproveSwitch: () => settings.isSandboxAutoApproveEnabled(),
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
    repository: new CryptoDepositsRepository(db),
    methods: cryptoMethods,
    ledger,
    users,
    cashier,
    events,
    wallet,
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
    repository: new CryptoWithdrawalsRepository(db),
    methods: cryptoMethods,
    ledger,
    users,
    cashier,
    messenger,
    payouts: {
      chain:
        config.cryptoPayoutProvider === 'sandbox'
          ? new OperatorReportedChainPayouts()
          : new UnavailableChainPayouts(),
      cryptobot: new CryptoBotPayouts(cryptobot),
    },
    events,
    audit,
    clock,
    policy: {
      cancelWindowSeconds: withdrawalCancelWindowSeconds,
      sharedDepositAddresses: config.crypto.sharedAddresses,
    },
    transactions,
  });
  return {
    wallet,
    requisites: new RequisitesService({
      repository: requisitesRepository,
      audit,
      transactions,
    }),
    crypto: {
      methods: cryptoMethods,
      deposits: cryptoDeposits,
      withdrawals: cryptoWithdrawals,
      watcher,
    },
    cryptobot,
  };
}

export interface WageringWiringDependencies {
  ledger: LedgerService;
  bonuses: BonusRounds;
}

/**
 * The money wing's wagering: the stake plan and the one settlement path of rounds. Built after
 * the bonus engine, whose state (the active bonus, its free spins and wagering) it plans with.
 */
export function createWagering({ ledger, bonuses }: WageringWiringDependencies): Wagering {
  return new Wagering({ repository: new WageringRepository(), ledger, bonuses });
}
