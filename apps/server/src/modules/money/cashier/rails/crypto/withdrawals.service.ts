import { randomUUID } from 'node:crypto';
import {
  type AwaitingSecondApproval,
  type BackofficeCryptoWithdrawal,
  type CryptoNetworkId,
  type CryptoWithdrawal,
  type CryptoWithdrawBody,
  cryptoWithdrawalStatusSchema,
  currencyScale,
  formatMinorToDecimal,
  type HistoryPageMeta,
  type TransactionEvent,
  type WithdrawFeeResponse,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import { createdPageMeta } from '../../../../../lib/history-page.ts';
import type { PaymentQueueEvents } from '../../../../../lib/operator-events.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../../../players/accounts/users.service.ts';
import type { MessengerService } from '../../../../players/messenger/messenger.service.ts';
import type { RealtimeEvents } from '../../../../realtime/events.ts';
import type { LedgerService } from '../../../ledger/ledger.service.ts';
import type { Cashier } from '../../cashier.service.ts';
import { isValidAddress, toNonBounceable } from './chains/index.ts';
import { parseTonAddress } from './chains/ton.ts';
import type { CryptoRails } from './crypto.rail.ts';
import { assetScale, formatAtPrecision, parseAtPrecision } from './crypto-amounts.ts';
import type { CryptoMethodEntry, CryptoMethodsService } from './crypto-methods.service.ts';
import { type CryptoOperatorListFilter, cryptoListQuery } from './operator-list-filter.ts';
import type { CryptoPayoutProvider } from './payout-provider.ts';
import type { CryptoWithdrawalRow, CryptoWithdrawalsRepository } from './withdrawals.repository.ts';

export interface CryptoWithdrawalsPolicy {
  /** how long a player may cancel a pending withdrawal (the fiat withdrawal's window) */
  cancelWindowSeconds: number;
  /** the operator's shared deposit addresses of the memo networks (config `crypto`) */
  sharedDepositAddresses: Readonly<{ ton: string; solana: string }>;
}

/** The payout providers: chain withdrawals and those the crypto bot pays. */
export interface CryptoPayouts {
  chain: CryptoPayoutProvider;
  cryptobot: CryptoPayoutProvider;
}

const recentAddressesLimit = 5;

function fieldError(field: string, message: string, params?: Record<string, string>): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message, ...(params ? { params } : {}) }] },
  });
}

/** bsc deposits arrive at the player's ethereum address: one address family for both. */
function addressFamily(network: CryptoNetworkId): CryptoNetworkId {
  return network === 'bsc' ? 'ethereum' : network;
}

