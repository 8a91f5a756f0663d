import {
  currencyDefinition,
  currencyScale,
  formatMinorToDecimal,
  type TransactionHistoryItem,
  transactionStatusSchema,
} from '@casino/contract';
import type { CashierRail } from '../../rail.ts';
import type { CryptoDepositHistoryRow, CryptoDepositsRepository } from './deposits.repository.ts';
import type {
  CryptoWithdrawalHistoryRow,
  CryptoWithdrawalsRepository,
} from './withdrawals.repository.ts';

function assetAmount(amountMinor: bigint, asset: string) {
  return {
    value: formatMinorToDecimal(amountMinor, currencyScale(asset)),
    currency: {
      code: asset,
      displayFormat: currencyDefinition(asset)?.displayFormat ?? '{amount}',
    },
  };
}

/** A crypto deposit as history shows it: confirming is pending, below the minimum declined. */
function depositHistoryItem(row: CryptoDepositHistoryRow): TransactionHistoryItem {
  return {
    id: row.id,
    type: 'deposit',
    status:
      row.status === 'credited'
        ? 'completed'
        : row.status === 'below_minimum'
          ? 'declined'
          : 'pending',
    timestamp: row.created_at.toISOString(),
    // a crypto-bot payment has no chain transaction of its own
    externalId: row.provider === null ? row.tx_hash : null,
    address: row.address,
    paymentDetails: { method: row.method_code },
    originalAmount: assetAmount(row.amount_minor, row.asset),
    senderBank: null,
    fee: null,
    cancellableUntil: null,
  };
}

function withdrawalHistoryItem(row: CryptoWithdrawalHistoryRow): TransactionHistoryItem {
  return {
    id: row.id,
    type: 'withdraw',
    status: transactionStatusSchema.parse(row.status),
    timestamp: row.created_at.toISOString(),
    externalId: row.tx_hash,
    address: row.address,
    paymentDetails: {
      method: row.method_code,
      ...(row.memo === null ? {} : { memo: row.memo }),
      ...(row.provider === null ? {} : { provider: row.provider }),
    },
    originalAmount: assetAmount(row.amount_minor, row.asset),
    senderBank: null,
    fee: formatMinorToDecimal(row.fee_minor, currencyScale(row.asset)),
    cancellableUntil:
      row.status === 'pending' ? (row.cancellable_until?.toISOString() ?? null) : null,
  };
}

export interface CryptoRails {
  /** transfers to the player's deposit address; payouts to an address on the chain */
  crypto: CashierRail;
  /**
   * Paid crypto-bot invoices and crypto-bot transfers (rails/cryptobot is the bot's API and
   * invoices): recorded as crypto deposits and withdrawals with provider `cryptobot` (the same
   * tables, so this module answers for them), with the crypto rail's ledger references.
   */
  cryptobot: CashierRail;
}

/** The crypto rail and the crypto bot rail as the cashier knows them, over this module's rows. */
export function cryptoRails(repositories: {
  deposits: Pick<CryptoDepositsRepository, 'historyKeys' | 'historyCount' | 'historyRows'>;
  withdrawals: Pick<
    CryptoWithdrawalsRepository,
    'withdrawalSumsSince' | 'historyKeys' | 'historyCount' | 'historyRows'
  >;
}): CryptoRails {
  const { deposits, withdrawals } = repositories;
  const rail = (name: 'crypto' | 'cryptobot'): CashierRail => {
    const provider = name === 'cryptobot' ? 'cryptobot' : null;
    return {
      name,
      bonusMethodKind: 'crypto',
      references: {
        deposit: (depositId) => `crypto_deposit:${depositId}`,
        depositExchange: (depositId) => `crypto_deposit:${depositId}`,
        withdrawalHold: (withdrawalId) => `crypto_withdrawal:${withdrawalId}`,
      },
      rateErrors: { deposit: 'asset', withdrawal: 'asset-no-rate' },
      replayedCredit: 'fail',
      withdrawalSumsSince: (userId, since, executor) =>
        withdrawals.withdrawalSumsSince(userId, provider, since, executor),
      history: {
        keys: async (userId, input) => {
          const [deposited, withdrawn] = await Promise.all([
            deposits.historyKeys(userId, provider, input),
            withdrawals.historyKeys(userId, provider, input),
          ]);
          return [...deposited, ...withdrawn];
        },
        count: async (userId, input) => {
          const [deposited, withdrawn] = await Promise.all([
            deposits.historyCount(userId, provider, input),
            withdrawals.historyCount(userId, provider, input),
          ]);
          return deposited + withdrawn;
        },
        items: async (ids) => {
          const [deposited, withdrawn] = await Promise.all([
            deposits.historyRows(ids),
            withdrawals.historyRows(ids),
          ]);
          return [...deposited.map(depositHistoryItem), ...withdrawn.map(withdrawalHistoryItem)];
        },
      },
    };
  };
  return { crypto: rail('crypto'), cryptobot: rail('cryptobot') };
}
