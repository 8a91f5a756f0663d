import {
  type BonusConditions,
  type BonusOffer,
  type BonusOffersResponse,
  type BonusSettings,
  bonusOutcome,
  type CurrencyDepositBonus,
  completionAmounts,
  conversionCapMinor,
  creditableFreespinWinMinor,
  type DailyBonusStatus,
  depositQualifies,
  everydayMinDeposits,
  factorToNumber,
  freespinWinCapMinor,
  grantAmountMinor,
  isUuid,
  isWelcomeDeposit,
  type LoyaltySettingsBody,
  splitPayout,
  type UserBonus,
  type UserBonusesResponse,
  utcDay,
  utcDayEnd,
  utcDayStart,
  wagerContributionMinor,
  wagerRequirementMinor,
  welcomeStepForDeposit,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { GamesService } from '../../casino/games/games.service.ts';
import {
  type LedgerService,
  type Posting,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type { PlayerAccount, UsersService } from '../../players/accounts/users.service.ts';
import {
  conditionsOf,
  gamesWagersOf,
  offerCurrency,
  offerView,
  type UsdConverter,
  userBonusView,
} from './bonus-views.ts';
import type {
  BonusesRepository,
  OfferGameRow,
  OfferRow,
  PlayerSettingsRow,
  UserBonusRow,
} from './bonuses.repository.ts';
import type { OpenBonuses } from './open-bonuses.ts';

// ─── the engine's API ───────────────────────────────────────────────────────────────────────

/** A round whose outcome is known: its payout is credited and its stake counted for wagering. */
export interface SettledRound {
  userId: string;
  gameId: string;
  currency: string;
  /** the round's StakePlan.bonusId */
  bonusId: string | null;
  /** the whole stake (main and bonus parts) */
  stakeMinor: bigint;
  /** the part of the stake that was bonus money (StakePlan.bonusMinor) */
  bonusStakeMinor: bigint;
  /** the round's payout before any split or cap; 0 when it lost */
  payoutMinor: bigint;
  freespin: boolean;
  /** the payout's ledger reference (the round id, the provider's transaction) */
  reference: string;
  /** the payout's ledger type; 'win' by default ('freespin_win' for a free spin) */
  payoutType?: string;
  metadata?: Record<string, unknown>;
  /** false when the stake was already counted when placed (seamless bets) */
  accrue?: boolean;
}

export interface Settlement {
  /** what the player received: main and bonus parts together */
  creditedMinor: bigint;
  mainMinor: bigint;
  bonusMinor: bigint;
  ledgerTransactionId: string | null;
}

/** A seamless bet's stake counted when placed, or its rollback (`refunded`). */
export interface PlacedStake {
  userId: string;
  gameId: string;
  currency: string;
  bonusId: string | null;
  stakeMinor: bigint;
  bonusStakeMinor: bigint;
}

export interface DepositCompleted {
  userId: string;
  /** the deposit's id (order id, chain tx): each of its bonuses is granted once */
  depositId: string;
  /** the credited amount in `currency` */
  amountMinor: bigint;
  currency: string;
  methodKind: 'fiat' | 'crypto';
  /** the crypto network of the deposit, if any */
  network?: string | null;
}

/** Background follow-up of a bonus; a no-op where this process runs no queue (the sweep catches up). */
export interface BonusJobScheduler {
  scheduleExpiry(bonusId: string, at: Date): Promise<void>;
}

/** The player's bonus list is unpaginated; it stops here. */
export const maxUserBonusesListed = 200;
const hourMs = 60 * 60 * 1000;

/** Postings paying `main` and `bonus` parts to the player out of the house. */
function payoutPostings(
  userId: string,
  currency: string,
  mainMinor: bigint,
  bonusMinor: bigint,
): Posting[] {
  const postings: Posting[] = [
    { account: platformAccount(currency, 'house'), amountMinor: -(mainMinor + bonusMinor) },
  ];
  if (mainMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'main'), amountMinor: mainMinor });
  }
  if (bonusMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'bonus'), amountMinor: bonusMinor });
  }
  return postings;
}

const defaultSettings = {
  is_welcome_enabled_fiat: true,
  is_welcome_enabled_crypto: true,
  preferred_fiat_offer_id: null,
  preferred_fiat_enabled: false,
  preferred_crypto_offer_id: null,
  preferred_crypto_enabled: false,
} as const;

function settingsOf(row: PlayerSettingsRow | undefined): BonusSettings {
  const source = row ?? defaultSettings;
  return {
    isWelcomeEnabledFiat: source.is_welcome_enabled_fiat,
    isWelcomeEnabledCrypto: source.is_welcome_enabled_crypto,
    preferredFiat: { id: source.preferred_fiat_offer_id, isEnabled: source.preferred_fiat_enabled },
    preferredCrypto: {
      id: source.preferred_crypto_offer_id,
      isEnabled: source.preferred_crypto_enabled,
    },
  };
}

