import { describe, expect, it } from 'vitest';
import {
  addQuickStake,
  normalizeStakeInput,
  planSlip,
  systemChoices,
  systemLineCount,
  tabProblem,
} from './slip-bets';
import { emptySlip, type SlipSelection, type SlipState } from './slip-state';

function selection(index: number, odds: string, overrides: Partial<SlipSelection> = {}) {
  return {
    eventId: index,
    marketId: index * 10,
    outcomeId: '1',
    sportId: 1,
    eventName: `Team ${index} v Other ${index}`,
    marketName: '1x2',
    outcomeName: `Team ${index}`,
    live: false,
    odds,
    previousOdds: null,
    offeredOdds: null,
    state: 'open',
    ...overrides,
  } satisfies SlipSelection;
}

function slipOf(odds: string[], overrides: Partial<SlipState> = {}): SlipState {
  return {
    ...emptySlip,
    selections: odds.map((value, i) => selection(i + 1, value)),
    ...overrides,
  };
}

describe('the systems offered for n selections', () => {
  it.each([
    [2, []],
    [3, [2, 'trixie', 'patent']],
    [4, [2, 3, 'yankee', 'lucky15']],
    [5, [2, 3, 4, 'canadian', 'lucky31']],
    [6, [2, 3, 4, 5, 'heinz', 'lucky63']],
    [7, [2, 3, 4, 5, 6, 'superHeinz']],
    [8, [2, 3, 4, 5, 6, 7, 'goliath']],
    [9, [2, 3, 4, 5, 6, 7, 8]],
    [13, []],
  ])('%i selections: %j', (n, expected) => {
    expect(systemChoices(n)).toEqual(expected);
  });

  it.each([
    ['trixie', 3, 4],
    ['patent', 3, 7],
    ['yankee', 4, 11],
    ['lucky15', 4, 15],
    ['canadian', 5, 26],
    ['lucky31', 5, 31],
    ['heinz', 6, 57],
    ['lucky63', 6, 63],
    ['superHeinz', 7, 120],
    ['goliath', 8, 247],
    [2, 4, 6],
    [3, 5, 10],
  ] as const)('%s of %i makes %i lines', (size, n, lines) => {
    expect(systemLineCount(size, n)).toBe(lines);
  });
});

describe('planning the tickets', () => {
  it('singles: one ticket per staked selection, the payout of each summed', () => {
    const plan = planSlip(
      slipOf(['1.85', '2.50', '3.00'], { singleStakes: { '10:1': '10', '20:1': '2.5' } }),
      'USD',
    );
    expect(plan.problem).toBeNull();
    expect(plan.tickets.map((ticket) => ticket.body.stake)).toEqual(['10.00', '2.50']);
    expect(plan.totalStakeMinor).toBe(1250n);
    // 10 × 1.85 + 2.50 × 2.50 = 18.50 + 6.25
    expect(plan.potentialPayoutMinor).toBe(2475n);
  });

  it('singles: the same stake for all stakes every selection', () => {
    const plan = planSlip(slipOf(['1.85', '2.50'], { sameStake: '3' }), 'EUR');
    expect(plan.tickets).toHaveLength(2);
    expect(plan.totalStakeMinor).toBe(600n);
  });

  it('an accumulator pays the stake times the product of the odds, rounded down', () => {
    const plan = planSlip(
      slipOf(['1.85', '2.10', '1.33'], { tab: 'accumulator', accumulatorStake: '7.77' }),
      'USD',
    );
    expect(plan.problem).toBeNull();
    expect(plan.tickets).toHaveLength(1);
    // 777 × 1.85 × 2.10 × 1.33 = 4014.85… minor units
    expect(plan.potentialPayoutMinor).toBe(4014n);
    expect(plan.tickets[0]?.body).toMatchObject({ type: 'accumulator', stake: '7.77' });
  });

  it('a system stakes the line stake on each line: a Yankee at 1 is 11 lines, 11 in all', () => {
    const plan = planSlip(
      slipOf(['2.00', '2.00', '2.00', '2.00'], {
        tab: 'system',
        systemSize: 'yankee',
        systemLineStake: '1',
      }),
      'USD',
    );
    expect(plan.lines).toBe(11);
    expect(plan.tickets[0]?.body).toMatchObject({ stake: '11.00', systemSize: 'yankee' });
    // 6 doubles × 4 + 4 trebles × 8 + 1 fourfold × 16 = 24 + 32 + 16
    expect(plan.potentialPayoutMinor).toBe(7200n);
  });

  it('refuses two selections of one event on a combination, not on singles', () => {
    const related = {
      ...slipOf(['2.00', '3.00']),
      selections: [selection(1, '2.00'), selection(1, '3.00', { marketId: 99 })],
    };
    expect(planSlip({ ...related, tab: 'accumulator', accumulatorStake: '1' }, 'USD').problem).toBe(
      'related',
    );
    expect(tabProblem('accumulator', related)).toBe('related');
    expect(tabProblem('single', related)).toBeNull();
    expect(planSlip({ ...related, sameStake: '1' }, 'USD').problem).toBeNull();
  });

  it.each([
    ['no selection', slipOf([]), 'no_selections'],
    ['an accumulator of one', slipOf(['2.00'], { tab: 'accumulator' }), 'too_few'],
    ['a system without a size', slipOf(['2', '2', '2'], { tab: 'system' }), 'choose_system'],
    ['no stake', slipOf(['2.00']), 'stake_missing'],
    ['a stake beyond the scale', slipOf(['2.00'], { sameStake: '1.005' }), 'stake_invalid'],
    ['a zero stake', slipOf(['2.00'], { sameStake: '0' }), 'stake_invalid'],
    [
      'a suspended selection',
      { ...slipOf([]), sameStake: '1', selections: [selection(1, '2', { state: 'suspended' })] },
      'suspended',
    ],
    [
      'an ended one',
      { ...slipOf([]), sameStake: '1', selections: [selection(1, '2', { state: 'unavailable' })] },
      'unavailable',
    ],
    [
      'a price waiting for acceptance',
      { ...slipOf([]), sameStake: '1', selections: [selection(1, '2', { offeredOdds: '1.9' })] },
      'offered_changes',
    ],
  ] as const)('%s cannot be placed: %s', (_name, slip, problem) => {
    expect(planSlip(slip as SlipState, 'USD').problem).toBe(problem);
  });

  it('reads stakes in the currency’s ledger scale (BTC has 8 decimals)', () => {
    const plan = planSlip(slipOf(['2.00'], { sameStake: '0.00012345' }), 'BTC');
    expect(plan.problem).toBeNull();
    expect(plan.tickets[0]?.body.stake).toBe('0.00012345');
    expect(plan.potentialPayoutMinor).toBe(24690n);
  });
});

describe('stake input', () => {
  it('quick stakes add up', () => {
    expect(addQuickStake('', '10', 'USD')).toBe('10');
    expect(addQuickStake('2.5', '10', 'USD')).toBe('12.5');
    expect(addQuickStake('abc', '500', 'RUB')).toBe('500');
  });

  it('keeps digits and one decimal separator', () => {
    expect(normalizeStakeInput('1,5')).toBe('1.5');
    expect(normalizeStakeInput('1.2.3')).toBe('1.23');
    expect(normalizeStakeInput('-12a')).toBe('12');
  });
});
