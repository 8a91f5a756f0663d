import {
  type BannersResponse,
  bannersResponseSchema,
  defaultGamesPageSize,
  type GamesPage,
  type GameTile,
  gameIdSchema,
  gamesPageSchema,
  gameTileSchema,
  isSupportedLocale,
  type Locale,
  languagesResponseSchema,
  type NavigationCategory,
  navigationCategoriesResponseSchema,
  playerSessionCookie,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { KeyedCache } from '../lib/keyed-cache.ts';
import type { GamesService } from '../modules/casino/games/games.service.ts';
import type { LanguagesService } from '../modules/platform/languages/languages.service.ts';
import { countryOfIp, type RegionService } from '../modules/platform/region/region.service.ts';
import type { BannersService } from '../modules/promotions/banners/banners.service.ts';
import type { SportCatalog } from '../modules/sportsbook/feed/catalog.service.ts';
import { isHomePath, type WebBootData } from './web-app.ts';
import { categoryOfPath, categoryPaintHtml } from './web-category-paint.ts';
import { gamePaintHtml } from './web-game-paint.ts';
import { guestHeroHtml } from './web-guest-hero.ts';
import {
  createSportsbookBootData,
  isSportsbookPath,
  sportsbookPaintHtml,
} from './web-sportsbook-paint.ts';

/**
 * How long a process reuses the answers it puts in the page. Short: a banner an operator just
 * changed reaches the page within this (the API's own guest answer may be kept a day).
 */
export const bootDataTtlMs = 30_000;

/** No player's session cookie, and not the back office's banner preview frame. */
function isGuest(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return request.cookies?.[playerSessionCookie] === undefined && query?.bannerPreview === undefined;
}

/** The game a game page's path names (`/en/games/disco-inferno-keno`), if it can name one. */
export function gameIdOfPath(path: string): string | null {
  const segment = /^\/[a-z]{2}\/games\/([^/]+)\/?$/.exec(path)?.[1];
  if (!segment || segment === 'favorites') return null;
  return gameIdSchema.safeParse(segment).data ?? null;
}

/**
 * The category whose first page of games a navigation's page may carry: a category page
 * (`/:lang/categories/:key/games`) whose address asks for no sort or provider filter, which is
 * the list the app's games query asks for first (`useGames({ category })`, 30 games from 0).
 */
function categoryPageOf(request: FastifyRequest, path: string): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.sort !== undefined || query?.provider !== undefined) return null;
  return categoryOfPath(path);
}

/**
 * The answers the player app waits for before its first screen, put in the page it is served
 * in (`web-app.ts`): the language list (the splash waits for it on every page) and, on a
 * language's home page, a guest's banners for the visitor's country (the carousel's first
 * picture is the home page's largest paint). Exactly what `GET /api/v1/languages?mode=1` and
 * `GET /api/v2/banners?locale=…&placement=home` answer a guest (the same schemas encode them);
 * the app files them under those queries, and a signed-in player's banners, asked under their
 * own key, never come from here. A visitor from a restricted country gets nothing: the app's
 * own requests meet the region block as before.
 *
 * On a home page, a visitor without a session cookie also gets the first banner drawn in the
 * HTML for phones (`web-guest-hero.ts`), made from the same answer; its script takes it out
 * again before the first paint for a player whose session only the browser's storage holds.
 *
 * On a home page, the navigation's categories (`GET /api/v2/categories`, the same for everyone):
 * the lobby's rows, which the app then asks for at once (`prefetchLandingData`).
 *
 * On a category page, the first page of the category's games as `GET /api/v2/games` answers a
 * guest in the visitor's country (isFavorite false, blocks by country only); the app files it
 * under the guest's key of that list, so a signed-in player's grid still asks for its own
 * (hearts, blocks by currency), and the navigation's categories (`GET /api/v2/categories`, the
 * same for everyone), which name the page. A guest also gets the grid's first screen drawn in the
 * HTML for phones (`web-category-paint.ts`).
 *
 * On a game's page, the game's tile as a guest of the visitor's country gets it (title, studio,
 * art: the same for everyone), filed under the guest's key, and the page's first screen drawn for
 * phones (`web-game-paint.ts`), which its script keeps only for a player (a guest is sent to the
 * sign-in step). On the sportsbook, its first answers and, when the build has the language's
 * texts, its first screen drawn for phones, for guests and players alike (`web-sportsbook-paint.ts`).
 */
