import { Users } from 'lucide-react';
import { Route } from 'react-router';
import { RequirePage } from '@/components/require.tsx';
import type { Feature } from '../types.ts';
import { PlayersPage } from './list.tsx';
import { PlayerPage } from './player.tsx';
import { playerResources } from './resources.ts';

/** Players: the search and the 360° view of one player (issue 24). */
export const playersFeature: Feature = {
  id: 'players',
  nav: [
    {
      group: 'Players',
      label: 'Players',
      path: '/players',
      icon: Users,
      requires: ['GET', '/players'],
    },
  ],
  routes: (
    <>
      <Route
        path="players"
        element={
          <RequirePage method="GET" path="/players">
            <PlayersPage />
          </RequirePage>
        }
      />
      <Route
        path="players/:globalId"
        element={
          <RequirePage method="GET" path="/players/:globalId">
            <PlayerPage />
          </RequirePage>
        }
      />
    </>
  ),
  resources: playerResources,
};
