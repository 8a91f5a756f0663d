import { createHash, randomUUID } from 'node:crypto';
import {
  type BackofficeOrder,
  buyConditionsSchema,
  type CreateBuyOrderBody,
  type CreateSellOrderBody,
  currencyDefinition,
  currencyScale,
  type DisputeBody,
  type FiatMethodKind,
  type FiatOrder,
  type FiatOrderStatus,
  type FiatPaymentMethod,
  type FiatSellOrder,
  fiatMethodKindSchema,
  fiatOrderStatusSchema,
  formatMinorToDecimal,
  type PaymentRestrictions,
  type PaymentRestrictionsBody,
  parseDecimalToMinor,
  type ReceiptBody,
  type ResolveDisputeBody,
  sellConditionsSchema,
  sortMethodsByPriority,
  type TransactionEvent,
  type TransactionHistoryItem,
  type TransactionHistoryResponse,
  transactionStatusSchema,
  validateExternalDetails,
  validateFiatDepositAmount,
  validateFiatWithdrawAmount,
  validateWithdrawalDetails,
  type WithdrawEnabledResponse,
  withdrawalDetailsFields,
  withdrawFeeMinor,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { AccountRef, Quote } from '../ledger/ledger.service.ts';
import type { Cashier } from './cashier.service.ts';
import type {
  PaymentRestrictionRow,
  PaymentRestrictionsRepository,
} from './payment-restrictions.repository.ts';
import { p2pRail } from './rail.ts';
import type { PaymentProvider } from './rails/p2p/payment-provider.ts';
import type { ReceiptStore } from './receipt-store.ts';
import {
  type CryptoDepositHistoryRow,
  type CryptoWithdrawalHistoryRow,
  type FiatMethodRow,
  type FiatOrderRow,
  type FiatOrderUpdate,
  type HistoryEntry,
  openBuyStatuses,
  type WalletRepository,
} from './wallet.repository.ts';

export interface WalletPolicy {
  orderTtlSeconds: number;
  /** 0: off */
  autoApproveSeconds: number;
  /** how long a player may cancel a pending withdrawal */
  sellCancelWindowSeconds: number;
}

/** Background follow-ups of an order; a no-op where this process runs no queue (the sweep catches up). */
export interface OrderJobScheduler {
  scheduleExpiry(orderId: string, at: Date): Promise<void>;
  scheduleAutoApprove(orderId: string, at: Date): Promise<void>;
}

export interface PlayerContext {
  userId: string;
  /** ISO country of the request's IP, or null */
  country: string | null;
}

interface MethodView {
  row: FiatMethodRow;
  method: FiatPaymentMethod;
  invoiceFlow: 'requisites' | 'external_invoice';
}

const savedDetailsLimit = 5;

function fieldError(field: string, message: string, params?: Record<string, string>): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message, ...(params ? { params } : {}) }] },
  });
}

/**
 * A method as the wallet uses it. Its sell `externalDetailsFields` are everything a withdrawal
 * requires (withdrawalDetailsFields: the holder's name, the method's fields, the kind's own
 * field), so `orders/conditions` lists exactly what the withdrawal is validated against.
 */
function toMethodView(row: FiatMethodRow): MethodView {
  const kind = fiatMethodKindSchema.parse(row.kind);
  const sell =
    row.sell_conditions === null ? null : sellConditionsSchema.parse(row.sell_conditions);
  return {
    row,
    invoiceFlow: row.invoice_flow === 'external_invoice' ? 'external_invoice' : 'requisites',
    method: {
      id: row.id,
      name: row.name,
      icon: row.icon,
      iconBig: row.icon_big,
      label: row.label,
      method: kind,
      currency: row.currency,
      buy: row.buy_conditions === null ? null : buyConditionsSchema.parse(row.buy_conditions),
      sell:
        sell === null
          ? null
          : {
              ...sell,
              externalDetailsFields: withdrawalDetailsFields({
                name: row.name,
                method: kind,
                sell,
              }),
            },
    },
  };
}

function availableIn(row: FiatMethodRow, country: string | null): boolean {
  if (row.countries === null) return true;
  return country !== null && row.countries.includes(country.toUpperCase());
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function detailsOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[key] = entry;
  }
  return result;
}

function _playerMain(userId: string, currency: string): AccountRef {
  return { owner: { type: 'player', userId }, currency, kind: 'main' };
}

function _providerClearing(currency: string): AccountRef {
  return { owner: { type: 'platform' }, currency, kind: 'provider_clearing' };
}

export interface WalletServiceDependencies {
  repository: WalletRepository;
  provider: PaymentProvider;
  users: UsersService;
  audit: AuditService;
  receipts: ReceiptStore;
  clock: Clock;
  policy: WalletPolicy;
  jobs: OrderJobScheduler;
  /** the money steps every rail shares: deposit credit, withdrawal hold / post / void, limit */
  cashier: Cashier;
  restrictions: PaymentRestrictionsRepository;
  events: Pick<RealtimeEvents, 'transactionChanged'>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** where the operator's switch of the sandbox auto-approval is read (the settings module) */
  autoApproveSwitch?: (() => Promise<boolean>) | undefined;
}

/**
 * The fiat wallet: deposit (buy) and withdrawal (sell) orders through a payment provider.
 * Each status change and its ledger movement commit in one transaction (`transactions.run`),
 * with the order row locked, so a deposit is credited exactly once however often it is approved.
 */
export class WalletService {
  /** the operator's switch of the sandbox auto-approval (settings); on when none is given */
  private readonly autoApproveSwitch: () => Promise<boolean>;

