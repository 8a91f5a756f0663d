import { describe, expect, it } from 'vitest';
import {
  bonusDrawerVariant,
  bonusPercent,
  bonusWagerPercent,
  dailyBonusState,
  depositBonusLabel,
  formatBonusMoney,
  gamesTooltip,
  orderUserBonuses,
  welcomeSteps,
} from './bonus-display.ts';
import { offer } from './bonus-fixtures.ts';
import type { UserBonusStatus } from './bonuses.ts';

describe('welcomeSteps', () => {
  it('orders the steps by deposit and states them: claimed, available, then disabled', () => {
    const steps = welcomeSteps([
      offer('third', { conditions: { minDepositNumber: 3, amountMultiplier: 0.5 } }),
      offer('first', { isClaimed: true, conditions: { minDepositNumber: 1 } }),
      offer('fourth', { conditions: { minDepositNumber: 4, amountMultiplier: 0.5 } }),
      offer('second', { conditions: { minDepositNumber: 2, amountMultiplier: 0.75 } }),
    ]);
    expect(steps.map((step) => [step.depositNumber, step.bonus.id, step.state])).toEqual([
      [1, 'first', 'claimed'],
      [2, 'second', 'available'],
      [3, 'third', 'disabled'],
      [4, 'fourth', 'disabled'],
    ]);
    expect(steps.map((step) => step.bonusValue)).toEqual([100, 75, 50, 50]);
  });

  it('shows only non-personal welcome offers', () => {
    const steps = welcomeSteps([
      offer('personal', { isPersonal: true, conditions: { minDepositNumber: 1 } }),
      offer('everyday', { conditions: { type: 'everyday', minDepositNumber: 1 } }),
      offer('beyond', { conditions: { minDepositNumber: 5 } }),
      offer('none', { conditions: { minDepositNumber: null } }),
      offer('welcome', { conditions: { minDepositNumber: 1 } }),
    ]);
    expect(steps.map((step) => step.bonus.id)).toEqual(['welcome']);
  });

  it('keeps the fourth-deposit offer with the most free spins, the first listed elsewhere', () => {
    const steps = welcomeSteps([
      offer('one-a', { conditions: { minDepositNumber: 1, freespinsCount: 0 } }),
      offer('one-b', { conditions: { minDepositNumber: 1, freespinsCount: 200 } }),
      offer('four-a', { conditions: { minDepositNumber: 4, freespinsCount: 50 } }),
      offer('four-b', { conditions: { minDepositNumber: 4, freespinsCount: 100 } }),
      offer('four-c', { conditions: { minDepositNumber: 4, freespinsCount: 100 } }),
    ]);
    expect(steps.map((step) => step.bonus.id)).toEqual(['one-a', 'four-b']);
    expect(steps[1]?.freeSpinValue).toBe(100);
  });

  it('judges a step against the previous one shown when a deposit number has no offer', () => {
    const steps = welcomeSteps([
      offer('first', { isClaimed: true, conditions: { minDepositNumber: 1 } }),
      offer('third', { conditions: { minDepositNumber: 3 } }),
    ]);
    expect(steps.map((step) => step.state)).toEqual(['claimed', 'available']);
  });

  // moved from the tests of welcomeStepState, which welcomeSteps no longer needs
  it('is claimed when the bonus is claimed, whatever came before', () => {
    const steps = welcomeSteps([
      offer('first', { conditions: { minDepositNumber: 1 } }),
      offer('second', { isClaimed: true, conditions: { minDepositNumber: 2 } }),
    ]);
    expect(steps.map((step) => step.state)).toEqual(['available', 'claimed']);
  });

  it('makes the first unclaimed step available and the ones after it disabled', () => {
    const none = welcomeSteps([
      offer('first', { conditions: { minDepositNumber: 1 } }),
      offer('second', { conditions: { minDepositNumber: 2 } }),
    ]);
    expect(none.map((step) => step.state)).toEqual(['available', 'disabled']);
  });
});

describe('welcomeSteps for a player: the step the next deposit receives', () => {
  const fourSteps = (claimed: readonly number[]) =>
    [1, 2, 3, 4].map((number) =>
      offer(`step-${number}`, {
        isClaimed: claimed.includes(number),
        conditions: { minDepositNumber: number },
      }),
    );
  const states = (claimed: readonly number[], depositCount: number) =>
    welcomeSteps(fourSteps(claimed), depositCount).map((step) => step.state);

  it('shows step 1 before the first deposit and each next step while every deposit qualifies', () => {
    expect(states([], 0)).toEqual(['available', 'disabled', 'disabled', 'disabled']);
    expect(states([1], 1)).toEqual(['claimed', 'available', 'disabled', 'disabled']);
    expect(states([1, 2], 2)).toEqual(['claimed', 'claimed', 'available', 'disabled']);
    expect(states([1, 2, 3], 3)).toEqual(['claimed', 'claimed', 'claimed', 'available']);
  });

  it('keeps a missed step available: deposit 2 below step 2’s minimum leaves step 2 for deposit 3', () => {
    expect(states([1], 2)).toEqual(['claimed', 'available', 'disabled', 'disabled']);
    expect(states([1, 2], 3)).toEqual(['claimed', 'claimed', 'available', 'disabled']);
    expect(states([], 3)).toEqual(['available', 'disabled', 'disabled', 'disabled']);
  });

  it('shows no step available once the four welcome deposits are made', () => {
    expect(states([1, 2, 3], 4)).toEqual(['claimed', 'claimed', 'claimed', 'disabled']);
    expect(states([], 7)).toEqual(['disabled', 'disabled', 'disabled', 'disabled']);
  });

  it('shows only the first step not received, even when a later one was received', () => {
    // step 3 received (a preferred offer, or history from before this rule), step 2 not
    expect(states([1, 3], 2)).toEqual(['claimed', 'available', 'claimed', 'disabled']);
  });

  it('shows a step only from its own deposit number on when a deposit number has no offer', () => {
    const steps = (depositCount: number) =>
      welcomeSteps(
        [
          offer('first', { isClaimed: true, conditions: { minDepositNumber: 1 } }),
          offer('third', { conditions: { minDepositNumber: 3 } }),
        ],
        depositCount,
      ).map((step) => step.state);
    expect(steps(1)).toEqual(['claimed', 'disabled']);
    expect(steps(2)).toEqual(['claimed', 'available']);
  });
});

