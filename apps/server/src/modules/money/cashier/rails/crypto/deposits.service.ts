import { randomInt } from 'node:crypto';
import {
  type AssignCryptoDepositBody,
  type CryptoDeposit,
  type CryptoDepositBody,
  type CryptoNetworkId,
  cryptoBotAsset,
  cryptoNetworkNames,
  formatMinorToDecimal,
  type HistoryPageMeta,
  type IncomingTransferBody,
  type IncomingTransferResult,
  incomingTransferStatusSchema,
  parseDecimalToMinor,
  type TransactionEvent,
  type TransactionStatus,
} from '@casino/contract';
import type { CryptoConfig } from '../../../../../config.ts';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import { createdPageMeta } from '../../../../../lib/history-page.ts';
import type { PaymentQueueEvents } from '../../../../../lib/operator-events.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../../../players/accounts/users.service.ts';
import type { RealtimeEvents } from '../../../../realtime/events.ts';
import type { LedgerService } from '../../../ledger/ledger.service.ts';
import type { Cashier } from '../../cashier.service.ts';
import type { PaymentRestrictionsService } from '../../payment-restrictions.service.ts';
import { deriveAddress, toNonBounceable } from './chains/index.ts';
import type { CryptoRails } from './crypto.rail.ts';
import { assetScale, formatAtPrecision, parseAtPrecision } from './crypto-amounts.ts';
import {
  bonusNetworkOf,
  type CryptoMethodEntry,
  type CryptoMethodsService,
  cryptoBotMinimumMinor,
} from './crypto-methods.service.ts';
import type {
  AddressNetwork,
  CryptoDepositRow,
  CryptoDepositsRepository,
  DepositAddressRow,
} from './deposits.repository.ts';
import { type CryptoOperatorListFilter, cryptoListQuery } from './operator-list-filter.ts';

/** What a player sees of a crypto deposit's status (history, `transaction#` events). */
export function depositTransactionStatus(status: string): TransactionStatus {
  switch (status) {
    case 'credited':
      return 'completed';
    case 'below_minimum':
      return 'declined';
    default:
      return 'pending';
  }
}

/** Deposits on bsc arrive at the player's ethereum address (one key serves both chains). */
export function addressNetworkOf(network: CryptoNetworkId): AddressNetwork {
  return network === 'bsc' ? 'ethereum' : network;
}

function isMemoNetwork(network: AddressNetwork): network is 'ton' | 'solana' {
  return network === 'ton' || network === 'solana';
}

function fieldError(field: string, message: string, params?: Record<string, string>): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message, ...(params ? { params } : {}) }] },
  });
}

