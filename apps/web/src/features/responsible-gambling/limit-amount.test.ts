import { describe, expect, it } from 'vitest';
import { limitAmountValid } from './limit-amount';

describe('limitAmountValid', () => {
  it('takes positive money amounts with up to two decimals', () => {
    for (const value of ['100', '0.50', '12.3', ' 250 ', '1000000']) {
      expect(limitAmountValid('deposit', value)).toBe(true);
    }
  });

  it('refuses what the server would refuse', () => {
    for (const value of ['', 'abc', '-10', '0', '0.00', '12.345', '1,5', '1e3']) {
      expect(limitAmountValid('loss', value)).toBe(false);
    }
  });

  it('takes whole minutes above zero for a session limit', () => {
    expect(limitAmountValid('session', '90')).toBe(true);
    expect(limitAmountValid('session', '0')).toBe(false);
    expect(limitAmountValid('session', '1.5')).toBe(false);
  });
});
