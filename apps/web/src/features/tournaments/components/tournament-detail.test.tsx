// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaderboard, mockApi, renderWithApp, tournament } from '../test-support';
import { TournamentDetailView } from './tournament-detail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a tournament page', () => {
  it('shows the countdown, the rules, the prizes and the leaderboard with my place highlighted', async () => {
    const requests = mockApi({
      'GET /api/v2/tournaments/spring-cup/leaderboard': leaderboard(),
    });
    renderWithApp(<TournamentDetailView tournament={tournament()} />, {
      path: '/en/tournaments/spring-cup',
    });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Spring Cup');
    expect(within(screen.getByTestId('tournament-countdown')).getByText('Ends in')).toBeTruthy();
    expect(screen.getByTestId('tournament-rules').textContent).toContain(
      'Total wagered: every stake counts, in USD at the current rate.',
    );
    expect(screen.getByTestId('tournament-rules').textContent).toContain('Every game counts.');
    const prizes = within(screen.getByTestId('tournament-prizes')).getAllByRole('row');
    expect(prizes.map((row) => row.textContent)).toEqual([
      'PlacePrize',
      '#1$500.00',
      '#2$250.00',
      '#3$100.00',
    ]);

    const board = screen.getByTestId('tournament-leaderboard');
    const rows = await within(board).findAllByTestId('tournament-leaderboard-row');
    expect(rows).toHaveLength(3);
    const mine = rows.filter((row) => row.getAttribute('data-me') === 'true');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.textContent).toContain('me***e');
    expect(mine[0]?.textContent).toContain('$980.50');
    expect(screen.getByTestId('tournament-my-place-value').textContent).toBe('#2');
    expect(screen.getByTestId('tournament-my-score').textContent).toBe('$980.50');
    expect(screen.getByTestId('tournament-leaderboard-range').textContent).toBe('1–3 of 45');

    // the next page asks for the following 30
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(requests.some((request) => request.search.get('offset') === '30')).toBe(true),
    );
    expect(
      (screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('a guest sees the board without a place; a multiplier tournament lists its games', async () => {
    mockApi({
      'GET /api/v2/tournaments/spring-cup/leaderboard': leaderboard({
        items: [{ place: 1, name: 'jo***n', score: '12.40', prize: '500.00', isMe: false }],
        me: null,
        meta: { offset: 0, limit: 30, total: 1 },
      }),
    });
    renderWithApp(
      <TournamentDetailView
        tournament={tournament({
          scoring: 'best_multiplier',
          allGames: false,
          games: [
            { id: 'dice', title: 'Dice' },
            { id: 'limbo', title: 'Limbo' },
          ],
        })}
      />,
      { path: '/en/tournaments/spring-cup', signedIn: false },
    );
    const rows = await screen.findAllByTestId('tournament-leaderboard-row');
    expect(rows[0]?.textContent).toContain('×12.40');
    expect(screen.queryByTestId('tournament-my-place')).toBeNull();
    expect(screen.getByText('Sign in to take part and see your place.')).toBeTruthy();
    expect(screen.getByTestId('tournament-games').textContent).toBe('DiceLimbo');
  });

  it('an upcoming tournament counts down to its start and has no scores yet', async () => {
    mockApi({
      'GET /api/v2/tournaments/spring-cup/leaderboard': leaderboard({
        items: [],
        me: null,
        meta: { offset: 0, limit: 30, total: 0 },
      }),
    });
    renderWithApp(
      <TournamentDetailView
        tournament={tournament({
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
          status: 'upcoming',
        })}
      />,
      { path: '/en/tournaments/spring-cup' },
    );
    expect(within(screen.getByTestId('tournament-countdown')).getByText('Starts in')).toBeTruthy();
    expect((await screen.findByTestId('tournament-leaderboard-empty')).textContent).toBe(
      'The leaderboard opens when the tournament starts.',
    );
  });
});