export function createWebBootData(dependencies: {
  languages: LanguagesService;
  banners: BannersService;
  region: RegionService;
  /**
   * a game page's tile (`web-game-paint.ts`) and a category page's first page of games with the
   * navigation's categories (`web-category-paint.ts`); without it, neither
   */
  games?: Pick<GamesService, 'get' | 'list' | 'categories'>;
  /** the sportsbook's first answers (`web-sportsbook-paint.ts`); without it, none */
  sportCatalog?: Pick<SportCatalog, 'sports' | 'events'>;
  nowMs: () => number;
}): WebBootData {
  const languages = new KeyedCache<unknown>(bootDataTtlMs, dependencies.nowMs, 1);
  const banners = new KeyedCache<BannersResponse>(bootDataTtlMs, dependencies.nowMs, 1_000);
  // a guest's tile of a game (null: no such game), per country (its blocks depend on it)
  const gameTiles = new KeyedCache<GameTile | null>(bootDataTtlMs, dependencies.nowMs, 1_000);
  const categoryGames = new KeyedCache<GamesPage>(bootDataTtlMs, dependencies.nowMs, 1_000);
  const navigation = new KeyedCache<NavigationCategory[]>(bootDataTtlMs, dependencies.nowMs, 1);
  const games = dependencies.games;
  const sportsbook = dependencies.sportCatalog
    ? createSportsbookBootData(dependencies.sportCatalog, dependencies.nowMs)
    : null;
  return async (request, page) => {
    try {
      await dependencies.region.assertAllowed(request.ip);
    } catch {
      return null;
    }
    const locale: Locale | null =
      page.locale && isSupportedLocale(page.locale) ? page.locale : null;
    const country = countryOfIp(request.ip);
    const gameId = locale && games ? gameIdOfPath(page.path) : null;
    const category = games && locale ? categoryPageOf(request, page.path) : null;
    const [languageList, homeBanners, game, firstGames, navigationCategories, sportsbookData] =
      await Promise.all([
        languages.get('mode1', async () =>
          languagesResponseSchema.parse(await dependencies.languages.listSupported()),
        ),
        locale && isHomePath(page.path)
          ? banners.get(`${country ?? ''}:${locale}`, async () =>
              bannersResponseSchema.parse(
                await dependencies.banners.forViewer(
                  { userId: null, country },
                  { locale, placement: 'home' },
                ),
              ),
            )
          : null,
        gameId && games
          ? gameTiles.get(`${country ?? ''}:${gameId}`, async () => {
              try {
                return gameTileSchema.parse(
                  await games.get({ userId: null, country, currency: null }, gameId),
                );
              } catch (error) {
                if (error instanceof AppError && error.code === 'not_found') return null;
                throw error;
              }
            })
          : null,
        games && category !== null
          ? categoryGames.get(`${country ?? ''}:${category}`, async () =>
              gamesPageSchema.parse(
                await games.list(
                  { userId: null, country, currency: null },
                  { category, limit: defaultGamesPageSize, offset: 0 },
                ),
              ),
            )
          : null,
        // a category page's title is its category's, from the navigation's list; the home page
        // draws a row per category
        games && (category !== null || (locale && isHomePath(page.path)))
          ? navigation.get('all', async () =>
              navigationCategoriesResponseSchema.parse(await games.categories()),
            )
          : null,
        locale && sportsbook && isSportsbookPath(page.path) ? sportsbook() : null,
      ]);
    const guest = isGuest(request);
    const hero = locale && homeBanners && guest ? guestHeroHtml(homeBanners, locale) : null;
    const categoryPaint = firstGames && guest ? categoryPaintHtml(firstGames) : null;
    const gamePaint = gameId && game ? gamePaintHtml(game) : null;
    const sportsbookTexts = page.texts?.sportsbook;
    const sportsbookPaint =
      sportsbookData && sportsbookTexts
        ? sportsbookPaintHtml(sportsbookData, sportsbookTexts, page.texts?.fonts)
        : null;
    const paint = hero ?? categoryPaint ?? gamePaint ?? sportsbookPaint;
    return {
      data: {
        languages: languageList,
        ...(locale && homeBanners ? { banners: { locale, data: homeBanners } } : {}),
        ...(gameId && game ? { game: { id: gameId, data: game } } : {}),
        ...(category !== null && firstGames
          ? { categoryGames: { category, data: firstGames } }
          : {}),
        ...(navigationCategories ? { navigationCategories } : {}),
        ...(sportsbookData ? { sportsbook: sportsbookData } : {}),
      },
      ...(paint ? { firstPaint: paint.body, head: paint.head } : {}),
    };
  };
}
