import type { GamesPage } from '@casino/contract';

/** A first page of 30 games (`g0`…`g29`) of a list of `total`, for the lobby's component tests. */
export function gamesPageFixture(total: number): GamesPage {
  return {
    items: Array.from({ length: 30 }, (_, index) => ({
      id: `g${index}`,
      title: `Game ${index}`,
      imageUrl: `/game-art/g${index}.svg`,
      provider: { id: 'studio', name: 'Studio' },
      isFavorite: false,
      blacklists: [],
      labelType: null,
    })),
    meta: { offset: 0, limit: 30, total },
  };
}
