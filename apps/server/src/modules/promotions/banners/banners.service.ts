import {
  type BackofficeBanner,
  type BackofficeBannersQuery,
  type BackofficePartner,
  type Banner,
  type BannersQuery,
  type BannersResponse,
  type BannerTournament,
  type BannerViewer,
  bannerTypesOf,
  currencyScale,
  defaultLocale,
  formatMinorToDecimal,
  gameBannerTypes,
  isBannerVisible,
  type Locale,
  type NewBannerBody,
  type Partner,
  type PartnerBody,
  type PlayerCategoryBody,
  parseDecimalToMinor,
  type UpdateBannerBody,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isConstraintViolation } from '../../../lib/constraint-violation.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { GamesService } from '../../casino/games/games.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import {
  type BannerRow,
  type BannersRepository,
  type BannerTournamentRow,
  bannerPromoCategoryReference,
  bannerTournamentReference,
  type NewBannerRow,
  type PartnerRow,
} from './banners.repository.ts';
import type { StoredBannerDescription } from './banners.tables.ts';
import {
  demoBanners,
  demoPartners,
  demoTournamentBanner,
  demoTournamentBannerId,
  retiredDemoBannerWords,
  retiredDemoPartnerWords,
} from './demo-banners.ts';

/** Deposit sum bounds are USD cents, as billing reports the sum. */
const depositSumScale = currencyScale('USD');

/** Who asks for banners: a guest (no user) or a player, and the country of the IP. */
export interface BannerCaller {
  userId: string | null;
  country: string | null;
}

type FieldErrors = Array<{ field: string; message: string }>;

function fieldErrors(fields: FieldErrors): AppError {
  return new AppError('validation_error', { payload: { fields } });
}

/** A deposit sum bound in USD cents; more than two decimals is the field's error. */
function usdMinor(amount: string | null, field: string): bigint | null {
  if (amount === null) return null;
  const minor = parseDecimalToMinor(amount, depositSumScale);
  if (minor === null) throw fieldErrors([{ field, message: 'Validation.invalid_amount' }]);
  return minor;
}

function usdDecimal(minor: bigint | null): string | null {
  return minor === null ? null : formatMinorToDecimal(minor, depositSumScale);
}

/** The entries of `locale` and English only (all of them without a locale). */
function narrow<T>(descriptions: Record<string, T>, locale: Locale | undefined): Record<string, T> {
  if (locale === undefined) return descriptions;
  const narrowed: Record<string, T> = {};
  for (const key of new Set([locale, defaultLocale])) {
    const entry = descriptions[key];
    if (entry !== undefined) narrowed[key] = entry;
  }
  return narrowed;
}

function toTournament(row: BannerTournamentRow, locale: Locale | undefined): BannerTournament {
  const descriptions: BannerTournament['descriptions'] = {};
  for (const [key, value] of Object.entries(narrow(row.descriptions, locale))) {
    descriptions[key] = { name: value.name, image: value.image };
  }
  return {
    id: row.id,
    descriptions,
    ends_at: row.ends_at.toISOString(),
    vip_players_only: row.vip_only,
  };
}

export interface BannersServiceDependencies {
  db: Kysely<Database>;
  repository: BannersRepository;
  users: Pick<UsersService, 'getProfile' | 'getBilling'>;
  games: Pick<GamesService, 'titlesOf' | 'providers' | 'categories' | 'promoCategories'>;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Banners (shell spec §3, §5): the operator defines them; each viewer receives the enabled
 * banners the contract's rules let them see (hiding rules on country, login, VIP and billing;
 * type rules), so VIP and deposit-bound banners never reach anyone else. The app applies the
 * same rules again, e.g. hiding the wallet banner the moment a deposit completes.
 */
