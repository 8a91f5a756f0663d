// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conditions, mockApi, renderWithApp, userBonus } from '../test-support';
import { BonusCard } from './bonus-card';
import { UserBonusList } from './user-bonus-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const manyGames = Array.from({ length: 14 }, (_, index) => ({
  gameId: `game-${index + 1}`,
  title: `Game ${index + 1}`,
  percent: index === 0 ? 50 : 100,
}));

describe('a bonus card', () => {
  it('shows an active bonus: title, percent, amount, balance, wagering, deadline, max bet, free spins', () => {
    mockApi({});
    renderWithApp(<BonusCard bonus={userBonus()} />);
    const card = screen.getByTestId('bonus-card');
    expect(card.getAttribute('data-status')).toBe('active');
    expect(within(card).getByTestId('bonus-title').textContent).toBe('Welcome bonus: deposit 1');
    expect(within(card).getByTestId('bonus-status').textContent).toBe('Active');
    expect(within(card).getByTestId('bonus-percent').textContent).toBe('100% bonus');
    expect(within(card).getByTestId('bonus-amount').textContent).toBe('granted $100.00');
    expect(within(card).getByTestId('bonus-balance').textContent).toContain('$87.20');
    expect(within(card).getByTestId('bonus-max-bet').textContent).toContain('$5.00');
    expect(within(card).getByTestId('bonus-free-spins').textContent).toContain('30 of 50');
    expect(within(card).getByTestId('bonus-free-spins').textContent).toContain('$0.20 each');
    const bar = within(card).getByRole('progressbar', { name: 'Wagering' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(card).getByTestId('bonus-wager-figures').textContent).toBe(
      '$875.00 of $3,500.00',
    );
    expect(within(within(card).getByTestId('bonus-deadline')).getByRole('timer')).toBeTruthy();
    expect(within(card).getByTestId('bonus-games-link').getAttribute('href')).toBe(
      '/en/bonuses/bonus-1/games',
    );
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('keeps the games link on a finished bonus but offers no cancel', () => {
    mockApi({});
    renderWithApp(
      <BonusCard
        bonus={userBonus({
          id: 'done',
          status: 'completed',
          balance: '0.00',
          wager: { current: '3500.00', total: '3500.00' },
          convertedAmount: '120.50',
          endedAt: '2026-03-15T12:00:00.000Z',
        })}
      />,
    );
    const card = screen.getByTestId('bonus-card');
    expect(within(card).getByTestId('bonus-status').textContent).toBe('Completed');
    expect(within(card).getByTestId('bonus-games-link').getAttribute('href')).toBe(
      '/en/bonuses/done/games',
    );
    expect(within(card).getByTestId('bonus-converted').textContent).toContain('$120.50');
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(card).queryByRole('progressbar')).toBeNull();
  });

  it('says when a pending bonus starts and how long it will have', () => {
    mockApi({});
    renderWithApp(<BonusCard bonus={userBonus({ status: 'pending', expiresAt: null })} />);
    const deadline = screen.getByTestId('bonus-deadline');
    expect(deadline.textContent).toContain('Starts when your active bonus ends.');
    expect(deadline.textContent).toContain('72 h');
    // its money is not in the balance yet: the card shows what it will bring
    expect(screen.getByTestId('bonus-balance').textContent).toContain('$100.00');
  });

  it('lists the first 10 games in the tooltip, then how many more', async () => {
    mockApi({});
    renderWithApp(
      <BonusCard bonus={userBonus({ conditions: conditions({ gamesWagers: manyGames }) })} />,
    );
    const trigger = screen.getByTestId('bonus-games-tooltip-trigger');
    expect(trigger.textContent).toContain('Games: 14');
    fireEvent.click(trigger);
    const tooltip = await screen.findByTestId('bonus-games-tooltip');
    const rows = within(tooltip).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(rows[0]?.textContent).toBe('Game 150%');
    expect(rows[9]?.textContent).toContain('Game 10');
    expect(tooltip.textContent).toContain('+4 more');
    expect(tooltip.textContent).not.toContain('Game 11');
  });

  it('says all games count when the bonus lists none', () => {
    mockApi({});
    renderWithApp(<BonusCard bonus={userBonus()} />);
    expect(screen.getByTestId('bonus-card').textContent).toContain('All games count');
    expect(screen.queryByTestId('bonus-games-tooltip-trigger')).toBeNull();
  });

  it('cancels only after the confirmation, with an Idempotency-Key', async () => {
    const requests = mockApi({
      'POST /api/v2/bonuses/user/bonus-1/cancel': userBonus({
        status: 'forfeited',
        balance: '0.00',
        endedAt: '2026-03-15T12:00:00.000Z',
      }),
    });
    renderWithApp(<BonusCard bonus={userBonus()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByTestId('bonus-cancel-dialog');
    expect(dialog.textContent).toContain('$87.20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByTestId('bonus-cancel-dialog')).toBeNull());
    expect(requests).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByTestId('bonus-cancel-dialog')).getByRole('button', {
        name: 'Cancel the bonus',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('bonus-cancel-dialog')).toBeNull());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens the conditions of the bonus', async () => {
    mockApi({});
    renderWithApp(<BonusCard bonus={userBonus()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Conditions' }));
    const modal = await screen.findByTestId('bonus-info-modal');
    expect(within(modal).getByTestId('bonus-condition-wager').textContent).toContain('×35');
    expect(within(modal).getByTestId('bonus-condition-up-to').textContent).toContain('$500.00');
  });
});

describe('the bonus list', () => {
  it('puts active and pending bonuses before the finished ones', async () => {
    mockApi({
      'GET /api/v2/bonuses/user': {
        items: [
          userBonus({
            id: 'old',
            title: 'Old one',
            status: 'expired',
            endedAt: '2026-03-01T00:00:00.000Z',
          }),
          userBonus({ id: 'next', title: 'Next one', status: 'pending', expiresAt: null }),
          userBonus({ id: 'now', title: 'Current one', status: 'active' }),
        ],
      },
    });
    renderWithApp(<UserBonusList />);
    const current = await screen.findByTestId('bonuses-current');
    expect(
      within(current)
        .getAllByTestId('bonus-title')
        .map((title) => title.textContent),
    ).toEqual(['Current one', 'Next one']);
    const finished = screen.getByTestId('bonuses-finished');
    expect(
      within(finished)
        .getAllByTestId('bonus-title')
        .map((title) => title.textContent),
    ).toEqual(['Old one']);
  });

  it('says so when the player has no bonuses, with the action it is given', async () => {
    mockApi({ 'GET /api/v2/bonuses/user': { items: [] } });
    renderWithApp(<UserBonusList emptyAction={<button type="button">See offers</button>} />);
    expect(await screen.findByText('You have no bonuses yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See offers' })).toBeTruthy();
  });
});
