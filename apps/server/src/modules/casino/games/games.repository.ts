import type { BackofficeGameListQuery, GameLabel, GameSort } from '@casino/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import type { GameBlacklistsTable, GamesTable } from '../../../db/schema.ts';
import type { SearchCatalog } from './search-index.ts';

/** Who is looking: favourites and blacklist reasons depend on it. */
export interface Viewer {
  userId: string | null;
  country: string | null;
  currency: string | null;
}

/** Which games a page holds; every filter given must match. */
export interface CatalogFilter {
  /** a navigation category's value (entity `category`) */
  category?: string | undefined;
  provider?: string | undefined;
  promoCategory?: number | undefined;
  gameId?: string | undefined;
  favoritesOf?: string | undefined;
  lastPlayedBy?: string | undefined;
  /** only these games (a bonus's games list) */
  gameIds?: readonly string[] | undefined;
}

export interface TileRow {
  id: string;
  title: string;
  image_url: string;
  label: GameLabel | null;
  provider_id: string;
  provider_name: string;
  is_favorite: boolean;
  blocked_by_country: boolean;
  blocked_by_currency: boolean;
}

export type GameRow = Selectable<GamesTable> & { provider_name: string };
export type PlayableTileRow = TileRow &
  Pick<Selectable<GamesTable>, 'engine' | 'variant' | 'rtp' | 'external_launch_url'>;
export type BlacklistRow = Selectable<GameBlacklistsTable>;

export interface SeedRows {
  providers: Array<{ id: string; name: string; position: number }>;
  games: Array<{
    id: string;
    title: string;
    provider_id: string;
    engine: GamesTable['engine'];
    variant: string;
    image_url: string;
    label: GameLabel | null;
    rtp: string;
    rating: string;
    released_at: Date;
  }>;
  categories: Array<{
    key: string;
    parentKey: string | null;
    entity: 'category' | 'provider' | 'promo_category';
    value: string;
    title: string;
    icon: string;
    position: number;
    games: string[];
  }>;
  promoCategories: Array<{ id: number; title: string; games: string[] }>;
}

type CatalogDatabase = Database & { g: Database['games']; p: Database['game_providers'] };
type CatalogExpressions = ExpressionBuilder<CatalogDatabase, 'g' | 'p'>;

function filterExpression(eb: CatalogExpressions, filter: CatalogFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    eb('g.enabled', '=', true),
    eb('p.enabled', '=', true),
  ];
  if (filter.gameId !== undefined) conditions.push(eb('g.id', '=', filter.gameId));
  if (filter.provider !== undefined) conditions.push(eb('g.provider_id', '=', filter.provider));
  if (filter.category !== undefined) {
    conditions.push(
      eb(
        'g.id',
        'in',
        eb
          .selectFrom('game_category_games as cg')
          .innerJoin('game_categories as c', 'c.id', 'cg.category_id')
          .select('cg.game_id')
          .where('c.entity', '=', 'category')
          .where('c.value', '=', filter.category),
      ),
    );
  }
  if (filter.promoCategory !== undefined) {
    conditions.push(
      eb(
        'g.id',
        'in',
        eb
          .selectFrom('promo_category_games as pcg')
          .innerJoin('promo_categories as pc', 'pc.id', 'pcg.promo_category_id')
          .select('pcg.game_id')
          .where('pc.id', '=', filter.promoCategory)
          .where('pc.enabled', '=', true),
      ),
    );
  }
  if (filter.favoritesOf !== undefined) {
    conditions.push(
      eb(
        'g.id',
        'in',
        eb
          .selectFrom('game_favorites as f')
          .select('f.game_id')
          .where('f.user_id', '=', filter.favoritesOf),
      ),
    );
  }
  if (filter.gameIds !== undefined) {
    conditions.push(
      filter.gameIds.length === 0 ? sql<SqlBool>`false` : eb('g.id', 'in', [...filter.gameIds]),
    );
  }
  if (filter.lastPlayedBy !== undefined) {
    conditions.push(
      eb(
        'g.id',
        'in',
        eb
          .selectFrom('game_last_played as l')
          .select('l.game_id')
          .where('l.user_id', '=', filter.lastPlayedBy),
      ),
    );
  }
  return eb.and(conditions);
}

