import {
  type BackofficeGame,
  type BackofficeGameCategories,
  type BackofficeGameList,
  type BackofficeGameListQuery,
  type BackofficeStudios,
  type BetLimits,
  betLimitsFor,
  type FavoriteGames,
  type GameBlacklistRule,
  type GameBlockReason,
  type GameProvider,
  type GameSession,
  type GamesPage,
  type GamesQuery,
  type GameTile,
  type ListMeta,
  type NavigationCategory,
  type NewGameBlacklistRuleBody,
  type OriginalEngine,
  type PageQuery,
  type PromoCategory,
  type UpdateGameBody,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CacheInvalidation } from '../../../lib/cache-invalidation.ts';
import type { Clock } from '../../../lib/clock.ts';
import { KeyedCache } from '../../../lib/keyed-cache.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import { buildCatalogSeed, type CatalogSeed } from './catalog-seed.ts';
import type { ExternalGameLauncher } from './external-launch.ts';
import { gameArtUrl, renderGameArt } from './game-art.ts';
import type {
  BlacklistRow,
  CatalogFilter,
  ExternalGameWrite,
  GamesRepository,
  PlayableTileRow,
  TileRow,
  Viewer,
} from './games.repository.ts';
import { GameSearch } from './search-index.ts';

/** Who asks: a signed-in player (by user id) or a guest, and the country of the request. */
export interface CatalogCaller {
  userId: string | null;
  country: string | null;
  /** the signed-in caller's primary currency when the request already knows it */
  currency?: string | null;
}

/** An original a player may play now, with everything its engine needs. */
export interface PlayableOriginal {
  game: GameTile;
  engine: OriginalEngine;
  variant: Record<string, unknown>;
  rtp: string;
  limits: BetLimits;
}

/** The unpaged favourites list stops here; the paged list reaches every favourite. */
export const maxFavoritesListed = 500;

/**
 * How long a round may start from a game's playability read earlier (see `playableOriginal`): a
 * safety net, as an operator's change reaches every process at once (`catalogCacheKey`).
 */
export const playableCacheTtlMs = 5_000;
/** What every process drops when the catalog changes (lib/cache-invalidation.ts). */
const catalogCacheKey = 'casino.catalog';
/** What every process's search index reorders by when popularity was refreshed. */
const popularityCacheKey = 'casino.popularity';
/**
 * The search index (search-index.ts) is rebuilt in the background this long after it was built.
 * Every change the application makes reaches every process's index at once (the catalog and
 * popularity invalidations, the page query's check of enabled games), so this only bounds how
 * late a change made behind the application's back (SQL by hand) reaches the search.
 */
export const searchIndexTtlMs = 5 * 60_000;

function pageOf(query: { limit: number; offset: number }) {
  return { offset: query.offset, limit: query.limit };
}

function toTile(row: TileRow): GameTile {
  const blacklists: GameBlockReason[] = [];
  if (row.blocked_by_country) blacklists.push('country');
  if (row.blocked_by_currency) blacklists.push('currency');
  return {
    id: row.id,
    imageUrl: row.image_url,
    title: row.title,
    provider: { id: row.provider_id, name: row.provider_name },
    isFavorite: row.is_favorite,
    blacklists,
    labelType: row.label,
  };
}

/** The tile of a game about to start; 403 game_unavailable when a blacklist blocks it. */
function playableGame(row: TileRow): GameTile {
  const game = toTile(row);
  if (game.blacklists.length > 0) {
    throw new AppError('game_unavailable', { payload: { reasons: game.blacklists } });
  }
  return game;
}

function toRule(row: BlacklistRow): GameBlacklistRule {
  return {
    id: row.id,
    gameId: row.game_id,
    providerId: row.provider_id,
    country: row.country,
    currency: row.currency,
  };
}

/** The database keeps numeric(6,4): "0.97" is stored and shown as "0.9700". */
function normaliseRtp(rtp: string): string {
  const [whole = '0', fraction = ''] = rtp.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
}

/**
 * The casino catalog: browsing, search, favourites, last played, per-player blacklists, the
 * game session, and the operator's switches. Blacklist rules match a game or its provider, by
 * the request's country or the player's primary currency; a blocked game stays listed with its
 * reasons but cannot be started.
 */
/** Popularity counts the rounds of this window. */
export const popularityWindowMs = 7 * 24 * 60 * 60 * 1000;

