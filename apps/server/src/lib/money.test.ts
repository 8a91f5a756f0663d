import { expect, test } from 'vitest';
import { formatMinorUnits } from './money.ts';

test('formats minor units with exactly the scale’s digits, without floats', () => {
  expect(formatMinorUnits(0n, 2)).toBe('0.00');
  expect(formatMinorUnits(5n, 2)).toBe('0.05');
  expect(formatMinorUnits(12_345n, 2)).toBe('123.45');
  expect(formatMinorUnits(-12_345n, 2)).toBe('-123.45');
  expect(formatMinorUnits(1n, 8)).toBe('0.00000001');
  expect(formatMinorUnits(42n, 0)).toBe('42');
  expect(formatMinorUnits(9_223_372_036_854_775_807n, 2)).toBe('92233720368547758.07');
});

test('rejects impossible scales', () => {
  expect(() => formatMinorUnits(1n, -1)).toThrow(RangeError);
  expect(() => formatMinorUnits(1n, 1.5)).toThrow(RangeError);
});
