import type { BannersResponse, GamesPage, Locale, NavigationCategory } from '@casino/contract';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQueryOptions } from '@/features/banners/api/get-banners';
import { gamesQueryOptions } from '@/features/games/api/get-games';
import { navigationCategoriesQueryOptions } from '@/features/games/api/get-navigation-categories';
import {
  keepSupportedLanguages,
  languagesQueryOptions,
} from '@/features/languages/api/get-languages';

/**
 * What the server put in the page for this navigation (`<script type="application/json"
 * id="boot-data">`, apps/server/src/plugins/web-app.ts): the answers the first screen would
 * otherwise wait for — the language list, on a home page a guest's banners, on a category page
 * the first page of a guest's games — so the app starts with them instead of asking after its
 * scripts ran.
 */
export interface BootData {
  languages?: readonly unknown[];
  banners?: { locale: Locale; data: BannersResponse };
  categoryGames?: { category: string; data: GamesPage };
  navigationCategories?: NavigationCategory[];
}

function readBootData(): BootData | null {
  try {
    return JSON.parse(document.getElementById('boot-data')?.textContent || 'null') as BootData;
  } catch {
    return null;
  }
}

/**
 * Files the page's answers under the queries that ask for them, as if just fetched (the same
 * freshness rules then apply). The server encoded them with the API's own schemas (the app does
 * not parse its own API's answers either). The banners and the games are a guest's: filed under
 * the guest's keys only, so a signed-in player's carousel and grid still ask for their own.
 */
export function seedBootData(queryClient: QueryClient, bootData = readBootData()): void {
  if (bootData?.languages) {
    queryClient.setQueryData(
      languagesQueryOptions.queryKey,
      keepSupportedLanguages(bootData.languages),
    );
  }
  // the server names only a locale this build has
  const banners = bootData?.banners;
  if (banners) {
    queryClient.setQueryData(bannersQueryOptions(banners.locale, false).queryKey, banners.data);
  }
  // on a category page, the navigation's categories (its title) and the first page of its list,
  // as `useGames({ category })` asks for it
  if (bootData?.navigationCategories) {
    queryClient.setQueryData(
      navigationCategoriesQueryOptions.queryKey,
      bootData.navigationCategories,
    );
  }
  const categoryGames = bootData?.categoryGames;
  if (categoryGames) {
    queryClient.setQueryData(
      gamesQueryOptions({ category: categoryGames.category }, false).queryKey,
      { pages: [categoryGames.data], pageParams: [0] },
    );
  }
}