export interface GamesServiceDependencies {
  repository: GamesRepository;
  users: Pick<UsersService, 'getPrimaryCurrency'>;
  audit: AuditService;
  launcher: ExternalGameLauncher;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** every process's caches of the catalog go when an operator's change commits */
  caches: CacheInvalidation;
}

export class GamesService {
  private readonly repository: GamesRepository;
  private readonly users: Pick<UsersService, 'getPrimaryCurrency'>;
  private readonly audit: AuditService;
  private readonly launcher: ExternalGameLauncher;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly caches: CacheInvalidation;

  constructor({
    repository,
    users,
    audit,
    launcher,
    clock,
    transactions,
    caches,
  }: GamesServiceDependencies) {
    this.repository = repository;
    this.users = users;
    this.audit = audit;
    this.launcher = launcher;
    this.clock = clock;
    this.transactions = transactions;
    this.playable = new KeyedCache(playableCacheTtlMs, () => this.clock.now().getTime());
    this.search = new GameSearch({
      // one snapshot of the games and the categories' members
      load: () =>
        this.transactions.run((transaction) => this.repository.searchCatalog(transaction), {
          isolationLevel: 'repeatable read',
          readOnly: true,
        }),
      clock,
      ttlMs: searchIndexTtlMs,
    });
    this.caches = caches;
    caches.register(catalogCacheKey, () => this.invalidatePlayable());
    caches.register(popularityCacheKey, () => this.search.expire());
  }

  /** The catalog search's index of this process. */
  private readonly search: GameSearch;

  /**
   * What rounds start from: a game's playable row for a country and currency, read at most once
   * per `playableCacheTtlMs` (a round reads it every time). An operator's change through this
   * service takes effect in every process as it commits (`changingCatalog`).
   */
  private readonly playable: KeyedCache<PlayableTileRow>;

  /**
   * Forgets what this process keeps of the catalog (the catalog changed elsewhere): the playable
   * rows kept for rounds, and the search index (the next search waits for a fresh one).
   */
  invalidatePlayable(): void {
    this.playable.invalidate();
    this.search.invalidate();
  }

  private async viewer(caller: CatalogCaller): Promise<Viewer> {
    return {
      userId: caller.userId,
      country: caller.country,
      currency:
        caller.userId === null
          ? null
          : (caller.currency ?? (await this.users.getPrimaryCurrency(caller.userId))),
    };
  }

  private async tilePage(
    caller: CatalogCaller,
    filter: CatalogFilter,
    query: { sort?: GamesQuery['sort']; limit: number; offset: number },
  ): Promise<GamesPage> {
    const { rows, total } = await this.repository.page(
      await this.viewer(caller),
      filter,
      query.sort,
      query,
    );
    const meta: ListMeta = { offset: query.offset, limit: query.limit, total };
    return { items: rows.map(toTile), meta };
  }

  async list(caller: CatalogCaller, query: GamesQuery): Promise<GamesPage> {
    const filter = {
      category: query.category,
      provider: query.provider,
      promoCategory: query.promoCategory,
    };
    if (query.search !== undefined) {
      return await this.searchPage(caller, query.search, filter, query);
    }
    return await this.tilePage(caller, filter, query);
  }

  /**
   * A page of a search: the index (search-index.ts) finds, filters, ranks and pages the matches;
   * the database reads only the page's games by primary key, still letting through only enabled
   * games of enabled providers in the filters asked, with the viewer's flags. With them it reads
   * the matches the index holds as disabled: when the database disagrees with the index either
   * way (a change nobody announced), the search is answered again from a fresh index.
   */
  private async searchPage(
    caller: CatalogCaller,
    search: string,
    filter: Pick<CatalogFilter, 'category' | 'provider' | 'promoCategory'>,
    query: GamesQuery,
  ): Promise<GamesPage> {
    const viewer = await this.viewer(caller);
    for (let attempt = 1; ; attempt += 1) {
      const index = await this.search.index();
      const page = index.page(search, { ...filter, sort: query.sort, ...pageOf(query) });
      const rows =
        page.ids.length + page.unlisted.length === 0
          ? []
          : await this.repository.tilesOf(viewer, [...page.ids, ...page.unlisted], filter);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const agrees = rows.length === page.ids.length && page.ids.every((id) => byId.has(id));
      if (agrees || attempt === 2) {
        const items = page.ids.flatMap((id) => {
          const row = byId.get(id);
          return row === undefined ? [] : [toTile(row)];
        });
        return { items, meta: { ...pageOf(query), total: page.total } };
      }
      this.search.outdated(index);
    }
  }

