import { describe, expect, it } from 'vitest';
import {
  betProblem,
  initialBet,
  normalizeBetInput,
  payoutFor,
  quickBet,
  truncateDecimals,
} from './bet-amount';

const usd = { currency: 'USD', minBet: '0.10', maxBet: '1000.00', maxPayout: '100000.00' };

describe('quickBet', () => {
  it('halves on minor units, cutting the odd cent', () => {
    expect(quickBet('half', '0.15', usd)).toBe('0.10');
    expect(quickBet('half', '3.35', usd)).toBe('1.67');
  });
  it('doubles up to the maximum', () => {
    expect(quickBet('double', '1.25', usd)).toBe('2.50');
    expect(quickBet('double', '600', usd)).toBe('1000.00');
  });
  it('jumps to the limits, and starts from the minimum when the field is unreadable', () => {
    expect(quickBet('min', '55', usd)).toBe('0.10');
    expect(quickBet('max', '55', usd)).toBe('1000.00');
    expect(quickBet('double', 'abc', usd)).toBe('0.20');
  });
});

describe('betProblem', () => {
  it('accepts a stake within the limits', () => {
    expect(betProblem('0.10', usd)).toBeNull();
    expect(betProblem('1000', usd)).toBeNull();
  });
  it('names the broken limit', () => {
    expect(betProblem('0.09', usd)).toEqual({ key: 'Validation.minimum_amount', amount: '0.10' });
    expect(betProblem('1000.01', usd)).toEqual({
      key: 'Validation.maximum_amount',
      amount: '1000.00',
    });
  });
  it('refuses what is not an amount in the currency scale', () => {
    for (const value of ['', '0', '1.234', '1e3', '.5']) {
      expect(betProblem(value, usd)).toEqual({ key: 'Validation.invalid_amount' });
    }
  });
});

describe('bet input helpers', () => {
  it('keeps digits and the decimal separator', () => {
    expect(normalizeBetInput('1,5')).toBe('1.5');
    expect(normalizeBetInput(' $12a.3')).toBe('12.3');
  });
  it('starts at the minimum in the currency scale', () => {
    expect(initialBet({ ...usd, minBet: '0.1' })).toBe('0.10');
    expect(initialBet({ currency: 'RUB', minBet: '10', maxBet: '1', maxPayout: '1' })).toBe(
      '10.00',
    );
  });
});

describe('payoutFor', () => {
  it('multiplies on minor units and cuts to the scale', () => {
    expect(payoutFor('1.00', '1.9800', 'USD')).toBe('1.98');
    expect(payoutFor('0.15', '1.98019801', 'USD')).toBe('0.29');
    expect(payoutFor('2.50', 3.5, 'USD')).toBe('8.75');
  });
  it('is zero for an unreadable stake', () => {
    expect(payoutFor('x', '2', 'USD')).toBe('0.00');
  });
  it('truncates decimals without rounding', () => {
    expect(truncateDecimals('1.98765', 2)).toBe('1.98');
    expect(truncateDecimals('7', 2)).toBe('7');
    expect(truncateDecimals('7.5', 0)).toBe('7');
  });
});
