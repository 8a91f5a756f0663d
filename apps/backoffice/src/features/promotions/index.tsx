import {
  Ban,
  Building2,
  Dices,
  Gamepad2,
  Gift,
  Handshake,
  Image,
  Network,
  Percent,
  TicketPercent,
  Trophy,
  UserRound,
  UserRoundPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { RequirePage } from '@/components/require.tsx';
import type { Feature, Method, NavItem } from '../types.ts';
import { BannersPage, bannersResource } from './banners.tsx';
import {
  BlacklistsPage,
  blacklistsResource,
  GamesPage,
  gamesResource,
  ProvidersPage,
  StudiosPage,
  seamlessProvidersResource,
} from './catalog.tsx';
import { OffersPage, offersResource } from './offers.tsx';
import { PartnersPage, partnersResource } from './partners.tsx';
import { DepositBonusPage, PersonalBonusPage, UserBonusesPage } from './player-bonuses.tsx';
import { PromoCodesPage, promoCodesResource } from './promocodes.tsx';
import { leaderboardResource, TournamentsPage, tournamentsResource } from './tournaments.tsx';
import { WheelPage } from './wheel.tsx';

interface Screen {
  nav: Omit<NavItem, 'requires'>;
  requires: [Method, string];
  element: ReactNode;
}

const screens: Screen[] = [
  {
    nav: { group: 'Promotions', label: 'Bonus offers', path: '/bonuses/offers', icon: Gift },
    requires: ['GET', '/bonuses/offers'],
    element: <OffersPage />,
  },
  {
    nav: {
      group: 'Promotions',
      label: 'Deposit bonus',
      path: '/bonuses/deposit-bonus',
      icon: Percent,
    },
    requires: ['GET', '/bonuses/deposit-bonus'],
    element: <DepositBonusPage />,
  },
  {
    nav: {
      group: 'Promotions',
      label: 'Personal bonuses',
      path: '/bonuses/personal',
      icon: UserRoundPlus,
    },
    requires: ['POST', '/bonuses/personal'],
    element: <PersonalBonusPage />,
  },
  {
    nav: { group: 'Promotions', label: "Players' bonuses", path: '/bonuses/user', icon: UserRound },
    requires: ['GET', '/bonuses/user'],
    element: <UserBonusesPage />,
  },
  {
    nav: { group: 'Promotions', label: 'Promo codes', path: '/promocodes', icon: TicketPercent },
    requires: ['GET', '/promocodes'],
    element: <PromoCodesPage />,
  },
  {
    nav: { group: 'Promotions', label: 'Wheel of luck', path: '/wheel', icon: Dices },
    requires: ['GET', '/wheel/prizes'],
    element: <WheelPage />,
  },
  {
    nav: { group: 'Promotions', label: 'Banners', path: '/banners', icon: Image },
    requires: ['GET', '/banners'],
    element: <BannersPage />,
  },
  {
    nav: { group: 'Promotions', label: 'Partners', path: '/partners', icon: Handshake },
    requires: ['GET', '/partners'],
    element: <PartnersPage />,
  },
  {
    nav: { group: 'Promotions', label: 'Tournaments', path: '/tournaments', icon: Trophy },
    requires: ['GET', '/tournaments'],
    element: <TournamentsPage />,
  },
  {
    nav: { group: 'Catalog', label: 'Games', path: '/catalog/games', icon: Gamepad2 },
    requires: ['GET', '/games'],
    element: <GamesPage />,
  },
  {
    nav: { group: 'Catalog', label: 'Blacklists', path: '/catalog/blacklists', icon: Ban },
    requires: ['GET', '/games/blacklists'],
    element: <BlacklistsPage />,
  },
  {
    nav: { group: 'Catalog', label: 'Studios', path: '/catalog/studios', icon: Building2 },
    requires: ['GET', '/games/studios'],
    element: <StudiosPage />,
  },
  {
    nav: { group: 'Catalog', label: 'Aggregators', path: '/catalog/providers', icon: Network },
    requires: ['GET', '/seamless/providers'],
    element: <ProvidersPage />,
  },
];

/** Promotions (offers, codes, wheel, banners, partners, tournaments) and the catalog. */
export const promotionsFeature: Feature = {
  id: 'promotions',
  nav: screens.map((screen) => ({ ...screen.nav, requires: screen.requires })),
  routes: (
    <>
      {screens.map((screen) => (
        <Route
          key={screen.nav.path}
          path={screen.nav.path.slice(1)}
          element={
            <RequirePage method={screen.requires[0]} path={screen.requires[1]}>
              {screen.element}
            </RequirePage>
          }
        />
      ))}
    </>
  ),
  resources: {
    'promotions.offers': offersResource,
    'promotions.banners': bannersResource,
    'promotions.partners': partnersResource,
    'promotions.promo-codes': promoCodesResource,
    'promotions.tournaments': tournamentsResource,
    'promotions.leaderboard': leaderboardResource,
    'catalog.games': gamesResource,
    'catalog.blacklists': blacklistsResource,
    'catalog.seamless-providers': seamlessProvidersResource,
  },
};
