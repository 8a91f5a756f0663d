// @vitest-environment happy-dom
import type { LateDepositNotice, PlayerLimitHistoryEntry } from '@casino/contract';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LateDepositsList, LimitHistoryList } from './limit-history';

afterEach(cleanup);

/** English pages (the locale is the path's first segment). */
function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/en/profile']}>{children}</MemoryRouter>;
}

function entry(overrides: Partial<PlayerLimitHistoryEntry>): PlayerLimitHistoryEntry {
  return {
    id: '1',
    type: 'deposit',
    period: 'day',
    event: 'set',
    currency: 'USD',
    from: null,
    to: '100.00',
    effectiveAt: '2026-11-26T10:00:00.000Z',
    at: '2026-11-26T10:00:00.000Z',
    by: 'player',
    ...overrides,
  };
}

describe('the history of limit changes', () => {
  it('says what changed, the amounts, when a raise comes into force and who made it', () => {
    render(
      <LimitHistoryList
        entries={[
          entry({
            id: '4',
            event: 'increase_requested',
            from: '80.00',
            to: '200.00',
            effectiveAt: '2026-11-27T12:00:00.000Z',
            at: '2026-11-26T12:00:00.000Z',
          }),
          entry({ id: '3', event: 'decreased', from: '100.00', to: '80.00', by: 'operator' }),
          entry({ id: '2', type: 'session', period: 'week', currency: null, to: '600' }),
          entry({ id: '1' }),
        ]}
      />,
      { wrapper },
    );
    const rows = screen.getAllByTestId('limit-history-entry').map((row) => row.textContent);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Deposit limit · 24 hours');
    expect(rows[0]).toContain('Raise requested: $80.00 → $200.00');
    expect(rows[0]).toMatch(/pending until .*2026/);
    expect(rows[1]).toContain('Lowered: $100.00 → $80.00');
    expect(rows[1]).toContain('set by the operator');
    expect(rows[2]).toContain('Session time · 7 days');
    expect(rows[2]).toContain('Set: 600 min');
    expect(rows[3]).toContain('Set: $100.00');
    expect(rows[3]).not.toContain('pending');
    expect(rows[3]).not.toContain('operator');
  });

  it('says so when there is nothing yet', () => {
    render(<LimitHistoryList entries={[]} />, { wrapper });
    expect(screen.getByText('You have no limits yet.')).toBeTruthy();
  });
});

describe('the deposits credited past a limit', () => {
  it('lists each as its notice said, and nothing when there is none', () => {
    const deposits: LateDepositNotice[] = [
      {
        notice: 'deposit_over_limit',
        amount: '50.00',
        currency: 'USD',
        limit: { period: 'day', amount: '20.00', currency: 'USD' },
        at: '2026-11-26T10:00:00.000Z',
      },
      {
        notice: 'deposit_while_excluded',
        amount: '5.00',
        currency: 'USD',
        limit: null,
        at: '2026-11-25T10:00:00.000Z',
      },
    ];
    const { rerender } = render(<LateDepositsList deposits={deposits} />, {
      wrapper,
    });
    const text = screen.getByTestId('late-deposits').textContent;
    expect(text).toContain(
      'Your deposit of $50.00 was credited although it exceeds your deposit limit of $20.00 per 24 hours.',
    );
    expect(text).toContain('Your deposit of $5.00 was credited during your break from gambling.');
    rerender(<LateDepositsList deposits={[]} />);
    expect(screen.queryByTestId('late-deposits')).toBeNull();
  });
});