/** A game run by an outside provider, as the catalog stores it. */
export interface ExternalGameWrite {
  id: string;
  title: string;
  launchUrl: string;
  imageUrl: string;
  rtp: string;
  studioId: string;
  label: GameLabel | null;
  enabled: boolean;
}

export interface GamesRepositoryDependencies {
  db: Kysely<Database>;
}

export class GamesRepository {
  private readonly db: Kysely<Database>;

  constructor({ db }: GamesRepositoryDependencies) {
    this.db = db;
  }

  /** The titles of these games (any state), for lists that name games. */
  async titles(
    gameIds: readonly string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<Array<{ id: string; title: string }>> {
    if (gameIds.length === 0) return [];
    return await executor
      .selectFrom('games')
      .select(['id', 'title'])
      .where('id', 'in', [...gameIds])
      .execute();
  }

  /**
   * What the search index holds (search-index.ts): every game, enabled or not, with its
   * provider's name and its ranks in each order `tilesQuery` sorts by (so the index orders as
   * this database does, titles by its collation), and the categories' members. The caller
   * gives one snapshot (a repeatable-read transaction) for the three reads.
   */
  async searchCatalog(executor: DatabaseExecutor = this.db): Promise<SearchCatalog> {
    const games = await executor
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .select([
        'g.id',
        'g.title',
        'g.engine',
        'p.name as provider_name',
        'g.provider_id',
        sql<boolean>`g.enabled AND p.enabled`.as('listed'),
        sql<number>`(row_number() OVER (ORDER BY lower(g.title), g.id))::int`.as('title_rank'),
        sql<number>`(dense_rank() OVER (ORDER BY g.rating DESC))::int`.as('rating_rank'),
        sql<number>`(dense_rank() OVER (ORDER BY g.rounds_played DESC, g.rating DESC))::int`.as(
          'popularity_rank',
        ),
        sql<number>`(dense_rank() OVER (ORDER BY g.released_at DESC))::int`.as('recency_rank'),
      ])
      .execute();
    const categories = await executor
      .selectFrom('game_category_games as cg')
      .innerJoin('game_categories as c', 'c.id', 'cg.category_id')
      .select(['c.value', 'cg.game_id', 'cg.position'])
      .where('c.entity', '=', 'category')
      .execute();
    const promoCategories = await executor
      .selectFrom('promo_category_games as pcg')
      .innerJoin('promo_categories as pc', 'pc.id', 'pcg.promo_category_id')
      .select(['pc.id', 'pcg.game_id', 'pcg.position', 'pc.enabled'])
      .execute();
    return { games, categories, promoCategories };
  }

  /**
   * The tiles of these games that the filter lets through (enabled games of enabled providers,
   * in the category, provider or promo category asked), in no particular order: a page of
   * search results the index ranked, read by primary key.
   */
  async tilesOf(
    viewer: Viewer,
    gameIds: readonly string[],
    filter: Pick<CatalogFilter, 'category' | 'provider' | 'promoCategory'>,
  ): Promise<TileRow[]> {
    if (gameIds.length === 0) return [];
    return await this.tilesQuery(this.db, viewer, filter, undefined, false)
      .where(sql<SqlBool>`g.id IN (SELECT unnest(${[...gameIds]}::text[]))`)
      .execute();
  }

  /** One page of tiles and the number of games the filter matches. */
  async page(
    viewer: Viewer,
    filter: CatalogFilter,
    sort: GameSort | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TileRow[]; total: number }> {
    // the page and the number of games side by side, on two connections
    const [rows, count] = await Promise.all([
      this.tilesQuery(this.db, viewer, filter, sort)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('games as g')
        .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
        .where((eb) => filterExpression(eb, filter))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** One enabled game's tile with what starting it needs; undefined if unknown or disabled. */
  async playableTile(viewer: Viewer, gameId: string): Promise<PlayableTileRow | undefined> {
    return await this.tilesQuery(this.db, viewer, { gameId }, undefined)
      .select(['g.engine', 'g.variant', 'g.rtp', 'g.external_launch_url'])
      .executeTakeFirst();
  }

  private tilesQuery(
    executor: DatabaseExecutor,
    viewer: Viewer,
    filter: CatalogFilter,
    sort: GameSort | undefined,
    ordered = true,
  ) {
    let query = executor
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .where((eb) => filterExpression(eb, filter))
      .select((eb) => {
        const flag = <Alias extends string>(condition: Expression<SqlBool> | null, alias: Alias) =>
          sql<boolean>`${condition ?? sql`false`}`.as(alias);
        const blockedBy = (column: 'country' | 'currency', value: string | null) =>
          value === null
            ? null
            : eb.exists(
                eb
                  .selectFrom('game_blacklists as b')
                  .select(sql`1`.as('one'))
                  .where((inner) =>
                    inner.or([
                      inner('b.game_id', '=', inner.ref('g.id')),
                      inner('b.provider_id', '=', inner.ref('g.provider_id')),
                    ]),
                  )
                  .where(column === 'country' ? 'b.country' : 'b.currency', '=', value),
              );
        return [
          'g.id',
          'g.title',
          'g.image_url',
          'g.label',
          'p.id as provider_id',
          'p.name as provider_name',
          flag(
            viewer.userId === null
              ? null
              : eb.exists(
                  eb
                    .selectFrom('game_favorites as f')
                    .select(sql`1`.as('one'))
                    .where('f.user_id', '=', viewer.userId)
                    .whereRef('f.game_id', '=', 'g.id'),
                ),
            'is_favorite',
          ),
          flag(blockedBy('country', viewer.country), 'blocked_by_country'),
          flag(blockedBy('currency', viewer.currency), 'blocked_by_currency'),
        ];
      });
    if (!ordered) return query;
    switch (sort) {
      case 'rate':
        query = query.orderBy('g.rating', 'desc');
        break;
      case 'title':
        query = query.orderBy(sql`lower(g.title)`);
        break;
      case 'popularity':
        query = query.orderBy('g.rounds_played', 'desc').orderBy('g.rating', 'desc');
        break;
      case 'recently':
        query = query.orderBy('g.released_at', 'desc');
        break;
      case undefined:
        if (filter.lastPlayedBy !== undefined) {
          const userId = filter.lastPlayedBy;
          query = query.orderBy(
            sql`(SELECT l.played_at FROM game_last_played l WHERE l.user_id = ${userId} AND l.game_id = g.id)`,
            'desc',
          );
        } else if (filter.favoritesOf !== undefined) {
          const userId = filter.favoritesOf;
          query = query.orderBy(
            sql`(SELECT f.created_at FROM game_favorites f WHERE f.user_id = ${userId} AND f.game_id = g.id)`,
            'desc',
          );
        } else if (filter.category !== undefined) {
          const category = filter.category;
          query = query.orderBy(
            sql`(SELECT cg.position FROM game_category_games cg JOIN game_categories c ON c.id = cg.category_id WHERE c.entity = 'category' AND c.value = ${category} AND cg.game_id = g.id)`,
          );
        } else if (filter.promoCategory !== undefined) {
          const promoCategory = filter.promoCategory;
          query = query.orderBy(
            sql`(SELECT pcg.position FROM promo_category_games pcg WHERE pcg.promo_category_id = ${promoCategory} AND pcg.game_id = g.id)`,
          );
        } else {
          query = query.orderBy('g.rounds_played', 'desc').orderBy('g.rating', 'desc');
        }
        break;
    }
    // ties resolve the same way on every page, so paging never repeats or skips a game
    return query.orderBy(sql`lower(g.title)`).orderBy('g.id');
  }

  /** A game with its provider's name, enabled or not; undefined if unknown. */
  async findGame(id: string, executor: DatabaseExecutor = this.db): Promise<GameRow | undefined> {
    return await executor
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .selectAll('g')
      .select('p.name as provider_name')
      .where('g.id', '=', id)
      .executeTakeFirst();
  }

  /** A game players can see: it and its provider are enabled. */
  async isAvailable(id: string, executor: DatabaseExecutor = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .select('g.id')
      .where('g.id', '=', id)
      .where('g.enabled', '=', true)
      .where('p.enabled', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  async navigationCategories() {
    return await this.db
      .selectFrom('game_categories as c')
      .select(['c.id', 'c.parent_id', 'c.position', 'c.title', 'c.value', 'c.icon', 'c.entity'])
      .where((eb) =>
        eb.or([
          eb('c.entity', '=', 'category'),
          eb.and([
            eb('c.entity', '=', 'provider'),
            eb(
              'c.value',
              'in',
              eb
                .selectFrom('game_providers')
                .select('game_providers.id')
                .where('game_providers.enabled', '=', true),
            ),
          ]),
          eb.and([
            eb('c.entity', '=', 'promo_category'),
            eb(
              'c.value',
              'in',
              eb
                .selectFrom('promo_categories')
                .select(sql<string>`promo_categories.id::text`.as('id'))
                .where('promo_categories.enabled', '=', true),
            ),
          ]),
        ]),
      )
      .orderBy('c.position')
      .orderBy('c.id')
      .execute();
  }

  async providers() {
    return await this.db
      .selectFrom('game_providers as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.logo_url',
        eb
          .selectFrom('games as g')
          .select(eb.fn.countAll<string>().as('count'))
          .whereRef('g.provider_id', '=', 'p.id')
          .where('g.enabled', '=', true)
          .as('games_count'),
      ])
      .where('p.enabled', '=', true)
      .orderBy('p.position')
      .orderBy('p.name')
      .execute();
  }

  async promoCategories() {
    return await this.db
      .selectFrom('promo_categories as pc')
      .select((eb) => [
        'pc.id',
        'pc.title',
        eb
          .selectFrom('promo_category_games as pcg')
          .innerJoin('games as g', 'g.id', 'pcg.game_id')
          .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
          .select(eb.fn.countAll<string>().as('count'))
          .whereRef('pcg.promo_category_id', '=', 'pc.id')
          .where('g.enabled', '=', true)
          .where('p.enabled', '=', true)
          .as('games_count'),
      ])
      .where('pc.enabled', '=', true)
      .orderBy('pc.id')
      .execute();
  }

  // ─── favourites and last played ───────────────────────────────────────────────────────────

  async addFavorite(userId: string, gameId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('game_favorites')
      .values({ user_id: userId, game_id: gameId, created_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'game_id']).doNothing())
      .execute();
  }

  async removeFavorite(userId: string, gameId: string): Promise<void> {
    await this.db
      .deleteFrom('game_favorites')
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .execute();
  }

  /** Marks the game as the player's most recently played (the round service calls it). */
  async recordPlayed(
    userId: string,
    gameId: string,
    at: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await executor
      .insertInto('game_last_played')
      .values({ user_id: userId, game_id: gameId, played_at: at })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'game_id']).doUpdateSet({ played_at: at }),
      )
      .execute();
  }

  // ─── operator ─────────────────────────────────────────────────────────────────────────────

  /**
   * Popularity: each game's rounds since `since`, written to rounds_played where it changed
   * (one statement; rounds themselves never touch the game row, so bets do not queue on it).
   */
  async refreshPopularity(since: Date, executor: DatabaseExecutor = this.db): Promise<number> {
    const result = await sql`
      UPDATE games g SET rounds_played = counts.n
      FROM (
        SELECT g2.id, count(r.id) AS n
        FROM games g2
        LEFT JOIN game_rounds r ON r.game_id = g2.id AND r.created_at >= ${since}
        GROUP BY g2.id
      ) counts
      WHERE counts.id = g.id AND g.rounds_played <> counts.n`.execute(executor);
    return Number(result.numAffectedRows ?? 0n);
  }

  async updateGame(
    id: string,
    changes: { enabled?: boolean; label?: GameLabel | null; rtp?: string },
    executor: DatabaseExecutor,
  ) {
    return await executor
      .updateTable('games')
      .set(changes)
      .where('id', '=', id)
      .returning(['id', 'title', 'provider_id', 'engine', 'rtp', 'enabled', 'label'])
      .executeTakeFirst();
  }

  async lockGame(id: string, executor: DatabaseExecutor) {
    return await executor
      .selectFrom('games')
      .select(['id', 'rtp', 'enabled', 'label'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A studio of the catalog, created once (a seamless provider's own studio). */
  async ensureProvider(id: string, name: string, executor: DatabaseExecutor): Promise<void> {
    await executor
      .insertInto('game_providers')
      .values({ id, name, logo_url: null })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** Inserts or updates a game an outside provider runs (engine `external`). */
  async upsertExternalGame(game: ExternalGameWrite, executor: DatabaseExecutor): Promise<void> {
    const catalog = {
      title: game.title,
      provider_id: game.studioId,
      image_url: game.imageUrl,
      label: game.label,
      rtp: game.rtp,
      external_launch_url: game.launchUrl,
      enabled: game.enabled,
    };
    await executor
      .insertInto('games')
      .values({ id: game.id, engine: 'external', ...catalog })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(catalog))
      .execute();
  }

  async providerExists(id: string, executor: DatabaseExecutor = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('game_providers')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The operator's games list: every game, disabled ones too, filtered, sorted and paged. */
  async backofficePage(query: BackofficeGameListQuery) {
    const filtered = (executor: DatabaseExecutor) => {
      let list = executor
        .selectFrom('games as g')
        .innerJoin('game_providers as p', 'p.id', 'g.provider_id');
      if (query.q !== undefined && query.q !== '') {
        const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
        list = list.where((eb) =>
          eb.or([eb(sql`lower(g.title)`, 'like', pattern), eb(sql`lower(g.id)`, 'like', pattern)]),
        );
      }
      if (query.provider !== undefined) list = list.where('g.provider_id', '=', query.provider);
      if (query.enabled !== undefined) list = list.where('g.enabled', '=', query.enabled);
      if (query.category !== undefined) {
        const category = query.category;
        list = list.where((eb) =>
          eb(
            'g.id',
            'in',
            eb
              .selectFrom('game_category_games as cg')
              .innerJoin('game_categories as c', 'c.id', 'cg.category_id')
              .select('cg.game_id')
              .where('c.entity', '=', 'category')
              .where('c.value', '=', category),
          ),
        );
      }
      return list;
    };
    const direction = query.order;
    const sortColumn = {
      title: sql`lower(g.title)`,
      provider: sql`lower(p.name)`,
      rtp: sql`g.rtp`,
      released: sql`g.released_at`,
      rounds: sql`g.rounds_played`,
    }[query.sort];
    const [rows, count] = await Promise.all([
      filtered(this.db)
        .select([
          'g.id',
          'g.title',
          'g.provider_id',
          'p.name as provider_name',
          'g.engine',
          'g.rtp',
          'g.enabled',
          'g.label',
          'g.image_url',
          'g.rounds_played',
          'g.released_at',
        ])
        .orderBy(sortColumn, direction)
        .orderBy('g.id', direction)
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      filtered(this.db)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every studio, disabled ones too, with its number of games and of enabled games. */
  async backofficeStudios() {
    return await this.db
      .selectFrom('game_providers as p')
      .leftJoin('games as g', 'g.provider_id', 'p.id')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.logo_url',
        'p.enabled',
        'p.position',
        eb.fn.count<string>('g.id').as('games'),
        sql<string>`count(g.id) FILTER (WHERE g.enabled)`.as('enabled_games'),
      ])
      .groupBy(['p.id', 'p.name', 'p.logo_url', 'p.enabled', 'p.position'])
      .orderBy('p.position')
      .orderBy('p.name')
      .execute();
  }

  /** The navigation categories (entity `category`) games can be filtered by. */
  async gameCategories() {
    return await this.db
      .selectFrom('game_categories')
      .select(['value', 'title'])
      .where('entity', '=', 'category')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async blacklistPage(page: { limit: number; offset: number }) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('game_blacklists')
        .selectAll()
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('game_blacklists')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async insertBlacklist(
    rule: Omit<BlacklistRow, 'id'>,
    executor: DatabaseExecutor,
  ): Promise<BlacklistRow> {
    return await executor
      .insertInto('game_blacklists')
      .values(rule)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteBlacklist(id: number, executor: DatabaseExecutor): Promise<BlacklistRow | undefined> {
    return await executor
      .deleteFrom('game_blacklists')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  // ─── seed ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Upserts the catalog in the caller's transaction. Catalog-owned columns follow the seed; what the
   * operator controls (a game's rtp, enabled and label, a provider's or promo category's
   * enabled) and what history wrote (released_at, rounds_played) is never overwritten.
   * Concurrent starts of several processes serialise on an advisory lock.
   */
  async upsertSeed(seed: SeedRows, transaction: DatabaseTransaction): Promise<void> {
    {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('games:catalog-seed', 0))`.execute(
        transaction,
      );
      await transaction
        .insertInto('game_providers')
        .values(seed.providers)
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            position: eb.ref('excluded.position'),
          })),
        )
        .execute();
      await transaction
        .insertInto('games')
        .values(seed.games)
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            provider_id: eb.ref('excluded.provider_id'),
            engine: eb.ref('excluded.engine'),
            variant: eb.ref('excluded.variant'),
            image_url: eb.ref('excluded.image_url'),
            rating: eb.ref('excluded.rating'),
          })),
        )
        .execute();
      await transaction
        .insertInto('promo_categories')
        .values(seed.promoCategories.map(({ id, title }) => ({ id, title })))
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({ title: eb.ref('excluded.title') })),
        )
        .execute();
      // explicit ids were inserted: move the sequence past them
      await sql`SELECT setval(pg_get_serial_sequence('promo_categories', 'id'), (SELECT max(id) FROM promo_categories))`.execute(
        transaction,
      );
      const promoMembers = seed.promoCategories.flatMap((promo) =>
        promo.games.map((gameId, position) => ({
          promo_category_id: promo.id,
          game_id: gameId,
          position,
        })),
      );
      if (promoMembers.length > 0) {
        await transaction
          .insertInto('promo_category_games')
          .values(promoMembers)
          .onConflict((conflict) =>
            conflict
              .columns(['promo_category_id', 'game_id'])
              .doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
          )
          .execute();
      }

      const idByKey = new Map<string, number>();
      for (const category of seed.categories) {
        const parentId = category.parentKey === null ? null : idByKey.get(category.parentKey);
        if (parentId === undefined) {
          throw new Error(`category ${category.key} comes before its parent ${category.parentKey}`);
        }
        const row = await transaction
          .insertInto('game_categories')
          .values({
            parent_id: parentId,
            position: category.position,
            title: category.title,
            value: category.value,
            icon: category.icon,
            entity: category.entity,
          })
          .onConflict((conflict) =>
            conflict.columns(['entity', 'value']).doUpdateSet((eb) => ({
              parent_id: eb.ref('excluded.parent_id'),
              position: eb.ref('excluded.position'),
              title: eb.ref('excluded.title'),
              icon: eb.ref('excluded.icon'),
            })),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        idByKey.set(category.key, row.id);
      }
      const categoryMembers = seed.categories.flatMap((category) =>
        category.games.map((gameId, position) => ({
          category_id: idByKey.get(category.key) as number,
          game_id: gameId,
          position,
        })),
      );
      if (categoryMembers.length > 0) {
        await transaction
          .insertInto('game_category_games')
          .values(categoryMembers)
          .onConflict((conflict) =>
            conflict
              .columns(['category_id', 'game_id'])
              .doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
          )
          .execute();
      }
    }
  }
}

/** `%`, `_` and a backslash match themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
