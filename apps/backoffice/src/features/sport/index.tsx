import {
  Activity,
  CalendarDays,
  Gauge,
  ListOrdered,
  Percent,
  SlidersHorizontal,
} from 'lucide-react';
import { Navigate, Route } from 'react-router';
import { RequirePage } from '@/components/require.tsx';
import type { Feature } from '../types.ts';
import { BetFactorPage } from './bet-factor-page.tsx';
import { BetsPage } from './bets-page.tsx';
import { EventPage } from './event-page.tsx';
import { EventsPage, sportEventsResource } from './events-page.tsx';
import { FeedHealthPage } from './feed-page.tsx';
import { GgrPage } from './ggr-page.tsx';
import { LimitsPage } from './limits-page.tsx';

/** Sportsbook trading (issue 24): the feed, events and markets, tickets, GGR, limits. */
export const sportFeature: Feature = {
  id: 'sport',
  nav: [
    {
      group: 'Sportsbook',
      label: 'Feed health',
      path: '/sport/feed',
      icon: Activity,
      requires: ['GET', '/sport/feed'],
    },
    {
      group: 'Sportsbook',
      label: 'Events and markets',
      path: '/sport/events',
      icon: CalendarDays,
      requires: ['GET', '/sport/events'],
    },
    {
      group: 'Sportsbook',
      label: 'Bet ticker',
      path: '/sport/bets',
      icon: ListOrdered,
      requires: ['GET', '/sport/bets'],
    },
    {
      group: 'Sportsbook',
      label: 'GGR',
      path: '/sport/ggr',
      icon: Percent,
      requires: ['GET', '/sport/ggr'],
    },
    {
      group: 'Sportsbook',
      label: 'Limits and cash-out',
      path: '/sport/limits',
      icon: SlidersHorizontal,
      requires: ['GET', '/sport/limits'],
    },
    {
      group: 'Sportsbook',
      label: 'Player bet factors',
      path: '/sport/bet-factors',
      icon: Gauge,
      requires: ['GET', '/sport/players/:userId/bet-factor'],
    },
  ],
  resources: { sportEvents: sportEventsResource },
  routes: (
    <Route path="sport">
      <Route index element={<Navigate to="/sport/events" replace />} />
      <Route
        path="feed"
        element={
          <RequirePage method="GET" path="/sport/feed">
            <FeedHealthPage />
          </RequirePage>
        }
      />
      <Route
        path="events"
        element={
          <RequirePage method="GET" path="/sport/events">
            <EventsPage />
          </RequirePage>
        }
      />
      <Route
        path="events/:id"
        element={
          <RequirePage method="GET" path="/sport/events/:id">
            <EventPage />
          </RequirePage>
        }
      />
      <Route
        path="bets"
        element={
          <RequirePage method="GET" path="/sport/bets">
            <BetsPage />
          </RequirePage>
        }
      />
      <Route
        path="ggr"
        element={
          <RequirePage method="GET" path="/sport/ggr">
            <GgrPage />
          </RequirePage>
        }
      />
      <Route
        path="limits"
        element={
          <RequirePage method="GET" path="/sport/limits">
            <LimitsPage />
          </RequirePage>
        }
      />
      <Route path="cashout-settings" element={<Navigate to="/sport/limits" replace />} />
      <Route
        path="bet-factors"
        element={
          <RequirePage method="GET" path="/sport/players/:userId/bet-factor">
            <BetFactorPage />
          </RequirePage>
        }
      />
    </Route>
  ),
};