  private readonly repository: WalletRepository;
  private readonly provider: PaymentProvider;
  private readonly users: UsersService;
  private readonly audit: AuditService;
  private readonly receipts: ReceiptStore;
  private readonly clock: Clock;
  private readonly policy: WalletPolicy;
  private readonly jobs: OrderJobScheduler;
  private readonly cashier: Cashier;
  private readonly restrictions: PaymentRestrictionsRepository;
  private readonly events: Pick<RealtimeEvents, 'transactionChanged'>;
  private readonly transactions: Transactions;

  constructor({
    repository,
    provider,
    users,
    audit,
    receipts,
    clock,
    policy,
    jobs,
    cashier,
    restrictions,
    events,
    transactions,
    autoApproveSwitch = async () => true,
  }: WalletServiceDependencies) {
    this.autoApproveSwitch = autoApproveSwitch;
    this.repository = repository;
    this.provider = provider;
    this.users = users;
    this.audit = audit;
    this.receipts = receipts;
    this.clock = clock;
    this.policy = policy;
    this.jobs = jobs;
    this.cashier = cashier;
    this.restrictions = restrictions;
    this.events = events;
    this.transactions = transactions;
  }

  /** Every status an order takes reaches the player as a `transaction#` event at commit. */
  private async insertOrder(
    transaction: DatabaseTransaction,
    order: Parameters<WalletRepository['insertOrder']>[1],
  ): Promise<FiatOrderRow> {
    const row = await this.repository.insertOrder(transaction, order);
    await this.events.transactionChanged(transaction, row.user_id, this.toTransactionEvent(row));
    return row;
  }

  private async updateOrder(
    transaction: DatabaseTransaction,
    id: string,
    changes: FiatOrderUpdate,
  ): Promise<FiatOrderRow> {
    const row = await this.repository.updateOrder(transaction, id, changes);
    if (changes.status !== undefined) {
      await this.events.transactionChanged(transaction, row.user_id, this.toTransactionEvent(row));
    }
    return row;
  }

  private toTransactionEvent(row: FiatOrderRow): TransactionEvent {
    const item = this.toHistoryItem(row, undefined);
    return {
      id: item.id,
      type: item.type,
      status: item.status,
      amount: item.originalAmount.value,
      currency: row.currency,
      timestamp: this.clock.now().toISOString(),
    };
  }

  /** Runs `fn` in the caller's transaction (an idempotent request's) or in a new one. */
  private async run<T>(
    transaction: DatabaseTransaction | undefined,
    fn: (transaction: DatabaseTransaction) => Promise<T>,
  ): Promise<T> {
    return transaction ? await fn(transaction) : await this.transactions.run(fn);
  }

  // ─── methods ───────────────────────────────────────────────────────────────────────────────

  /**
   * Methods offered in the player's country, sorted by priority. A method's deposit side is
   * offered only when the provider can take its kind of order now (a hosted-page method
   * without the hosted page is not); a method left with neither side is not listed.
   */
  async conditions(player: PlayerContext): Promise<FiatPaymentMethod[]> {
    const rows = await this.repository.listMethods();
    const methods = rows
      .filter((row) => availableIn(row, player.country))
      .map((row) => this.offeredView(row))
      .filter((view) => view.method.buy !== null || view.method.sell !== null);
    return sortMethodsByPriority(methods.map((view) => view.method));
  }

  /** A method as players are offered it (see conditions). */
  private offeredView(row: FiatMethodRow): MethodView {
    const view = toMethodView(row);
    if (view.method.buy === null || this.provider.supportsInvoiceFlow(view.invoiceFlow)) {
      return view;
    }
    return { ...view, method: { ...view.method, buy: null } };
  }

  private async requireMethod(
    methodId: string,
    country: string | null,
    executor?: DatabaseExecutor,
  ): Promise<MethodView> {
    const row = await this.repository.findMethod(methodId, executor);
    if (!row?.enabled || !availableIn(row, country)) {
      throw fieldError('bankId', 'Validation.invalid_value');
    }
    return this.offeredView(row);
  }

  private async methodsById(executor?: DatabaseExecutor): Promise<Map<string, MethodView>> {
    const rows = await this.repository.listMethods(executor);
    return new Map(rows.map((row) => [row.id, toMethodView(row)]));
  }

  // ─── deposits ──────────────────────────────────────────────────────────────────────────────