export interface BonusesServiceDependencies {
  db: Kysely<Database>;
  repository: BonusesRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'balance' | 'balances' | 'convert'>;
  users: Pick<UsersService, 'findAccount' | 'findAccountByGlobalId'>;
  games: Pick<GamesService, 'titlesOf'>;
  scheduler: BonusJobScheduler;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** the reader of open bonuses (it keeps which players a transaction found without one) */
  openBonuses: OpenBonuses;
}

/**
 * The bonus engine (wallet spec §3–§4, issue 6). A bonus is granted in the player's primary
 * currency from an operator offer defined in USD; its money sits in the player's `bonus` ledger
 * account, and every movement is a ledger transaction with a unique (type, reference):
 * `bonus_grant` (house → bonus, when the bonus activates), `bonus_convert` (bonus → main, when
 * completed), `bonus_forfeit` (bonus → house: what is left after a capped conversion, an
 * expiry, a cancel or a withdrawal) and `freespin_win` (house → bonus), all referenced by the
 * bonus id or the round.
 *
 * The rules:
 * - At most one bonus is `active` (a unique index). A bonus granted meanwhile is `pending`: its
 *   money is not in the ledger yet and its deadline has not started. When the active bonus ends
 *   the oldest pending one activates in the same transaction. Every transition that ends the
 *   active bonus holds its row lock, and a grant that finds an active bonus takes that lock
 *   before adding a pending one, so no pending bonus is ever left without an active one.
 * - So the `bonus` account holds exactly the active bonus's money.
 * - A stake while a bonus is active takes main money first, then bonus money; its payout is
 *   split in the same proportion (contract `splitStake` / `splitPayout`). A stake above the
 *   bonus's maximum bet is refused before anything moves.
 * - Every settled round adds stake × the game's contribution to the active bonus's wagering;
 *   a free spin adds nothing but its winnings (capped) add winnings × wagerFreespins to the
 *   requirement. Once the requirement is met and no free spin is left, the bonus converts:
 *   min(balance, amount × maxAmountMultiplier) to main money, the rest forfeited. When a round
 *   that used bonus money leaves the bonus with no money and no free spin, it is `lost`.
 * - A deadline (activation + deadlineHours) expires the bonus (a job per bonus and a minute
 *   sweep); a withdrawal forfeits every active and pending bonus first; the player may cancel.
 * - Money of a round whose bonus has since ended ("late" money: a mines cash-out, a provider's
 *   win or rollback) never enters the bonus account: for a completed bonus it is converted to
 *   main money while the conversion cap allows, otherwise it stays with the house.
 */
export class BonusesService {
  private readonly db: Kysely<Database>;
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<
    LedgerService,
    'postTransaction' | 'balance' | 'balances' | 'convert'
  >;
  private readonly users: Pick<UsersService, 'findAccount' | 'findAccountByGlobalId'>;
  private readonly games: Pick<GamesService, 'titlesOf'>;
  private readonly scheduler: BonusJobScheduler;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly openBonuses: OpenBonuses;

