import type { GamesPage } from '@casino/contract';
import { QueryClient } from '@tanstack/react-query';
import { gamesQueryOptions } from '../api/get-games';

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

/**
 * A query client holding `page` as the first page of the category's list, fresh for good (as the
 * page's boot data files it: not asked again).
 */
export function clientWithGamesPage(category: string, page: GamesPage): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(gamesQueryOptions({ category }, false).queryKey, {
    pages: [page],
    pageParams: [0],
  });
  return queryClient;
}
