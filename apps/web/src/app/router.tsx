import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { gameQueryOptions } from '@/features/games/api/get-game';
import { gameSessionQueryOptions } from '@/features/games/api/get-game-session';
import { gamesQueryOptions, homeRowStaleTimeMs } from '@/features/games/api/get-games';
import { navigationCategoriesQueryOptions } from '@/features/games/api/get-navigation-categories';
import { homeRowCategories, navigationCategoryFilter } from '@/features/games/catalog';
import { lazy } from '@/lib/lazy';
import { AppShell } from './layout/app-shell';
import { LocaleLayout, LocaleRedirect } from './layout/locale-layout';
import { RequireAuth } from './layout/require-auth';
import { CasinoHomePage } from './routes/casino-home';

// The home page, where a guest lands, is in the first download; every other page (the
// sportsbook and its layout with the bet slip, the games, the profile…) is its own chunk, fetched
// when it is opened. The games and their verifier bring their engines, animations and the
// provably fair math.
const SportsbookLayout = lazy(async () => ({
  default: (await import('./layout/sportsbook-layout')).SportsbookLayout,
}));
const SportsbookPage = lazy(async () => ({
  default: (await import('./routes/sportsbook')).SportsbookPage,
}));
const SportFavoritesPage = lazy(async () => ({
  default: (await import('./routes/sport-favorites')).SportFavoritesPage,
}));
const SportMyBetsPage = lazy(async () => ({
  default: (await import('./routes/sport-my-bets')).SportMyBetsPage,
}));
const SportPage = lazy(async () => ({ default: (await import('./routes/sport')).SportPage }));
const SportEventPage = lazy(async () => ({
  default: (await import('./routes/sport-event')).SportEventPage,
}));
const GameFavoritesPage = lazy(async () => ({
  default: (await import('./routes/games')).GameFavoritesPage,
}));
const CategoryGamesPage = lazy(async () => ({
  default: (await import('./routes/games')).CategoryGamesPage,
}));
const ProviderGamesPage = lazy(async () => ({
  default: (await import('./routes/games')).ProviderGamesPage,
}));
const PromoCategoryGamesPage = lazy(async () => ({
  default: (await import('./routes/games')).PromoCategoryGamesPage,
}));
const GamePage = lazy(async () => ({ default: (await import('./routes/game')).GamePage }));
const FairnessPage = lazy(async () => ({
  default: (await import('./routes/fairness')).FairnessPage,
}));
const TournamentsPage = lazy(async () => ({
  default: (await import('./routes/tournaments')).TournamentsPage,
}));
const TournamentPage = lazy(async () => ({
  default: (await import('./routes/tournaments')).TournamentPage,
}));
const BonusesPage = lazy(async () => ({
  default: (await import('./routes/bonuses')).BonusesPage,
}));
const BonusGamesPage = lazy(async () => ({
  default: (await import('./routes/bonuses')).BonusGamesPage,
}));
const ProfilePage = lazy(async () => ({
  default: (await import('./routes/profile')).ProfilePage,
}));
const PoliciesPage = lazy(async () => ({
  default: (await import('./routes/policies')).PoliciesPage,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('./routes/not-found')).NotFoundPage,
}));

/**
 * The code of the page the visit lands on, fetched before the app's first render (`main.tsx`),
 * for the pages the server may draw a first paint of — a category (`web-category-paint.ts`), a
 * game's page for a player (`web-game-paint.ts`) — and the sportsbook, whose first answers the
 * page carries: that render then draws the page itself in place of the HTML's paint, not the
 * shell's empty fallback. Null for any other address.
 */
export function preloadLandingPage(pathname: string, signedIn: boolean): Promise<unknown> | null {
  if (/^\/[a-z]{2}\/categories\/[^/]+\/games\/?$/.test(pathname)) {
    return CategoryGamesPage.preload();
  }
  if (/^\/[a-z]{2}\/sportsbook\/?$/.test(pathname)) {
    return Promise.all([SportsbookLayout.preload(), SportsbookPage.preload()]);
  }
  // a guest is sent to the sign-in step instead
  if (signedIn && landingGameId(pathname) !== null) return GamePage.preload();
  return null;
}