  constructor({
    db,
    repository,
    ledger,
    users,
    games,
    scheduler,
    clock,
    transactions,
    openBonuses,
  }: BonusesServiceDependencies) {
    this.openBonuses = openBonuses;
    this.db = db;
    this.repository = repository;
    this.ledger = ledger;
    this.users = users;
    this.games = games;
    this.scheduler = scheduler;
    this.clock = clock;
    this.transactions = transactions;
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
      if (!this.qualifies(offer, depositUsd)) throw new AppError('bonus_not_available');
      const deposit = await this.ledger.convert(input.depositMinor, depositCurrency, currency);
      amountMinor = await this.offerAmount(offer, deposit, currency);
    } else {
      amountMinor = await this.fromUsd(offer.amount_usd_minor ?? 0n, currency);
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
    const amountMinor = await this.fromUsd(input.amountUsdMinor, account.primaryCurrency);
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

  /**
   * Call before a deposit's money moves (in its transaction): locks the player's active bonus,
   * so the deposit's grants and the player's rounds take their locks in the same order (the
   * bonus row, then ledger accounts) and never wait on each other in a cycle.
   */
  async lockForDeposit(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.repository.lockActive(transaction, userId);
  }

  /**
   * A deposit completed (the wallet's credit, in its transaction, after the deposit is counted
   * for the player; `lockForDeposit` before its money moved; crypto in the same way): grants,
   * each once for this deposit —
   * 1. the player's oldest open personal offer the deposit qualifies for;
   * 2. a welcome step when the deposit is one of the first four and welcome bonuses are on for
   *    the method kind: the player's preferred offer for that kind when set and enabled, else
   *    the first welcome step the player has not received (a deposit that missed a step's
   *    minimum leaves it for the next one; never a step before its own deposit number; step 4:
   *    the offer with the most free spins): the contract's `welcomeStepForDeposit`, the rule the
   *    drawer shows; each welcome offer once;
   * 3. the everyday bonus when the player armed it this UTC day before the deposit;
   * 4. the deposit bonus of the deposit's currency (and network).
   * The first becomes active when none is; the others wait as pending.
   */
  async onDepositCompleted(
    transaction: DatabaseTransaction,
    deposit: DepositCompleted,
  ): Promise<UserBonusRow[]> {
    const account = await this.users.findAccount(deposit.userId, transaction);
    if (!account) return [];
    const now = this.clock.now();
    const currency = account.primaryCurrency;
    const depositUsd = await this.ledger.convert(
      deposit.amountMinor,
      deposit.currency,
      offerCurrency,
    );
    const depositMinor = await this.ledger.convert(deposit.amountMinor, deposit.currency, currency);
    const granted: UserBonusRow[] = [];
    const give = async (
      kind: string,
      offer: OfferRow,
      amountMinor: bigint,
      extra: { personalOfferId?: string } = {},
    ) => {
      const row = await this.grant(transaction, {
        account,
        offer,
        amountMinor,
        reference: `deposit:${deposit.depositId}:${kind}`,
        personalOfferId: extra.personalOfferId ?? null,
        metadata: { depositId: deposit.depositId, methodKind: deposit.methodKind },
      });
      if (row) granted.push(row);
      return row;
    };

    // 1. a personal offer
    for (const { personal, offer } of await this.repository.openPersonalOffers(
      deposit.userId,
      now,
      transaction,
    )) {
      if (!this.qualifies(offer, depositUsd)) continue;
      const amount = await this.offerAmount(offer, depositMinor, currency);
      const row = await give('personal', offer, amount, { personalOfferId: personal.id });
      if (row) await this.repository.usePersonalOffer(transaction, personal.id, row.id, now);
      break;
    }

    // 2. the welcome step
    const settings = settingsOf(await this.repository.findSettings(deposit.userId, transaction));
    const welcomeOn =
      deposit.methodKind === 'fiat'
        ? settings.isWelcomeEnabledFiat
        : settings.isWelcomeEnabledCrypto;
    if (welcomeOn && isWelcomeDeposit(account.depositCount)) {
      const received = await this.repository.receivedOfferIds(deposit.userId, transaction);
      const offer = await this.welcomeOfferFor(
        account.depositCount,
        deposit.methodKind === 'fiat' ? settings.preferredFiat : settings.preferredCrypto,
        received,
        transaction,
      );
      if (
        offer &&
        this.qualifies(offer, depositUsd) &&
        !(offer.type === 'welcome' && received.has(offer.id))
      ) {
        await give('welcome', offer, await this.offerAmount(offer, depositMinor, currency));
      }
    }

    // 3. the everyday bonus armed today
    const everyday = await this.everydayOffer(transaction);
    if (everyday && this.qualifies(everyday, depositUsd)) {
      if (await this.repository.consumeDaily(transaction, deposit.userId, utcDay(now), now)) {
        const row = await give(
          'everyday',
          everyday,
          await this.offerAmount(everyday, depositMinor, currency),
        );
        if (row) await this.repository.setDailyBonus(transaction, deposit.userId, row.id);
      }
    }

    // 4. the deposit bonus of the currency
    const byCurrency = await this.repository.findDepositBonus(
      transaction,
      deposit.currency,
      deposit.network ?? null,
    );
    if (byCurrency) {
      const offer =
        byCurrency.offer_id === null
          ? await this.firstDepositOffer(transaction)
          : await this.repository.findOffer(byCurrency.offer_id, transaction);
      if (offer?.is_enabled && this.qualifies(offer, depositUsd)) {
        await give(
          'currency',
          offer,
          await this.depositGrant(offer, depositMinor, byCurrency.fraction, currency),
        );
      }
    }
    return granted;
  }

  /**
   * What welcome deposit `number` receives when it qualifies: the player's preferred offer for
   * the kind when set and enabled, else the welcome step of the contract's rule
   * (`welcomeStepForDeposit`, the one the drawer shows as available): the first step of the
   * enabled welcome offers that is not among the offers the player `received`.
   */
  private async welcomeOfferFor(
    number: number,
    preferred: { id: string | null; isEnabled: boolean },
    received: ReadonlySet<string>,
    executor: DatabaseExecutor,
  ): Promise<OfferRow | undefined> {
    if (preferred.isEnabled && preferred.id !== null) {
      const offer = await this.repository.findOffer(preferred.id, executor);
      if (offer?.is_enabled && (offer.type === 'welcome' || offer.type === 'deposit')) return offer;
    }
    const offers = await this.repository.listOffers(
      { types: ['welcome'], enabledOnly: true },
      executor,
    );
    const step = welcomeStepForDeposit(
      offers.map((offer) => ({
        offer,
        depositNumber: offer.min_deposit_number,
        freespinsCount: offer.freespins_count,
        isClaimed: received.has(offer.id),
      })),
      number,
    );
    return step?.offer;
  }

  private async everydayOffer(executor: DatabaseExecutor): Promise<OfferRow | undefined> {
    return (
      await this.repository.listOffers({ types: ['everyday'], enabledOnly: true }, executor)
    )[0];
  }

  private async firstDepositOffer(executor: DatabaseExecutor): Promise<OfferRow | undefined> {
    return (
      await this.repository.listOffers({ types: ['deposit'], enabledOnly: true }, executor)
    )[0];
  }

  /** Whether a deposit (USD minor units) lies within the offer's bounds. */
  private qualifies(offer: OfferRow, depositUsdMinor: bigint): boolean {
    return depositQualifies(
      depositUsdMinor,
      offer.min_deposit_usd_minor,
      offer.max_deposit_usd_minor,
    );
  }

  /** deposit × factor, capped at the offer's 'up to' amount in the player's currency. */
  /**
   * What an offer grants for a deposit: deposit × amountMultiplier capped at maxAmount, or,
   * for an offer without a multiplier, its fixed amount (a promo code's personal offer).
   */
  private async offerAmount(offer: OfferRow, depositMinor: bigint, currency: string) {
    if (factorToNumber(offer.amount_multiplier) === 0 && offer.amount_usd_minor !== null) {
      return await this.fromUsd(offer.amount_usd_minor, currency);
    }
    return await this.depositGrant(offer, depositMinor, offer.amount_multiplier, currency);
  }

  private async depositGrant(
    offer: OfferRow,
    depositMinor: bigint,
    factor: string,
    currency: string,
  ): Promise<bigint> {
    const cap =
      offer.max_amount_usd_minor === null
        ? null
        : await this.fromUsd(offer.max_amount_usd_minor, currency);
    return grantAmountMinor(depositMinor, factor, cap);
  }

  /** Grants as {@link grant} does and views the bonus; bonus_not_available when nothing is granted. */
  private async grantOrRefuse(
    transaction: DatabaseTransaction,
    input: { account: PlayerAccount; offer: OfferRow; amountMinor: bigint; reference: string },
  ): Promise<UserBonus> {
    const row = await this.grant(transaction, input);
    if (!row) throw new AppError('bonus_not_available');
    return await this.view(row, input.account.language, transaction);
  }

  /**
   * Creates the bonus row once per reference: active when no bonus is (its money granted and
   * its deadline started now), else pending behind the active one. Null when there is nothing
   * to grant (no money and no free spin) or a welcome offer was received before.
   */
  private async grant(
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
        ? maxBig(1n, await this.fromUsd(offer.freespins_amount_usd_minor, currency))
        : 0n;
    const maxBet =
      offer.wager_max_bet_usd_minor === null
        ? null
        : maxBig(1n, await this.fromUsd(offer.wager_max_bet_usd_minor, currency));
    const freespinsMax =
      offer.freespins_max_amount_usd_minor === null
        ? null
        : await this.fromUsd(offer.freespins_max_amount_usd_minor, currency);
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

  // ─── rounds ───────────────────────────────────────────────────────────────────────────────

  /**
   * Takes one free spin of the player's active bonus `bonusId` on a game it allows, for the
   * wagering module's stake plan (money/wagering): the bonus and the spin's value, in its
   * currency; null when there is none to take. The bonus stays locked until the transaction ends.
   */
  async takeFreespin(
    transaction: DatabaseTransaction,
    input: { bonusId: string; userId: string; gameId: string },
  ): Promise<{ bonusId: string; currency: string; spinMinor: bigint } | null> {
    const row = await this.repository.takeFreespin(transaction, input);
    if (!row) return null;
    return { bonusId: row.id, currency: row.currency, spinMinor: row.freespin_amount_minor };
  }

  /**
   * The player's active bonus as a stake sees it (its currency and maximum bet), locked until the
   * transaction ends so that the player's stakes on it serialise; null without one (one read:
   * the lock of a row that does not exist).
   */
  async lockStakeBonus(
    transaction: DatabaseTransaction,
    userId: string,
  ): Promise<{ bonusId: string; currency: string; maxBetMinor: bigint | null } | null> {
    const active = await this.repository.lockActive(transaction, userId);
    if (!active) {
      this.openBonuses.markWithoutBonus(transaction, userId);
      return null;
    }
    return {
      bonusId: active.id,
      currency: active.currency,
      maxBetMinor: active.wager_max_bet_minor,
    };
  }

  /**
   * A round settled: credits its payout (split like its stake; a free spin's winnings, capped,
   * to the bonus account as `freespin_win`), adds its stake to the bonus's wagering and ends the
   * bonus when that completes or loses it. Without a bonus it is the plain `win` posting. (The
   * originals' rounds do the same in three steps around their one settling statement:
   * `payoutShare`, the postings, `payoutSettled`.)
   */
  async settled(transaction: DatabaseTransaction, round: SettledRound): Promise<Settlement> {
    const type = round.payoutType ?? (round.freespin ? 'freespin_win' : 'win');
    const { mainMinor, bonusMinor } = await this.payoutShare(transaction, round);
    const transactionId = await this.pay(transaction, round, type, mainMinor, bonusMinor);
    await this.payoutSettled(transaction, round);
    return {
      creditedMinor: mainMinor + bonusMinor,
      mainMinor,
      bonusMinor,
      ledgerTransactionId: transactionId,
    };
  }

  /**
   * What a settled round's payout credits, before it is posted: main and bonus money. Split like
   * the stake while its bonus is active; a free spin's winnings are capped by its bonus (and
   * raise its wagering requirement); bonus money of a round whose bonus has ended is late money
   * (converted to main money while a completed bonus's cap allows, else kept by the house).
   */
  async payoutShare(
    transaction: DatabaseTransaction,
    round: SettledRound,
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }> {
    if (round.bonusId === null) return { mainMinor: round.payoutMinor, bonusMinor: 0n };
    const row = await this.repository.lockWithContribution(
      transaction,
      round.bonusId,
      round.gameId,
    );
    if (!row) throw new Error(`round ${round.reference} names an unknown bonus`);
    const active = row.status === 'active';
    if (round.freespin) {
      if (!active) return { mainMinor: 0n, bonusMinor: 0n };
      const credited = creditableFreespinWinMinor(
        round.payoutMinor,
        row.freespins_won_minor,
        row.freespins_max_win_minor,
      );
      if (credited > 0n) {
        await this.repository.addFreespinWin(
          transaction,
          row.id,
          credited,
          wagerRequirementMinor(credited, row.wager_freespins),
        );
      }
      return { mainMinor: 0n, bonusMinor: credited };
    }
    const split =
      round.bonusStakeMinor > 0n
        ? splitPayout(round.payoutMinor, round.stakeMinor, round.bonusStakeMinor)
        : { mainMinor: round.payoutMinor, bonusMinor: 0n };
    if (!active && split.bonusMinor > 0n) {
      const late = await this.lateMoney(transaction, row, split.bonusMinor);
      return { mainMinor: split.mainMinor + late, bonusMinor: 0n };
    }
    return split;
  }

  /**
   * After a settled round's payout is posted: its stake counts for the active bonus's wagering
   * (a free spin's does not), and the bonus completes or is lost when that round decides it.
   */
  async payoutSettled(transaction: DatabaseTransaction, round: SettledRound): Promise<void> {
    if (round.bonusId === null) return;
    const row = await this.repository.lockWithContribution(
      transaction,
      round.bonusId,
      round.gameId,
    );
    if (row?.status !== 'active') return;
    if (round.freespin) {
      await this.settleOutcome(transaction, row, true);
      return;
    }
    const current = round.accrue === false ? row : await this.accrue(transaction, row, round);
    await this.settleOutcome(transaction, current, round.bonusStakeMinor > 0n);
  }

  /** A seamless bet's stake counts for wagering when it is placed. */
  async wagered(transaction: DatabaseTransaction, stake: PlacedStake): Promise<void> {
    if (stake.bonusId === null) return;
    const row = await this.repository.lockWithContribution(
      transaction,
      stake.bonusId,
      stake.gameId,
    );
    if (row?.status !== 'active') return;
    const current = await this.accrue(transaction, row, stake);
    await this.settleOutcome(transaction, current, false);
  }

  /**
   * A seamless bet rolled back: its stake is refunded as it was taken (the bonus part to the
   * bonus account while the bonus is active, else as late money) and its contribution to the
   * wagering is taken back. Returns the refund's ledger transaction (null when nothing moved).
   */
  async refunded(
    transaction: DatabaseTransaction,
    stake: PlacedStake,
    posting: { type: string; reference: string; metadata?: Record<string, unknown> },
  ): Promise<string | null> {
    const round = {
      ...stake,
      payoutMinor: stake.stakeMinor,
      reference: posting.reference,
      metadata: posting.metadata,
    };
    if (stake.bonusId === null) {
      return await this.pay(transaction, round, posting.type, stake.stakeMinor, 0n);
    }
    const row = await this.repository.lockWithContribution(
      transaction,
      stake.bonusId,
      stake.gameId,
    );
    if (!row) throw new Error(`a bet names an unknown bonus ${stake.bonusId}`);
    let mainMinor = stake.stakeMinor - stake.bonusStakeMinor;
    let bonusMinor = stake.bonusStakeMinor;
    if (row.status !== 'active') {
      mainMinor += await this.lateMoney(transaction, row, bonusMinor);
      bonusMinor = 0n;
    }
    const transactionId = await this.pay(transaction, round, posting.type, mainMinor, bonusMinor);
    if (row.status === 'active') {
      const contribution = await this.contributionOf(row, stake);
      if (contribution > 0n) await this.repository.addWager(transaction, row.id, -contribution);
    }
    return transactionId;
  }

  private async pay(
    transaction: DatabaseTransaction,
    round: {
      userId: string;
      currency: string;
      reference: string;
      metadata?: Record<string, unknown> | undefined;
    },
    type: string,
    mainMinor: bigint,
    bonusMinor: bigint,
  ): Promise<string | null> {
    if (mainMinor + bonusMinor <= 0n) return null;
    const { transactionId } = await this.ledger.postTransaction(transaction, {
      type,
      externalReference: round.reference,
      postings: payoutPostings(round.userId, round.currency, mainMinor, bonusMinor),
      ...(round.metadata ? { metadata: round.metadata } : {}),
    });
    return transactionId;
  }

  private async contributionOf(
    row: UserBonusRow & { percent: number },
    stake: { currency: string; stakeMinor: bigint },
  ): Promise<bigint> {
    const stakeInBonus =
      stake.currency === row.currency
        ? stake.stakeMinor
        : await this.ledger.convert(stake.stakeMinor, stake.currency, row.currency);
    return wagerContributionMinor(stakeInBonus, row.percent);
  }

  private async accrue(
    transaction: DatabaseTransaction,
    row: UserBonusRow & { percent: number },
    stake: { currency: string; stakeMinor: bigint },
  ): Promise<UserBonusRow> {
    const contribution = await this.contributionOf(row, stake);
    if (contribution === 0n) return row;
    return (await this.repository.addWager(transaction, row.id, contribution)) ?? row;
  }

  /**
   * Bonus money of a round whose bonus has ended: converted to main money while a completed
   * bonus's conversion cap allows (returned), otherwise kept by the house (never paid).
   */
  private async lateMoney(
    transaction: DatabaseTransaction,
    row: UserBonusRow,
    amountMinor: bigint,
  ): Promise<bigint> {
    if (row.status !== 'completed') return 0n;
    const converted = row.converted_minor ?? 0n;
    const room = row.max_convert_minor === null ? amountMinor : row.max_convert_minor - converted;
    const toMain = room <= 0n ? 0n : room < amountMinor ? room : amountMinor;
    if (toMain > 0n) await this.repository.addConverted(transaction, row.id, toMain);
    return toMain;
  }

  /** After a settlement of the active bonus: completes it, or marks it lost, or leaves it. */
  private async settleOutcome(
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

  /** Ends the active bonus (expired, forfeited, lost): its money to the house, the next starts. */
  private async end(
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

  // ─── ending by deadline, withdrawal, cancel ───────────────────────────────────────────────

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
  async sweep(batchSize = 100): Promise<{ expired: number }> {
    let expired = 0;
    for (const id of await this.repository.dueExpired(this.clock.now(), batchSize)) {
      if (await this.expire(id)) expired += 1;
    }
    return { expired };
  }

  /**
   * A withdrawal is being created (in its transaction, before its hold): every active and
   * pending bonus is forfeited, so the withdrawal can only take main money. Returns how many.
   */
  async forfeitForWithdrawal(transaction: DatabaseTransaction, userId: string): Promise<number> {
    const open = await this.repository.lockOpen(transaction, userId);
    for (const row of open) await this.end(transaction, row, 'forfeited', false);
    if (open.length > 0) this.openBonuses.markWithoutBonus(transaction, userId);
    return open.length;
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
    return await this.view(ended, account.language, transaction);
  }

  // ─── the player's views ───────────────────────────────────────────────────────────────────

  /**
   * `GET /api/v2/bonuses`: the offers open to the player — every enabled welcome, everyday and
   * deposit offer and the player's open personal offers — with their settings. `status` is
   * `inactive` for a welcome offer already received, else `active`; `isCurrent` marks what the
   * next fiat deposit would receive.
   */
  async offers(account: PlayerAccount): Promise<BonusOffersResponse> {
    const now = this.clock.now();
    const [rows, personal, received, settingsRow, daily] = await Promise.all([
      this.repository.listOffers({ types: ['welcome', 'everyday', 'deposit'], enabledOnly: true }),
      this.repository.openPersonalOffers(account.id, now),
      this.repository.receivedOfferIds(account.id),
      this.repository.findSettings(account.id),
      this.repository.findDaily(account.id),
    ]);
    const settings = settingsOf(settingsRow);
    const nextNumber = account.depositCount + 1;
    const current = new Set<string>();
    const firstPersonal = personal[0];
    if (firstPersonal) current.add(firstPersonal.offer.id);
    if (settings.isWelcomeEnabledFiat && isWelcomeDeposit(nextNumber)) {
      const offer = await this.welcomeOfferFor(
        nextNumber,
        settings.preferredFiat,
        received,
        this.db,
      );
      if (offer && !(offer.type === 'welcome' && received.has(offer.id))) current.add(offer.id);
    }
    const armedToday = daily?.armed_day === utcDay(now) && daily.consumed_at === null;
    const convert = this.converter(account.primaryCurrency);
    const named = await this.namedGames([...rows, ...personal.map((entry) => entry.offer)]);
    const items: BonusOffer[] = [];
    for (const offer of rows) {
      const claimed = offer.type === 'welcome' && received.has(offer.id);
      items.push(
        offerView(
          offer,
          await conditionsOf(offer, named(offer.id), account.primaryCurrency, convert, null),
          account.language,
          {
            status: claimed ? 'inactive' : 'active',
            isClaimed: claimed,
            isFirst: offer.type === 'welcome' && offer.min_deposit_number === 1,
            isPersonal: false,
            isCurrent: current.has(offer.id) || (offer.type === 'everyday' && armedToday),
          },
        ),
      );
    }
    for (const { personal: assignment, offer } of personal) {
      items.push(
        offerView(
          offer,
          await conditionsOf(
            offer,
            named(offer.id),
            account.primaryCurrency,
            convert,
            assignment.id,
          ),
          account.language,
          {
            status: 'active',
            isClaimed: false,
            isFirst: false,
            isPersonal: true,
            isCurrent: assignment.id === firstPersonal?.personal.id,
          },
        ),
      );
    }
    return { items, settings };
  }

  /** `GET /api/v2/bonuses/user`: the player's bonuses, active and pending first, then newest. */
  async userBonuses(account: PlayerAccount): Promise<UserBonusesResponse> {
    return { items: await this.userBonusesOf(account.id, account.language) };
  }

  /** A player's bonuses in a language (the operator's view uses English). */
  async userBonusesOf(userId: string, language: string): Promise<UserBonus[]> {
    const rows = await this.repository.listForUser(userId, maxUserBonusesListed);
    return await this.views(rows, language, this.db);
  }

  /**
   * The games of one of the player's bonuses (`/bonuses/{id}/games`): its games list, or null
   * for "every game" when it has none. not_found for anyone else's bonus.
   */
  async bonusGameIds(account: PlayerAccount, bonusId: string): Promise<string[] | null> {
    const row = isUuid(bonusId) ? await this.repository.find(bonusId) : undefined;
    if (row?.user_id !== account.id) throw new AppError('not_found');
    const games = await this.repository.offerGames([row.offer_id]);
    return games.length === 0 ? null : games.map((game) => game.game_id);
  }

  /** `POST /api/v2/users/loyalty`: saves any subset of the settings. */
  async saveLoyalty(account: PlayerAccount, body: LoyaltySettingsBody): Promise<BonusSettings> {
    for (const [field, preferred] of [
      ['preferredFiat', body.preferredFiat],
      ['preferredCrypto', body.preferredCrypto],
    ] as const) {
      if (!preferred?.id) continue;
      const offer = isUuid(preferred.id)
        ? await this.repository.findOffer(preferred.id)
        : undefined;
      if (!offer?.is_enabled || (offer.type !== 'welcome' && offer.type !== 'deposit')) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: `${field}.id`, message: 'Validation.invalid_value' }] },
        });
      }
    }
    return await this.transactions.run(async (transaction) => {
      const current = (await this.repository.findSettings(account.id, transaction)) ?? {
        user_id: account.id,
        ...defaultSettings,
      };
      const saved = await this.repository.saveSettings(transaction, {
        user_id: account.id,
        is_welcome_enabled_fiat: body.isWelcomeEnabledFiat ?? current.is_welcome_enabled_fiat,
        is_welcome_enabled_crypto: body.isWelcomeEnabledCrypto ?? current.is_welcome_enabled_crypto,
        preferred_fiat_offer_id:
          body.preferredFiat === undefined
            ? current.preferred_fiat_offer_id
            : body.preferredFiat.id,
        preferred_fiat_enabled: body.preferredFiat?.isEnabled ?? current.preferred_fiat_enabled,
        preferred_crypto_offer_id:
          body.preferredCrypto === undefined
            ? current.preferred_crypto_offer_id
            : body.preferredCrypto.id,
        preferred_crypto_enabled:
          body.preferredCrypto?.isEnabled ?? current.preferred_crypto_enabled,
        updated_at: this.clock.now(),
      });
      return settingsOf(saved);
    });
  }

  // ─── the daily (everyday) bonus ───────────────────────────────────────────────────────────

  /**
   * `GET /api/v2/bonuses/daily`. Available to players with at least four completed deposits,
   * once per UTC day, when an everyday offer exists; `isShowModal` until the drawer was shown
   * this UTC day.
   */
  async dailyStatus(
    account: PlayerAccount,
    executor: DatabaseExecutor = this.db,
  ): Promise<DailyBonusStatus> {
    const now = this.clock.now();
    const [daily, offer] = await Promise.all([
      this.repository.findDaily(account.id, executor),
      this.everydayOffer(executor),
    ]);
    const today = utcDay(now);
    const usedToday = daily?.armed_day === today;
    const lastShown = daily?.last_show_modal_at ?? null;
    return {
      countDeposit: account.depositCount,
      isAvailable: offer !== undefined && account.depositCount >= everydayMinDeposits && !usedToday,
      isShowModal: lastShown === null || lastShown.getTime() < utcDayStart(now).getTime(),
      lastShowModalAt: lastShown?.toISOString() ?? null,
      usedAt: usedToday ? (daily?.armed_at?.toISOString() ?? null) : null,
      nextAt: utcDayEnd(now).toISOString(),
      offer: offer
        ? offerView(
            offer,
            await conditionsOf(
              offer,
              (await this.namedGames([offer]))(offer.id),
              account.primaryCurrency,
              this.converter(account.primaryCurrency),
              null,
            ),
            account.language,
            {
              status: usedToday ? 'inactive' : 'active',
              isClaimed: usedToday,
              isFirst: false,
              isPersonal: false,
              isCurrent: usedToday && daily?.consumed_at === null,
            },
          )
        : null,
    };
  }

  /** `PUT /api/v2/bonuses/daily/show`: the drawer was shown now. */
  async markDailyShown(account: PlayerAccount): Promise<{ lastShowModalAt: string }> {
    const now = this.clock.now();
    await this.repository.markDailyShown(account.id, now);
    return { lastShowModalAt: now.toISOString() };
  }

  /**
   * `POST /api/v2/bonuses/daily/use`: arms today's everyday bonus — the first deposit completed
   * later this UTC day receives it. bonus_not_available before four deposits or without an
   * everyday offer; daily_bonus_used when armed today already.
   */
  async useDaily(
    transaction: DatabaseTransaction,
    account: PlayerAccount,
  ): Promise<DailyBonusStatus> {
    const offer = await this.everydayOffer(transaction);
    if (!offer || account.depositCount < everydayMinDeposits) {
      throw new AppError('bonus_not_available');
    }
    const now = this.clock.now();
    if (!(await this.repository.armDaily(transaction, account.id, utcDay(now), now))) {
      throw new AppError('daily_bonus_used', { payload: { nextAt: utcDayEnd(now).toISOString() } });
    }
    return await this.dailyStatus(account, transaction);
  }

  /** `GET /api/v1/wallet/currencies/bonus`: the deposit bonus by currency (public). */
  async currencyDepositBonuses(): Promise<CurrencyDepositBonus[]> {
    const [rows, fallback] = await Promise.all([
      this.repository.listDepositBonuses(),
      this.firstDepositOffer(this.db),
    ]);
    const offers = new Map<string, OfferRow>();
    for (const row of rows) {
      if (row.offer_id !== null && !offers.has(row.offer_id)) {
        const offer = await this.repository.findOffer(row.offer_id);
        if (offer) offers.set(offer.id, offer);
      }
    }
    return rows.map((row) => {
      const offer = row.offer_id === null ? fallback : offers.get(row.offer_id);
      return {
        code: row.code,
        network: row.network,
        depositBonusAvailable: row.is_enabled && offer?.is_enabled === true,
        depositBonus: factorToNumber(row.fraction),
      };
    });
  }

  // ─── for the wheel and promo codes ────────────────────────────────────────────────────────

  /** An offer's conditions in `currency` (a promo code's info). not_found for no such offer. */
  async offerConditions(
    offerId: string,
    currency: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<BonusConditions> {
    const offer = isUuid(offerId) ? await this.repository.findOffer(offerId, executor) : undefined;
    if (!offer) throw new AppError('not_found', { message: 'No such offer.' });
    const named = await this.namedGames([offer], executor);
    return await conditionsOf(offer, named(offer.id), currency, this.converter(currency), null);
  }

  async offerExists(offerId: string, executor: DatabaseExecutor = this.db): Promise<boolean> {
    return isUuid(offerId) && (await this.repository.findOffer(offerId, executor)) !== undefined;
  }

  /**
   * The offer whose conditions a wheel prize of the 'other' balance type takes: the first
   * enabled `wheel` offer (migration 0016 adds one: wager ×3, 72 hours). bonus_not_available
   * when the operator disabled them all.
   */
  async wheelOfferId(executor: DatabaseExecutor = this.db): Promise<string> {
    const offer = (
      await this.repository.listOffers({ types: ['wheel'], enabledOnly: true }, executor)
    )[0];
    if (!offer) throw new AppError('bonus_not_available');
    return offer.id;
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

  private async fromUsd(usdMinor: bigint, currency: string): Promise<bigint> {
    return await this.ledger.convert(usdMinor, offerCurrency, currency);
  }

  private converter(currency: string): UsdConverter {
    return (usdMinor) => this.fromUsd(usdMinor, currency);
  }

  /** The games lists of offers with their titles, by offer id. */
  private async namedGames(
    offers: readonly OfferRow[],
    executor: DatabaseExecutor = this.db,
  ): Promise<(offerId: string) => ReturnType<typeof gamesWagersOf>> {
    const games = await this.repository.offerGames(
      offers.map((offer) => offer.id),
      executor,
    );
    const titles = await this.games.titlesOf(
      games.map((game) => game.game_id),
      executor,
    );
    const byOffer = new Map<string, OfferGameRow[]>();
    for (const game of games) {
      const list = byOffer.get(game.offer_id) ?? [];
      list.push(game);
      byOffer.set(game.offer_id, list);
    }
    return (offerId) => gamesWagersOf(byOffer.get(offerId) ?? [], titles);
  }

  private async view(
    row: UserBonusRow,
    language: string,
    executor: DatabaseExecutor,
  ): Promise<UserBonus> {
    const [view] = await this.views([row], language, executor);
    if (!view) throw new Error(`no view of bonus ${row.id}`);
    return view;
  }

  private async views(
    rows: readonly UserBonusRow[],
    language: string,
    executor: DatabaseExecutor,
  ): Promise<UserBonus[]> {
    if (rows.length === 0) return [];
    const offers = new Map<string, OfferRow>();
    for (const offerId of new Set(rows.map((row) => row.offer_id))) {
      const offer = await this.repository.findOffer(offerId, executor);
      if (offer) offers.set(offer.id, offer);
    }
    const named = await this.namedGames([...offers.values()], executor);
    const views: UserBonus[] = [];
    for (const row of rows) {
      const offer = offers.get(row.offer_id);
      const activeBalance =
        row.status === 'active'
          ? await this.ledger.balance(row.user_id, row.currency, 'bonus', executor)
          : 0n;
      const conditions = offer
        ? await conditionsOf(
            offer,
            named(offer.id),
            row.currency,
            this.converter(row.currency),
            row.personal_offer_id,
          )
        : null;
      views.push(userBonusView(row, offer, conditions, language, activeBalance));
    }
    return views;
  }
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