/** A memo is a short number (8 digits) a player adds to a TON comment or Solana memo. */
function newMemo(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

export interface BackofficeCryptoDeposit {
  id: string;
  status: IncomingTransferResult['status'];
  currency: string;
  network: string;
  txHash: string;
  outputIndex: number;
  provider: string | null;
  address: string | null;
  memo: string | null;
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  playerGlobalId: string | null;
  credited: { value: string; currency: string } | null;
  rate: string | null;
  createdAt: string;
  creditedAt: string | null;
}

/** A crypto-bot invoice as this rail credits it (cryptobot_invoices, the bot's own rows). */
export interface CryptoBotInvoice {
  id: string;
  user_id: string;
  method_code: string;
  /** the bot's asset name (TONCOIN), not the ledger asset */
  asset: string;
  amount_minor: bigint;
  status: string;
  provider_invoice_id: string | null;
  pay_url: string | null;
  /** unpaid by then, it is not paid to us (counted against the deposit limits until then) */
  expires_at: Date;
}

/** A verified `invoice_paid` webhook of the crypto bot. */
export interface PaidCryptoBotInvoice {
  /** our invoice id (the invoice's payload) */
  invoiceId: string;
  providerInvoiceId: string;
  asset: string | null;
  /** decimal string in the asset */
  amount: string;
}

/**
 * What this rail needs of the crypto bot (rails/cryptobot's CryptoBotService, handed over by
 * money.wiring.ts; rails never import each other): an invoice opened for a deposit, and a paid
 * invoice locked and marked in the transaction that credits it.
 */
export interface CryptoBotInvoices {
  createInvoice(request: {
    userId: string;
    methodCode: string;
    asset: string;
    amountMinor: bigint;
    amount: string;
    description: string;
  }): Promise<Pick<CryptoBotInvoice, 'id' | 'pay_url' | 'expires_at'>>;
  lockInvoice(executor: DatabaseTransaction, id: string): Promise<CryptoBotInvoice | null>;
  markPaid(executor: DatabaseTransaction, id: string, depositId: string): Promise<unknown>;
}

export interface CryptoDepositsServiceDependencies {
  repository: CryptoDepositsRepository;
  methods: CryptoMethodsService;
  ledger: LedgerService;
  users: Pick<UsersService, 'getPrimaryCurrency' | 'findAccount' | 'findAccountByGlobalId'>;
  /** the one deposit credit and the deposit limits every rail shares */
  cashier: Pick<Cashier, 'creditDeposit' | 'reserveDeposit' | 'assertDepositsOpen'>;
  events: Pick<RealtimeEvents, 'transactionChanged'>;
  /** the operators' live feed: the unmatched transfers changed */
  operatorEvents?: PaymentQueueEvents | undefined;
  restrictions: Pick<PaymentRestrictionsService, 'assertCryptoDepositAllowed'>;
  /** this rail and the crypto bot's, as the cashier knows them (crypto.rail.ts) */
  rails: CryptoRails;
  cryptobot: CryptoBotInvoices;
  audit: AuditService;
  clock: Clock;
  addresses: CryptoConfig;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Crypto deposits: each player's stable deposit address per network (derived from the
 * operator's account xpub, or the shared address with the player's memo), crypto-bot invoices,
 * and incoming transfers reported by the chain watcher (the sandbox's is the operator endpoint)
 * or paid through the crypto-bot. A transfer is one row per (network, tx hash, output index),
 * locked for every change; it is credited exactly once, in the transaction that marks it
 * credited: the asset reaches the player's main balance from the platform's clearing account
 * and is exchanged into the primary currency at the rate in force, like a fiat deposit.
 */
export class CryptoDepositsService {
  private readonly repository: CryptoDepositsRepository;
  private readonly methods: CryptoMethodsService;
  private readonly ledger: LedgerService;
  private readonly users: CryptoDepositsServiceDependencies['users'];
  private readonly cashier: CryptoDepositsServiceDependencies['cashier'];
  private readonly events: Pick<RealtimeEvents, 'transactionChanged'>;
  private readonly operatorEvents: PaymentQueueEvents | undefined;
  private readonly restrictions: CryptoDepositsServiceDependencies['restrictions'];
  private readonly rails: CryptoRails;
  private readonly cryptobot: CryptoBotInvoices;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly addresses: CryptoConfig;
  private readonly transactions: Transactions;

  constructor({
    repository,
    methods,
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
    addresses,
    transactions,
  }: CryptoDepositsServiceDependencies) {
    this.repository = repository;
    this.methods = methods;
    this.ledger = ledger;
    this.users = users;
    this.cashier = cashier;
    this.events = events;
    this.operatorEvents = operatorEvents;
    this.restrictions = restrictions;
    this.rails = rails;
    this.cryptobot = cryptobot;
    this.audit = audit;
    this.clock = clock;
    this.addresses = addresses;
    this.transactions = transactions;
  }

  private async run<T>(
    transaction: DatabaseTransaction | undefined,
    fn: (transaction: DatabaseTransaction) => Promise<T>,
  ): Promise<T> {
    return transaction ? await fn(transaction) : await this.transactions.run(fn);
  }

  private async requireDepositMethod(code: string): Promise<CryptoMethodEntry> {
    const entry = await this.methods.find(code);
    if (!entry) throw fieldError('currency', 'Validation.unsupported_currency');
    if (!entry.row.deposit_enabled) {
      throw new AppError('crypto_method_disabled', { payload: { currency: entry.code } });
    }
    return entry;
  }

  // ─── player: address or crypto-bot invoice ───────────────────────────────────────────────

  /** `POST /api/v1/wallet/txns/deposit`. */
  async createDeposit(
    userId: string,
    body: CryptoDepositBody,
    transaction?: DatabaseTransaction,
  ): Promise<CryptoDeposit> {
    await this.restrictions.assertCryptoDepositAllowed(userId, transaction);
    const entry = await this.requireDepositMethod(body.currency);
    if (body.provider === 'cryptobot' && body.amount !== undefined) {
      this.methods.assertCryptoBot();
      return await this.createCryptoBotInvoice(userId, entry, body.amount, transaction);
    }
    this.methods.assertAddressDeposits();
    // a standing address takes any amount at any time: it is not handed out once a deposit
    // limit has nothing left (what arrives anyway is credited and flagged)
    await this.run(transaction, (transaction) =>
      this.cashier.assertDepositsOpen(transaction, userId),
    );
    const address = await this.depositAddress(userId, entry.networkId, transaction);
    const scale = assetScale(entry.row.asset);
    return {
      currency: entry.code,
      network: cryptoNetworkNames[entry.networkId],
      address: address.address,
      memo: address.memo,
      minAmount: formatAtPrecision(entry.row.min_deposit_minor, scale, entry.row.precision, 'up'),
      redirectUrl: null,
    };
  }

  /**
   * The player's address on a network, assigned on first use: the next receive index under the
   * network's account xpub, or the shared address with a new memo. Assignment on a network is
   * serialised (advisory lock), so concurrent first calls agree and indexes stay consecutive.
   */
  async depositAddress(
    userId: string,
    network: CryptoNetworkId,
    transaction?: DatabaseTransaction,
  ): Promise<{ address: string; memo: string | null }> {
    const family = addressNetworkOf(network);
    const existing = await this.repository.findAddress(userId, family, transaction);
    const row =
      existing ??
      (await this.run(transaction, async (transaction) => {
        await this.repository.lockAddressAssignment(transaction, family);
        const assigned = await this.repository.findAddress(userId, family, transaction);
        if (assigned) return assigned;
        return await this.assignAddress(transaction, userId, family);
      }));
    return { address: this.displayAddress(row), memo: row.memo };
  }

  private async assignAddress(
    transaction: DatabaseTransaction,
    userId: string,
    network: AddressNetwork,
  ): Promise<DepositAddressRow> {
    const at = this.clock.now();
    if (isMemoNetwork(network)) {
      let memo = newMemo();
      while (await this.repository.memoTaken(transaction, network, memo)) memo = newMemo();
      return await this.repository.insertAddress(transaction, {
        userId,
        network,
        derivationIndex: null,
        memo,
        address: this.addresses.sharedAddresses[network],
        at,
      });
    }
    const index = await this.repository.nextDerivationIndex(transaction, network);
    return await this.repository.insertAddress(transaction, {
      userId,
      network,
      derivationIndex: index,
      memo: null,
      address: deriveAddress(network, this.addresses.accountXpubs[network], index),
      at,
    });
  }

  /** TON wallets expect the non-bounceable form for a transfer to a wallet address. */
  private displayAddress(row: DepositAddressRow): string {
    return row.network === 'ton' ? toNonBounceable(row.address) : row.address;
  }

  private async createCryptoBotInvoice(
    userId: string,
    entry: CryptoMethodEntry,
    amount: string,
    transaction: DatabaseTransaction | undefined,
  ): Promise<CryptoDeposit> {
    const { row } = entry;
    if (!row.providers.includes('cryptobot')) {
      throw new AppError('crypto_method_disabled', {
        message: 'The crypto-bot does not take this method.',
        payload: { currency: entry.code },
      });
    }
    const scale = assetScale(row.asset);
    const amountMinor = parseAtPrecision(amount.trim(), scale, row.precision);
    if (amountMinor === null || amountMinor <= 0n)
      throw fieldError('amount', 'Validation.invalid_amount');
    const minimumMinor = cryptoBotMinimumMinor(row);
    const minimum = formatAtPrecision(minimumMinor, scale, row.precision, 'up');
    if (amountMinor < minimumMinor) {
      throw fieldError('amount', 'Validation.minimum_amount', {
        amount: minimum,
        currency: entry.code,
      });
    }
    // the payment is credited in the primary currency and counted in USD: both need a rate
    const primary = await this.users.getPrimaryCurrency(userId, transaction);
    await this.withRate(row.asset, () =>
      this.ledger.quote(amountMinor, row.asset, primary, 'down'),
    );
    await this.withRate(row.asset, () => this.ledger.quote(amountMinor, row.asset, 'USD', 'down'));
    const decimal = formatAtPrecision(amountMinor, scale, row.precision, 'down');
    await this.run(transaction, (transaction) =>
      this.cashier.assertDepositsOpen(transaction, userId),
    );
    const invoice = await this.cryptobot.createInvoice({
      userId,
      methodCode: entry.code,
      asset: cryptoBotAsset(entry.code),
      amountMinor,
      amount: decimal,
      description: `Deposit ${decimal} ${row.asset} (${cryptoNetworkNames[entry.networkId]})`,
    });
    // The invoice is opened outside any transaction (the bot's API); its amount is then held
    // against the deposit limits under the player's lock. Refused, its pay URL is never shown
    // and it expires unpaid.
    await this.run(transaction, (transaction) =>
      this.cashier.reserveDeposit(transaction, this.rails.cryptobot, {
        depositId: invoice.id,
        userId,
        currency: row.asset,
        amountMinor,
        expiresAt: invoice.expires_at,
      }),
    );
    return {
      currency: entry.code,
      network: cryptoNetworkNames[entry.networkId],
      address: null,
      memo: null,
      minAmount: minimum,
      redirectUrl: invoice.pay_url,
    };
  }

  // ─── chain watcher ───────────────────────────────────────────────────────────────────────

  /**
   * `POST /api/backoffice/v1/crypto/incoming`: one transfer as the chain watcher sees it now.
   * The first report records it (matched to a player by address or memo, or unmatched; below
   * the method's minimum it is recorded and never credited); later reports only raise its
   * confirmations; once they reach the method's count it is credited, exactly once. A report of
   * a known transfer with another amount, method or destination is `crypto_transfer_conflict`.
   */
  async reportIncoming(
    actor: OperatorActor,
    body: IncomingTransferBody,
    transaction?: DatabaseTransaction,
  ): Promise<IncomingTransferResult> {
    const entry = await this.methods.find(body.currency, transaction);
    if (!entry) throw fieldError('currency', 'Validation.unsupported_currency');
    const amountMinor = parseDecimalToMinor(body.amount, assetScale(entry.row.asset));
    if (amountMinor === null || amountMinor <= 0n)
      throw fieldError('amount', 'Validation.invalid_amount');
    const memo =
      body.memo === undefined || body.memo === null || body.memo === '' ? null : body.memo;
    const row = await this.run(transaction, async (transaction) => {
      const userId = await this.ownerOf(transaction, entry.networkId, body.address, memo);
      const inserted = await this.repository.insertIfAbsent(transaction, {
        methodCode: entry.code,
        network: entry.networkId,
        txHash: body.txHash,
        outputIndex: body.outputIndex,
        userId,
        provider: null,
        address: body.address,
        memo,
        amountMinor,
        confirmations: body.confirmations,
        requiredConfirmations: entry.row.confirmations,
        status:
          userId === null
            ? 'unmatched'
            : amountMinor < entry.row.min_deposit_minor
              ? 'below_minimum'
              : 'confirming',
        at: this.clock.now(),
      });
      let deposit = await this.repository.lockTransfer(
        transaction,
        entry.networkId,
        body.txHash,
        body.outputIndex,
      );
      if (!deposit) throw new Error(`transfer ${body.txHash}:${body.outputIndex} vanished`);
      if (inserted) {
        if (deposit.status === 'unmatched') {
          await this.operatorEvents?.queuesChanged(transaction, 'unmatchedCryptoTransfers');
        }
        await this.announce(transaction, deposit, entry);
      } else if (
        deposit.method_code !== entry.code ||
        deposit.amount_minor !== amountMinor ||
        !sameAddress(entry.networkId, deposit.address, body.address) ||
        deposit.memo !== memo
      ) {
        throw new AppError('crypto_transfer_conflict', {
          payload: {
            id: deposit.id,
            amount: formatMinorToDecimal(deposit.amount_minor, assetScale(entry.row.asset)),
            currency: deposit.method_code,
          },
        });
      }
      const previousStatus = inserted ? null : deposit.status;
      if (body.confirmations > deposit.confirmations) {
        deposit = await this.repository.update(transaction, deposit.id, {
          confirmations: body.confirmations,
          updated_at: this.clock.now(),
        });
      }
      if (
        deposit.status === 'confirming' &&
        deposit.confirmations >= deposit.required_confirmations
      ) {
        deposit = await this.credit(transaction, deposit, entry);
      }
      await this.audit.record(
        actor,
        {
          action: 'crypto.deposit.report',
          targetType: 'crypto_deposit',
          targetId: deposit.id,
          payload: {
            currency: entry.code,
            txHash: body.txHash,
            outputIndex: body.outputIndex,
            amount: body.amount,
            confirmations: body.confirmations,
            previousStatus,
            status: deposit.status,
          },
        },
        transaction,
      );
      return deposit;
    });
    return this.toIncomingResult(row);
  }

  /**
   * `POST /api/backoffice/v1/crypto/deposits/{id}/assign`: an unmatched transfer becomes the
   * player's deposit — below the method's minimum it stays uncredited, otherwise it is credited
   * at once when already confirmed (or by the next report that confirms it). Only an unmatched
   * transfer can be assigned (order_status_conflict), so nothing is ever credited twice.
   */
  async assign(
    actor: OperatorActor,
    id: string,
    body: AssignCryptoDepositBody,
    transaction?: DatabaseTransaction,
  ): Promise<IncomingTransferResult> {
    const row = await this.run(transaction, async (transaction) => {
      let deposit = await this.repository.lockById(transaction, id);
      if (!deposit) throw new AppError('not_found', { message: 'No such crypto deposit.' });
      if (deposit.status !== 'unmatched' || deposit.user_id !== null) {
        throw new AppError('order_status_conflict', {
          message: 'Only an unmatched transfer can be assigned to a player.',
          payload: { id: deposit.id, status: deposit.status },
        });
      }
      const account = await this.users.findAccountByGlobalId(body.playerGlobalId, transaction);
      if (!account) throw fieldError('playerGlobalId', 'Validation.invalid_value');
      const entry = await this.methods.find(deposit.method_code, transaction);
      if (!entry) throw new Error(`deposit ${deposit.id} names an unknown method`);
      deposit = await this.repository.update(transaction, deposit.id, {
        user_id: account.id,
        status: deposit.amount_minor < entry.row.min_deposit_minor ? 'below_minimum' : 'confirming',
        updated_at: this.clock.now(),
      });
      await this.operatorEvents?.queuesChanged(transaction, 'unmatchedCryptoTransfers');
      await this.announce(transaction, deposit, entry);
      if (
        deposit.status === 'confirming' &&
        deposit.confirmations >= deposit.required_confirmations
      ) {
        deposit = await this.credit(transaction, deposit, entry);
      }
      await this.audit.record(
        actor,
        {
          action: 'crypto.deposit.assign',
          targetType: 'crypto_deposit',
          targetId: deposit.id,
          payload: {
            userId: account.id,
            playerGlobalId: account.globalId,
            status: deposit.status,
          },
        },
        transaction,
      );
      return deposit;
    });
    return this.toIncomingResult(row);
  }

  /** The player owning a destination: derived address, or shared address + memo. */
  private async ownerOf(
    transaction: DatabaseTransaction,
    network: CryptoNetworkId,
    address: string,
    memo: string | null,
  ): Promise<string | null> {
    const family = addressNetworkOf(network);
    if (!isMemoNetwork(family))
      return await this.repository.ownerOfAddress(transaction, family, address);
    if (memo === null || !sameAddress(network, address, this.addresses.sharedAddresses[family])) {
      return null;
    }
    return await this.repository.ownerOfMemo(transaction, family, memo);
  }

  // ─── crypto-bot ──────────────────────────────────────────────────────────────────────────

  /**
   * A verified `invoice_paid` webhook: records the payment as a transfer of the invoice's method
   * and credits it, in one transaction under the invoice's lock. A replay (or a webhook for an
   * invoice already paid) changes nothing; answers whether this call credited it.
   */
  async settleCryptoBotInvoice(paid: PaidCryptoBotInvoice): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const invoice = await this.cryptobot.lockInvoice(transaction, paid.invoiceId);
      if (!invoice) throw new AppError('not_found', { message: 'No such crypto-bot invoice.' });
      if (invoice.status === 'paid') return false;
      const entry = await this.methods.find(invoice.method_code, transaction);
      if (!entry) throw new Error(`invoice ${invoice.id} names an unknown method`);
      const scale = assetScale(entry.row.asset);
      const paidMinor = parseDecimalToMinor(paid.amount.replace(/^0+(?=\d)/, ''), scale);
      if (
        paidMinor !== invoice.amount_minor ||
        (paid.asset !== null && paid.asset !== invoice.asset) ||
        (invoice.provider_invoice_id !== null &&
          paid.providerInvoiceId !== invoice.provider_invoice_id)
      ) {
        throw new AppError('crypto_transfer_conflict', {
          message: 'The paid invoice does not match the invoice this platform opened.',
          payload: { id: invoice.id },
        });
      }
      const txHash = `cryptobot:${invoice.provider_invoice_id ?? invoice.id}`;
      await this.repository.insertIfAbsent(transaction, {
        methodCode: entry.code,
        network: entry.networkId,
        txHash,
        outputIndex: 0,
        userId: invoice.user_id,
        provider: 'cryptobot',
        address: null,
        memo: null,
        amountMinor: invoice.amount_minor,
        confirmations: 0,
        requiredConfirmations: 0,
        status: 'confirming',
        at: this.clock.now(),
      });
      const deposit = await this.repository.lockTransfer(transaction, entry.networkId, txHash, 0);
      if (!deposit) throw new Error(`crypto-bot deposit ${txHash} vanished`);
      const credited =
        deposit.status === 'confirming'
          ? await this.credit(transaction, deposit, entry, invoice.id)
          : deposit;
      await this.cryptobot.markPaid(transaction, invoice.id, credited.id);
      return credited.status === 'credited' && deposit.status !== 'credited';
    });
  }

  // ─── crediting ───────────────────────────────────────────────────────────────────────────

  /**
   * Credits a locked, matched, confirmed transfer through the cashier's one deposit credit
   * (the asset to the player's main balance, counted, exchanged into the primary currency at
   * the rate in force, then the deposit's bonuses), then marks it credited and announces it.
   */
  private async credit(
    transaction: DatabaseTransaction,
    deposit: CryptoDepositRow,
    entry: CryptoMethodEntry,
    /** the crypto-bot invoice the deposit pays (its reservation against the deposit limits) */
    invoiceId?: string,
  ): Promise<CryptoDepositRow> {
    const userId = deposit.user_id;
    if (userId === null || deposit.status !== 'confirming') {
      throw new Error(`crypto deposit ${deposit.id} is not creditable (${deposit.status})`);
    }
    const rail = deposit.provider === 'cryptobot' ? this.rails.cryptobot : this.rails.crypto;
    const { transactionId, exchange } = await this.cashier.creditDeposit(transaction, rail, {
      depositId: deposit.id,
      userId,
      currency: entry.row.asset,
      amountMinor: deposit.amount_minor,
      metadata: {
        depositId: deposit.id,
        method: entry.code,
        network: entry.networkId,
        txHash: deposit.tx_hash,
        outputIndex: deposit.output_index,
        ...(deposit.provider === null ? {} : { provider: deposit.provider }),
      },
      exchangeMetadata: { depositId: deposit.id },
      network: bonusNetworkOf(entry.row),
      reservationId: invoiceId,
    });
    // an asset is never a primary currency (those are fiat): every crypto deposit is exchanged
    if (!exchange) throw new Error(`crypto deposit ${deposit.id} was not exchanged`);
    const now = this.clock.now();
    const credited = await this.repository.update(transaction, deposit.id, {
      status: 'credited',
      rate: exchange.rate,
      credited_minor: exchange.balanceAmountMinor,
      credited_currency: exchange.balanceCurrency,
      ledger_transaction_id: transactionId,
      credited_at: now,
      updated_at: now,
    });
    await this.announce(transaction, credited, entry);
    return credited;
  }

  /** The player hears of each status their deposit takes (`transaction#`), at commit. */
  private async announce(
    transaction: DatabaseTransaction,
    deposit: CryptoDepositRow,
    entry: CryptoMethodEntry,
  ): Promise<void> {
    if (deposit.user_id === null) return;
    const event: TransactionEvent = {
      id: deposit.id,
      type: 'deposit',
      status: depositTransactionStatus(deposit.status),
      amount: formatMinorToDecimal(deposit.amount_minor, assetScale(entry.row.asset)),
      currency: entry.row.asset,
      timestamp: this.clock.now().toISOString(),
    };
    await this.events.transactionChanged(transaction, deposit.user_id, event);
  }

  /** No way in the operator's rate table from the asset: error_currency_not_supported. */
  private async withRate<T>(asset: string, convert: () => Promise<T>): Promise<T> {
    try {
      return await convert();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('error_currency_not_supported', {
        payload: { currency: asset },
        cause: error,
      });
    }
  }

  // ─── operators ───────────────────────────────────────────────────────────────────────────

  /** Every player's, newest first, by cursor or offset (lib/history-page.ts). */
  async list(
    filter: CryptoOperatorListFilter,
  ): Promise<{ items: BackofficeCryptoDeposit[]; meta: HistoryPageMeta }> {
    const { query, noSuchPlayer } = await cryptoListQuery(filter, (globalId) =>
      this.users.findAccountByGlobalId(globalId),
    );
    if (noSuchPlayer) return { items: [], meta: createdPageMeta(query, filter.limit, 0, []) };
    const { rows, counted } = await this.repository.list(query);
    const meta = createdPageMeta(query, filter.limit, counted, rows);
    return {
      items: rows.map((row) => {
        const asset = row.credited_currency;
        const scale = assetScale(row.asset);
        return {
          id: row.id,
          status: incomingTransferStatusSchema.parse(row.status),
          currency: row.method_code,
          network: row.network,
          txHash: row.tx_hash,
          outputIndex: row.output_index,
          provider: row.provider,
          address: row.address,
          memo: row.memo,
          amount: formatMinorToDecimal(row.amount_minor, scale),
          confirmations: row.confirmations,
          requiredConfirmations: row.required_confirmations,
          playerGlobalId: row.global_id,
          credited:
            asset !== null && row.credited_minor !== null
              ? {
                  value: formatMinorToDecimal(row.credited_minor, assetScale(asset)),
                  currency: asset,
                }
              : null,
          rate: row.rate,
          createdAt: row.created_at.toISOString(),
          creditedAt: row.credited_at?.toISOString() ?? null,
        };
      }),
      meta,
    };
  }

  private toIncomingResult(row: CryptoDepositRow): IncomingTransferResult {
    return {
      id: row.id,
      status: incomingTransferStatusSchema.parse(row.status),
      confirmations: row.confirmations,
      requiredConfirmations: row.required_confirmations,
      userId: row.user_id,
      credited:
        row.credited_minor !== null && row.credited_currency !== null
          ? {
              value: formatMinorToDecimal(row.credited_minor, assetScale(row.credited_currency)),
              currency: row.credited_currency,
            }
          : null,
    };
  }
}

/** Two addresses name the same destination (hex and bech32 ignore case; TON has many forms). */
function sameAddress(network: CryptoNetworkId, stored: string | null, reported: string): boolean {
  if (stored === null) return false;
  if (stored === reported) return true;
  switch (network) {
    case 'ethereum':
    case 'bsc':
    case 'bitcoin':
    case 'litecoin':
      return stored.toLowerCase() === reported.toLowerCase();
    case 'ton':
      try {
        return toNonBounceable(stored) === toNonBounceable(reported);
      } catch {
        return false;
      }
    case 'tron':
    case 'solana':
      return false;
  }
}