describe('percentages and labels', () => {
  it('shows amountMultiplier × 100 without float noise', () => {
    expect(bonusPercent(1)).toBe(100);
    expect(bonusPercent(0.07)).toBe(7);
    expect(bonusPercent(0.05)).toBe(5);
    expect(bonusPercent(0.755)).toBe(75.5);
    expect(bonusPercent(0)).toBe(0);
  });

  it('writes a deposit bonus fraction as +N% with no decimals', () => {
    expect(depositBonusLabel(0.05)).toBe('+5%');
    expect(depositBonusLabel(0.1)).toBe('+10%');
    expect(depositBonusLabel(0.29)).toBe('+29%');
    expect(depositBonusLabel(0.125)).toBe('+13%');
  });

  it('names the first 10 games and counts the rest', () => {
    const games = Array.from({ length: 13 }, (_, index) => ({ title: `Game ${index + 1}` }));
    const tooltip = gamesTooltip(games);
    expect(tooltip.titles).toHaveLength(10);
    expect(tooltip.titles[0]).toBe('Game 1');
    expect(tooltip.titles[9]).toBe('Game 10');
    expect(tooltip.restCount).toBe(3);
    expect(gamesTooltip(games.slice(0, 10)).restCount).toBe(0);
    expect(gamesTooltip([])).toEqual({ titles: [], restCount: 0 });
  });

  it('formats money in the currency display format, cutting extra decimals', () => {
    expect(formatBonusMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatBonusMoney('0.999', 'USD')).toBe('$0.99');
    expect(formatBonusMoney('1500000', 'RUB')).toBe('1,500,000.00 ₽');
    expect(formatBonusMoney('0.1', 'BTC')).toBe('0.10000000 BTC');
    expect(formatBonusMoney('7', 'XYZ')).toBe('7.00 XYZ');
  });
});

describe('bonusWagerPercent', () => {
  it('is the whole percent wagered, cut down, within 0…100', () => {
    expect(bonusWagerPercent({ current: '0.00', total: '3500.00' })).toBe(0);
    expect(bonusWagerPercent({ current: '34.99', total: '3500.00' })).toBe(0);
    expect(bonusWagerPercent({ current: '35.00', total: '3500.00' })).toBe(1);
    expect(bonusWagerPercent({ current: '3499.99', total: '3500.00' })).toBe(99);
    expect(bonusWagerPercent({ current: '3500', total: '3500.00' })).toBe(100);
    expect(bonusWagerPercent({ current: '4000.00', total: '3500.00' })).toBe(100);
  });

  it('treats a requirement of zero as met', () => {
    expect(bonusWagerPercent({ current: '0', total: '0.00' })).toBe(100);
  });
});

describe('the player bonus order', () => {
  it('puts the active bonus first, then pending, then finished, keeping the server order', () => {
    const bonuses: { id: string; status: UserBonusStatus }[] = [
      { id: 'a', status: 'completed' },
      { id: 'b', status: 'pending' },
      { id: 'c', status: 'expired' },
      { id: 'd', status: 'active' },
      { id: 'e', status: 'pending' },
      { id: 'f', status: 'lost' },
    ];
    const ordered = orderUserBonuses(bonuses);
    expect(ordered.current.map((bonus) => bonus.id)).toEqual(['d', 'b', 'e']);
    expect(ordered.finished.map((bonus) => bonus.id)).toEqual(['a', 'c', 'f']);
  });
});

describe('the daily bonus day', () => {
  it('picks the drawer variant by the deposit count', () => {
    expect(bonusDrawerVariant(0)).toBe('welcome');
    expect(bonusDrawerVariant(3)).toBe('welcome');
    expect(bonusDrawerVariant(4)).toBe('everyday');
    expect(bonusDrawerVariant(12)).toBe('everyday');
  });

  it('offers use, or counts down to the next UTC day once used today', () => {
    const now = new Date('2026-03-14T18:00:00Z');
    expect(dailyBonusState({ countDeposit: 3, isAvailable: true, usedAt: null }, now)).toEqual({
      kind: 'locked',
    });
    expect(dailyBonusState({ countDeposit: 4, isAvailable: true, usedAt: null }, now)).toEqual({
      kind: 'available',
    });
    expect(
      dailyBonusState({ countDeposit: 5, isAvailable: false, usedAt: '2026-03-14T09:00:00Z' }, now),
    ).toEqual({ kind: 'used', nextAt: new Date('2026-03-15T00:00:00Z') });
    expect(dailyBonusState({ countDeposit: 5, isAvailable: false, usedAt: null }, now)).toEqual({
      kind: 'unavailable',
    });
  });

  it('offers the next day’s bonus once the page passes midnight', () => {
    const status = { countDeposit: 6, isAvailable: false, usedAt: '2026-03-14T09:00:00Z' };
    expect(dailyBonusState(status, new Date('2026-03-14T23:59:59Z')).kind).toBe('used');
    expect(dailyBonusState(status, new Date('2026-03-15T00:00:00Z')).kind).toBe('available');
  });
});
