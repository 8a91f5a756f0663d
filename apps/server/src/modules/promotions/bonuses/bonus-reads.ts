import {
  type BonusSettings,
  depositQualifies,
  factorToNumber,
  grantAmountMinor,
  type UserBonus,
  welcomeStepForDeposit,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type { GamesService } from '../../casino/games/games.service.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import {
  conditionsOf,
  gamesWagersOf,
  offerCurrency,
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

// The bonus engine's parts (bonus-lifecycle, bonus-rounds, cashier-bonuses, player-bonuses)
// share these reads of offers, amounts and views; nothing outside the bonuses module uses them.

export const defaultSettings = {
  is_welcome_enabled_fiat: true,
  is_welcome_enabled_crypto: true,
  preferred_fiat_offer_id: null,
  preferred_fiat_enabled: false,
  preferred_crypto_offer_id: null,
  preferred_crypto_enabled: false,
} as const;

export function settingsOf(row: PlayerSettingsRow | undefined): BonusSettings {
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

/** Whether a deposit (USD minor units) lies within the offer's bounds. */
export function qualifies(offer: OfferRow, depositUsdMinor: bigint): boolean {
  return depositQualifies(
    depositUsdMinor,
    offer.min_deposit_usd_minor,
    offer.max_deposit_usd_minor,
  );
}

export interface BonusReadsDependencies {
  db: Kysely<Database>;
  repository: BonusesRepository;
  ledger: Pick<LedgerService, 'balance' | 'convert'>;
  games: Pick<GamesService, 'titlesOf'>;
}

/** Reads the engine's parts share: offers in the player's currency, welcome steps, views. */
export class BonusReads {
  private readonly db: Kysely<Database>;
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<LedgerService, 'balance' | 'convert'>;
  private readonly games: Pick<GamesService, 'titlesOf'>;

  constructor({ db, repository, ledger, games }: BonusReadsDependencies) {
    this.db = db;
    this.repository = repository;
    this.ledger = ledger;
    this.games = games;
  }

  /**
   * What welcome deposit `number` receives when it qualifies: the player's preferred offer for
   * the kind when set and enabled, else the welcome step of the contract's rule
   * (`welcomeStepForDeposit`, the one the drawer shows as available): the first step of the
   * enabled welcome offers that is not among the offers the player `received`.
   */
  async welcomeOfferFor(
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

  async everydayOffer(executor: DatabaseExecutor): Promise<OfferRow | undefined> {
    return (
      await this.repository.listOffers({ types: ['everyday'], enabledOnly: true }, executor)
    )[0];
  }

  /**
   * What an offer grants for a deposit: deposit × amountMultiplier capped at maxAmount, or,
   * for an offer without a multiplier, its fixed amount (a promo code's personal offer).
   */
  async offerAmount(offer: OfferRow, depositMinor: bigint, currency: string) {
    if (factorToNumber(offer.amount_multiplier) === 0 && offer.amount_usd_minor !== null) {
      return await this.fromUsd(offer.amount_usd_minor, currency);
    }
    return await this.depositGrant(offer, depositMinor, offer.amount_multiplier, currency);
  }

  /** deposit × factor, capped at the offer's 'up to' amount in the player's currency. */
  async depositGrant(
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

  async fromUsd(usdMinor: bigint, currency: string): Promise<bigint> {
    return await this.ledger.convert(usdMinor, offerCurrency, currency);
  }

  converter(currency: string): UsdConverter {
    return (usdMinor) => this.fromUsd(usdMinor, currency);
  }

  /** The games lists of offers with their titles, by offer id. */
  async namedGames(
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

  async view(row: UserBonusRow, language: string, executor: DatabaseExecutor): Promise<UserBonus> {
    const [view] = await this.views([row], language, executor);
    if (!view) throw new Error(`no view of bonus ${row.id}`);
    return view;
  }

  async views(
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
