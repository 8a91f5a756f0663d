import { firstDepositPromoDelayMs } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import {
  firstDepositPromoDelay,
  sessionFirstMark,
  sessionFirstMarkKey,
} from './first-deposit-timer';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('session first mark', () => {
  test('the first call stores now; later calls keep the first mark', () => {
    const storage = memoryStorage();
    expect(sessionFirstMark(storage, 1_000)).toBe(1_000);
    expect(storage.values.get(sessionFirstMarkKey)).toBe('1000');
    expect(sessionFirstMark(storage, 5_000)).toBe(1_000);
  });
  test('a broken or future mark is replaced by now', () => {
    expect(sessionFirstMark(memoryStorage({ [sessionFirstMarkKey]: 'soon' }), 7_000)).toBe(7_000);
    expect(sessionFirstMark(memoryStorage({ [sessionFirstMarkKey]: '9000' }), 7_000)).toBe(7_000);
  });
  test('without storage the mark is now', () => {
    expect(sessionFirstMark(undefined, 42)).toBe(42);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(sessionFirstMark(throwing, 43)).toBe(43);
  });
});

describe('first-deposit promo delay', () => {
  test('10 minutes after the mark, counting down, and 0 once passed', () => {
    expect(firstDepositPromoDelayMs).toBe(600_000);
    expect(firstDepositPromoDelay(1_000, 1_000)).toBe(600_000);
    expect(firstDepositPromoDelay(1_000, 301_000)).toBe(300_000);
    expect(firstDepositPromoDelay(1_000, 601_000)).toBe(0);
    expect(firstDepositPromoDelay(1_000, 9_999_999)).toBe(0);
  });
});
