import type { WheelPrize } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { formatPrizeAmount, sliceIndexForResult, wheelSlices } from './wheel-slices';

const prize = (id: string, amount: string, balanceType: 'main' | 'other' = 'main'): WheelPrize => ({
  id,
  amount,
  currency: 'USD',
  balanceType,
  weight: 1,
  probability: '1.000000',
});

describe('wheel slices', () => {
  test('labels are short and in the currency display format', () => {
    expect(formatPrizeAmount('1500.00', 'USD', true)).toBe('$1.5k');
    expect(formatPrizeAmount('250000.00', 'RUB', true)).toBe('250k ₽');
    expect(formatPrizeAmount('0.50', 'EUR', true)).toBe('€0.5');
    expect(formatPrizeAmount('12.50', 'USD', false)).toBe('$12.50');
    expect(formatPrizeAmount('3', 'XYZ', true)).toBe('3 XYZ');
  });
  test('the biggest prize is gold, no-prize slices dark, bonus prizes marked', () => {
    const slices = wheelSlices([
      prize('a', '5.00'),
      prize('b', '0.00', 'other'),
      prize('c', '100.00'),
      prize('d', '10.00', 'other'),
    ]);
    expect(slices.map((slice) => slice.tone)).toEqual(['even', 'empty', 'top', 'odd']);
    expect(slices.map((slice) => slice.isBonus)).toEqual([false, false, false, true]);
    expect(slices.map((slice) => slice.label)).toEqual(['$5', '$0', '$100', '$10']);
    expect(new Set(slices.map((slice) => slice.key)).size).toBe(4);
  });
  test('a result lands on its prize, else one of the same amount and balance, else none', () => {
    const prizes = [prize('a', '5.00'), prize('b', '10.00', 'other'), prize('c', '10.00')];
    expect(
      sliceIndexForResult(prizes, { prizeId: 'b', amount: '10.00', balanceType: 'other' }),
    ).toBe(1);
    expect(sliceIndexForResult(prizes, { prizeId: 'x', amount: '10.0', balanceType: 'main' })).toBe(
      2,
    );
    expect(
      sliceIndexForResult(prizes, { prizeId: 'x', amount: '7.00', balanceType: 'main' }),
    ).toBeNull();
  });
});
