// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, tournament } from '@/features/tournaments/test-support';
import { TournamentPage } from './tournaments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/tournaments/{id}', () => {
  it('a tournament the server does not show (VIP-only for anyone else) is not found', async () => {
    mockApi({});
    renderWithApp(<TournamentPage />, { path: '/en/tournaments/vip-night', signedIn: false });
    expect(await screen.findByText('Tournament not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All tournaments' }).getAttribute('href')).toBe(
      '/en/tournaments',
    );
  });

  it('opens the tournament of the path', async () => {
    mockApi({
      'GET /api/v2/tournaments/spring-cup': tournament(),
      'GET /api/v2/tournaments/spring-cup/leaderboard': {
        items: [],
        me: null,
        meta: { offset: 0, limit: 30, total: 0 },
      },
    });
    renderWithApp(<TournamentPage />, { path: '/en/tournaments/spring-cup' });
    expect(await screen.findByTestId('tournament-detail')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Spring Cup');
  });
});
