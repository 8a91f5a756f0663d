import type { GamesPage, NavigationCategory } from '@casino/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { gamesQueryOptions } from '@/features/games/api/get-games';
import { navigationCategoriesQueryOptions } from '@/features/games/api/get-navigation-categories';
import { seedBootData } from './boot-data';

const firstPage: GamesPage = {
  items: [
    {
      id: 'g1',
      title: 'Reels',
      imageUrl: '/game-art/g1.svg',
      provider: { id: 'studio', name: 'Studio' },
      isFavorite: false,
      blacklists: [],
      labelType: null,
    },
  ],
  meta: { offset: 0, limit: 30, total: 31 },
};

describe('the boot data of a category page', () => {
  it('is filed as the first page of the list the category page asks for, a guest’s only', () => {
    const queryClient = new QueryClient();
    seedBootData(queryClient, { categoryGames: { category: 'slots', data: firstPage } });
    // the key `useGames({ category, provider: undefined, sort: undefined })` makes
    expect(
      queryClient.getQueryData(
        gamesQueryOptions({ category: 'slots', provider: undefined, sort: undefined }, false)
          .queryKey,
      ),
    ).toEqual({ pages: [firstPage], pageParams: [0] });
    // a signed-in player's list (hearts, blocks by currency) is asked for, never seeded
    expect(
      queryClient.getQueryData(gamesQueryOptions({ category: 'slots' }, true).queryKey),
    ).toBeUndefined();
    expect(
      queryClient.getQueryData(
        gamesQueryOptions({ category: 'slots', sort: 'title' }, false).queryKey,
      ),
    ).toBeUndefined();
  });

  it('files the navigation’s categories, which name the page', () => {
    const queryClient = new QueryClient();
    const categories: NavigationCategory[] = [
      {
        id: 1,
        parentId: null,
        entity: 'category',
        value: 'slots',
        title: 'Slots',
        icon: 'slots',
        position: 1,
      },
    ];
    seedBootData(queryClient, { navigationCategories: categories });
    expect(queryClient.getQueryData(navigationCategoriesQueryOptions.queryKey)).toEqual(categories);
  });
});
