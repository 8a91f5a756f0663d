import type { GameSession, GamesPage, GameTile } from '@casino/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  gameGridColumns,
  homeRowCategories,
  navigationCategoryFilter,
  navigationCategoryPath,
  nextGamesOffset,
  normalizeGamesFilter,
  searchGridColumns,
  shownOfTotal,
  uniqueGames,
  withFavorite,
  withoutGame,
} from './catalog';

function tile(id: string, isFavorite = false): GameTile {
  return {
    id,
    imageUrl: `/art/${id}.svg`,
    title: id,
    provider: { id: 'house', name: 'House' },
    isFavorite,
    blacklists: [],
    labelType: null,
  };
}

function page(ids: string[], offset: number, total: number, limit = 30): GamesPage {
  return { items: ids.map((id) => tile(id)), meta: { offset, limit, total } };
}

describe('gameGridColumns', () => {
  it('gives 3, 6, 7 or 9 columns by viewport width', () => {
    expect(gameGridColumns(320)).toBe(3);
    expect(gameGridColumns(767)).toBe(3);
    expect(gameGridColumns(768)).toBe(6);
    expect(gameGridColumns(1279)).toBe(6);
    expect(gameGridColumns(1280)).toBe(7);
    expect(gameGridColumns(1440)).toBe(7);
    expect(gameGridColumns(1680)).toBe(9);
    expect(gameGridColumns(2560)).toBe(9);
  });

  it('gives the search grid 3 columns on phones and 5 on larger screens', () => {
    expect(searchGridColumns(375)).toBe(3);
    expect(searchGridColumns(639)).toBe(3);
    expect(searchGridColumns(640)).toBe(5);
    expect(searchGridColumns(1440)).toBe(5);
  });
});

describe('paging', () => {
  it('asks for the next page by meta offset and limit until the total is reached', () => {
    expect(nextGamesOffset({ offset: 0, limit: 30, total: 75 })).toBe(30);
    expect(nextGamesOffset({ offset: 30, limit: 30, total: 75 })).toBe(60);
    expect(nextGamesOffset({ offset: 60, limit: 30, total: 75 })).toBeUndefined();
    expect(nextGamesOffset({ offset: 0, limit: 30, total: 30 })).toBeUndefined();
    expect(nextGamesOffset({ offset: 0, limit: 30, total: 0 })).toBeUndefined();
  });

  it("counts 'Showing X of Y' over the loaded pages", () => {
    expect(shownOfTotal([])).toEqual({ shown: 0, total: 0 });
    const first = page(['a', 'b', 'c'], 0, 7, 3);
    expect(shownOfTotal([first])).toEqual({ shown: 3, total: 7 });
    const second = page(['d', 'e', 'f'], 3, 7, 3);
    const third = page(['g'], 6, 7, 3);
    expect(shownOfTotal([first, second, third])).toEqual({ shown: 7, total: 7 });
  });

  it('shows each game once when pages overlap', () => {
    const games = uniqueGames([page(['a', 'b'], 0, 4, 2), page(['b', 'c'], 2, 4, 2)]);
    expect(games.map((game) => game.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('filters and navigation categories', () => {
  it('drops empty filter fields so equal filters share a cache entry', () => {
    expect(normalizeGamesFilter({ category: '', provider: 'house', search: undefined })).toEqual({
      provider: 'house',
    });
    expect(normalizeGamesFilter({ search: 'dice', sort: 'title' })).toEqual({
      search: 'dice',
      sort: 'title',
    });
  });

  it('links and filters a navigation category by what its value names', () => {
    expect(navigationCategoryPath({ entity: 'category', value: 'new games' })).toBe(
      '/categories/new%20games/games',
    );
    expect(navigationCategoryPath({ entity: 'provider', value: 'house' })).toBe(
      '/providers/house/games',
    );
    expect(navigationCategoryPath({ entity: 'promo_category', value: '4' })).toBe(
      '/promo-categories/4/games',
    );
    expect(navigationCategoryFilter({ entity: 'promo_category', value: '4' })).toEqual({
      promoCategory: 4,
    });
    expect(navigationCategoryFilter({ entity: 'category', value: 'slots' })).toEqual({
      category: 'slots',
    });
  });

  it('makes home rows of the top-level game categories in position order', () => {
    const category = (
      id: number,
      position: number,
      parentId: number | null,
      entity: 'category' | 'provider' | 'promo_category' = 'category',
    ) => ({ id, parentId, position, title: `c${id}`, value: `${id}`, icon: 'flame', entity });
    const rows = homeRowCategories([
      category(1, 3, null),
      category(2, 1, null),
      category(3, 0, 1),
      category(4, 100, null, 'provider'),
      category(5, 200, null, 'promo_category'),
    ]);
    expect(rows.map((row) => row.id)).toEqual([2, 1]);
  });
});

describe('favourites in the cache', () => {
  it('sets the heart of one game in an infinite list, a page, a tile and a session', () => {
    const list: InfiniteData<GamesPage> = {
      pages: [page(['a', 'b'], 0, 3, 2), page(['c'], 2, 3, 2)],
      pageParams: [0, 2],
    };
    const updated = withFavorite(list, 'c', true);
    expect(updated.pages[1]?.items[0]?.isFavorite).toBe(true);
    expect(updated.pages[0]?.items.some((game) => game.isFavorite)).toBe(false);

    expect(withFavorite(page(['a'], 0, 1), 'a', true).items[0]?.isFavorite).toBe(true);
    expect(withFavorite(tile('a', true), 'a', false).isFavorite).toBe(false);
    expect(withFavorite(tile('b', true), 'a', false).isFavorite).toBe(true);

    const session: GameSession = { kind: 'external', game: tile('x'), launchUrl: 'https://x' };
    expect(withFavorite(session, 'x', true).game.isFavorite).toBe(true);
    expect(withFavorite(['unrelated'], 'x', true)).toEqual(['unrelated']);
  });

  it('drops a removed favourite from the favourites list and lowers the total', () => {
    const list: InfiniteData<GamesPage> = {
      pages: [page(['a', 'b'], 0, 3, 2), page(['c'], 2, 3, 2)],
      pageParams: [0, 2],
    };
    const updated = withoutGame(list, 'b');
    expect(updated?.pages.flatMap((p) => p.items.map((game) => game.id))).toEqual(['a', 'c']);
    expect(updated?.pages.at(-1)?.meta.total).toBe(2);
    expect(withoutGame(list, 'zzz')).toBe(list);
  });
});