export class BannersService {
  private readonly db: Kysely<Database>;
  private readonly repository: BannersRepository;
  private readonly users: Pick<UsersService, 'getProfile' | 'getBilling'>;
  private readonly games: Pick<
    GamesService,
    'titlesOf' | 'providers' | 'categories' | 'promoCategories'
  >;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    db,
    repository,
    users,
    games,
    audit,
    clock,
    transactions,
  }: BannersServiceDependencies) {
    this.db = db;
    this.repository = repository;
    this.users = users;
    this.games = games;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
  }

  async forViewer(caller: BannerCaller, query: BannersQuery): Promise<BannersResponse> {
    const viewer = await this.viewer(caller, query.locale ?? defaultLocale);
    const rows = await this.repository.enabled(this.db, bannerTypesOf(query.placement));
    const tournamentIds = rows.flatMap((row) => (row.tournament_id ? [row.tournament_id] : []));
    const tournaments = new Map(
      (await this.repository.openTournaments(this.db, tournamentIds, this.clock.now())).map(
        (row) => [row.id, toTournament(row, query.locale)],
      ),
    );
    const promoGames = rows.some((row) => row.promo_category_id !== null)
      ? new Map((await this.games.promoCategories()).map((row) => [row.id, row.gamesCount]))
      : new Map<number, number>();
    const items = rows
      .map((row) => toBanner(row, tournaments, promoGames, query.locale))
      .filter((banner) => isBannerVisible(banner, viewer));
    return { country: caller.country, items };
  }

  private async viewer(caller: BannerCaller, locale: string): Promise<BannerViewer> {
    if (caller.userId === null) {
      return {
        signedIn: false,
        isVip: false,
        hasDeposits: false,
        country: caller.country,
        billing: null,
        locale,
      };
    }
    const [profile, billing] = await Promise.all([
      this.users.getProfile(caller.userId),
      this.users.getBilling(caller.userId),
    ]);
    return {
      signedIn: true,
      isVip: profile.isVip,
      hasDeposits: profile.hasDeposits,
      country: caller.country,
      billing,
      locale,
    };
  }

  // ─── partners ─────────────────────────────────────────────────────────────────────────

  async partners(locale: Locale | undefined): Promise<Partner[]> {
    const rows = await this.repository.partners(this.db, { enabledOnly: true });
    return rows.flatMap((row) => {
      const copy = row.descriptions[locale ?? defaultLocale] ?? row.descriptions[defaultLocale];
      if (!copy) return [];
      return [
        {
          id: row.id,
          title: copy.title,
          description: copy.description,
          image: row.image,
          url: row.url,
        },
      ];
    });
  }

  // ─── backoffice ───────────────────────────────────────────────────────────────────────

  async list(query: BackofficeBannersQuery) {
    const { rows, meta } = await this.repository.page(this.db, query);
    return {
      items: rows.map(toBackoffice),
      meta,
    };
  }

  async create(actor: OperatorActor, body: NewBannerBody): Promise<BackofficeBanner> {
    const values = toColumns(body);
    await this.assertValid(values);
    const now = this.clock.now();
    const row = await this.asFieldErrors(() =>
      this.transactions.run(async (transaction) => {
        const inserted = await this.repository.insert(transaction, {
          ...values,
          created_at: now,
          updated_at: now,
        });
        await this.audit.record(
          actor,
          {
            action: 'banners.create',
            targetType: 'banner',
            targetId: inserted.id,
            payload: { banner: toBackoffice(inserted) },
          },
          transaction,
        );
        return inserted;
      }),
    );
    return toBackoffice(row);
  }

  /** Any subset of the fields; the type's needs are checked on the merged banner. */
  async update(
    actor: OperatorActor,
    id: string,
    body: UpdateBannerBody,
  ): Promise<BackofficeBanner> {
    const row = await this.asFieldErrors(() =>
      this.transactions.run(async (transaction) => {
        const current = await this.repository.lockById(transaction, id);
        if (!current) throw new AppError('not_found', { message: 'There is no such banner.' });
        const previous = toBackoffice(current);
        const merged = toColumns({
          type: body.type ?? previous.type,
          position: body.position ?? previous.position,
          isEnabled: body.isEnabled ?? previous.isEnabled,
          descriptions: body.descriptions ?? previous.descriptions,
          url: body.url === undefined ? previous.url : body.url,
          gameIds: body.gameIds ?? previous.gameIds,
          providerIds: body.providerIds ?? previous.providerIds,
          categoryKeys: body.categoryKeys ?? previous.categoryKeys,
          promoCategoryId:
            body.promoCategoryId === undefined ? previous.promoCategoryId : body.promoCategoryId,
          tournamentId: body.tournamentId === undefined ? previous.tournamentId : body.tournamentId,
          geo: body.geo ?? previous.geo,
          playerCategory: body.playerCategory ?? previous.playerCategory,
        });
        await this.assertValid(merged);
        const updated = await this.repository.update(transaction, id, {
          ...merged,
          updated_at: this.clock.now(),
        });
        await this.audit.record(
          actor,
          {
            action: 'banners.update',
            targetType: 'banner',
            targetId: id,
            payload: { previous, banner: toBackoffice(updated) },
          },
          transaction,
        );
        return updated;
      }),
    );
    return toBackoffice(row);
  }

  async remove(actor: OperatorActor, id: string): Promise<void> {
    await this.transactions.run(async (transaction) => {
      const removed = await this.repository.delete(transaction, id);
      if (!removed) throw new AppError('not_found', { message: 'There is no such banner.' });
      await this.audit.record(
        actor,
        {
          action: 'banners.delete',
          targetType: 'banner',
          targetId: id,
          payload: { banner: toBackoffice(removed) },
        },
        transaction,
      );
    });
  }

  async backofficePartners(): Promise<BackofficePartner[]> {
    return (await this.repository.partners(this.db, { enabledOnly: false })).map(
      toBackofficePartner,
    );
  }

  /** Creates the partner `id` or replaces it whole. */
  async putPartner(actor: OperatorActor, body: PartnerBody): Promise<BackofficePartner> {
    const now = this.clock.now();
    return await this.transactions.run(async (transaction) => {
      const previous = await this.repository.lockPartner(transaction, body.id);
      const row = await this.repository.upsertPartner(transaction, {
        id: body.id,
        position: body.position,
        is_enabled: body.isEnabled,
        image: body.image,
        url: body.url,
        descriptions: JSON.stringify(body.descriptions),
        created_at: now,
        updated_at: now,
      });
      await this.audit.record(
        actor,
        {
          action: previous ? 'partners.update' : 'partners.create',
          targetType: 'partner',
          targetId: row.id,
          payload: {
            previous: previous ? toBackofficePartner(previous) : null,
            partner: toBackofficePartner(row),
          },
        },
        transaction,
      );
      return toBackofficePartner(row);
    });
  }

  async removePartner(actor: OperatorActor, id: string): Promise<void> {
    await this.transactions.run(async (transaction) => {
      const removed = await this.repository.deletePartner(transaction, id);
      if (!removed) throw new AppError('not_found', { message: 'There is no such partner.' });
      await this.audit.record(
        actor,
        {
          action: 'partners.delete',
          targetType: 'partner',
          targetId: id,
          payload: { partner: toBackofficePartner(removed) },
        },
        transaction,
      );
    });
  }

  // ─── demo data ────────────────────────────────────────────────────────────────────────

  /**
   * The demo banners (one per type the home carousel shows) and partners, each inserted once
   * under a fixed id; the tournament banner waits for a public tournament to advertise.
   */
  async seedDemo(): Promise<void> {
    const now = this.clock.now();
    await this.transactions.run(async (transaction) => {
      for (const banner of demoBanners) {
        await this.repository.insertIfMissing(transaction, {
          ...toColumns(banner.body),
          id: banner.id,
        });
      }
      for (const retired of retiredDemoBannerWords) {
        const current = demoBanners.find((banner) => banner.id === retired.id);
        if (!current) continue;
        await this.repository.replaceUnedited(
          transaction,
          retired.id,
          retired.words,
          toColumns(current.body),
          now,
        );
      }
      const tournament = await this.repository.firstPublicOpenTournament(transaction, now);
      if (tournament) {
        await this.repository.insertIfMissing(transaction, {
          ...toColumns({
            ...demoTournamentBanner,
            tournamentId: tournament.id,
          }),
          id: demoTournamentBannerId,
        });
      }
      for (const partner of demoPartners) {
        await this.repository.insertPartnerIfMissing(transaction, {
          id: partner.id,
          position: partner.position,
          is_enabled: partner.isEnabled,
          image: partner.image,
          url: partner.url,
          descriptions: JSON.stringify(partner.descriptions),
        });
        const retired = retiredDemoPartnerWords.find((words) => words.id === partner.id);
        if (retired) {
          await this.repository.replaceUneditedPartner(
            transaction,
            partner.id,
            retired.descriptions,
            JSON.stringify(partner.descriptions),
            now,
          );
        }
      }
    });
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────

  /** Spec §5 type needs, deposit bounds that do not cross, and ids that name real things. */
  private async assertValid(values: NewBannerRow): Promise<void> {
    const fields: FieldErrors = [];
    const gameIds = values.game_ids ?? [];
    const providerIds = values.provider_ids ?? [];
    const categoryKeys = values.category_keys ?? [];
    const hasLink =
      values.tournament_id != null ||
      providerIds.length > 0 ||
      categoryKeys.length > 0 ||
      values.promo_category_id != null;
    if (gameBannerTypes.includes(values.type) && gameIds.length === 0) {
      fields.push({ field: 'gameIds', message: 'Validation.required' });
    }
    if (values.type === 'tournament' && values.tournament_id == null) {
      fields.push({ field: 'tournamentId', message: 'Validation.required' });
    }
    if (values.type === 'common' && values.url == null && !hasLink) {
      fields.push({ field: 'url', message: 'Validation.required' });
    }
    if (
      (values.type === 'active_players' || values.type === 'cashback_new_web') &&
      values.url == null
    ) {
      fields.push({ field: 'url', message: 'Validation.required' });
    }
    const sumFrom = values.deposits_from_minor ?? null;
    const sumTo = values.deposits_to_minor ?? null;
    if (sumFrom !== null && sumTo !== null && sumFrom > sumTo) {
      fields.push({ field: 'playerCategory.deposits_to', message: 'Validation.invalid_value' });
    }
    const countFrom = values.deposits_count_from ?? null;
    const countTo = values.deposits_count_to ?? null;
    if (countFrom !== null && countTo !== null && countFrom > countTo) {
      fields.push({
        field: 'playerCategory.deposits_count_to',
        message: 'Validation.invalid_value',
      });
    }
    if (gameIds.length > 0) {
      const known = await this.games.titlesOf(gameIds);
      if (gameIds.some((id) => !known.has(id))) {
        fields.push({ field: 'gameIds', message: 'Validation.invalid_value' });
      }
    }
    if (providerIds.length > 0) {
      const known = new Set((await this.games.providers()).map((provider) => provider.id));
      if (providerIds.some((id) => !known.has(id))) {
        fields.push({ field: 'providerIds', message: 'Validation.invalid_value' });
      }
    }
    if (categoryKeys.length > 0) {
      const known = new Set(
        (await this.games.categories())
          .filter((category) => category.entity === 'category')
          .map((category) => category.value),
      );
      if (categoryKeys.some((key) => !known.has(key))) {
        fields.push({ field: 'categoryKeys', message: 'Validation.invalid_value' });
      }
    }
    if (
      values.tournament_id != null &&
      !(await this.repository.tournamentExists(this.db, values.tournament_id))
    ) {
      fields.push({ field: 'tournamentId', message: 'Validation.invalid_value' });
    }
    if (fields.length > 0) throw fieldErrors(fields);
  }

  /** A promo category or tournament removed meanwhile answers a field error. */
  private async asFieldErrors<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isConstraintViolation(error, 'foreign_key', bannerPromoCategoryReference)) {
        throw fieldErrors([{ field: 'promoCategoryId', message: 'Validation.invalid_value' }]);
      }
      if (isConstraintViolation(error, 'foreign_key', bannerTournamentReference)) {
        throw fieldErrors([{ field: 'tournamentId', message: 'Validation.invalid_value' }]);
      }
      throw error;
    }
  }
}

