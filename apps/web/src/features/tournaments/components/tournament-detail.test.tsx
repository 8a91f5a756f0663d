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

  it('puts the prizes and the leaderboard first and the many games last, one row until unfolded', async () => {
    mockApi({ 'GET /api/v2/tournaments/spring-cup/leaderboard': leaderboard() });
    const games = Array.from({ length: 170 }, (_, index) => ({
      id: `game-${index}`,
      title: `Game ${index}`,
    }));
    renderWithApp(<TournamentDetailView tournament={tournament({ allGames: false, games })} />, {
      path: '/en/tournaments/spring-cup',
    });
    await screen.findAllByTestId('tournament-leaderboard-row');

    // document order: prizes, leaderboard, rules, then the games
    const order = [
      'tournament-prizes',
      'tournament-leaderboard',
      'tournament-rules',
      'tournament-games-section',
    ].map((testId) => screen.getByTestId(testId));
    for (let index = 1; index < order.length; index += 1) {
      const previous = order[index - 1] as HTMLElement;
      const next = order[index] as HTMLElement;
      expect(
        previous.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(screen.getByTestId('tournament-rules').textContent).toContain(
      'Only the games listed below count.',
    );

    // collapsed: one row of tiles (8 at happy-dom's 1024 px window), each a link to its game
    expect(window.innerWidth).toBe(1024);
    expect(screen.getAllByTestId('tournament-game')).toHaveLength(8);
    expect(
      within(screen.getAllByTestId('tournament-game')[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/en/games/game-0');
    const toggle = screen.getByTestId('tournament-games-toggle');
    expect(toggle.textContent).toBe('Show all (170)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(screen.getAllByTestId('tournament-game')).toHaveLength(170);
    expect(toggle.textContent).toBe('Show fewer');
    fireEvent.click(toggle);
    expect(screen.getAllByTestId('tournament-game')).toHaveLength(8);
  });
});