/** The game a player's visit lands on (`/{lang}/games/{id}`), or null for any other address. */
function landingGameId(pathname: string): string | null {
  const id = /^\/[a-z]{2}\/games\/(?!favorites\/?$)([^/]+)\/?$/.exec(pathname)?.[1];
  if (id === undefined) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/**
 * The answers the landing page draws its first screen from, asked for beside the profile when
 * the app starts (`app-gate.tsx`) instead of once the shell and the page have mounted: a
 * player's game page asks for its session (about 0.6 s earlier at a 4× slower CPU), so the
 * session is in when the shell and the page mount, in a transition React renders in slices,
 * and the game's stage is drawn there — not in the synchronous render a query's later answer
 * starts (about 150 ms of blocked main thread at 4×). The page's own query uses the answer
 * (`staleTime` infinite; a failed one is asked again as the page mounts). The player's tile
 * likewise (fresh for 30 s), in the next task (starting a request costs a few milliseconds).
 */
export function prefetchLandingData(
  queryClient: QueryClient,
  pathname: string,
  signedIn: boolean,
): void {
  const gameId = signedIn ? landingGameId(pathname) : null;
  // in a task of its own, not beside the first commit's other effects (one request a task)
  if (gameId === null) return;
  window.setTimeout(() => void queryClient.prefetchQuery(gameSessionQueryOptions(gameId, true)), 0);
  // the player's tile (the heart, the blocks when the session is refused), fresh for as long
  window.setTimeout(() => void queryClient.prefetchQuery(gameQueryOptions(gameId, true)), 0);
}

/**
 * On a home page (`/{lang}`), the requests for the first page of each of the lobby's rows, from
 * the navigation's categories the page brought (boot data); none elsewhere. Asked for as the app
 * starts (`app.tsx`), so the rows mount with their requests already in flight, instead of each
 * row's query starting its own in the first commit's effects, all in one task. Their answers stay
 * fresh for `homeRowStaleTimeMs`, so a row mounting after its answer does not ask again.
 */
export function homeRowRequests(
  queryClient: QueryClient,
  pathname: string,
  signedIn: boolean,
): Array<() => Promise<unknown>> {
  if (!/^\/[a-z]{2}\/?$/.test(pathname)) return [];
  const categories = queryClient.getQueryData(navigationCategoriesQueryOptions.queryKey);
  if (!categories) return [];
  return homeRowCategories(categories).map(
    (category) => () =>
      queryClient.prefetchInfiniteQuery({
        ...gamesQueryOptions(navigationCategoryFilter(category), signedIn),
        staleTime: homeRowStaleTimeMs,
      }),
  );
}

/** The pages inside the shell wait in the shell's own Suspense (`app-shell.tsx`). */
function Deferred({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>{children}</Suspense>
  );
}

function Protected({ children }: { children: ReactNode }) {
  return <RequireAuth>{children}</RequireAuth>;
}

/** Every page lives under its locale: `/{lang}/…`. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LocaleRedirect />} />
      <Route path="/:lang" element={<LocaleLayout />}>
        <Route
          path="policies/:host"
          element={
            <Deferred>
              <PoliciesPage />
            </Deferred>
          }
        />
        <Route element={<AppShell />}>
          <Route index element={<CasinoHomePage />} />
          <Route element={<SportsbookLayout />}>
            <Route path="sportsbook" element={<SportsbookPage />} />
            <Route path="sportsbook/favorites" element={<SportFavoritesPage />} />
            <Route path="sportsbook/my-bets" element={<SportMyBetsPage />} />
            <Route path="sportsbook/:sportSlug" element={<SportPage />} />
            <Route path="sportsbook/:sportSlug/:eventId" element={<SportEventPage />} />
          </Route>
          <Route
            path="games/favorites"
            element={
              <Protected>
                <GameFavoritesPage />
              </Protected>
            }
          />
          <Route
            path="games/:id"
            element={
              <Protected>
                <GamePage />
              </Protected>
            }
          />
          <Route path="categories/:key/games" element={<CategoryGamesPage />} />
          <Route path="providers/:providerId/games" element={<ProviderGamesPage />} />
          <Route path="promo-categories/:id/games" element={<PromoCategoryGamesPage />} />
          <Route path="fairness" element={<FairnessPage />} />
          <Route path="tournaments" element={<TournamentsPage />} />
          <Route path="tournaments/:id" element={<TournamentPage />} />
          <Route
            path="bonuses"
            element={
              <Protected>
                <BonusesPage />
              </Protected>
            }
          />
          <Route
            path="bonuses/:id/games"
            element={
              <Protected>
                <BonusGamesPage />
              </Protected>
            }
          />
          <Route
            path="profile"
            element={
              <Protected>
                <ProfilePage />
              </Protected>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