function toColumns(body: {
  type: NewBannerBody['type'];
  position: number;
  isEnabled: boolean;
  descriptions: Record<string, StoredBannerDescription | undefined>;
  url: string | null;
  gameIds: string[];
  providerIds: string[];
  categoryKeys: string[];
  promoCategoryId: number | null;
  tournamentId: string | null;
  geo: string[];
  playerCategory: PlayerCategoryBody;
}): NewBannerRow {
  const category = body.playerCategory;
  const descriptions: Record<string, StoredBannerDescription> = {};
  for (const [locale, description] of Object.entries(body.descriptions)) {
    if (description !== undefined) descriptions[locale] = description;
  }
  return {
    type: body.type,
    position: body.position,
    is_enabled: body.isEnabled,
    descriptions: JSON.stringify(descriptions),
    url: body.url,
    game_ids: [...new Set(body.gameIds)],
    provider_ids: [...new Set(body.providerIds)],
    category_keys: [...new Set(body.categoryKeys)],
    promo_category_id: body.promoCategoryId,
    tournament_id: body.tournamentId,
    geo: [...new Set(body.geo.map((country) => country.toUpperCase()))].sort(),
    authorized: category.authorized,
    vip: category.vip,
    all_players: category.all,
    deposits_from_minor: usdMinor(category.deposits_from, 'playerCategory.deposits_from'),
    deposits_to_minor: usdMinor(category.deposits_to, 'playerCategory.deposits_to'),
    deposits_count_from: category.deposits_count_from,
    deposits_count_to: category.deposits_count_to,
  };
}

