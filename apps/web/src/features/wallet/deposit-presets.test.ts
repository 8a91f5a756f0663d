import { describe, expect, it } from 'vitest';
import { depositAmountSetup, digitsOnly } from './deposit-presets';

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

describe('digitsOnly', () => {
  it('strips everything but digits and leading zeros', () => {
    expect(digitsOnly('1 500,50 ₽')).toBe('150050');
    expect(digitsOnly('007')).toBe('7');
    expect(digitsOnly('abc')).toBe('');
  });
});
