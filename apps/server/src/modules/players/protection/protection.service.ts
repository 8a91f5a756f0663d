import {
  cancelPendingLimit,
  changeLimit,
  checkLimits,
  currencyScale,
  displayedResetAt,
  formatMinorToDecimal,
  type LimitChangeKind,
  type LimitCheck,
  type LimitPeriod,
  type LimitRefusalPayload,
  type LimitState,
  type LimitType,
  limitInForce,
  limitPeriodMs,
  manyLimitIncreasesThreshold,
  manyLimitIncreasesWindowMs,
  maximumLimitUnits,
  maximumSessionMinutes,
  type PlayerLimit,
  parseDecimalToMinor,
  refusalOf,
  stakeLimitTypes,
  type UsageEntry,
  usageEntriesOf,
  windowSum,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type {
  RateLimitRule,
  RateLimitsService,
} from '../../platform/rate-limits/rate-limits.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { Exclusions } from './exclusion.service.ts';
import type { LimitChange, LimitRow, ProtectionRepository } from './protection.repository.ts';
import type { RealityChecks } from './reality-check.service.ts';
import type { UsageRepository } from './usage.repository.ts';

/** A session limit's "currency": it counts minutes. */
const sessionUnit = 'MIN';

/** The money limits (converted when the primary currency changes). */
const moneyTypes: LimitType[] = ['deposit', 'loss', 'wager'];

/** The longest window: how far back usage is read. */
const longestWindowMs = limitPeriodMs.month;

/**
 * The cooling-off of an increase or a removal: 24 hours at least, LIMIT_COOLING_OFF_HOURS or the
 * operator's longer jurisdiction setting (the settings module implements it), read in the
 * change's transaction.
 */
export interface LimitCoolingOff {
  coolingOffMs(executor: DatabaseExecutor): Promise<number>;
}

/** An operator's change of a player's limit: who, and the reason they gave (audited too). */
export interface OperatorLimitChange {
  id: string;
  reason: string;
}

export interface PlayerLimitsPolicy {
  /** the player's limit changes per hour */
  changes: RateLimitRule;
}

export interface PlayerLimitsDependencies {
  repository: ProtectionRepository;
  db: DatabaseExecutor;
  transactions: Transactions;
  clock: Clock;
  /** amounts in another currency are priced in the limit's (rounding up: never in the player's favour) */
  ledger: Pick<LedgerService, 'quote'>;
  users: Pick<UsersService, 'getPrimaryCurrency' | 'answerLimitsPrompt'>;
  rateLimits: Pick<RateLimitsService, 'consume'>;
  coolingOff: LimitCoolingOff;
  policy: PlayerLimitsPolicy;
  /** time-out and self-exclusion: asked first on every deposit and stake path */
  exclusions: Pick<Exclusions, 'assertNotExcluded' | 'isMarketingSuppressed'>;
  /** stakes, wins and play per hour (player_usage_hours) */
  usage: UsageRepository;
  /** a stake is refused while a reality check is due */
  realityChecks: Pick<RealityChecks, 'assertNoneDue'>;
  /** tells the player, in the credit's transaction, of a deposit credited past a limit */
  events: Pick<RealtimeEvents, 'lateDepositCredited'>;
}

/** A deposit order about to open, counted against the deposit limits until credited or expired. */
export interface DepositReservation {
  /** the rail's key of the order (`p2p:{orderId}`, `cryptobot:{invoiceId}`), given again at the credit */
  reference: string;
  userId: string;
  currency: string;
  amountMinor: bigint;
  expiresAt: Date;
}

/** A credited deposit as the limits count it. */
export interface CountedDeposit {
  /** the ledger reference of the credit (unique) */
  reference: string;
  /** the reservation its order made, if any */
  reservation: string | null;
  userId: string;
  /** what reached the player's balance: the primary currency */
  currency: string;
  amountMinor: bigint;
}

/** Usage entries of a kind of limit and the time they are measured at. */
interface Usage {
  now: Date;
  of: (type: LimitType) => UsageEntry[];
}

/** The limits a stake is checked against: wager, loss and the session time. */
const stakeCheckedTypes: LimitType[] = [...stakeLimitTypes, 'session'];

/** Deposit limits count deposits; wager and loss limits count stakes, session limits play time. */
function usageKind(type: LimitType): 'deposit' | 'stake' {
  return type === 'deposit' ? 'deposit' : 'stake';
}

function stateOf(row: LimitRow): LimitState {
  return {
    amountMinor: row.amount_minor,
    pending:
      row.pending_effective_at === null
        ? null
        : { amountMinor: row.pending_amount_minor, effectiveAt: row.pending_effective_at },
  };
}

/** A limit amount as text: decimal in its currency, whole minutes for a session limit. */
export function amountText(minor: bigint, row: { type: LimitType; currency: string }): string {
  return row.type === 'session'
    ? minor.toString()
    : formatMinorToDecimal(minor, currencyScale(row.currency));
}

function invalidAmount(message = 'Validation.invalid_amount'): AppError {
  return new AppError('validation_error', { payload: { fields: [{ field: 'amount', message }] } });
}

/**
 * The one rule engine of responsible-gambling limits. Players set limits (`set`, `cancelPending`)
 * and see them with their usage (`list`); every path where money goes in or a stake is placed
 * asks it in its own transaction: a deposit order before it opens (`reserveDeposit`, every rail
 * through the cashier), a credited deposit (`depositCounted`, the cashier's one deposit credit),
 * a stake (`assertStakeAllowed`, the stake plan every bet path takes: originals, provider bets,
 * sport tickets). A check locks the player's limit rows of its types, so a check and the usage
 * it allows are serialised per player; a player without such a limit takes no lock.
 *
 * Usage: deposits are counted here (player_deposit_usage, in the primary currency at the credit)
 * with open orders' reservations; stakes, wins and play time are read from player_usage_hours,
 * which a trigger on the ledger's postings keeps per hour (usage.repository.ts). Wager = stakes; loss = stakes − wins (net), a
 * window that won counting as nothing used; a stake is refused when it could take the loss past
 * the limit (used + stake). Windows and changes: packages/contract/src/responsible-gambling.ts.
 */
export class PlayerLimits {
  private readonly repository: ProtectionRepository;
  private readonly db: DatabaseExecutor;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly ledger: PlayerLimitsDependencies['ledger'];
  private readonly users: PlayerLimitsDependencies['users'];
  private readonly rateLimits: PlayerLimitsDependencies['rateLimits'];
  private readonly coolingOff: LimitCoolingOff;
  private readonly policy: PlayerLimitsPolicy;
  private readonly exclusions: PlayerLimitsDependencies['exclusions'];
  private readonly usageRepository: UsageRepository;
  private readonly realityChecks: PlayerLimitsDependencies['realityChecks'];
  private readonly events: PlayerLimitsDependencies['events'];

  constructor(dependencies: PlayerLimitsDependencies) {
    this.events = dependencies.events;
    this.usageRepository = dependencies.usage;
    this.realityChecks = dependencies.realityChecks;
    this.repository = dependencies.repository;
    this.db = dependencies.db;
    this.transactions = dependencies.transactions;
    this.clock = dependencies.clock;
    this.ledger = dependencies.ledger;
    this.users = dependencies.users;
    this.rateLimits = dependencies.rateLimits;
    this.coolingOff = dependencies.coolingOff;
    this.policy = dependencies.policy;
    this.exclusions = dependencies.exclusions;
  }

  // ─── the player's limits ─────────────────────────────────────────────────────────────────

  /** `GET /api/v1/me/limits`: every limit in force or pending, with its usage. */
  async list(userId: string, executor: DatabaseExecutor = this.db): Promise<PlayerLimit[]> {
    return (await this.describe(userId, executor)).map((entry) => entry.limit);
  }

  /**
   * The player's limits as `list` shows them, each with who set the amount in force and who
   * asked for the pending change (an operator's id; null: the player).
   */
  async describe(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<
    Array<{
      limit: PlayerLimit;
      setByOperatorId: string | null;
      pendingByOperatorId: string | null;
    }>
  > {
    const clockNow = this.clock.now();
    const rows = await this.repository.limits(userId, executor);
    const usages = new Map<string, Usage>();
    const usageOf = async (type: LimitType, currency: string) => {
      const key = `${usageKind(type)}:${currency}`;
      let found = usages.get(key);
      if (!found) {
        found = await this.usage(executor, userId, usageKind(type), currency, clockNow);
        usages.set(key, found);
      }
      return found;
    };
    const limits: Array<{
      limit: PlayerLimit;
      setByOperatorId: string | null;
      pendingByOperatorId: string | null;
    }> = [];
    for (const row of rows) {
      const stored = stateOf(row);
      const state = limitInForce(stored, clockNow);
      const matured = state !== stored;
      if (state.amountMinor === null) continue;
      let used: string | null = null;
      let resetsAt: string | null = null;
      if (row.type === 'session') {
        const usage = await usageOf(row.type, row.currency);
        const entries = usage.of('session');
        const limitSeconds = state.amountMinor * 60n;
        used = (windowSum(entries, row.period, usage.now) / 60n).toString();
        resetsAt =
          displayedResetAt(entries, row.period, usage.now, limitSeconds)?.toISOString() ?? null;
      } else {
        const usage = await usageOf(row.type, row.currency);
        const entries = usage.of(row.type);
        const sum = windowSum(entries, row.period, usage.now);
        used = amountText(sum > 0n ? sum : 0n, row);
        resetsAt =
          displayedResetAt(entries, row.period, usage.now, state.amountMinor)?.toISOString() ??
          null;
      }
      const limit: PlayerLimit = {
        type: row.type,
        period: row.period,
        currency: row.type === 'session' ? null : row.currency,
        amount: amountText(state.amountMinor, row),
        used,
        resetsAt,
        pending: state.pending
          ? {
              amount:
                state.pending.amountMinor === null
                  ? null
                  : amountText(state.pending.amountMinor, row),
              effectiveAt: state.pending.effectiveAt.toISOString(),
            }
          : null,
      };
      limits.push({
        limit,
        setByOperatorId: matured ? row.pending_by_operator_id : row.set_by_operator_id,
        pendingByOperatorId: matured ? null : row.pending_by_operator_id,
      });
    }
    return limits;
  }

  /**
   * `PUT /api/v1/me/limits/{type}/{period}`: a first or lower limit applies at once, an increase
   * or a removal (`amount` null) is pending until the cooling-off is over, the amount in force
   * cancels a pending change. Money in the primary currency (at most its decimals), a session
   * limit in whole minutes (at most the period's). Answers every limit as `list` does.
   */
  async set(
    userId: string,
    type: LimitType,
    period: LimitPeriod,
    amount: string | null,
  ): Promise<PlayerLimit[]> {
    await this.rateLimits.consume(this.policy.changes, userId);
    return await this.transactions.run(async (transaction) => {
      await this.change(transaction, userId, type, period, amount, null);
      // a deposit limit answers the prompt before the first deposit
      if (type === 'deposit' && amount !== null) {
        await this.users.answerLimitsPrompt(userId, transaction);
      }
      return await this.list(userId, transaction);
    });
  }

  /**
   * An operator's change of a player's limit, in the caller's transaction (its audit record
   * commits with it): the same rules as the player's — imposing or lowering a limit applies at
   * once, a raise or a removal waits the same cooling-off — recorded with the operator and the
   * reason. Answers the change made (`unchanged` when it changes nothing).
   */
  async setByOperator(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
    amount: string | null,
    operator: OperatorLimitChange,
  ): Promise<{
    kind: LimitChangeKind;
    currency: string | null;
    from: string | null;
    to: string | null;
    effectiveAt: string;
  }> {
    const { kind, currency, before, requested, effectiveAt } = await this.change(
      transaction,
      userId,
      type,
      period,
      amount,
      operator,
    );
    const row = { type, currency };
    return {
      kind,
      currency: type === 'session' ? null : currency,
      from: before === null ? null : amountText(before, row),
      to: requested === null ? null : amountText(requested, row),
      effectiveAt: effectiveAt.toISOString(),
    };
  }

  /**
   * One change of a limit by the player (`operator` null) or an operator, in `transaction`: the
   * limit's row locked, a pending change whose time came written as in force first, the change
   * recorded; a player's increase or removal request may raise the many-increases flag.
   */
  private async change(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
    amount: string | null,
    operator: OperatorLimitChange | null,
  ): Promise<{
    kind: LimitChangeKind;
    currency: string;
    before: bigint | null;
    requested: bigint | null;
    effectiveAt: Date;
  }> {
    const now = this.clock.now();
    const row = await this.repository.lockLimit(transaction, userId, type, period);
    const currency =
      type === 'session'
        ? sessionUnit
        : (row?.currency ?? (await this.users.getPrimaryCurrency(userId, transaction)));
    const requested = amount === null ? null : parseLimitAmount(amount, type, period, currency);
    const stored: LimitState = row ? stateOf(row) : { amountMinor: null, pending: null };
    const before = limitInForce(stored, now);
    const coolingOffMs = await this.coolingOff.coolingOffMs(transaction);
    const changed = changeLimit(stored, requested, now, coolingOffMs);
    const changes: LimitChange[] = [];
    let setBy = row?.set_by_operator_id ?? null;
    let pendingBy = row?.pending_by_operator_id ?? null;
    if (row && before !== stored) {
      changes.push(matured(userId, type, period, row.currency, stored, row.updated_at, now));
      setBy = row.pending_by_operator_id;
      pendingBy = null;
    }
    if (changed.kind === 'applied') {
      setBy = operator?.id ?? null;
      pendingBy = null;
    } else if (changed.kind === 'pending') {
      pendingBy = operator?.id ?? null;
    } else if (changed.kind === 'cancelled') {
      pendingBy = null;
    }
    const effectiveAt = changed.state.pending?.effectiveAt ?? now;
    if (changed.kind !== 'unchanged') {
      changes.push({
        userId,
        type,
        period,
        kind: changed.kind,
        currency,
        fromMinor: before.amountMinor,
        toMinor: changed.kind === 'cancelled' ? before.amountMinor : requested,
        effectiveAt,
        at: now,
        ...(operator ? { operator } : {}),
      });
    }
    await this.store(transaction, userId, type, period, currency, changed.state, now, {
      setBy,
      pendingBy,
    });
    await this.repository.recordChanges(transaction, changes);
    if (changed.kind === 'pending' && operator === null) {
      await this.flagManyIncreases(transaction, userId, now);
    }
    return {
      kind: changed.kind,
      currency,
      before: before.amountMinor,
      requested,
      effectiveAt,
    };
  }

  /**
   * The many-limit-increases rule, in the transaction of the player's increase or removal
   * request (recorded already): at `manyLimitIncreasesThreshold` such requests within
   * `manyLimitIncreasesWindowMs` the flag is raised (one open per player). The player's requests
   * queue on a per-player lock here, so two at once still count each other.
   */
  private async flagManyIncreases(
    transaction: DatabaseTransaction,
    userId: string,
    now: Date,
  ): Promise<void> {
    await this.repository.lockIncreaseCount(transaction, userId);
    const since = new Date(now.getTime() - manyLimitIncreasesWindowMs);
    const count = await this.repository.countIncreaseRequests(transaction, userId, since);
    if (count < manyLimitIncreasesThreshold) return;
    await this.repository.flagOnce(transaction, {
      userId,
      kind: 'many_limit_increases',
      details: { count, windowDays: manyLimitIncreasesWindowMs / 86_400_000 },
      at: now,
    });
  }

  /** `DELETE /api/v1/me/limits/{type}/{period}/pending`: the pending increase or removal is dropped. */
  async cancelPending(
    userId: string,
    type: LimitType,
    period: LimitPeriod,
  ): Promise<PlayerLimit[]> {
    await this.rateLimits.consume(this.policy.changes, userId);
    return await this.transactions.run(async (transaction) => {
      const now = this.clock.now();
      const row = await this.repository.lockLimit(transaction, userId, type, period);
      if (!row) throw new AppError('not_found', { message: 'No such limit.' });
      const stored = stateOf(row);
      const before = limitInForce(stored, now);
      if (before.pending === null) {
        throw new AppError('not_found', { message: 'This limit has no pending change.' });
      }
      const state = cancelPendingLimit(stored, now);
      await this.store(transaction, userId, type, period, row.currency, state, now, {
        setBy: row.set_by_operator_id,
        pendingBy: null,
      });
      await this.repository.recordChanges(transaction, [
        {
          userId,
          type,
          period,
          kind: 'cancelled',
          currency: row.currency,
          fromMinor: before.amountMinor,
          toMinor: before.amountMinor,
          effectiveAt: now,
          at: now,
        },
      ]);
      return await this.list(userId, transaction);
    });
  }

  /**
   * Writes the player's pending changes whose cooling-off is over as in force, each with its
   * `matured` history entry, as a deposit or a stake on its way would: the operators' history
   * then shows them when they happened. Nothing is locked when nothing is due.
   */
  async settleMatured(userId: string): Promise<void> {
    const nowMs = this.clock.now().getTime();
    const due = (await this.repository.limits(userId)).filter(
      (row) => row.pending_effective_at !== null && row.pending_effective_at.getTime() <= nowMs,
    );
    if (due.length === 0) return;
    await this.transactions.run(async (transaction) => {
      const types = [...new Set(due.map((row) => row.type))];
      const rows = await this.repository.lockLimits(transaction, userId, types);
      await this.inForce(transaction, userId, rows, this.clock.now());
    });
  }

  // ─── the checks every money path asks ────────────────────────────────────────────────────

  /**
   * A stake of `stakeMinor` (`currency`) about to be placed in `transaction`: refused with
   * `reality_check_due` while the player's reality check is unanswered, with
   * `responsible_gambling_limit` when a wager limit (stakes) or a loss limit (stakes − wins,
   * plus this stake) would pass or the session limit's play time is used up. The player's stake
   * limits stay locked until the transaction ends, so their stakes queue here and each sees the
   * ones before it.
   */
  async assertStakeAllowed(
    transaction: DatabaseTransaction,
    stake: { userId: string; currency: string; stakeMinor: bigint },
  ): Promise<void> {
    if (stake.stakeMinor <= 0n) return;
    // a time-out or self-exclusion: no stake on any path (sessions are revoked; the seamless
    // wallet's provider calls carry none)
    await this.exclusions.assertNotExcluded(transaction, stake.userId);
    await this.realityChecks.assertNoneDue(transaction, stake.userId);
    const rows = await this.repository.lockLimits(transaction, stake.userId, stakeCheckedTypes);
    if (rows.length === 0) return;
    const now = this.clock.now();
    const limits = await this.inForce(transaction, stake.userId, rows, now);
    const reached = await this.refuseIfPassed(
      transaction,
      stake.userId,
      limits,
      stake.currency,
      stake.stakeMinor,
      now,
    );
    await this.flagReached(transaction, stake.userId, reached, now);
  }

  /** A limit this stake or deposit uses up: flagged for the operators (one open per limit). */
  private async flagReached(
    transaction: DatabaseTransaction,
    userId: string,
    reached: ReadonlyArray<{ check: LimitCheck; currency: string; usedMinor: bigint }>,
    now: Date,
  ): Promise<void> {
    for (const { check, currency, usedMinor } of reached) {
      const row = { type: check.type, currency };
      await this.repository.flagOnce(transaction, {
        userId,
        kind: 'limit_reached',
        details: {
          type: check.type,
          period: check.period,
          amount: amountText(check.limitMinor, row),
          currency,
          used: amountText(usedMinor, row),
        },
        at: now,
      });
    }
  }

  /**
   * A deposit order about to open (in the rail's transaction, the player's cashier lock held):
   * refused with `responsible_gambling_limit` when the player's deposits in the window, open
   * orders included, and this one would pass a deposit limit; else reserved until it is
   * credited or expires, so simultaneous orders cannot together cross the limit.
   */
  async reserveDeposit(
    transaction: DatabaseTransaction,
    reservation: DepositReservation,
  ): Promise<void> {
    await this.exclusions.assertNotExcluded(transaction, reservation.userId);
    const now = this.clock.now();
    const rows = await this.repository.lockLimits(transaction, reservation.userId, ['deposit']);
    const limits = await this.inForce(transaction, reservation.userId, rows, now);
    await this.refuseIfPassed(
      transaction,
      reservation.userId,
      limits,
      reservation.currency,
      reservation.amountMinor,
      now,
    );
    const primary = await this.users.getPrimaryCurrency(reservation.userId, transaction);
    await this.repository.reserveDeposit(transaction, {
      reference: reservation.reference,
      userId: reservation.userId,
      currency: primary,
      amountMinor: await this.priced(reservation.amountMinor, reservation.currency, primary),
      expiresAt: reservation.expiresAt,
      at: now,
    });
  }

  /**
   * A rail that hands out a standing address (crypto) asks before it does: refused when a
   * deposit limit has nothing left. What arrives there anyway is credited and flagged.
   */
  async assertDepositsOpen(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.exclusions.assertNotExcluded(transaction, userId);
    const now = this.clock.now();
    const rows = await this.repository.lockLimits(transaction, userId, ['deposit']);
    if (rows.length === 0) return;
    const limits = await this.inForce(transaction, userId, rows, now);
    const currency = limits[0]?.currency;
    if (currency === undefined) return;
    // one minor unit more: refused once a limit has nothing left
    await this.refuseIfPassed(transaction, userId, limits, currency, 1n, now);
  }

  /**
   * A credited deposit (the cashier's one deposit credit, in its transaction): counted, its
   * reservation dropped. One that passes a deposit limit (a transfer the player did not time,
   * an order approved after it expired) stays credited — money is never lost — and is flagged
   * for the operators (player_protection_flags); the player is told at once (a realtime notice on
   * `transaction#`, shown as a toast) and the profile lists it afterwards (`lateDeposits`).
   */
  async depositCounted(transaction: DatabaseTransaction, deposit: CountedDeposit): Promise<void> {
    const now = this.clock.now();
    const counted = await this.repository.recordDeposit(transaction, { ...deposit, at: now });
    if (!counted) return;
    const credited = formatMinorToDecimal(deposit.amountMinor, currencyScale(deposit.currency));
    if (await this.exclusions.isMarketingSuppressed(deposit.userId, transaction)) {
      // a transfer arriving during a time-out or self-exclusion: credited, and the operator told
      await this.repository.flag(transaction, {
        userId: deposit.userId,
        kind: 'deposit_while_excluded',
        details: { reference: deposit.reference, currency: deposit.currency, amount: credited },
        at: now,
      });
      // and the player told (a toast; the profile lists it afterwards: lateDeposits)
      await this.events.lateDepositCredited(transaction, deposit.userId, {
        notice: 'deposit_while_excluded',
        amount: credited,
        currency: deposit.currency,
        limit: null,
        at: now.toISOString(),
      });
    }
    const rows = (await this.repository.limits(deposit.userId, transaction)).filter(
      (row) => row.type === 'deposit',
    );
    if (rows.length === 0) return;
    const limits = rows
      .map((row) => ({ row, amountMinor: limitInForce(stateOf(row), now).amountMinor }))
      .filter(
        (entry): entry is { row: LimitRow; amountMinor: bigint } => entry.amountMinor !== null,
      );
    const usage = await this.usage(transaction, deposit.userId, 'deposit', deposit.currency, now);
    for (const { row, amountMinor } of limits) {
      const current =
        row.currency === deposit.currency
          ? usage
          : await this.usage(transaction, deposit.userId, 'deposit', row.currency, now);
      const entries = current.of('deposit');
      const used = windowSum(entries, row.period, now);
      if (used < amountMinor) continue;
      if (used === amountMinor) {
        const check = {
          type: 'deposit' as const,
          period: row.period,
          limitMinor: amountMinor,
          usedMinor: used,
          allows: true,
          resetsAt: null,
        };
        await this.flagReached(
          transaction,
          deposit.userId,
          [{ check, currency: row.currency, usedMinor: used }],
          now,
        );
        continue;
      }
      const refusal: LimitRefusalPayload = {
        type: 'deposit',
        period: row.period,
        amount: amountText(amountMinor, row),
        currency: row.currency,
        used: amountText(used, row),
        resetsAt: displayedResetAt(entries, row.period, now, amountMinor)?.toISOString() ?? null,
      };
      await this.repository.flag(transaction, {
        userId: deposit.userId,
        kind: 'deposit_over_limit',
        details: {
          reference: deposit.reference,
          ...refusal,
          deposit: { amount: credited, currency: deposit.currency },
        },
        at: now,
      });
      await this.events.lateDepositCredited(transaction, deposit.userId, {
        notice: 'deposit_over_limit',
        amount: credited,
        currency: deposit.currency,
        limit: { period: row.period, amount: refusal.amount, currency: row.currency },
        at: now.toISOString(),
      });
      return;
    }
  }

  /**
   * Whether promotions must leave the player alone (a time-out or self-exclusion applies): the
   * cashier grants no deposit bonus then (a late crypto credit), promotions offer nothing.
   */
  async isMarketingSuppressed(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<boolean> {
    return await this.exclusions.isMarketingSuppressed(userId, executor);
  }

  // ─── the engine ──────────────────────────────────────────────────────────────────────────

  /** The locked rows' limits in force now; a pending change whose time came is written so. */
  private async inForce(
    transaction: DatabaseTransaction,
    userId: string,
    rows: LimitRow[],
    now: Date,
  ): Promise<
    Array<{ type: LimitType; period: LimitPeriod; currency: string; limitMinor: bigint }>
  > {
    const limits = [];
    const changes: LimitChange[] = [];
    for (const row of rows) {
      const stored = stateOf(row);
      const state = limitInForce(stored, now);
      if (state !== stored) {
        changes.push(
          matured(userId, row.type, row.period, row.currency, stored, row.updated_at, now),
        );
        await this.store(transaction, userId, row.type, row.period, row.currency, state, now, {
          setBy: row.pending_by_operator_id,
          pendingBy: null,
        });
      }
      if (state.amountMinor !== null) {
        limits.push({
          type: row.type,
          period: row.period,
          currency: row.currency,
          limitMinor: state.amountMinor,
        });
      }
    }
    await this.repository.recordChanges(transaction, changes);
    return limits;
  }

  /**
   * Refuses `amountMinor` of `currency` when a limit would pass (each limit in its currency);
   * else answers the limits it uses up (used + amount reaches the limit).
   */
  private async refuseIfPassed(
    executor: DatabaseExecutor,
    userId: string,
    limits: Array<{ type: LimitType; period: LimitPeriod; currency: string; limitMinor: bigint }>,
    currency: string,
    amountMinor: bigint,
    now: Date,
  ): Promise<Array<{ check: LimitCheck; currency: string; usedMinor: bigint }>> {
    const reached: Array<{ check: LimitCheck; currency: string; usedMinor: bigint }> = [];
    const byCurrency = new Map<string, typeof limits>();
    for (const limit of limits) {
      byCurrency.set(limit.currency, [...(byCurrency.get(limit.currency) ?? []), limit]);
    }
    for (const [limitCurrency, group] of byCurrency) {
      if (limitCurrency === sessionUnit) {
        await this.refuseIfPlayedOut(executor, userId, group, now);
        continue;
      }
      const need = await this.priced(amountMinor, currency, limitCurrency);
      const kind = usageKind((group[0] as (typeof group)[number]).type);
      const usage = await this.usage(executor, userId, kind, limitCurrency, now);
      const checks = checkLimits(group, (type) => usage.of(type), usage.now, need);
      const refusal = refusalOf(checks);
      if (refusal) throw limitRefused(refusal.check, refusal.resetsAt, limitCurrency);
      for (const check of checks) {
        const usedMinor = check.usedMinor + need;
        if (usedMinor >= check.limitMinor)
          reached.push({ check, currency: limitCurrency, usedMinor });
      }
    }
    return reached;
  }

  /** Refuses a stake once a session limit's play time is used up (in seconds, shown in minutes). */
  private async refuseIfPlayedOut(
    executor: DatabaseExecutor,
    userId: string,
    limits: Array<{ type: LimitType; period: LimitPeriod; limitMinor: bigint }>,
    now: Date,
  ): Promise<void> {
    const usage = await this.usage(executor, userId, 'stake', sessionUnit, now);
    const inSeconds = limits.map((limit) => ({ ...limit, limitMinor: limit.limitMinor * 60n }));
    const refusal = refusalOf(checkLimits(inSeconds, () => usage.of('session'), usage.now, 1n));
    if (!refusal) return;
    const payload: LimitRefusalPayload = {
      type: 'session',
      period: refusal.check.period,
      amount: (refusal.check.limitMinor / 60n).toString(),
      currency: sessionUnit,
      used: (refusal.check.usedMinor / 60n).toString(),
      resetsAt: refusal.resetsAt?.toISOString() ?? null,
    };
    throw new AppError('responsible_gambling_limit', { payload });
  }

  /**
   * A primary-currency change (in its transaction, UsersService's listener): every money limit
   * and its pending change is converted into the new currency at the operator's rate, rounded
   * down (in the player's protection), and recorded as a change; usage keeps counting (it is
   * read in every currency and priced in the limit's).
   */
  async convertCurrency(
    transaction: DatabaseTransaction,
    change: { userId: string; from: string; to: string },
  ): Promise<void> {
    const now = this.clock.now();
    const rows = await this.repository.lockLimits(transaction, change.userId, moneyTypes);
    const changes: LimitChange[] = [];
    for (const row of rows) {
      if (row.currency === change.to) continue;
      const convert = async (minor: bigint) => {
        const quoted = await this.ledger.quote(minor, row.currency, change.to, 'down');
        return quoted.amountMinor > 0n ? quoted.amountMinor : 1n;
      };
      const amountMinor = await convert(row.amount_minor);
      const pendingMinor =
        row.pending_amount_minor === null ? null : await convert(row.pending_amount_minor);
      await this.repository.convertLimit(transaction, {
        ...row,
        currency: change.to,
        amount_minor: amountMinor,
        pending_amount_minor: pendingMinor,
        updated_at: now,
      });
      changes.push({
        userId: change.userId,
        type: row.type,
        period: row.period,
        kind: 'converted',
        fromMinor: row.amount_minor,
        toMinor: amountMinor,
        effectiveAt: now,
        at: now,
        currency: change.to,
      });
    }
    await this.repository.recordChanges(transaction, changes);
  }

  /** Converts usage amounts of `from` into `to` (rounding up: never in the player's favour). */
  private async pricer(to: string): Promise<(minor: bigint, from: string) => Promise<bigint>> {
    return async (minor, from) => {
      if (from === to || minor === 0n) return minor;
      const magnitude = await this.priced(minor < 0n ? -minor : minor, from, to);
      return minor < 0n ? -magnitude : magnitude;
    };
  }

  /**
   * A player's usage in a currency over the last month and the time it is measured at: deposits
   * with open orders (the clock), or stakes and wins from the ledger (the database's time, which
   * the ledger's rows carry). Wager = stakes; loss = stakes − wins.
   */
  private async usage(
    executor: DatabaseExecutor,
    userId: string,
    kind: 'deposit' | 'stake',
    currency: string,
    clockNow: Date,
  ): Promise<Usage> {
    const price = await this.pricer(currency);
    if (kind === 'deposit') {
      const since = new Date(clockNow.getTime() - longestWindowMs);
      const rows = await this.repository.depositEntries(executor, userId, since, clockNow);
      const entries: UsageEntry[] = [];
      for (const row of rows) {
        entries.push({ at: row.at, amountMinor: await price(row.amount_minor, row.currency) });
      }
      return { now: clockNow, of: () => entries };
    }
    const { now, rows } = await this.usageRepository.buckets(executor, userId, longestWindowMs);
    const staked = [];
    const lost = [];
    const played = [];
    for (const row of rows) {
      const stakedMinor =
        currency === sessionUnit ? 0n : await price(row.stakedMinor, row.currency);
      const wonMinor = currency === sessionUnit ? 0n : await price(row.wonMinor, row.currency);
      staked.push({ hour: row.hour, amountMinor: stakedMinor });
      lost.push({ hour: row.hour, amountMinor: stakedMinor - wonMinor });
      played.push({ hour: row.hour, amountMinor: row.playedSeconds });
    }
    const wager = usageEntriesOf(staked, now);
    const loss = usageEntriesOf(lost, now);
    const session = usageEntriesOf(played, now);
    return {
      now,
      of: (type) => (type === 'loss' ? loss : type === 'session' ? session : wager),
    };
  }

  private async priced(amountMinor: bigint, from: string, to: string): Promise<bigint> {
    if (from === to) return amountMinor;
    return (await this.ledger.quote(amountMinor, from, to, 'up')).amountMinor;
  }

  private async store(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
    currency: string,
    state: LimitState,
    now: Date,
    by: { setBy: string | null; pendingBy: string | null },
  ): Promise<void> {
    if (state.amountMinor === null) {
      await this.repository.deleteLimit(transaction, userId, type, period);
      return;
    }
    await this.repository.saveLimit(transaction, {
      user_id: userId,
      type,
      period,
      currency,
      amount_minor: state.amountMinor,
      pending_amount_minor: state.pending?.amountMinor ?? null,
      pending_effective_at: state.pending?.effectiveAt ?? null,
      updated_at: now,
      set_by_operator_id: by.setBy,
      pending_by_operator_id: state.pending ? by.pendingBy : null,
    });
  }
}

function matured(
  userId: string,
  type: LimitType,
  period: LimitPeriod,
  currency: string,
  stored: LimitState,
  updatedAt: Date,
  now: Date,
): LimitChange {
  return {
    userId,
    type,
    period,
    kind: 'matured',
    currency,
    fromMinor: stored.amountMinor,
    toMinor: stored.pending?.amountMinor ?? null,
    effectiveAt: stored.pending?.effectiveAt ?? updatedAt,
    at: now,
  };
}

/** A limit's amount from the request: positive, the currency's decimals, a sane maximum. */
function parseLimitAmount(
  amount: string,
  type: LimitType,
  period: LimitPeriod,
  currency: string,
): bigint {
  if (type === 'session') {
    if (!/^\d{1,6}$/.test(amount)) throw invalidAmount('Validation.whole_minutes');
    const minutes = BigInt(amount);
    if (minutes <= 0n || minutes > BigInt(maximumSessionMinutes(period))) throw invalidAmount();
    return minutes;
  }
  const scale = currencyScale(currency);
  const minor = parseDecimalToMinor(amount, scale);
  if (minor === null) throw invalidAmount();
  if (minor <= 0n || minor > maximumLimitUnits * 10n ** BigInt(scale)) throw invalidAmount();
  return minor;
}

function limitRefused(check: LimitCheck, resetsAt: Date | null, currency: string): AppError {
  const row = { type: check.type, currency };
  const payload: LimitRefusalPayload = {
    type: check.type,
    period: check.period,
    amount: amountText(check.limitMinor, row),
    currency,
    used: amountText(check.usedMinor, row),
    resetsAt: resetsAt?.toISOString() ?? null,
  };
  return new AppError('responsible_gambling_limit', { payload });
}