  /**
   * A page of the given games (a bonus's games list), or of every enabled game when `gameIds`
   * is null, in the catalog's default order.
   */
  async pageOfGames(
    caller: CatalogCaller,
    gameIds: readonly string[] | null,
    query: PageQuery,
  ): Promise<GamesPage> {
    return await this.tilePage(caller, gameIds === null ? {} : { gameIds }, query);
  }

  /** Game titles by id (unknown ids are left out). */
  async titlesOf(
    gameIds: readonly string[],
    executor?: DatabaseExecutor,
  ): Promise<Map<string, string>> {
    const rows = await this.repository.titles([...new Set(gameIds)], executor);
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** One tile; 404 for an unknown or disabled game. */
  async get(caller: CatalogCaller, gameId: string): Promise<GameTile> {
    const row = await this.repository.playableTile(await this.viewer(caller), gameId);
    if (!row) throw new AppError('not_found', { message: 'No game has this id.' });
    return toTile(row);
  }

  async categories(): Promise<NavigationCategory[]> {
    const rows = await this.repository.navigationCategories();
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parent_id,
      position: row.position,
      title: row.title,
      value: row.value,
      icon: row.icon,
      entity: row.entity,
    }));
  }

  async providers(): Promise<GameProvider[]> {
    const rows = await this.repository.providers();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      logoUrl: row.logo_url,
      gamesCount: Number(row.games_count ?? 0),
    }));
  }

  async promoCategories(): Promise<PromoCategory[]> {
    const rows = await this.repository.promoCategories();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      gamesCount: Number(row.games_count ?? 0),
    }));
  }

  // ─── favourites and last played ───────────────────────────────────────────────────────────

  async favorites(caller: CatalogCaller & { userId: string }): Promise<FavoriteGames> {
    const page = await this.tilePage(
      caller,
      { favoritesOf: caller.userId },
      { limit: maxFavoritesListed, offset: 0 },
    );
    return { items: page.items };
  }

  async favoritesPage(caller: CatalogCaller & { userId: string }, query: PageQuery) {
    return await this.tilePage(caller, { favoritesOf: caller.userId }, query);
  }

  /** Idempotent: adding a favourite twice keeps one (and its first date). */
  async addFavorite(caller: CatalogCaller & { userId: string }, gameId: string): Promise<GameTile> {
    if (!(await this.repository.isAvailable(gameId))) {
      throw new AppError('not_found', { message: 'No game has this id.' });
    }
    await this.repository.addFavorite(caller.userId, gameId, this.clock.now());
    return await this.get(caller, gameId);
  }

  /** Idempotent: removing a game that is not a favourite changes nothing. */
  async removeFavorite(userId: string, gameId: string): Promise<void> {
    await this.repository.removeFavorite(userId, gameId);
  }

  async lastPlayed(caller: CatalogCaller & { userId: string }, query: PageQuery) {
    return await this.tilePage(caller, { lastPlayedBy: caller.userId }, query);
  }

  /**
   * Marks a game as the player's most recently played. For the round service, inside the
   * transaction that opens the round.
   */
  async recordPlayed(userId: string, gameId: string, executor: DatabaseExecutor): Promise<void> {
    await this.repository.recordPlayed(userId, gameId, this.clock.now(), executor);
  }

  /** Creates the catalog studio a seamless provider's games appear under, once. */
  async ensureStudio(id: string, name: string, transaction: DatabaseTransaction): Promise<void> {
    await this.repository.ensureProvider(id, name, transaction);
  }

  async studioExists(id: string, transaction: DatabaseTransaction): Promise<boolean> {
    return await this.repository.providerExists(id, transaction);
  }

  /**
   * Stores a seamless provider's game in the catalog (engine `external`); as the transaction
   * commits, every process forgets what it kept of the catalog (a game may have been disabled).
   */
  async saveExternalGame(game: ExternalGameWrite, transaction: DatabaseTransaction): Promise<void> {
    await this.repository.upsertExternalGame(game, transaction);
    await this.caches.changed(transaction, catalogCacheKey);
  }

  /**
   * The `popularity` sort: rounds played in the last week (refreshed by a job). Every process's
   * search index then reorders by it (rebuilt in the background).
   */
  async refreshPopularity(): Promise<number> {
    return await this.transactions.run(async (transaction) => {
      const updated = await this.repository.refreshPopularity(
        new Date(this.clock.now().getTime() - popularityWindowMs),
        transaction,
      );
      if (updated > 0) await this.caches.changed(transaction, popularityCacheKey);
      return updated;
    });
  }

  // ─── the game session ─────────────────────────────────────────────────────────────────────

  /**
   * The original the player may play now: 404 unknown or disabled, 403 game_unavailable
   * (payload.reasons) when a blacklist blocks it or its stakes have no limits in the
   * player's currency. The round service calls this before every round.
   */
  async playableOriginal(
    caller: CatalogCaller & { userId: string },
    gameId: string,
  ): Promise<PlayableOriginal> {
    const { country } = caller;
    const currency = caller.currency ?? (await this.users.getPrimaryCurrency(caller.userId));
    // the row is the same for every player of that country and currency (not a favourite)
    const row = await this.playable.get(JSON.stringify([gameId, country, currency]), async () => {
      const found = await this.repository.playableTile({ userId: null, country, currency }, gameId);
      // an unknown or disabled game is not kept: it may be enabled the next moment
      if (!found) throw new AppError('not_found', { message: 'No game has this id.' });
      return found;
    });
    const game = playableGame(row);
    if (row.engine === 'external') {
      throw new AppError('not_found', { message: 'This game is not an in-house original.' });
    }
    return this.original(game, { ...row, engine: row.engine }, currency);
  }

  async session(caller: CatalogCaller & { userId: string }, gameId: string): Promise<GameSession> {
    const { game, row, currency } = await this.startable(caller, gameId);
    if (row.engine !== 'external') {
      return { kind: 'original', ...this.original(game, { ...row, engine: row.engine }, currency) };
    }
    if (row.external_launch_url === null) throw new AppError('game_unavailable');
    const launchUrl = await this.launcher.launchUrl({
      userId: caller.userId,
      gameId,
      externalLaunchUrl: row.external_launch_url,
      currency,
    });
    return { kind: 'external', game, launchUrl };
  }

  private original(
    game: GameTile,
    row: PlayableTileRow & { engine: OriginalEngine },
    currency: string,
  ): PlayableOriginal {
    const limits = betLimitsFor(currency);
    if (!limits) throw new AppError('game_unavailable', { payload: { reasons: ['currency'] } });
    return { game, engine: row.engine, variant: row.variant, rtp: row.rtp, limits };
  }

  private async startable(caller: CatalogCaller & { userId: string }, gameId: string) {
    const viewer = await this.viewer(caller);
    const row = await this.repository.playableTile(viewer, gameId);
    if (!row) throw new AppError('not_found', { message: 'No game has this id.' });
    const currency = viewer.currency ?? (await this.users.getPrimaryCurrency(caller.userId));
    return { game: playableGame(row), row, currency };
  }

  /**
   * An operator's change in one transaction: as it commits, every process forgets the playable
   * rows kept for rounds and the catalog's words.
   */
  private async changingCatalog<T>(
    change: (transaction: DatabaseTransaction) => Promise<T>,
  ): Promise<T> {
    return await this.transactions.run(async (transaction) => {
      const result = await change(transaction);
      await this.caches.changed(transaction, catalogCacheKey);
      return result;
    });
  }

  // ─── operator ─────────────────────────────────────────────────────────────────────────────

  async update(
    actor: OperatorActor,
    gameId: string,
    body: UpdateGameBody,
  ): Promise<BackofficeGame> {
    return await this.changingCatalog(async (transaction) => {
      const previous = await this.repository.lockGame(gameId, transaction);
      if (!previous) throw new AppError('not_found', { message: 'No game has this id.' });
      const changes = {
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        ...(body.label === undefined ? {} : { label: body.label }),
        ...(body.rtp === undefined ? {} : { rtp: normaliseRtp(body.rtp) }),
      };
      const row = await this.repository.updateGame(gameId, changes, transaction);
      if (!row) throw new AppError('not_found', { message: 'No game has this id.' });
      await this.audit.record(
        actor,
        {
          action: 'game.update',
          targetType: 'game',
          targetId: gameId,
          payload: {
            previous: { rtp: previous.rtp, enabled: previous.enabled, label: previous.label },
            changes,
          },
        },
        transaction,
      );
      return {
        id: row.id,
        title: row.title,
        providerId: row.provider_id,
        engine: row.engine,
        rtp: row.rtp,
        enabled: row.enabled,
        label: row.label,
      };
    });
  }

  /** The operator's games list: every game, disabled ones too. */
  async backofficeList(query: BackofficeGameListQuery): Promise<BackofficeGameList> {
    const { rows, total } = await this.repository.backofficePage(query);
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        providerId: row.provider_id,
        providerName: row.provider_name,
        engine: row.engine,
        rtp: row.rtp,
        enabled: row.enabled,
        label: row.label,
        imageUrl: row.image_url,
        roundsPlayed: Number(row.rounds_played),
        releasedAt: row.released_at.toISOString(),
      })),
      meta: { offset: query.offset, limit: query.limit, total },
    };
  }

  /** Every studio with its game counts, disabled ones too. */
  async backofficeStudios(): Promise<BackofficeStudios> {
    const rows = await this.repository.backofficeStudios();
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        logoUrl: row.logo_url,
        enabled: row.enabled,
        position: row.position,
        games: Number(row.games),
        enabledGames: Number(row.enabled_games),
      })),
    };
  }

  async backofficeCategories(): Promise<BackofficeGameCategories> {
    return { items: await this.repository.gameCategories() };
  }

  async blacklistRules(query: PageQuery) {
    const { rows, total } = await this.repository.blacklistPage(query);
    return { items: rows.map(toRule), meta: { offset: query.offset, limit: query.limit, total } };
  }

  async addBlacklistRule(
    actor: OperatorActor,
    body: NewGameBlacklistRuleBody,
  ): Promise<GameBlacklistRule> {
    return await this.changingCatalog(async (transaction) => {
      if (
        body.gameId !== undefined &&
        !(await this.repository.findGame(body.gameId, transaction))
      ) {
        throw new AppError('not_found', { message: 'No game has this id.' });
      }
      if (
        body.providerId !== undefined &&
        !(await this.repository.providerExists(body.providerId, transaction))
      ) {
        throw new AppError('not_found', { message: 'No provider has this id.' });
      }
      const row = await this.repository.insertBlacklist(
        {
          game_id: body.gameId ?? null,
          provider_id: body.providerId ?? null,
          country: body.country ?? null,
          currency: body.currency ?? null,
        },
        transaction,
      );
      const rule = toRule(row);
      await this.audit.record(
        actor,
        {
          action: 'game.blacklist.add',
          targetType: 'game_blacklist',
          targetId: String(rule.id),
          payload: { ...rule },
        },
        transaction,
      );
      return rule;
    });
  }

  async removeBlacklistRule(actor: OperatorActor, id: number): Promise<void> {
    await this.changingCatalog(async (transaction) => {
      const row = await this.repository.deleteBlacklist(id, transaction);
      if (!row) throw new AppError('not_found', { message: 'No blacklist rule has this id.' });
      await this.audit.record(
        actor,
        {
          action: 'game.blacklist.remove',
          targetType: 'game_blacklist',
          targetId: String(id),
          payload: { ...toRule(row) },
        },
        transaction,
      );
    });
  }

  // ─── seed and art ─────────────────────────────────────────────────────────────────────────

  /** Upserts the demo catalog (every start; see GamesRepository.upsertSeed for what is kept). */
  async seedCatalog(seed: CatalogSeed = buildCatalogSeed()): Promise<void> {
    const now = this.clock.now().getTime();
    const providerNames = new Map(seed.providers.map((provider) => [provider.id, provider.name]));
    const rows = {
      providers: seed.providers,
      games: seed.games.map((game) => {
        const svg = renderGameArt({
          id: game.id,
          title: game.title,
          engine: game.engine,
          providerName: providerNames.get(game.providerId) ?? game.providerId,
          variant: game.variant,
        });
        return {
          id: game.id,
          title: game.title,
          provider_id: game.providerId,
          engine: game.engine,
          variant: JSON.stringify(game.variant),
          image_url: gameArtUrl(game.id, svg),
          label: game.label,
          rtp: game.rtp,
          rating: game.rating,
          released_at: new Date(now - game.releasedDaysAgo * 24 * 60 * 60 * 1000),
        };
      }),
      categories: seed.categories,
      promoCategories: seed.promoCategories,
    };
    // every process forgets what it kept of the catalog (a new version may rename games)
    await this.changingCatalog((transaction) => this.repository.upsertSeed(rows, transaction));
  }

  /** The tile art of any game, enabled or not (old links keep working); null if unknown. */
  async art(gameId: string): Promise<string | null> {
    const row = await this.repository.findGame(gameId);
    if (!row) return null;
    return renderGameArt({
      id: row.id,
      title: row.title,
      engine: row.engine,
      providerName: row.provider_name,
      variant: row.variant,
    });
  }
}
