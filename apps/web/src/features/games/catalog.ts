import type {
  GameSession,
  GameSort,
  GamesPage,
  GameTile,
  ListMeta,
  NavigationCategory,
} from '@casino/contract';
import { gameSorts } from '@casino/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** Spec §9: a loading grid shows this many placeholders. */
export const gameGridPlaceholderCount = 18;

/** Spec §9: columns of the catalog grid by viewport width are 3, 6, 7 or 9. */
export type GameGridColumns = 3 | 6 | 7 | 9;

/**
 * Phones get 3 columns; from the desktop shell (768 px, the sidebar appears) 6; wide screens 7;
 * very wide screens 9, so tiles stay near their 384×516 art's comfortable display size.
 */
export function gameGridColumns(viewportWidth: number): GameGridColumns {
  if (viewportWidth < 768) return 3;
  if (viewportWidth < 1280) return 6;
  if (viewportWidth < 1680) return 7;
  return 9;
}

/** Spec §9: the search modal's grid has 3 columns on phones and 5 on larger screens. */
export function searchGridColumns(viewportWidth: number): 3 | 5 {
  return viewportWidth < 640 ? 3 : 5;
}

/** The offset of the page after `meta`, or undefined when the list has been read to its end. */
export function nextGamesOffset(meta: ListMeta): number | undefined {
  const next = meta.offset + meta.limit;
  return next < meta.total ? next : undefined;
}

/** 'Showing X of Y': how many tiles the loaded pages hold, and the list's total by the last page. */
export function shownOfTotal(pages: readonly GamesPage[]): { shown: number; total: number } {
  const shown = pages.reduce((count, page) => count + page.items.length, 0);
  const total = pages.at(-1)?.meta.total ?? 0;
  return { shown, total: Math.max(total, shown) };
}

/** Pages can overlap when the catalog changes between two requests; show each game once. */
export function uniqueGames(pages: readonly GamesPage[]): GameTile[] {
  const seen = new Set<string>();
  const games: GameTile[] = [];
  for (const page of pages) {
    for (const game of page.items) {
      if (seen.has(game.id)) continue;
      seen.add(game.id);
      games.push(game);
    }
  }
  return games;
}

/** What a list of games is narrowed to; every field maps to a `GET /api/v2/games` parameter. */
export interface GamesFilter {
  category?: string | undefined;
  provider?: string | undefined;
  promoCategory?: number | undefined;
  search?: string | undefined;
  sort?: GameSort | undefined;
}

/**
 * The filter without empty fields, so equal lists make equal query keys (a home row and its
 * category page share one cache entry). Without a sort the server keeps the category's own
 * order (or popularity), and a search ranks the best matches first.
 */
export function normalizeGamesFilter(filter: GamesFilter): GamesFilter {
  const normalized: GamesFilter = {};
  if (filter.category) normalized.category = filter.category;
  if (filter.provider) normalized.provider = filter.provider;
  if (filter.promoCategory !== undefined) normalized.promoCategory = filter.promoCategory;
  if (filter.search) normalized.search = filter.search;
  if (filter.sort) normalized.sort = filter.sort;
  return normalized;
}

export function parseGameSort(value: string | null): GameSort | undefined {
  return gameSorts.find((sort) => sort === value);
}

/** Where a navigation category leads: its games page by what its `value` names. */
export function navigationCategoryPath(category: Pick<NavigationCategory, 'entity' | 'value'>) {
  const value = encodeURIComponent(category.value);
  switch (category.entity) {
    case 'category':
      return `/categories/${value}/games`;
    case 'provider':
      return `/providers/${value}/games`;
    case 'promo_category':
      return `/promo-categories/${value}/games`;
  }
}

/** The `GET /api/v2/games` filter of a navigation category's games. */
export function navigationCategoryFilter(
  category: Pick<NavigationCategory, 'entity' | 'value'>,
): GamesFilter {
  switch (category.entity) {
    case 'category':
      return { category: category.value };
    case 'provider':
      return { provider: category.value };
    case 'promo_category': {
      const id = Number(category.value);
      return Number.isInteger(id) && id > 0 ? { promoCategory: id } : {};
    }
  }
}

/**
 * Home rows: the top-level game categories in their position order. Studios and promo
 * collections are navigation entries too, but they have their own pages, not lobby rows.
 */
export function homeRowCategories(categories: readonly NavigationCategory[]): NavigationCategory[] {
  return categories
    .filter((category) => category.parentId === null && category.entity === 'category')
    .sort((left, right) => left.position - right.position || left.id - right.id);
}

// ─── favourites in the cache ─────────────────────────────────────────────────────────────────

function withTileFavorite(game: GameTile, gameId: string, isFavorite: boolean): GameTile {
  return game.id === gameId && game.isFavorite !== isFavorite ? { ...game, isFavorite } : game;
}

function isGamesPage(value: unknown): value is GamesPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GamesPage).items) &&
    typeof (value as GamesPage).meta === 'object'
  );
}

function isInfiniteGames(value: unknown): value is InfiniteData<GamesPage> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as InfiniteData<GamesPage>).pages) &&
    (value as InfiniteData<GamesPage>).pages.every(isGamesPage)
  );
}

function isGameTile(value: unknown): value is GameTile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as GameTile).id === 'string' &&
    typeof (value as GameTile).isFavorite === 'boolean'
  );
}

function isGameSession(value: unknown): value is GameSession {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    isGameTile((value as GameSession).game)
  );
}

/**
 * A cached games answer (an infinite list, one page, a tile or a game session) with one game's
 * heart set: the optimistic half of a favourite toggle. Anything else comes back unchanged.
 */
export function withFavorite<Data>(data: Data, gameId: string, isFavorite: boolean): Data {
  if (isInfiniteGames(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => withFavorite(page, gameId, isFavorite)),
    } as Data;
  }
  if (isGamesPage(data)) {
    return {
      ...data,
      items: data.items.map((game) => withTileFavorite(game, gameId, isFavorite)),
    } as Data;
  }
  if (isGameSession(data)) {
    const session = data;
    return { ...session, game: withTileFavorite(session.game, gameId, isFavorite) } as Data;
  }
  if (isGameTile(data)) return withTileFavorite(data, gameId, isFavorite) as Data;
  return data;
}

/** The favourites list without a game the player just removed (totals follow). */
export function withoutGame(
  data: InfiniteData<GamesPage> | undefined,
  gameId: string,
): InfiniteData<GamesPage> | undefined {
  if (!data) return data;
  const removed = data.pages.some((page) => page.items.some((game) => game.id === gameId));
  if (!removed) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      items: page.items.filter((game) => game.id !== gameId),
      meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
    })),
  };
}