export interface CryptoWithdrawalsServiceDependencies {
  repository: CryptoWithdrawalsRepository;
  methods: Pick<CryptoMethodsService, 'find' | 'assertCryptoBot' | 'assertChainPayouts'>;
  ledger: LedgerService;
  users: Pick<UsersService, 'getPrimaryCurrency' | 'findAccount' | 'findAccountByGlobalId'>;
  /** the money steps every rail shares: checks, the one daily limit, hold / post / void */
  cashier: Pick<
    Cashier,
    | 'remainingDailyWithdrawalUsdMinor'
    | 'assertProfileComplete'
    | 'assertVerified'
    | 'holdWithdrawal'
    | 'postWithdrawal'
    | 'voidWithdrawal'
    | 'cancellable'
    | 'approveWithdrawal'
  >;
  /** this rail and the crypto bot's, as the cashier knows them (crypto.rail.ts) */
  rails: CryptoRails;
  messenger: Pick<MessengerService, 'messengerUserId'>;
  payouts: CryptoPayouts;
  events: Pick<RealtimeEvents, 'transactionChanged'>;
  /** the operators' live feed: the withdrawals to pay and the approvals changed */
  operatorEvents?: PaymentQueueEvents | undefined;
  audit: AuditService;
  clock: Clock;
  policy: CryptoWithdrawalsPolicy;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Crypto withdrawals: the asked amount plus the method's network fee, priced in the player's
 * primary currency at the rate in force (rounded up), held on the main balance in one ledger
 * movement until the payout provider pays it (the hold moves to the asset's clearing account),
 * the operator rejects it or the player cancels it (the hold comes back). Every status change
 * and its ledger movement commit together with the withdrawal row locked, and reach the player
 * as `transaction#` (and `balance#`) events at commit. The checks, the one daily limit, the
 * bonus forfeit and the hold / post / void are the cashier's, shared with the fiat withdrawal.
 */
export class CryptoWithdrawalsService {
  private readonly repository: CryptoWithdrawalsRepository;
  private readonly methods: CryptoWithdrawalsServiceDependencies['methods'];
  private readonly ledger: LedgerService;
  private readonly users: CryptoWithdrawalsServiceDependencies['users'];
  private readonly cashier: CryptoWithdrawalsServiceDependencies['cashier'];
  private readonly rails: CryptoRails;
  private readonly messenger: Pick<MessengerService, 'messengerUserId'>;
  private readonly payouts: CryptoPayouts;
  private readonly events: Pick<RealtimeEvents, 'transactionChanged'>;
  private readonly operatorEvents: PaymentQueueEvents | undefined;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly policy: CryptoWithdrawalsPolicy;
  private readonly transactions: Transactions;

  constructor({
    repository,
    methods,
    ledger,
    users,
    cashier,
    rails,
    messenger,
    payouts,
    events,
    operatorEvents,
    audit,
    clock,
    policy,
    transactions,
  }: CryptoWithdrawalsServiceDependencies) {
    this.operatorEvents = operatorEvents;
    this.repository = repository;
    this.methods = methods;
    this.ledger = ledger;
    this.users = users;
    this.cashier = cashier;
    this.rails = rails;
    this.messenger = messenger;
    this.payouts = payouts;
    this.events = events;
    this.audit = audit;
    this.clock = clock;
    this.policy = policy;
    this.transactions = transactions;
  }

  private async run<T>(
    transaction: DatabaseTransaction | undefined,
    fn: (transaction: DatabaseTransaction) => Promise<T>,
  ): Promise<T> {
    return transaction ? await fn(transaction) : await this.transactions.run(fn);
  }

  // ─── the method and amounts ──────────────────────────────────────────────────────────────

  /** The method, when withdrawals by it are allowed (not_found / crypto_method_disabled). */
  private async requireWithdrawable(code: string): Promise<CryptoMethodEntry> {
    const entry = await this.methods.find(code);
    if (!entry) throw new AppError('not_found', { message: 'There is no such crypto method.' });
    if (!entry.row.withdraw_allowed) {
      throw new AppError('crypto_method_disabled', { payload: { currency: entry.code } });
    }
    return entry;
  }

  /** One step of the method's precision in ledger minor units (0.01 USDT → 10000). */
  private precisionStep(entry: CryptoMethodEntry): bigint {
    const scale = assetScale(entry.row.asset);
    return entry.row.precision >= scale ? 1n : 10n ** BigInt(scale - entry.row.precision);
  }

  private format(entry: CryptoMethodEntry, minor: bigint, rounding: 'up' | 'down'): string {
    return formatAtPrecision(minor, assetScale(entry.row.asset), entry.row.precision, rounding);
  }

  /**
   * Prices an amount in another currency at the rate in force; no rate for the pair is
   * error_currency_not_supported (the operator's table does not quote the asset).
   */
  private async quote(
    amountMinor: bigint,
    from: string,
    to: string,
    rounding: 'down' | 'up',
  ): Promise<{ amountMinor: bigint; rate: string }> {
    try {
      return await this.ledger.quote(amountMinor, from, to, rounding);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('no exchange rate')) {
        throw new AppError('error_currency_not_supported', {
          payload: { currency: from === to ? to : from },
        });
      }
      throw error;
    }
  }

  /**
   * The most the player can withdraw now: the main balance in the asset minus the fee, capped
   * by what today's withdrawal limit leaves, cut to the method's precision and lowered until
   * its hold (amount + fee priced up in the primary currency) fits the balance. Never negative.
   */
  private async maxAmountMinor(
    entry: CryptoMethodEntry,
    userId: string,
    primary: string,
    balanceMinor: bigint,
  ): Promise<bigint> {
    const asset = entry.row.asset;
    const feeMinor = entry.row.withdraw_fee_minor;
    const step = this.precisionStep(entry);
    if (balanceMinor <= 0n) return 0n;
    let candidate = (await this.quote(balanceMinor, primary, asset, 'down')).amountMinor - feeMinor;
    const remainingUsdMinor = await this.cashier.remainingDailyWithdrawalUsdMinor(
      userId,
      this.clock.now(),
    );
    const remainingMinor = (await this.quote(remainingUsdMinor, 'USD', asset, 'down')).amountMinor;
    if (remainingMinor < candidate) candidate = remainingMinor;
    candidate -= candidate % step;
    // Rounding both ways can leave the hold a few minor units above the balance: lower the
    // amount by (at least) the excess, in whole precision steps, until it fits.
    for (let attempt = 0; candidate > 0n && attempt < 8; attempt += 1) {
      const held = (await this.quote(candidate + feeMinor, asset, primary, 'up')).amountMinor;
      if (held <= balanceMinor) return candidate;
      const excess = (await this.quote(held - balanceMinor, primary, asset, 'up')).amountMinor;
      candidate -= ((excess + step - 1n) / step) * step;
    }
    return candidate > 0n ? candidate - (candidate % step) : 0n;
  }

  /** `GET /api/v1/wallet/currencies/{code}/withdraw_fee`: fee, minAmount, maxAmount. */
  async withdrawFee(userId: string, code: string): Promise<WithdrawFeeResponse> {
    const entry = await this.requireWithdrawable(code);
    const primary = await this.users.getPrimaryCurrency(userId);
    const balance = await this.ledger.balance(userId, primary, 'main');
    const maxMinor = await this.maxAmountMinor(entry, userId, primary, balance);
    return {
      fee: this.format(entry, entry.row.withdraw_fee_minor, 'up'),
      minAmount: this.format(entry, entry.row.min_withdraw_minor, 'up'),
      maxAmount: this.format(entry, maxMinor, 'down'),
    };
  }

  /** `GET /api/v1/wallet/addresses/{code}`: distinct addresses, most recently used first. */
  async recentAddresses(userId: string, code: string): Promise<string[]> {
    return await this.repository.recentAddresses(userId, code, recentAddressesLimit);
  }

  // ─── the withdrawal ─────────────────────────────────────────────────────────────────────

  /** Spec "withdrawal readiness" and §4 step 4, as for fiat withdrawals. */
  private async assertWithdrawEnabled(
    userId: string,
    transaction: DatabaseTransaction | undefined,
  ): Promise<void> {
    await this.cashier.assertProfileComplete(userId);
    await this.cashier.assertVerified(userId, transaction);
  }

  /**
   * The destination: an address valid on the method's network (format and checksum) that is
   * not one of the platform's own deposit addresses, stored non-bounceable on TON; a memo only
   * on TON; no address or memo for a crypto-bot payout, which goes to the linked messenger user.
   */
  private async destination(
    entry: CryptoMethodEntry,
    body: CryptoWithdrawBody,
    userId: string,
  ): Promise<{
    address: string | null;
    memo: string | null;
    provider: 'cryptobot' | null;
    messengerUserId: string | null;
  }> {
    const address = body.address?.trim() ?? '';
    const memo = body.memo?.trim() ?? '';
    if (body.provider === 'cryptobot') {
      this.methods.assertCryptoBot();
      if (!entry.row.providers.includes('cryptobot')) {
        throw fieldError('provider', 'Validation.invalid_value');
      }
      if (address !== '') throw fieldError('address', 'Validation.invalid_value');
      if (memo !== '') throw fieldError('memo', 'Validation.invalid_value');
      const messengerUserId = await this.messenger.messengerUserId(userId);
      if (messengerUserId === null) throw new AppError('messenger_not_linked');
      return { address: null, memo: null, provider: 'cryptobot', messengerUserId };
    }
    this.methods.assertChainPayouts();
    if (address === '') throw fieldError('address', 'Validation.required');
    if (memo !== '' && entry.networkId !== 'ton')
      throw fieldError('memo', 'Validation.invalid_value');
    if (!isValidAddress(entry.networkId, address)) {
      throw new AppError('error_invalid_address', {
        payload: {
          fields: [{ field: 'address', message: 'Validation.invalid_address' }],
          network: entry.networkId,
        },
      });
    }
    if (await this.isPlatformAddress(entry.networkId, address)) {
      throw new AppError('error_internal_address', {
        payload: { fields: [{ field: 'address', message: 'Validation.internal_address' }] },
      });
    }
    return {
      address: entry.networkId === 'ton' ? toNonBounceable(address) : address,
      memo: memo === '' ? null : memo,
      provider: null,
      messengerUserId: null,
    };
  }

  /** One of the platform's deposit addresses: a player's derived one or a shared one. */
  private async isPlatformAddress(network: CryptoNetworkId, address: string): Promise<boolean> {
    if (network === 'ton') {
      const target = parseTonAddress(address);
      const shared = parseTonAddress(this.policy.sharedDepositAddresses.ton);
      return target !== null && shared !== null && target.equals(shared);
    }
    if (network === 'solana') return address === this.policy.sharedDepositAddresses.solana;
    return await this.repository.isDepositAddress(addressFamily(network), address);
  }

  /** `POST /api/v1/wallet/txns/withdraw`: holds amount + fee and answers the pending withdrawal. */
  async createWithdrawal(
    userId: string,
    body: CryptoWithdrawBody,
    transaction?: DatabaseTransaction,
  ): Promise<CryptoWithdrawal> {
    await this.assertWithdrawEnabled(userId, transaction);
    const entry = await this.requireWithdrawable(body.currency);
    const asset = entry.row.asset;
    const scale = assetScale(asset);
    const amountMinor = parseAtPrecision(body.amount.trim(), scale, entry.row.precision);
    if (amountMinor === null || amountMinor <= 0n) {
      throw fieldError('amount', 'Validation.invalid_amount');
    }
    const feeMinor = entry.row.withdraw_fee_minor;
    if (amountMinor < entry.row.min_withdraw_minor) {
      throw fieldError('amount', 'Validation.minimum_amount', {
        amount: this.format(entry, entry.row.min_withdraw_minor, 'up'),
        currency: asset,
      });
    }
    const destination = await this.destination(entry, body, userId);
    // The range the fee lookup shows (balance and today's limit); the balance and the limit
    // are checked again under the locks below, which decide between concurrent withdrawals.
    const primary = await this.users.getPrimaryCurrency(userId, transaction);
    const balance = await this.ledger.balance(userId, primary, 'main', transaction);
    const maxMinor = await this.maxAmountMinor(entry, userId, primary, balance);
    if (amountMinor > maxMinor) {
      throw fieldError('amount', 'Validation.maximum_amount', {
        amount: this.format(entry, maxMinor, 'down'),
        currency: asset,
      });
    }
    const now = this.clock.now();
    const row = await this.run(transaction, async (transaction) => {
      // the hold comes first so the withdrawal row always names its hold
      const id = randomUUID();
      // the cashier: the daily limit, the bonus forfeit, the hold at the rate in force
      const rail = destination.provider === 'cryptobot' ? this.rails.cryptobot : this.rails.crypto;
      const hold = await this.cashier.holdWithdrawal(transaction, rail, {
        withdrawalId: id,
        userId,
        currency: asset,
        amountMinor,
        feeMinor,
        now,
        metadata: (exchange) => ({
          withdrawalId: id,
          method: entry.code,
          payoutCurrency: asset,
          payoutAmount: formatMinorToDecimal(amountMinor, scale),
          payoutFee: formatMinorToDecimal(feeMinor, scale),
          // an asset is never a primary currency: always another currency than the hold's
          rate: exchange?.rate ?? '1',
        }),
      });
      const rate = hold.exchange?.rate ?? '1';
      const inserted = await this.repository.insert(transaction, {
        id,
        holdId: hold.holdId,
        userId,
        methodCode: entry.code,
        network: entry.networkId,
        ...destination,
        amountMinor,
        feeMinor,
        rate,
        heldMinor: hold.heldMinor,
        heldCurrency: hold.heldCurrency,
        cancellableUntil: new Date(now.getTime() + this.policy.cancelWindowSeconds * 1000),
        createdAt: now,
      });
      await this.announce(transaction, inserted, entry);
      return inserted;
    });
    return this.toWithdrawal(row, entry);
  }

  /** `POST /api/v1/wallet/txns/cancel/{id}`: while pending and cancellable; the hold comes back. */
  async cancel(
    userId: string,
    withdrawalId: string,
    transaction?: DatabaseTransaction,
  ): Promise<CryptoWithdrawal> {
    const row = await this.run(transaction, async (transaction) => {
      const withdrawal = await this.repository.lock(transaction, withdrawalId);
      if (withdrawal?.user_id !== userId) throw new AppError('not_found');
      if (
        !this.cashier.cancellable({
          status: withdrawal.status,
          cancellableUntil: withdrawal.cancellable_until,
        })
      ) {
        return withdrawal;
      }
      await this.cashier.voidWithdrawal(transaction, withdrawal.hold_id);
      const updated = await this.repository.update(transaction, withdrawal.id, {
        status: 'refund',
        cancellable_until: null,
        updated_at: this.clock.now(),
      });
      await this.announce(transaction, updated);
      return updated;
    });
    return this.toWithdrawal(row, await this.entryOf(row));
  }

  // ─── the operator (the sandbox payout provider) ─────────────────────────────────────────

  /** Every player's, newest first, by cursor or offset (lib/history-page.ts). */
  async list(
    filter: CryptoOperatorListFilter,
  ): Promise<{ items: BackofficeCryptoWithdrawal[]; meta: HistoryPageMeta }> {
    const { query, noSuchPlayer } = await cryptoListQuery(filter, (globalId) =>
      this.users.findAccountByGlobalId(globalId),
    );
    if (noSuchPlayer) return { items: [], meta: createdPageMeta(query, filter.limit, 0, []) };
    const { rows, counted } = await this.repository.list(query);
    const meta = createdPageMeta(query, filter.limit, counted, rows);
    const items: BackofficeCryptoWithdrawal[] = [];
    const globalIds = new Map<string, string>();
    for (const row of rows) {
      if (!globalIds.has(row.user_id)) {
        globalIds.set(row.user_id, (await this.users.findAccount(row.user_id))?.globalId ?? '');
      }
      items.push(this.toBackoffice(row, await this.entryOf(row), globalIds.get(row.user_id) ?? ''));
    }
    return { items, meta };
  }

  /**
   * Pays a pending withdrawal: the payout provider pays it (a chain payout: the operator
   * reports the transaction's hash; a crypto-bot payout: the bot transfers it), then the hold
   * moves to the asset's clearing account (the fee to the fees account). A second completion
   * is order_status_conflict and moves nothing.
   */
  async complete(
    actor: OperatorActor,
    withdrawalId: string,
    txHash: string | undefined,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeCryptoWithdrawal | AwaitingSecondApproval> {
    const existing = await this.repository.find(withdrawalId, transaction);
    if (!existing) throw new AppError('not_found');
    // a way that is off pays nothing (payments_are_disabled) before anything changes
    if (existing.provider === 'cryptobot') this.methods.assertCryptoBot();
    else this.methods.assertChainPayouts();
    if (existing.provider === 'cryptobot') await this.closeCancelWindow(withdrawalId);
    let awaiting: AwaitingSecondApproval | null = null;
    const row = await this.run(transaction, async (transaction) => {
      const withdrawal = await this.lockPending(transaction, withdrawalId);
      const entry = await this.entryOf(withdrawal);
      // maker-checker: above the four-eyes threshold a second operator pays it
      const decision = await this.cashier.approveWithdrawal(transaction, {
        kind: 'crypto_withdrawal',
        withdrawalId: withdrawal.id,
        operatorId: actor.operatorId,
        amountMinor: withdrawal.amount_minor,
        currency: entry.row.asset,
      });
      if (decision.status === 'awaiting_second_approval') {
        await this.audit.record(
          actor,
          {
            action: 'crypto.withdrawal.first_approval',
            targetType: 'crypto_withdrawal',
            targetId: withdrawal.id,
            payload: { amountMinor: withdrawal.amount_minor.toString(), asset: entry.row.asset },
          },
          transaction,
        );
        awaiting = {
          status: 'awaiting_second_approval',
          id: withdrawal.id,
          firstApproverId: decision.firstApproverId,
        };
        return withdrawal;
      }
      const provider =
        withdrawal.provider === 'cryptobot' ? this.payouts.cryptobot : this.payouts.chain;
      const paid = await provider.pay(transaction, {
        withdrawalId: withdrawal.id,
        methodCode: entry.code,
        network: withdrawal.network,
        address: withdrawal.address,
        memo: withdrawal.memo,
        messengerUserId: withdrawal.messenger_user_id,
        amount: this.format(entry, withdrawal.amount_minor, 'down'),
        reportedTxHash: txHash ?? null,
      });
      const asset = entry.row.asset;
      const metadata = { withdrawalId: withdrawal.id, method: entry.code, txHash: paid.txHash };
      const { transactionId } = await this.cashier.postWithdrawal(transaction, withdrawal.hold_id, {
        currency: asset,
        amountMinor: withdrawal.amount_minor,
        feeMinor: withdrawal.fee_minor,
        rate: withdrawal.rate,
        metadata,
      });
      const now = this.clock.now();
      const updated = await this.repository.update(transaction, withdrawal.id, {
        status: 'completed',
        tx_hash: paid.txHash,
        ledger_transaction_id: transactionId,
        cancellable_until: null,
        completed_at: now,
        updated_at: now,
      });
      await this.audit.record(
        actor,
        {
          action: 'crypto.withdrawal.complete',
          targetType: 'crypto_withdrawal',
          targetId: withdrawal.id,
          payload: { txHash: paid.txHash, provider: withdrawal.provider },
        },
        transaction,
      );
      await this.announce(transaction, updated, entry);
      return updated;
    });
    if (awaiting) return awaiting;
    return await this.backofficeView(row);
  }

  /** Declines a pending withdrawal: the hold comes back to the player's main balance. */
  async reject(
    actor: OperatorActor,
    withdrawalId: string,
    reason: string,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeCryptoWithdrawal> {
    const row = await this.run(transaction, async (transaction) => {
      const withdrawal = await this.lockPending(transaction, withdrawalId);
      await this.cashier.voidWithdrawal(transaction, withdrawal.hold_id);
      const updated = await this.repository.update(transaction, withdrawal.id, {
        status: 'declined',
        reject_reason: reason,
        cancellable_until: null,
        updated_at: this.clock.now(),
      });
      await this.audit.record(
        actor,
        {
          action: 'crypto.withdrawal.reject',
          targetType: 'crypto_withdrawal',
          targetId: withdrawal.id,
          payload: { reason },
        },
        transaction,
      );
      await this.announce(transaction, updated);
      return updated;
    });
    return await this.backofficeView(row);
  }

  private async lockPending(
    transaction: DatabaseTransaction,
    withdrawalId: string,
  ): Promise<CryptoWithdrawalRow> {
    const withdrawal = await this.repository.lock(transaction, withdrawalId);
    if (!withdrawal) throw new AppError('not_found');
    if (withdrawal.status !== 'pending') {
      throw new AppError('order_status_conflict', { payload: { status: withdrawal.status } });
    }
    return withdrawal;
  }

  /**
   * Before a crypto-bot transfer: the player can no longer cancel, committed on its own, so a
   * transfer the bot made can never meet a cancelled withdrawal even if the completion that
   * follows fails to commit (its retry pays the same spend id once and completes it).
   */
  private async closeCancelWindow(withdrawalId: string): Promise<void> {
    await this.transactions.run(async (transaction) => {
      const withdrawal = await this.repository.lock(transaction, withdrawalId);
      if (withdrawal?.status !== 'pending' || withdrawal.cancellable_until === null) return;
      await this.repository.update(transaction, withdrawal.id, {
        cancellable_until: null,
        updated_at: this.clock.now(),
      });
    });
  }

  // ─── mapping ────────────────────────────────────────────────────────────────────────────

  private async entryOf(row: CryptoWithdrawalRow): Promise<CryptoMethodEntry> {
    const entry = await this.methods.find(row.method_code);
    if (!entry) throw new Error(`crypto method ${row.method_code} vanished`);
    return entry;
  }

  /** `transaction#{globalId}`: every status a withdrawal takes, at commit. */
  private async announce(
    transaction: DatabaseTransaction,
    row: CryptoWithdrawalRow,
    entry?: CryptoMethodEntry,
  ): Promise<void> {
    await this.operatorEvents?.queuesChanged(transaction, 'cryptoWithdrawalsToPay', 'approvals');
    const method = entry ?? (await this.entryOf(row));
    const event: TransactionEvent = {
      id: row.id,
      type: 'withdraw',
      status: cryptoWithdrawalStatusSchema.parse(row.status),
      amount: this.format(method, row.amount_minor, 'down'),
      currency: method.row.asset,
      timestamp: this.clock.now().toISOString(),
    };
    await this.events.transactionChanged(transaction, row.user_id, event);
  }

  private toWithdrawal(row: CryptoWithdrawalRow, entry: CryptoMethodEntry): CryptoWithdrawal {
    return {
      id: row.id,
      status: cryptoWithdrawalStatusSchema.parse(row.status),
      currency: entry.code,
      amount: this.format(entry, row.amount_minor, 'down'),
      fee: this.format(entry, row.fee_minor, 'up'),
      address: row.address,
      memo: row.memo,
      provider: row.provider === 'cryptobot' ? 'cryptobot' : null,
      held: {
        value: formatMinorToDecimal(row.held_minor, currencyScale(row.held_currency)),
        currency: row.held_currency,
      },
      cancellableUntil:
        row.status === 'pending' ? (row.cancellable_until?.toISOString() ?? null) : null,
      createdAt: row.created_at.toISOString(),
    };
  }

  private toBackoffice(
    row: CryptoWithdrawalRow,
    entry: CryptoMethodEntry,
    playerGlobalId: string,
  ): BackofficeCryptoWithdrawal {
    return {
      ...this.toWithdrawal(row, entry),
      playerGlobalId,
      network: row.network,
      txHash: row.tx_hash,
      rejectReason: row.reject_reason,
      rate: row.rate,
      updatedAt: row.updated_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
    };
  }

  private async backofficeView(row: CryptoWithdrawalRow): Promise<BackofficeCryptoWithdrawal> {
    const globalId = (await this.users.findAccount(row.user_id))?.globalId ?? '';
    return this.toBackoffice(row, await this.entryOf(row), globalId);
  }
}
