import {
  bonusOutcome,
  completionAmounts,
  conversionCapMinor,
  freespinWinCapMinor,
  isUuid,
  type UserBonus,
  wagerRequirementMinor,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import {
  type LedgerService,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type { PlayerAccount, UsersService } from '../../players/accounts/users.service.ts';
import { type BonusReads, qualifies } from './bonus-reads.ts';
import { offerCurrency } from './bonus-views.ts';
import type { BonusesRepository, OfferRow, UserBonusRow } from './bonuses.repository.ts';
import type { OpenBonuses } from './open-bonuses.ts';

/** Background follow-up of a bonus; a no-op where this process runs no queue (the sweep catches up). */
export interface BonusJobScheduler {
  scheduleExpiry(bonusId: string, at: Date): Promise<void>;
}

const hourMs = 60 * 60 * 1000;

export interface BonusLifecycleDependencies {
  repository: BonusesRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'balance' | 'convert'>;
  users: Pick<UsersService, 'findAccount'>;
  /** the offers, amounts and views the engine's parts share */
  reads: BonusReads;
  scheduler: BonusJobScheduler;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** the reader of open bonuses (it keeps which players a transaction found without one) */
  openBonuses: OpenBonuses;
}

/**
 * The bonus engine's lifecycle (wallet spec §3–§4, issue 6): grants, activation, completion,
 * loss, expiry and cancel. A bonus is granted in the player's primary currency from an operator
 * offer defined in USD; its money sits in the player's `bonus` ledger account, and every movement
 * is a ledger transaction with a unique (type, reference): `bonus_grant` (house → bonus, when the
 * bonus activates), `bonus_convert` (bonus → main, when completed), `bonus_forfeit` (bonus →
 * house: what is left after a capped conversion, an expiry, a cancel or a withdrawal), all
 * referenced by the bonus id (`freespin_win` and the rounds' payouts: bonus-rounds.service.ts).
 *
 * The rules:
 * - At most one bonus is `active` (a unique index). A bonus granted meanwhile is `pending`: its
 *   money is not in the ledger yet and its deadline has not started. When the active bonus ends
 *   the oldest pending one activates in the same transaction. Every transition that ends the
 *   active bonus holds its row lock, and a grant that finds an active bonus takes that lock
 *   before adding a pending one, so no pending bonus is ever left without an active one.
 * - So the `bonus` account holds exactly the active bonus's money.
 * - Once the wagering requirement is met and no free spin is left, the bonus converts:
 *   min(balance, amount × maxAmountMultiplier) to main money, the rest forfeited. When a round
 *   that used bonus money leaves the bonus with no money and no free spin, it is `lost`
 *   (`settleOutcome`, called by the rounds after each settlement).
 * - A deadline (activation + deadlineHours) expires the bonus (a job per bonus and a minute
 *   sweep); the player may cancel (a withdrawal's forfeit: cashier-bonuses.service.ts).
 */
export class BonusLifecycle {
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'balance' | 'convert'>;
  private readonly users: Pick<UsersService, 'findAccount'>;
  private readonly reads: BonusReads;
  private readonly scheduler: BonusJobScheduler;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly openBonuses: OpenBonuses;

  constructor({
    repository,
    ledger,
    users,
    reads,
    scheduler,
    clock,
    transactions,
    openBonuses,
  }: BonusLifecycleDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.users = users;
    this.reads = reads;
    this.scheduler = scheduler;
    this.clock = clock;
    this.transactions = transactions;
    this.openBonuses = openBonuses;
  }

  // ─── granting ─────────────────────────────────────────────────────────────────────────────

  /**
   * Grants an offer to the player, once per `reference`: with a deposit, `deposit × amountMultiplier`
   * capped at maxAmount (the deposit must qualify: bonus_not_available otherwise); without one,
   * or for an offer without a multiplier, the offer's fixed amount. Active, or pending behind
   * the active bonus. bonus_not_available for a disabled offer or a welcome offer received before.
   */
  async grantOffer(
    transaction: DatabaseTransaction,
    input: {
      userId: string;
      offerId: string;
      reference: string;
      depositMinor?: bigint;
      depositCurrency?: string;
    },
  ): Promise<UserBonus> {
    const account = await this.requireAccount(input.userId, transaction);
    const offer = await this.requireOpenOffer(input.offerId, transaction);
    const currency = account.primaryCurrency;
    let amountMinor: bigint;
    if (input.depositMinor !== undefined) {
      const depositCurrency = input.depositCurrency ?? currency;
      const depositUsd = await this.ledger.convert(
        input.depositMinor,
        depositCurrency,
        offerCurrency,
      );
      if (!qualifies(offer, depositUsd)) throw new AppError('bonus_not_available');
      const deposit = await this.ledger.convert(input.depositMinor, depositCurrency, currency);
      amountMinor = await this.reads.offerAmount(offer, deposit, currency);
    } else {
      amountMinor = await this.reads.fromUsd(offer.amount_usd_minor ?? 0n, currency);
    }
    return await this.grantOrRefuse(transaction, {
      account,
      offer,
      amountMinor,
      reference: input.reference,
    });
  }

  /**
   * Grants a bonus of a given USD amount (cents) with the offer's wagering conditions (a wheel
   * prize of the 'other' balance type, a bonus-kind promo code), once per `reference`.
   */
  async grantFixed(
    transaction: DatabaseTransaction,
    input: { userId: string; offerId: string; amountUsdMinor: bigint; reference: string },
  ): Promise<UserBonus> {
    const account = await this.requireAccount(input.userId, transaction);
    const offer = await this.requireOpenOffer(input.offerId, transaction);
    const amountMinor = await this.reads.fromUsd(input.amountUsdMinor, account.primaryCurrency);
    return await this.grantOrRefuse(transaction, {
      account,
      offer,
      amountMinor,
      reference: input.reference,
    });
  }

  /**
   * Assigns an offer to one player: their next qualifying deposit receives it (once; until
   * `expiresAt` when given). Repeating a `reference` changes nothing.
   */
  async assignPersonal(
    transaction: DatabaseTransaction,
    input: { userId: string; offerId: string; reference: string; expiresAt: Date | null },
  ): Promise<void> {
    await this.requireOpenOffer(input.offerId, transaction);
    await this.repository.insertPersonalOffer(transaction, { ...input, at: this.clock.now() });
  }

  /** Grants as {@link grant} does and views the bonus; bonus_not_available when nothing is granted. */
  private async grantOrRefuse(
    transaction: DatabaseTransaction,
    input: { account: PlayerAccount; offer: OfferRow; amountMinor: bigint; reference: string },
  ): Promise<UserBonus> {
    const row = await this.grant(transaction, input);
    if (!row) throw new AppError('bonus_not_available');
    return await this.reads.view(row, input.account.language, transaction);
  }

  /**
   * Creates the bonus row once per reference: active when no bonus is (its money granted and
   * its deadline started now), else pending behind the active one. Null when there is nothing
   * to grant (no money and no free spin) or a welcome offer was received before.
   */
  async grant(
    transaction: DatabaseTransaction,
    input: {
      account: PlayerAccount;
      offer: OfferRow;
      amountMinor: bigint;
      reference: string;
      personalOfferId?: string | null;
      metadata?: Record<string, unknown>;
    },
  ): Promise<UserBonusRow | null> {
    const { account, offer } = input;
    const existing = await this.repository.findByReference(transaction, input.reference);
    if (existing) return existing;
    if (input.amountMinor <= 0n && offer.freespins_count === 0) return null;
    const currency = account.primaryCurrency;
    const spinMinor =
      offer.freespins_count > 0
        ? maxBig(1n, await this.reads.fromUsd(offer.freespins_amount_usd_minor, currency))
        : 0n;
    const maxBet =
      offer.wager_max_bet_usd_minor === null
        ? null
        : maxBig(1n, await this.reads.fromUsd(offer.wager_max_bet_usd_minor, currency));
    const freespinsMax =
      offer.freespins_max_amount_usd_minor === null
        ? null
        : await this.reads.fromUsd(offer.freespins_max_amount_usd_minor, currency);
    const now = this.clock.now();
    const row = {
      user_id: account.id,
      offer_id: offer.id,
      personal_offer_id: input.personalOfferId ?? null,
      type: offer.type,
      reference: input.reference,
      currency,
      amount_minor: input.amountMinor,
      wager_total_minor: wagerRequirementMinor(input.amountMinor, offer.wager),
      wager_freespins: offer.wager_freespins,
      wager_max_bet_minor: maxBet,
      max_convert_minor: conversionCapMinor(input.amountMinor, offer.max_amount_multiplier),
      freespins_total: offer.freespins_count,
      freespins_left: offer.freespins_count,
      freespin_amount_minor: spinMinor,
      freespins_max_win_minor: freespinWinCapMinor({
        count: offer.freespins_count,
        spinAmountMinor: spinMinor,
        maxAmountMinor: freespinsMax,
        maxAmountMultiplier: offer.freespins_max_amount_multiplier,
      }),
      deadline_hours: offer.deadline_hours,
      metadata: JSON.stringify(input.metadata ?? {}),
      created_at: now,
    };
    this.openBonuses.unmarkWithoutBonus(transaction, account.id);
    // A few rounds at most: each retry follows a concurrent end of the active bonus.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const active = await this.repository.insertBonus(transaction, row, {
        status: 'active',
        activatedAt: now,
        expiresAt: new Date(now.getTime() + offer.deadline_hours * hourMs),
      });
      if (active) {
        await this.started(transaction, active);
        return (await this.repository.find(active.id, transaction)) ?? active;
      }
      const again = await this.repository.findByReference(transaction, input.reference);
      if (again) return again;
      if (
        offer.type === 'welcome' &&
        (await this.repository.hasWelcomeBonus(transaction, account.id, offer.id))
      ) {
        return null;
      }
      // Another bonus is active: hold it so it cannot end before this one waits behind it.
      if (!(await this.repository.lockActive(transaction, account.id))) continue;
      const pending = await this.repository.insertBonus(transaction, row, { status: 'pending' });
      if (pending) return pending;
      const replay = await this.repository.findByReference(transaction, input.reference);
      if (replay) return replay;
      return null;
    }
    throw new Error(`could not grant ${input.reference}: the active bonus kept changing`);
  }

  /** A bonus became active: its money enters the bonus account and its deadline is scheduled. */
  private async started(transaction: DatabaseTransaction, row: UserBonusRow): Promise<void> {
    if (row.amount_minor > 0n) {
      await this.ledger.postTransaction(transaction, {
        type: 'bonus_grant',
        externalReference: row.id,
        postings: [
          { account: platformAccount(row.currency, 'house'), amountMinor: -row.amount_minor },
          {
            account: playerAccount(row.user_id, row.currency, 'bonus'),
            amountMinor: row.amount_minor,
          },
        ],
        metadata: { bonusId: row.id, offerId: row.offer_id, reference: row.reference },
      });
    }
    const expiresAt = row.expires_at;
    if (expiresAt) {
      const schedule = () => this.scheduler.scheduleExpiry(row.id, expiresAt);
      if (!this.transactions.afterCommit(transaction, schedule)) await schedule();
    }
    // nothing to wager and no spin to play: it completes (or, holding nothing, is lost) at once
    if (row.freespins_left === 0 && row.wager_current_minor >= row.wager_total_minor) {
      await this.settleOutcome(transaction, row, true);
    }
  }

  // ─── completion and loss ──────────────────────────────────────────────────────────────────

  /** After a settlement of the active bonus: completes it, or marks it lost, or leaves it. */
  async settleOutcome(
    transaction: DatabaseTransaction,
    row: UserBonusRow,
    usedBonusMoney: boolean,
  ): Promise<void> {
    if (row.status !== 'active' || row.freespins_left > 0) return;
    const met = row.wager_current_minor >= row.wager_total_minor;
    // a round on main money alone cannot have emptied the bonus: no read needed then
    if (!met && !usedBonusMoney) return;
    const balanceMinor = await this.ledger.balance(row.user_id, row.currency, 'bonus', transaction);
    const outcome = bonusOutcome({
      wagerCurrentMinor: row.wager_current_minor,
      wagerTotalMinor: row.wager_total_minor,
      freespinsLeft: row.freespins_left,
      balanceMinor,
    });
    if (outcome === 'complete') await this.complete(transaction, row);
    else if (outcome === 'lost') await this.end(transaction, row, 'lost');
  }

  /**
   * Wagering met: min(bonus balance, cap) becomes main money (`bonus_convert`), the rest is
   * forfeited (`bonus_forfeit`), and the next pending bonus starts.
   */
  private async complete(transaction: DatabaseTransaction, row: UserBonusRow): Promise<void> {
    const balanceMinor = await this.ledger.balance(row.user_id, row.currency, 'bonus', transaction);
    const { convertMinor, forfeitMinor } = completionAmounts(balanceMinor, row.max_convert_minor);
    if (convertMinor > 0n) {
      await this.ledger.postTransaction(transaction, {
        type: 'bonus_convert',
        externalReference: row.id,
        postings: [
          {
            account: playerAccount(row.user_id, row.currency, 'bonus'),
            amountMinor: -convertMinor,
          },
          { account: playerAccount(row.user_id, row.currency, 'main'), amountMinor: convertMinor },
        ],
        metadata: { bonusId: row.id },
      });
    }
    await this.forfeitMoney(transaction, row, forfeitMinor);
    await this.repository.finish(transaction, row.id, {
      status: 'completed',
      at: this.clock.now(),
      convertedMinor: convertMinor,
    });
    await this.activateNext(transaction, row.user_id);
  }

  /**
   * Ends a bonus (expired, forfeited, lost) whose row lock the caller holds: an active one's
   * money goes to the house and, unless `activateNext` is false, the next pending bonus starts.
   */
  async end(
    transaction: DatabaseTransaction,
    row: UserBonusRow,
    status: 'expired' | 'forfeited' | 'lost',
    activateNext = true,
  ): Promise<void> {
    if (row.status === 'active') {
      const balanceMinor = await this.ledger.balance(
        row.user_id,
        row.currency,
        'bonus',
        transaction,
      );
      await this.forfeitMoney(transaction, row, balanceMinor);
    }
    await this.repository.finish(transaction, row.id, { status, at: this.clock.now() });
    if (row.status === 'active' && activateNext) await this.activateNext(transaction, row.user_id);
  }

  private async forfeitMoney(
    transaction: DatabaseTransaction,
    row: UserBonusRow,
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor <= 0n) return;
    await this.ledger.postTransaction(transaction, {
      type: 'bonus_forfeit',
      externalReference: row.id,
      postings: [
        { account: playerAccount(row.user_id, row.currency, 'bonus'), amountMinor: -amountMinor },
        { account: platformAccount(row.currency, 'house'), amountMinor },
      ],
      metadata: { bonusId: row.id },
    });
  }

  /** Starts the player's oldest pending bonus (the active one has just ended). */
  private async activateNext(transaction: DatabaseTransaction, userId: string): Promise<void> {
    this.openBonuses.unmarkWithoutBonus(transaction, userId);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const next = await this.repository.lockOldestPending(transaction, userId);
      if (!next) {
        // a pending bonus cancelled meanwhile hid the next one from the locked read: look again
        const open = await this.repository.open(userId, transaction);
        if (!open.some((bonus) => bonus.status === 'pending')) return;
        continue;
      }
      const now = this.clock.now();
      const activated = await this.repository.activate(
        transaction,
        next.id,
        now,
        new Date(now.getTime() + next.deadline_hours * hourMs),
      );
      if (activated) {
        await this.started(transaction, activated);
        return;
      }
    }
  }

  // ─── ending by deadline, cancel ───────────────────────────────────────────────────────────

  /** Job: an active bonus past its deadline expires (its money forfeited). Whether it did. */
  async expire(bonusId: string): Promise<boolean> {
    return await this.transactions.run(async (transaction) => {
      const row = await this.repository.lock(transaction, bonusId);
      if (row?.status !== 'active' || !row.expires_at) return false;
      if (row.expires_at.getTime() > this.clock.now().getTime()) return false;
      await this.end(transaction, row, 'expired');
      return true;
    });
  }

  /** Every minute and at start: expires what is due, in case a job was lost. */
  /** Active bonuses whose deadline falls in [from, to) (web push's expiry reminders). */
  async expiringBetween(
    from: Date,
    to: Date,
  ): Promise<Array<{ bonusId: string; userId: string; expiresAt: Date }>> {
    return await this.repository.expiringBetween(from, to);
  }

  async sweep(batchSize = 100): Promise<{ expired: number }> {
    let expired = 0;
    for (const id of await this.repository.dueExpired(this.clock.now(), batchSize)) {
      if (await this.expire(id)) expired += 1;
    }
    return { expired };
  }

  /** The player gives up an active or pending bonus (bonus_not_cancellable once it ended). */
  async cancel(
    transaction: DatabaseTransaction,
    account: PlayerAccount,
    bonusId: string,
  ): Promise<UserBonus> {
    const row = isUuid(bonusId) ? await this.repository.lock(transaction, bonusId) : undefined;
    if (row?.user_id !== account.id) throw new AppError('not_found');
    if (row.status !== 'active' && row.status !== 'pending') {
      throw new AppError('bonus_not_cancellable', { payload: { status: row.status } });
    }
    await this.end(transaction, row, 'forfeited');
    const ended = await this.repository.find(row.id, transaction);
    if (!ended) throw new Error(`bonus ${row.id} vanished`);
    return await this.reads.view(ended, account.language, transaction);
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────────

  private async requireAccount(userId: string, executor: DatabaseExecutor): Promise<PlayerAccount> {
    const account = await this.users.findAccount(userId, executor);
    if (!account) throw new AppError('not_found', { message: 'No such player.' });
    return account;
  }

  private async requireOpenOffer(offerId: string, executor: DatabaseExecutor): Promise<OfferRow> {
    const offer = isUuid(offerId) ? await this.repository.findOffer(offerId, executor) : undefined;
    if (!offer?.is_enabled) throw new AppError('bonus_not_available');
    return offer;
  }
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