  async createBuyOrder(
    player: PlayerContext,
    body: CreateBuyOrderBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    await this.assertOrderAllowed(player.userId, 'buy', transaction);
    const view = await this.requireMethod(body.bankId, player.country, transaction);
    const buy = view.method.buy;
    if (!buy) throw new AppError('payments_are_disabled');
    const currency = view.method.currency;
    const problem = validateFiatDepositAmount(body.amount, { ...buy, currency });
    if (problem) throw fieldError('amount', problem.message, problem.params);
    const amountMinor = parseDecimalToMinor(
      body.amount.replace(/^0+(?=\d)/, ''),
      currencyScale(currency),
    );
    if (amountMinor === null) throw fieldError('amount', 'Validation.invalid_amount');
    // the deposit is credited in the primary currency and counted in USD: both need a rate
    const primary = await this.users.getPrimaryCurrency(player.userId, transaction);
    await this.quote(amountMinor, currency, primary, 'down');
    await this.toUsd(amountMinor, currency);
    const externalFields = body.externalFields ?? {};
    const detailProblems = validateExternalDetails(externalFields, buy.externalDetailsFields);
    if (detailProblems.length > 0) {
      throw new AppError('validation_error', {
        payload: {
          fields: detailProblems.map((entry) => ({
            field: `externalFields.${entry.field}`,
            message: entry.message,
          })),
        },
      });
    }
    const now = this.clock.now();
    const order = await this.run(transaction, async (transaction) => {
      await this.cashier.lockPlayer(transaction, player.userId);
      await this.assertOrderAllowed(player.userId, 'buy', transaction);
      if (!buy.multiplyOrdersAllowed) {
        const open = await this.repository.findOpenBuyOrder(
          transaction,
          player.userId,
          view.row.id,
          now,
        );
        if (open) throw new AppError('error_orders_limit', { payload: { orderId: open.id } });
      }
      const invoice = await this.provider.openInvoice(transaction, {
        methodId: view.row.id,
        invoiceFlow: view.invoiceFlow,
        now,
      });
      return await this.insertOrder(transaction, {
        userId: player.userId,
        type: 'buy',
        status: view.invoiceFlow === 'external_invoice' ? 'pay_external_invoice' : 'waiting',
        methodId: view.row.id,
        currency,
        amountMinor,
        feeMinor: 0n,
        requisiteId: invoice.requisiteId,
        paymentDetails: invoice.paymentDetails,
        recipientBank: invoice.recipientBank,
        externalTarget: invoice.externalTarget,
        externalFields: detailsOf(externalFields),
        callbackUrl: body.callbackUrl ?? null,
        subbankId: null,
        expiresAt: new Date(now.getTime() + this.policy.orderTtlSeconds * 1000),
        cancellableUntil: null,
        createdAt: now,
      });
    });
    await this.jobs.scheduleExpiry(order.id, order.expires_at);
    return this.toFiatOrder(order, view);
  }

  async notExpiredOrder(userId: string, methodId: string): Promise<FiatOrder | null> {
    const row = await this.repository.findOpenBuyOrder(
      undefined,
      userId,
      methodId,
      this.clock.now(),
    );
    if (!row) return null;
    const view = (await this.methodsById()).get(row.method_id);
    return view ? this.toFiatOrder(row, view) : null;
  }

  async getBuyOrder(userId: string, orderId: string): Promise<FiatOrder> {
    const row = await this.requireOwnOrder(userId, orderId, 'buy');
    const view = (await this.methodsById()).get(row.method_id);
    if (!view) throw new AppError('not_found');
    return this.toFiatOrder(row, view);
  }

  /** The receipt: waiting → wait_for_confirmation. Only images, checked by content. */
  async uploadReceipt(
    userId: string,
    orderId: string,
    body: ReceiptBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    await this.requireOwnOrder(userId, orderId, 'buy', transaction);
    const stored = await this.receipts.save(body.fileContent, 'fileContent');
    let committed = false;
    try {
      const row = await this.run(transaction, async (transaction) => {
        const order = await this.lockOwnOrder(transaction, userId, orderId, 'buy');
        if (order.status !== 'waiting' && order.status !== 'pay_external_invoice') {
          throw new AppError('order_status_conflict', { payload: { status: order.status } });
        }
        if (order.expires_at.getTime() <= this.clock.now().getTime()) {
          throw new AppError('order_status_conflict', { payload: { status: 'timeouted' } });
        }
        return await this.updateOrder(transaction, order.id, {
          status: 'wait_for_confirmation',
          payer_name: body.name,
          receipt_file: stored.fileName,
          receipt_mime: stored.mimeType,
          updated_at: this.clock.now(),
        });
      });
      committed = true;
      if (this.policy.autoApproveSeconds > 0) {
        await this.jobs.scheduleAutoApprove(
          row.id,
          new Date(this.clock.now().getTime() + this.policy.autoApproveSeconds * 1000),
        );
      }
      const view = (await this.methodsById(transaction)).get(row.method_id);
      if (!view) throw new AppError('not_found');
      return this.toFiatOrder(row, view);
    } finally {
      if (!committed) await this.receipts.remove(stored.fileName);
    }
  }

