import { describe, expect, it } from 'vitest';
import { amountInput, depositAmountSetup, hasFraction } from './deposit-presets';

describe('depositAmountSetup', () => {
  it('offers the presets within the limits and defaults to the third of them', () => {
    expect(depositAmountSetup({ minAmount: '1000', maxAmount: '100000', currency: 'RUB' })).toEqual(
      { presets: ['1000', '2000', '5000', '10000'], defaultAmount: '5000' },
    );
  });

  it('defaults to the last preset when two or fewer fit', () => {
    expect(depositAmountSetup({ minAmount: '4000', maxAmount: '12000', currency: 'RUB' })).toEqual({
      presets: ['5000', '10000'],
      defaultAmount: '10000',
    });
  });

  it('defaults to the midpoint rounded up without presets', () => {
    expect(depositAmountSetup({ minAmount: '15', maxAmount: '20', currency: 'GEL' })).toEqual({
      presets: [],
      defaultAmount: '18',
    });
  });
});

describe('amountInput', () => {
  it('keeps digits and a decimal separator, drops the rest and leading zeros', () => {
    expect(amountInput('1 500 ₽')).toBe('1500');
    expect(amountInput('007')).toBe('7');
    expect(amountInput('abc')).toBe('');
  });

  it('keeps the fraction a player typed, for the form to refuse: never 100 times the amount', () => {
    expect(amountInput('12.34')).toBe('12.34');
    expect(amountInput('1 500,50 ₽')).toBe('1500,50');
    expect(hasFraction(amountInput('12.34'))).toBe(true);
    expect(hasFraction(amountInput('12.'))).toBe(true);
    expect(hasFraction(amountInput('1 234'))).toBe(false);
  });
});
