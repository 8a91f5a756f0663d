import type {
  BannersResponse,
  GamesPage,
  GameTile,
  Locale,
  NavigationCategory,
  Sport,
  SportEventsPage,
} from '@casino/contract';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQueryOptions } from '@/features/banners/api/get-banners';
import { gameQueryOptions } from '@/features/games/api/get-game';
import { gamesQueryOptions } from '@/features/games/api/get-games';
import { navigationCategoriesQueryOptions } from '@/features/games/api/get-navigation-categories';
import {
  keepSupportedLanguages,
  languagesQueryOptions,
} from '@/features/languages/api/get-languages';
import { eventsQueryOptions } from '@/features/sportsbook/api/get-events';
import { sportsQueryOptions } from '@/features/sportsbook/api/get-sports';

/**
 * What the server put in the page for this navigation (`<script type="application/json"
 * id="boot-data">`, apps/server/src/plugins/web-app.ts): the answers the first screen would
 * otherwise wait for — the language list, on a home page a guest's banners and the navigation's
 * categories (its rows), on a category page the first page of a guest's games, on a game's page
 * its tile, on the sportsbook its first lists — so the app starts with them instead of asking
 * after its scripts ran.
 */
export interface BootData {
  languages?: readonly unknown[];
  banners?: { locale: Locale; data: BannersResponse };
  /** on a game's page, its tile as a guest sees it (the page's head and its art while loading) */
  game?: { id: string; data: GameTile };
  /**
   * on the sportsbook's page, its first answers as read at `at` (ms since the epoch): the sports,
   * the first page of the live list and of the matches starting soon (`routes/sportsbook.tsx`)
   */
  sportsbook?: { at: number; sports: Sport[]; live: SportEventsPage; soon: SportEventsPage };
  categoryGames?: { category: string; data: GamesPage };
  navigationCategories?: NavigationCategory[];
}

/** The page sizes the sportsbook's page asks for (`routes/sportsbook.tsx`), as the server sent. */
const sportsbookLiveLimit = 100;
const sportsbookSoonLimit = 12;

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
  // a guest's tile, under the guest's key: a player's page reads it only for what is the same
  // for everyone (title, provider, art) until the player's own answers are in
  const game = bootData?.game;
  if (game) queryClient.setQueryData(gameQueryOptions(game.id, false).queryKey, game.data);
  // filed as fetched when the server read them: the lists' freshness counts from then
  const sportsbook = bootData?.sportsbook;
  if (sportsbook) {
    const updatedAt = Math.min(sportsbook.at, Date.now());
    queryClient.setQueryData(sportsQueryOptions.queryKey, sportsbook.sports, { updatedAt });
    queryClient.setQueryData(
      eventsQueryOptions({ live: true }, sportsbookLiveLimit).queryKey,
      { pages: [sportsbook.live], pageParams: [0] },
      { updatedAt },
    );
    queryClient.setQueryData(
      eventsQueryOptions({ live: false }, sportsbookSoonLimit).queryKey,
      { pages: [sportsbook.soon], pageParams: [0] },
      { updatedAt },
    );
  }
  // on a category page, the navigation's categories (its title) and the first page of its list,
  // as `useGames({ category })` asks for it; on a home page the categories (its rows)
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