function playerCategoryOf(row: BannerRow): Banner['settings']['player_category'] {
  return {
    authorized: row.authorized,
    vip: row.vip,
    all: row.all_players,
    deposits_from: usdDecimal(row.deposits_from_minor),
    deposits_to: usdDecimal(row.deposits_to_minor),
    deposits_count_from: row.deposits_count_from,
    deposits_count_to: row.deposits_count_to,
  };
}

function toBanner(
  row: BannerRow,
  tournaments: ReadonlyMap<string, BannerTournament>,
  promoGames: ReadonlyMap<number, number>,
  locale: Locale | undefined,
): Banner {
  const promoCount =
    row.promo_category_id === null ? undefined : promoGames.get(row.promo_category_id);
  return {
    id: row.id,
    type: row.type,
    descriptions: narrow(row.descriptions, locale),
    url: row.url,
    games: row.game_ids.map((game_id) => ({ game_id })),
    game_providers: row.provider_ids.map((provider_id) => ({ provider_id })),
    game_categories: row.category_keys.map((key_title) => ({ key_title })),
    promo_category:
      row.promo_category_id === null || promoCount === undefined
        ? null
        : { id: row.promo_category_id, games_count: promoCount },
    tournament: row.tournament_id === null ? null : (tournaments.get(row.tournament_id) ?? null),
    settings: { geo: row.geo, player_category: playerCategoryOf(row) },
  };
}

function toBackoffice(row: BannerRow): BackofficeBanner {
  return {
    id: row.id,
    type: row.type,
    position: row.position,
    isEnabled: row.is_enabled,
    descriptions: row.descriptions,
    url: row.url,
    gameIds: row.game_ids,
    providerIds: row.provider_ids,
    categoryKeys: row.category_keys,
    promoCategoryId: row.promo_category_id,
    tournamentId: row.tournament_id,
    geo: row.geo,
    playerCategory: playerCategoryOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toBackofficePartner(row: PartnerRow): BackofficePartner {
  return {
    id: row.id,
    position: row.position,
    isEnabled: row.is_enabled,
    image: row.image,
    url: row.url,
    descriptions: row.descriptions,
  };
}
