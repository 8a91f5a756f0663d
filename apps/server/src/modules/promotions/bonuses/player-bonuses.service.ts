import {
  type BonusConditions,
  type BonusOffer,
  type BonusOffersResponse,
  type BonusSettings,
  type DailyBonusStatus,
  everydayMinDeposits,
  isUuid,
  isWelcomeDeposit,
  type LoyaltySettingsBody,
  type UserBonus,
  type UserBonusesResponse,
  utcDay,
  utcDayEnd,
  utcDayStart,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { PlayerAccount } from '../../players/accounts/users.service.ts';
import { type BonusReads, defaultSettings, settingsOf } from './bonus-reads.ts';
import { conditionsOf, offerView } from './bonus-views.ts';
import type { BonusesRepository } from './bonuses.repository.ts';

/** The player's bonus list is unpaginated; it stops here. */
const maxUserBonusesListed = 200;

export interface PlayerBonusesDependencies {
  db: Kysely<Database>;
  repository: BonusesRepository;
  /** the offers, amounts and views the engine's parts share */
  reads: BonusReads;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * The bonus engine as the player sees and sets it (wallet spec §3–§4): the offers open to them,
 * their bonuses, the loyalty settings (welcome bonuses per method kind, preferred offers), the
 * daily (everyday) bonus, and an offer's conditions for the wheel and promo codes. It grants
 * nothing and moves no money.
 */
export class PlayerBonuses {
  private readonly db: Kysely<Database>;
  private readonly repository: BonusesRepository;
  private readonly reads: BonusReads;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({ db, repository, reads, clock, transactions }: PlayerBonusesDependencies) {
    this.db = db;
    this.repository = repository;
    this.reads = reads;
    this.clock = clock;
    this.transactions = transactions;
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
      const offer = await this.reads.welcomeOfferFor(
        nextNumber,
        settings.preferredFiat,
        received,
        this.db,
      );
      if (offer && !(offer.type === 'welcome' && received.has(offer.id))) current.add(offer.id);
    }
    const armedToday = daily?.armed_day === utcDay(now) && daily.consumed_at === null;
    const convert = this.reads.converter(account.primaryCurrency);
    const named = await this.reads.namedGames([...rows, ...personal.map((entry) => entry.offer)]);
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
    return await this.reads.views(rows, language, this.db);
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
      this.reads.everydayOffer(executor),
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
              (await this.reads.namedGames([offer]))(offer.id),
              account.primaryCurrency,
              this.reads.converter(account.primaryCurrency),
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
    const offer = await this.reads.everydayOffer(transaction);
    if (!offer || account.depositCount < everydayMinDeposits) {
      throw new AppError('bonus_not_available');
    }
    const now = this.clock.now();
    if (!(await this.repository.armDaily(transaction, account.id, utcDay(now), now))) {
      throw new AppError('daily_bonus_used', { payload: { nextAt: utcDayEnd(now).toISOString() } });
    }
    return await this.dailyStatus(account, transaction);
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
    const named = await this.reads.namedGames([offer], executor);
    return await conditionsOf(
      offer,
      named(offer.id),
      currency,
      this.reads.converter(currency),
      null,
    );
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
}
