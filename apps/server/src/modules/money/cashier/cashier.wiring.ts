import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService } from '../../backoffice/audit/audit.service.ts';
import type { SettingsService } from '../../backoffice/settings/settings.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { MessengerService } from '../../players/messenger/messenger.service.ts';
import type { BonusesService } from '../../promotions/bonuses/bonuses.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { ExchangeRatesService } from '../exchange-rates/exchange-rates.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PaymentRestrictionsRepository } from './payment-restrictions.repository.ts';
import { OperatorReportedChainWatcher } from './rails/crypto/chain-watcher.ts';
import { CryptoMethodsRepository } from './rails/crypto/crypto-methods.repository.ts';
import { CryptoMethodsService } from './rails/crypto/crypto-methods.service.ts';
import { CryptoDepositsRepository } from './rails/crypto/deposits.repository.ts';
import { CryptoDepositsService } from './rails/crypto/deposits.service.ts';
import {
  CryptoBotPayouts,
  OperatorReportedChainPayouts,
  UnavailableChainPayouts,
} from './rails/crypto/payout-provider.ts';
import { CryptoWithdrawalsRepository } from './rails/crypto/withdrawals.repository.ts';
import { CryptoWithdrawalsService } from './rails/crypto/withdrawals.service.ts';
import { CryptoBotRepository } from './rails/cryptobot/cryptobot.repository.ts';
import { CryptoBotService } from './rails/cryptobot/cryptobot.service.ts';
import {
  type CryptoBotClient,
  LiveCryptoBotClient,
  SandboxCryptoBotClient,
  UnavailableCryptoBotClient,
} from './rails/cryptobot/cryptobot-client.ts';
import { createPaymentProvider } from './rails/p2p/provider-factory.ts';
import { RequisitesRepository } from './rails/p2p/requisites.repository.ts';
import { RequisitesService } from './rails/p2p/requisites.service.ts';
import { ReceiptStore } from './receipt-store.ts';
import { WalletRepository } from './wallet.repository.ts';
import { type OrderJobScheduler, WalletService } from './wallet.service.ts';

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
  bonuses: BonusesService;
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
  // The crypto rail's withdrawals count toward the fiat wallet's daily limit (read here, before
  // the crypto withdrawals service, which checks the limit through the wallet).
  const cryptoWithdrawalsRepository = new CryptoWithdrawalsRepository(db);
  const wallet = new WalletService({
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
    jobs: orderJobs,
    rates: exchangeRates,
    restrictions: new PaymentRestrictionsRepository(db),
    events,
    bonuses,
    transactions,
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
    repository: new CryptoDepositsRepository(db),
    methods: cryptoMethods,
    ledger,
    users,
    bonuses,
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
    events,
    audit,
    clock,
    policy: {
      cancelWindowSeconds: withdrawalCancelWindowSeconds,
      withdrawVerificationRequired: config.withdrawVerificationRequired,
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
