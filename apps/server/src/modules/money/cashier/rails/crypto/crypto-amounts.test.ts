import { describe, expect, test } from 'vitest';
import { formatAtPrecision, parseAtPrecision } from './crypto-amounts.ts';

describe('crypto amounts at a method precision', () => {
  test('formats minor units of the ledger scale with the method’s decimals', () => {
    expect(formatAtPrecision(5_000_000n, 6, 2, 'up')).toBe('5.00');
    expect(formatAtPrecision(10_000n, 8, 8, 'up')).toBe('0.00010000');
    expect(formatAtPrecision(1_234_567n, 6, 2, 'down')).toBe('1.23');
  });

  test('a minimum is rounded up, never shown below the real one', () => {
    expect(formatAtPrecision(1_234_567n, 6, 2, 'up')).toBe('1.24');
    expect(formatAtPrecision(1n, 9, 2, 'up')).toBe('0.01');
  });

  test('parses at most the method’s decimals into ledger minor units', () => {
    expect(parseAtPrecision('10', 6, 2)).toBe(10_000_000n);
    expect(parseAtPrecision('0.5', 9, 2)).toBe(500_000_000n);
    expect(parseAtPrecision('007.25', 6, 2)).toBe(7_250_000n);
    expect(parseAtPrecision('1.234', 6, 2)).toBeNull();
    expect(parseAtPrecision('-1', 6, 2)).toBeNull();
    expect(parseAtPrecision('1e3', 6, 2)).toBeNull();
  });
});
