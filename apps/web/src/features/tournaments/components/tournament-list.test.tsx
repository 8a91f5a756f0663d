// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, tournament } from '../test-support';
import { TournamentList } from './tournament-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dayMs = 24 * 60 * 60 * 1000;

describe('the tournament list', () => {
  it('shows a card per tournament: art, name in the page locale, status, prize pool, countdown, VIP badge', async () => {
    mockApi({
      'GET /api/v2/tournaments': {
        items: [
          tournament(),
          tournament({
            id: 'vip-night',
            vip_players_only: true,
            descriptions: {
              en: {
                name: 'VIP Night',
                description: '',
                image: '/tournaments/vip-high-rollers.svg',
              },
            },
            startsAt: new Date(Date.now() + dayMs).toISOString(),
            endsAt: new Date(Date.now() + 2 * dayMs).toISOString(),
            status: 'upcoming',
            prizePool: '12500.5',
          }),
        ],
      },
    });
    renderWithApp(<TournamentList />, { path: '/ru/tournaments' });

    const spring = await screen.findByTestId('tournament-card-spring-cup');
    expect(spring.getAttribute('href')).toBe('/ru/tournaments/spring-cup');
    // the Russian text in /ru; English where a tournament has no Russian one
    expect(within(spring).getByTestId('tournament-name').textContent).toBe('Весенний кубок');
    expect(within(spring).getByTestId('tournament-prize-pool').textContent).toBe('$850.00');
    expect(within(spring).getByTestId('tournament-status').getAttribute('data-status')).toBe(
      'running',
    );
    expect(within(spring).getByRole('timer')).toBeTruthy();
    expect(within(spring).queryByTestId('tournament-vip')).toBeNull();
    expect(spring.querySelector('img')?.getAttribute('src')).toBe(
      '/tournaments/originals-race.svg',
    );

    const vip = screen.getByTestId('tournament-card-vip-night');
    expect(within(vip).getByTestId('tournament-name').textContent).toBe('VIP Night');
    expect(within(vip).getByTestId('tournament-vip')).toBeTruthy();
    expect(within(vip).getByTestId('tournament-status').getAttribute('data-status')).toBe(
      'upcoming',
    );
    expect(within(vip).getByTestId('tournament-prize-pool').textContent).toBe('$12,500.50');
  });

  it('reads the status against the clock: a day-old answer says running, the end has passed', async () => {
    mockApi({
      'GET /api/v2/tournaments': {
        items: [
          tournament({
            startsAt: new Date(Date.now() - 2 * dayMs).toISOString(),
            endsAt: new Date(Date.now() - 60_000).toISOString(),
            status: 'running',
          }),
        ],
      },
    });
    renderWithApp(<TournamentList />, { signedIn: false });
    const card = await screen.findByTestId('tournament-card-spring-cup');
    expect(card.getAttribute('data-status')).toBe('finished');
    expect(within(card).queryByRole('timer')).toBeNull();
    expect(within(card).getByTestId('tournament-countdown').textContent).toContain('Ended');
  });

  it('says so when there is no tournament', async () => {
    mockApi({ 'GET /api/v2/tournaments': { items: [] } });
    renderWithApp(<TournamentList />, { signedIn: false });
    expect(await screen.findByText('No active tournaments')).toBeTruthy();
  });
});
