import { describe, expect, it } from 'vitest';
import { partialAmount } from './cashout';

describe('a part of a cash-out quote', () => {
  it('is the whole quote (no amount sent) at 100%', () => {
    expect(partialAmount({ amount: '12.34', currency: 'USD' }, 100)).toBeNull();
  });

  it('is floored to minor units, never rounded up', () => {
    // 33% of 12.34 = 4.0722
    expect(partialAmount({ amount: '12.34', currency: 'USD' }, 33)).toBe('4.07');
    expect(partialAmount({ amount: '0.00000999', currency: 'BTC' }, 50)).toBe('0.00000499');
  });

  it('is nothing when the part rounds down to zero', () => {
    expect(partialAmount({ amount: '0.01', currency: 'USD' }, 50)).toBeNull();
  });
});