  /** A dispute on a deposit the player says was paid; the operator resolves it. */
  async openDispute(
    userId: string,
    orderId: string,
    body: DisputeBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatOrder> {
    const existing = await this.requireOwnOrder(userId, orderId, 'buy', transaction);
    const disputable: readonly string[] = [
      'timeouted',
      'pending',
      'declined',
      'wait_for_confirmation',
      'waiting',
    ];
    if (!disputable.includes(existing.status)) {
      throw new AppError('order_status_conflict', { payload: { status: existing.status } });
    }
    const { payload } = body;
    if (payload.acceptOption === 'CHANGE_INVOICE' && payload.amount !== undefined) {
      if (parseDecimalToMinor(payload.amount, currencyScale(existing.currency)) === null) {
        throw fieldError('payload.amount', 'Validation.invalid_amount');
      }
    }
    const stored = await this.receipts.save(payload.image.fileContent, 'payload.image.fileContent');
    let committed = false;
    try {
      const row = await this.run(transaction, async (transaction) => {
        const order = await this.lockOwnOrder(transaction, userId, orderId, 'buy');
        if (!disputable.includes(order.status)) {
          throw new AppError('order_status_conflict', { payload: { status: order.status } });
        }
        return await this.updateOrder(transaction, order.id, {
          status: 'disputed',
          dispute: JSON.stringify({
            name: payload.image.name,
            file: stored.fileName,
            mimeType: stored.mimeType,
            acceptOption: payload.acceptOption,
            amount: payload.acceptOption === 'CHANGE_INVOICE' ? (payload.amount ?? null) : null,
            comment: payload.comment ?? null,
            problem: payload.problem ?? null,
            previousStatus: order.status,
            openedAt: this.clock.now().toISOString(),
          }),
          updated_at: this.clock.now(),
        });
      });
      committed = true;
      const view = (await this.methodsById(transaction)).get(row.method_id);
      if (!view) throw new AppError('not_found');
      return this.toFiatOrder(row, view);
    } finally {
      if (!committed) await this.receipts.remove(stored.fileName);
    }
  }

  /** The receipt image of an order: the owner's (userId) or any (operator, userId null). */
  async receipt(
    orderId: string,
    userId: string | null,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    const order =
      userId === null
        ? await this.repository.findOrder(orderId)
        : await this.requireOwnOrder(userId, orderId, 'buy');
    if (!order?.receipt_file || !order.receipt_mime) throw new AppError('not_found');
    return { bytes: await this.receipts.read(order.receipt_file), mimeType: order.receipt_mime };
  }

  /** The image attached to a deposit's dispute: the owner's (userId) or any (operator, null). */
  async disputeImage(
    orderId: string,
    userId: string | null,
  ): Promise<{ bytes: Buffer; mimeType: string }> {
    const order =
      userId === null
        ? await this.repository.findOrder(orderId)
        : await this.requireOwnOrder(userId, orderId, 'buy');
    const dispute =
      order?.dispute !== null && typeof order?.dispute === 'object'
        ? (order.dispute as Record<string, unknown>)
        : null;
    if (typeof dispute?.file !== 'string' || typeof dispute.mimeType !== 'string') {
      throw new AppError('not_found');
    }
    return { bytes: await this.receipts.read(dispute.file), mimeType: dispute.mimeType };
  }

  // ─── withdrawals ───────────────────────────────────────────────────────────────────────────

  /**
   * Spec "withdrawal readiness": personal data. Bonuses do not block a withdrawal: creating one
   * forfeits them (the app shows the bonus-burn dialog first), so no `wager` refusal here.
   */
  async assertWithdrawEnabled(userId: string): Promise<void> {
    await this.cashier.assertProfileComplete(userId);
  }

  /**
   * `GET /api/v2/wallet/wager`. Spec §4 withdraw flow step 4: when the check passes, the verify
   * feature is on and the player is not verified, the app goes to personal data.
   */
  async withdrawCheck(userId: string): Promise<WithdrawEnabledResponse> {
    await this.assertWithdrawEnabled(userId);
    return {
      enabled: true,
      verificationRequired: await this.cashier.isVerificationRequired(userId),
    };
  }

  async createSellOrder(
    player: PlayerContext,
    body: CreateSellOrderBody,
    transaction?: DatabaseTransaction,
  ): Promise<FiatSellOrder> {
    await this.assertOrderAllowed(player.userId, 'sell', transaction);
    await this.assertWithdrawEnabled(player.userId);
    const view = await this.requireMethod(body.bankId, player.country, transaction);
    const sell = view.method.sell;
    if (!sell) throw new AppError('payments_are_disabled');
    const currency = view.method.currency;
    const scale = currencyScale(currency);
    if (body.subbankId !== undefined && !sell.subbanks.some((bank) => bank.id === body.subbankId)) {
      throw fieldError('subbankId', 'Validation.invalid_value');
    }
    const details = detailsOf(body.details);
    this.validateWithdrawDetails(view, details);
    // spec §4 withdraw flow step 4: the verify feature refuses unverified players
    await this.cashier.assertVerified(player.userId, transaction);
    // The format and limits first (a field error), the balance under the ledger's lock below.
    const formatProblem = validateFiatWithdrawAmount(body.amount, sell, {
      valueMinor: maxBalanceForFormatCheck,
      currency,
    });
    if (formatProblem?.message === 'Validation.minimum_amount') {
      // spec error catalogue: below the method's minimum is a domain error, not a field error
      const minimumMinor = parseDecimalToMinor(sell.minAmount, scale);
      throw new AppError('wallet_withdraw_too_small', {
        payload: {
          amount:
            minimumMinor === null ? sell.minAmount : formatMinorToDecimal(minimumMinor, scale),
          currency,
        },
      });
    }
    if (formatProblem) throw fieldError('amount', formatProblem.message, formatProblem.params);
    const amountMinor = parseDecimalToMinor(body.amount.trim(), scale);
    if (amountMinor === null) throw fieldError('amount', 'Validation.invalid_amount');
    const feeMinor = withdrawFeeMinor(amountMinor, sell.levels, currency);
    const now = this.clock.now();

    const order = await this.run(transaction, async (transaction) => {
      await this.cashier.lockPlayer(transaction, player.userId);
      await this.assertOrderAllowed(player.userId, 'sell', transaction);
      // the hold comes first so a pending withdrawal row always names its hold
      const orderId = randomUUID();
      // Amount and fee are in the method's currency; the money comes from the primary balance
      // (the cashier: the daily limit, the bonus forfeit, the hold at the rate in force).
      const { holdId, exchange } = await this.cashier.holdWithdrawal(transaction, p2pRail, {
        withdrawalId: orderId,
        userId: player.userId,
        currency,
        amountMinor,
        feeMinor,
        now,
        metadata: (exchange) => ({
          orderId,
          feeMinor: feeMinor.toString(),
          ...(exchange
            ? {
                payoutCurrency: currency,
                payoutAmount: formatMinorToDecimal(amountMinor, scale),
                payoutFee: formatMinorToDecimal(feeMinor, scale),
                rate: exchange.rate,
              }
            : {}),
        }),
      });
      const inserted = await this.insertOrder(transaction, {
        id: orderId,
        holdId,
        userId: player.userId,
        type: 'sell',
        status: 'pending',
        methodId: view.row.id,
        currency,
        amountMinor,
        feeMinor,
        requisiteId: null,
        paymentDetails: {},
        recipientBank: null,
        externalTarget: null,
        externalFields: details,
        callbackUrl: null,
        subbankId: body.subbankId ?? null,
        expiresAt: now,
        cancellableUntil: new Date(now.getTime() + this.policy.sellCancelWindowSeconds * 1000),
        createdAt: now,
        ...(exchange ? { exchange } : {}),
      });
      await this.repository.saveDetails(transaction, {
        userId: player.userId,
        methodId: view.row.id,
        details,
        hash: createHash('sha256')
          .update(JSON.stringify(Object.entries(details).sort()))
          .digest('hex'),
        at: now,
      });
      return inserted;
    });
    return this.toSellOrder(order);
  }

  async cancelSellOrder(
    userId: string,
    orderId: string,
    transaction?: DatabaseTransaction,
  ): Promise<FiatSellOrder> {
    await this.requireOwnOrder(userId, orderId, 'sell', transaction);
    const row = await this.run(transaction, async (transaction) => {
      const order = await this.lockOwnOrder(transaction, userId, orderId, 'sell');
      if (
        !this.cashier.cancellable({
          status: order.status,
          cancellableUntil: order.cancellable_until,
        })
      ) {
        return order;
      }
      await this.cashier.voidWithdrawal(transaction, requireHold(order));
      return await this.updateOrder(transaction, order.id, {
        status: 'refund',
        updated_at: this.clock.now(),
      });
    });
    return this.toSellOrder(row);
  }

  async savedDetails(userId: string, methodId: string): Promise<Array<Record<string, string>>> {
    const entries = await this.repository.savedDetails(userId, methodId, savedDetailsLimit);
    return entries.map(detailsOf);
  }

  /** The details against the fields orders/conditions lists for the method (one rule). */
  private validateWithdrawDetails(view: MethodView, details: Record<string, string>): void {
    const fields = view.method.sell?.externalDetailsFields ?? { required: [], optional: [] };
    const problems = validateWithdrawalDetails(details, fields);
    if (problems.length > 0) {
      throw new AppError('validation_error', {
        payload: {
          fields: problems.map((entry) => ({
            field: `details.${entry.field}`,
            message: entry.message,
          })),
        },
      });
    }
  }

  /** Deposits and withdrawals are counted and limited in USD (the cashier's conversion). */
  private async toUsd(amountMinor: bigint, currency: string): Promise<bigint> {
    return await this.cashier.toUsd(amountMinor, currency);
  }

  private async quote(
    amountMinor: bigint,
    from: string,
    to: string,
    rounding: 'down' | 'up',
  ): Promise<Quote> {
    return await this.cashier.quote(amountMinor, from, to, rounding);
  }

  // ─── payment restrictions ──────────────────────────────────────────────────────────────────

  /**
   * Operator restrictions (player_payment_restrictions): fiat_banned refuses every fiat order,
   * buy_banned a deposit; fiat_banned wins when both are set. Order creation checks before it
   * writes anything and again under the player's order lock, which a change also takes, so no
   * order is created after a restriction is saved.
   */
  private async assertOrderAllowed(
    userId: string,
    type: 'buy' | 'sell',
    executor?: DatabaseExecutor,
  ): Promise<void> {
    const row = await this.restrictions.find(userId, executor);
    if (row?.fiat_banned) throw new AppError('wallet_fiat_banned');
    if (type === 'buy' && row?.buy_banned) throw new AppError('wallet_buy_banned');
  }

  /** Crypto deposits are refused like fiat ones when the operator banned the player's deposits. */
  async assertCryptoDepositAllowed(userId: string, executor?: DatabaseExecutor): Promise<void> {
    const row = await this.restrictions.find(userId, executor);
    if (row?.buy_banned) throw new AppError('wallet_buy_banned');
  }

  async paymentRestrictions(globalId: string): Promise<PaymentRestrictions> {
    const account = await this.users.findAccountByGlobalId(globalId);
    if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
    return toPaymentRestrictions(account.globalId, await this.restrictions.find(account.id));
  }

  /** Replaces the player's restrictions; the change and its audit record commit together. */
  async setPaymentRestrictions(
    actor: OperatorActor,
    globalId: string,
    body: PaymentRestrictionsBody,
  ): Promise<PaymentRestrictions> {
    return await this.transactions.run(async (transaction) => {
      const account = await this.users.findAccountByGlobalId(globalId, transaction);
      if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.cashier.lockPlayer(transaction, account.id);
      const previous = await this.restrictions.find(account.id, transaction);
      const reason = body.reason === undefined || body.reason === '' ? null : body.reason;
      const row = await this.restrictions.upsert(transaction, {
        userId: account.id,
        buyBanned: body.buyBanned,
        fiatBanned: body.fiatBanned,
        reason,
        at: this.clock.now(),
        operatorId: actor.operatorId,
      });
      await this.audit.record(
        actor,
        {
          action: 'player.payment_restrictions.set',
          targetType: 'player',
          targetId: account.globalId,
          payload: {
            buyBanned: body.buyBanned,
            fiatBanned: body.fiatBanned,
            reason,
            previous: previous
              ? { buyBanned: previous.buy_banned, fiatBanned: previous.fiat_banned }
              : null,
          },
        },
        transaction,
      );
      return toPaymentRestrictions(account.globalId, row);
    });
  }

  // ─── history ───────────────────────────────────────────────────────────────────────────────

  async history(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<TransactionHistoryResponse> {
    const [{ entries, total }, methods] = await Promise.all([
      this.repository.listPlayerHistory(userId, page),
      this.methodsById(),
    ]);
    return {
      items: entries.map((entry) => this.toHistoryEntryItem(entry, methods)),
      meta: { total, limit: page.limit, offset: page.offset },
    };
  }

  private toHistoryEntryItem(
    entry: HistoryEntry,
    methods: Map<string, MethodView>,
  ): TransactionHistoryItem {
    switch (entry.source) {
      case 'fiat':
        return this.toHistoryItem(entry.row, methods.get(entry.row.method_id));
      case 'crypto_deposit':
        return cryptoDepositHistoryItem(entry.row);
      case 'crypto_withdrawal':
        return cryptoWithdrawalHistoryItem(entry.row);
    }
  }

  // ─── operator ──────────────────────────────────────────────────────────────────────────────

  async listOrders(filter: {
    status?: FiatOrderStatus | undefined;
    type?: 'buy' | 'sell' | undefined;
    limit: number;
    offset: number;
  }): Promise<{
    items: BackofficeOrder[];
    meta: { total: number; limit: number; offset: number };
  }> {
    const { rows, total } = await this.repository.listOrders(filter);
    const globalIds = new Map<string, string>();
    for (const row of rows) {
      if (!globalIds.has(row.user_id)) {
        const account = await this.users.findAccount(row.user_id);
        globalIds.set(row.user_id, account?.globalId ?? '');
      }
    }
    return {
      items: rows.map((row) => toBackofficeOrder(row, globalIds.get(row.user_id) ?? '')),
      meta: { total, limit: filter.limit, offset: filter.offset },
    };
  }

  /** Buy: credits the player exactly once and completes. Sell: posts the hold (money leaves). */
  async approve(
    actor: OperatorActor | null,
    orderId: string,
    creditedMinor?: bigint,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeOrder> {
    const row = await this.run(transaction, async (transaction) => {
      const order = await this.repository.lockOrder(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status === 'completed') return order;
      const updated = await this.approveLocked(transaction, order, creditedMinor);
      if (actor) {
        await this.audit.record(
          actor,
          {
            action: `wallet.order.approve`,
            targetType: 'fiat_order',
            targetId: order.id,
            payload: {
              type: order.type,
              previousStatus: order.status,
              creditedMinor: updated.credited_minor?.toString() ?? null,
            },
          },
          transaction,
        );
      }
      return updated;
    });
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  async decline(
    actor: OperatorActor | null,
    orderId: string,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeOrder> {
    const row = await this.run(transaction, async (transaction) => {
      const order = await this.repository.lockOrder(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status === 'declined') return order;
      const updated = await this.declineLocked(transaction, order);
      if (actor) {
        await this.audit.record(
          actor,
          {
            action: 'wallet.order.decline',
            targetType: 'fiat_order',
            targetId: order.id,
            payload: { type: order.type, previousStatus: order.status },
          },
          transaction,
        );
      }
      return updated;
    });
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  async resolveDispute(
    actor: OperatorActor,
    orderId: string,
    body: ResolveDisputeBody,
    transaction?: DatabaseTransaction,
  ): Promise<BackofficeOrder> {
    const existing = await this.repository.findOrder(orderId, transaction);
    if (!existing) throw new AppError('not_found');
    if (existing.status !== 'disputed') {
      throw new AppError('order_status_conflict', { payload: { status: existing.status } });
    }
    let creditedMinor: bigint | undefined;
    if (body.outcome === 'approve' && body.amount !== undefined) {
      const parsed = parseDecimalToMinor(body.amount, currencyScale(existing.currency));
      if (parsed === null || parsed <= 0n) throw fieldError('amount', 'Validation.invalid_amount');
      creditedMinor = parsed;
    }
    const row = await this.run(transaction, async (transaction) => {
      const order = await this.repository.lockOrder(transaction, orderId);
      if (!order) throw new AppError('not_found');
      if (order.status !== 'disputed') {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      const updated =
        body.outcome === 'approve'
          ? await this.approveLocked(transaction, order, creditedMinor)
          : await this.declineLocked(transaction, order);
      await this.audit.record(
        actor,
        {
          action: 'wallet.order.resolve_dispute',
          targetType: 'fiat_order',
          targetId: order.id,
          payload: { outcome: body.outcome, amount: body.amount ?? null },
        },
        transaction,
      );
      return updated;
    });
    return toBackofficeOrder(
      row,
      (await this.users.findAccount(row.user_id, transaction))?.globalId ?? '',
    );
  }

  // ─── background ────────────────────────────────────────────────────────────────────────────

  /** Job: an open deposit past its expiry becomes timeouted. Returns whether it changed. */
  async expireOrder(orderId: string): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const order = await this.repository.lockOrder(transaction, orderId);
      if (!order || !(openBuyStatuses as readonly string[]).includes(order.status)) return false;
      if (order.expires_at.getTime() > this.clock.now().getTime()) return false;
      await this.updateOrder(transaction, order.id, {
        status: 'timeouted',
        updated_at: this.clock.now(),
      });
      return true;
    });
  }

  /** The sandbox auto-approval runs: configured (SANDBOX_AUTO_APPROVE_SECONDS > 0) and switched on. */
  private async autoApproveActive(): Promise<boolean> {
    return this.policy.autoApproveSeconds > 0 && (await this.autoApproveSwitch());
  }

  /**
   * Job (sandbox): approves a deposit whose receipt waited SANDBOX_AUTO_APPROVE_SECONDS, unless
   * the operator switched the auto-approval off meanwhile. Nobody checks the receipt, which is
   * why this never runs in production without the sandbox opt-in (config.ts).
   */
  async autoApprove(orderId: string): Promise<boolean> {
    if (!(await this.autoApproveActive())) return false;
    const order = await this.repository.findOrder(orderId);
    if (order?.type !== 'buy' || order.status !== 'wait_for_confirmation') return false;
    const dueAt = order.updated_at.getTime() + this.policy.autoApproveSeconds * 1000;
    if (dueAt > this.clock.now().getTime()) return false;
    try {
      await this.approve(null, orderId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'order_status_conflict') return false;
      throw error;
    }
  }

  /**
   * At start and every minute: expires what is due and, while the sandbox auto-approval runs,
   * approves the receipts that waited long enough, in case a job was lost (or the operator
   * switched the auto-approval back on).
   */
  async sweep(batchSize = 100): Promise<{ expired: number; autoApproved: number }> {
    let expired = 0;
    for (const id of await this.repository.dueExpiredOrderIds(this.clock.now(), batchSize)) {
      if (await this.expireOrder(id)) expired += 1;
    }
    let autoApproved = 0;
    if (await this.autoApproveActive()) {
      const receivedBefore = new Date(
        this.clock.now().getTime() - this.policy.autoApproveSeconds * 1000,
      );
      for (const id of await this.repository.dueAutoApproveOrderIds(receivedBefore, batchSize)) {
        if (await this.autoApprove(id)) autoApproved += 1;
      }
    }
    return { expired, autoApproved };
  }

  /**
   * Sandbox hosted page: the player paid (credit) or cancelled (decline). Only an open, unexpired
   * invoice changes, checked under the order's lock, so a replayed or late form post (or Pay and
   * Cancel racing) settles nothing a second time; it answers whether this post settled it.
   */
  async settleHostedPayment(orderId: string, outcome: 'pay' | 'cancel'): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const order = await this.repository.lockOrder(transaction, orderId);
      if (order?.type !== 'buy' || order.external_target === null) throw new AppError('not_found');
      if (order.status !== 'pay_external_invoice') return false;
      if (order.expires_at.getTime() <= this.clock.now().getTime()) return false;
      if (outcome === 'pay') await this.approveLocked(transaction, order);
      else await this.declineLocked(transaction, order);
      return true;
    });
  }

  /** The hosted page's view of an order; `payable`: open and not yet expired. */
  async hostedPageOrder(orderId: string): Promise<{ order: FiatOrder; payable: boolean } | null> {
    const row = await this.repository.findOrder(orderId);
    if (row?.type !== 'buy' || row.external_target === null) return null;
    const view = (await this.methodsById()).get(row.method_id);
    if (!view) return null;
    return {
      order: this.toFiatOrder(row, view),
      payable:
        row.status === 'pay_external_invoice' &&
        row.expires_at.getTime() > this.clock.now().getTime(),
    };
  }

  private async approveLocked(
    transaction: DatabaseTransaction,
    order: FiatOrderRow,
    creditedMinor?: bigint,
  ): Promise<FiatOrderRow> {
    if (order.type === 'buy') {
      const approvable: readonly string[] = [
        'waiting',
        'pay_external_invoice',
        'wait_for_confirmation',
        'timeouted',
        'disputed',
      ];
      if (!approvable.includes(order.status)) {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      const amount = creditedMinor ?? order.amount_minor;
      const { transactionId, exchange } = await this.cashier.creditDeposit(transaction, p2pRail, {
        depositId: order.id,
        userId: order.user_id,
        currency: order.currency,
        amountMinor: amount,
        metadata: { orderId: order.id, methodId: order.method_id, provider: this.provider.name },
        exchangeMetadata: { orderId: order.id },
      });
      return await this.updateOrder(transaction, order.id, {
        status: 'completed',
        credited_minor: amount,
        ledger_transaction_id: transactionId,
        ...(exchange
          ? {
              balance_currency: exchange.balanceCurrency,
              balance_amount_minor: exchange.balanceAmountMinor,
              exchange_rate: exchange.rate,
            }
          : {}),
        updated_at: this.clock.now(),
      });
    }
    if (order.status !== 'pending') {
      throw new AppError('order_status_conflict', { payload: { status: order.status } });
    }
    const metadata = { orderId: order.id, methodId: order.method_id };
    // Held in the primary currency: the hold goes to the platform's exchange account and the
    // payout (with its fee) leaves in the method's currency at the rate fixed on the order.
    const { transactionId } = await this.cashier.postWithdrawal(transaction, requireHold(order), {
      currency: order.currency,
      amountMinor: order.amount_minor,
      feeMinor: order.fee_minor,
      rate: order.exchange_rate,
      metadata,
    });
    return await this.updateOrder(transaction, order.id, {
      status: 'completed',
      ledger_transaction_id: transactionId,
      updated_at: this.clock.now(),
    });
  }

  private async declineLocked(
    transaction: DatabaseTransaction,
    order: FiatOrderRow,
  ): Promise<FiatOrderRow> {
    if (order.type === 'buy') {
      const declinable: readonly string[] = [
        'waiting',
        'pay_external_invoice',
        'wait_for_confirmation',
        'disputed',
        'timeouted',
      ];
      if (!declinable.includes(order.status)) {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
    } else {
      if (order.status !== 'pending') {
        throw new AppError('order_status_conflict', { payload: { status: order.status } });
      }
      await this.cashier.voidWithdrawal(transaction, requireHold(order));
    }
    return await this.updateOrder(transaction, order.id, {
      status: 'declined',
      updated_at: this.clock.now(),
    });
  }

  // ─── access and mapping ────────────────────────────────────────────────────────────────────

  /** Another player's order does not exist as far as this player can tell. */
  private async requireOwnOrder(
    userId: string,
    orderId: string,
    type: 'buy' | 'sell',
    executor?: DatabaseExecutor,
  ): Promise<FiatOrderRow> {
    const order = await this.repository.findOrder(orderId, executor);
    if (!order || order.user_id !== userId || order.type !== type) throw new AppError('not_found');
    return order;
  }

  private async lockOwnOrder(
    executor: DatabaseExecutor,
    userId: string,
    orderId: string,
    type: 'buy' | 'sell',
  ): Promise<FiatOrderRow> {
    const order = await this.repository.lockOrder(executor, orderId);
    if (!order || order.user_id !== userId || order.type !== type) throw new AppError('not_found');
    return order;
  }

  private toFiatOrder(row: FiatOrderRow, view: MethodView): FiatOrder {
    const scale = currencyScale(row.currency);
    const details = detailsOf(row.payment_details);
    const change =
      row.credited_minor !== null && row.credited_minor !== row.amount_minor
        ? formatMinorToDecimal(row.credited_minor - row.amount_minor, scale)
        : null;
    return {
      id: row.id,
      status: fiatOrderStatusSchema.parse(row.status),
      url: row.external_target === null ? null : this.provider.invoiceUrl(row.id),
      type: row.type === 'sell' ? 'sell' : 'buy',
      cancellableUntil: row.cancellable_until?.toISOString() ?? null,
      details: { expiredAt: unixSeconds(row.expires_at) },
      meta: {
        external_info: {
          target:
            row.external_target === 'parent' || row.external_target === 'blank'
              ? row.external_target
              : null,
        },
      },
      recipientBank: row.recipient_bank === null ? null : { name: row.recipient_bank },
      paymentDetails: {
        card: details.card ?? null,
        phone: details.phone ?? null,
        bankName: details.bankName ?? null,
        name: details.name ?? null,
      },
      valueFrom: formatMinorToDecimal(row.amount_minor, scale),
      currencyFrom: {
        code: row.currency,
        displayFormat: currencyDefinition(row.currency)?.displayFormat ?? '{amount}',
      },
      bankMethod: view.method.method,
      additonalAmountChange: change,
      senderBank: { id: view.method.id, method: view.method.method, label: view.method.label },
    };
  }

  private toSellOrder(row: FiatOrderRow): FiatSellOrder {
    const scale = currencyScale(row.currency);
    return {
      id: row.id,
      type: 'sell',
      status: fiatOrderStatusSchema.parse(row.status),
      amount: formatMinorToDecimal(row.amount_minor, scale),
      fee: formatMinorToDecimal(row.fee_minor, scale),
      currency: row.currency,
      bankId: row.method_id,
      subbankId: row.subbank_id,
      cancellableUntil: row.cancellable_until?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    };
  }

  private toHistoryItem(row: FiatOrderRow, view: MethodView | undefined): TransactionHistoryItem {
    const scale = currencyScale(row.currency);
    const stored = fiatOrderStatusSchema.parse(row.status);
    const paymentDetails =
      row.type === 'sell' ? detailsOf(row.external_fields) : detailsOf(row.payment_details);
    const kind: FiatMethodKind | undefined = view?.method.method;
    return {
      id: row.id,
      type: row.type === 'sell' ? 'sell' : 'buy',
      status: stored === 'pay_external_invoice' ? 'waiting' : stored,
      timestamp: row.created_at.toISOString(),
      externalId: null,
      address: null,
      paymentDetails,
      originalAmount: {
        value: formatMinorToDecimal(row.credited_minor ?? row.amount_minor, scale),
        currency: {
          code: row.currency,
          displayFormat: currencyDefinition(row.currency)?.displayFormat ?? '{amount}',
        },
      },
      senderBank:
        view && kind ? { id: view.method.id, method: kind, label: view.method.label } : null,
      fee: row.type === 'sell' ? formatMinorToDecimal(row.fee_minor, scale) : null,
      cancellableUntil:
        row.type === 'sell' && row.status === 'pending'
          ? (row.cancellable_until?.toISOString() ?? null)
          : null,
    };
  }
}

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
function cryptoDepositHistoryItem(row: CryptoDepositHistoryRow): TransactionHistoryItem {
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

function cryptoWithdrawalHistoryItem(row: CryptoWithdrawalHistoryRow): TransactionHistoryItem {
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

/** Limits and format are checked before the balance; this stands in for "any balance". */
const maxBalanceForFormatCheck = 9_223_372_036_854_775_807n;

function requireHold(order: FiatOrderRow): string {
  if (!order.hold_id) throw new Error(`withdrawal ${order.id} has no hold`);
  return order.hold_id;
}

function toPaymentRestrictions(
  globalId: string,
  row: PaymentRestrictionRow | null,
): PaymentRestrictions {
  return {
    globalId,
    buyBanned: row?.buy_banned ?? false,
    fiatBanned: row?.fiat_banned ?? false,
    reason: row?.reason ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
    updatedBy: row?.updated_by ?? null,
  };
}

function toBackofficeOrder(row: FiatOrderRow, playerGlobalId: string): BackofficeOrder {
  const scale = currencyScale(row.currency);
  const dispute =
    row.dispute === null || typeof row.dispute !== 'object'
      ? null
      : (row.dispute as Record<string, unknown>);
  return {
    id: row.id,
    type: row.type === 'sell' ? 'sell' : 'buy',
    status: fiatOrderStatusSchema.parse(row.status),
    playerGlobalId,
    methodId: row.method_id,
    currency: row.currency,
    amount: formatMinorToDecimal(row.amount_minor, scale),
    fee: formatMinorToDecimal(row.fee_minor, scale),
    creditedAmount:
      row.credited_minor === null ? null : formatMinorToDecimal(row.credited_minor, scale),
    hasReceipt: row.receipt_file !== null,
    payerName: row.payer_name,
    dispute,
    details: detailsOf(row.type === 'sell' ? row.external_fields : row.payment_details),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
