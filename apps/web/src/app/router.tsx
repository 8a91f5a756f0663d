import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppShell } from './layout/app-shell';
import { LocaleLayout, LocaleRedirect } from './layout/locale-layout';
import { RequireAuth } from './layout/require-auth';
import { SportsbookLayout } from './layout/sportsbook-layout';
import { BonusesPage, BonusGamesPage } from './routes/bonuses';
import { CasinoHomePage } from './routes/casino-home';
import {
  CategoryGamesPage,
  GameFavoritesPage,
  PromoCategoryGamesPage,
  ProviderGamesPage,
} from './routes/games';
import { NotFoundPage } from './routes/not-found';
import { PoliciesPage } from './routes/policies';
import { ProfilePage } from './routes/profile';
import { SportPage } from './routes/sport';
import { SportEventPage } from './routes/sport-event';
import { SportFavoritesPage } from './routes/sport-favorites';
import { SportMyBetsPage } from './routes/sport-my-bets';
import { SportsbookPage } from './routes/sportsbook';
import { TournamentPage, TournamentsPage } from './routes/tournaments';

// The games and their verifier (engines, animations, the provably fair math) load only when a
// game or the fairness page is opened, keeping them out of the first download.
const GamePage = lazy(async () => ({ default: (await import('./routes/game')).GamePage }));
const FairnessPage = lazy(async () => ({
  default: (await import('./routes/fairness')).FairnessPage,
}));

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
        <Route path="policies/:host" element={<PoliciesPage />} />
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
                <Deferred>
                  <GamePage />
                </Deferred>
              </Protected>
            }
          />
          <Route path="categories/:key/games" element={<CategoryGamesPage />} />
          <Route path="providers/:providerId/games" element={<ProviderGamesPage />} />
          <Route path="promo-categories/:id/games" element={<PromoCategoryGamesPage />} />
          <Route
            path="fairness"
            element={
              <Deferred>
                <FairnessPage />
              </Deferred>
            }
          />
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
