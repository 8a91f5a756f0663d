import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToAmerican, decimalToFractional, formatOdds } from './sport-odds.ts';

/** Decimal odds from 1.01 to 1000.00 as the feed writes them. */
const decimalOdds = fc
  .integer({ min: 101, max: 100_000 })
  .map((hundredths) => (hundredths / 100).toFixed(2));

function fractionValue(fraction: string): number {
  const [numerator, denominator] = fraction.split('/').map(Number);
  return (numerator ?? Number.NaN) / (denominator ?? Number.NaN);
}

describe('decimalToFractional', () => {
  it('prints the fractions bookmakers use for common prices', () => {
    expect(decimalToFractional('1.91')).toBe('10/11');
    expect(decimalToFractional('1.67')).toBe('4/6');
    expect(decimalToFractional('2.50')).toBe('6/4');
    expect(decimalToFractional('2.00')).toBe('1/1');
    expect(decimalToFractional('1.5')).toBe('1/2');
    expect(decimalToFractional('11.00')).toBe('10/1');
  });

  it('reduces the exact fraction for other prices', () => {
    expect(decimalToFractional('1.85')).toBe('17/20');
    expect(decimalToFractional('3.10')).toBe('21/10');
    expect(decimalToFractional('1.01')).toBe('1/100');
    expect(decimalToFractional('151.00')).toBe('150/1');
  });

  it('stays within a ladder step of the decimal price (every price up to 20, sampled above)', () => {
    const prices = Array.from({ length: 1900 }, (_, index) => ((101 + index) / 100).toFixed(2));
    for (const odds of prices) {
      const value = fractionValue(decimalToFractional(odds)) + 1;
      expect(Math.abs(value - Number(odds)), odds).toBeLessThanOrEqual(0.02);
    }
    fc.assert(
      fc.property(decimalOdds, (odds) => {
        const value = fractionValue(decimalToFractional(odds)) + 1;
        expect(Math.abs(value - Number(odds))).toBeLessThanOrEqual(0.02);
      }),
    );
  });

  it('rejects what is not odds', () => {
    expect(() => decimalToFractional('1.00')).toThrow(/below 1.01/);
    expect(() => decimalToFractional('abc')).toThrow(/not decimal odds/);
    expect(() => decimalToFractional('1.855')).toThrow(/not decimal odds/);
  });
});

describe('decimalToAmerican', () => {
  it('gives the profit on 100 for prices of 2 and more, the stake to win 100 below', () => {
    expect(decimalToAmerican('2.50')).toBe('+150');
    expect(decimalToAmerican('2.00')).toBe('+100');
    expect(decimalToAmerican('1.50')).toBe('-200');
    expect(decimalToAmerican('1.85')).toBe('-118');
    expect(decimalToAmerican('1.01')).toBe('-10000');
    expect(decimalToAmerican('1000.00')).toBe('+99900');
  });

  it('converts back to the decimal price within rounding', () => {
    fc.assert(
      fc.property(decimalOdds, (odds) => {
        const american = Number(decimalToAmerican(odds));
        const back = american > 0 ? 1 + american / 100 : 1 + 100 / -american;
        expect(Math.abs(back - Number(odds))).toBeLessThan(0.005);
      }),
    );
  });
});

describe('formatOdds', () => {
  it('shows each format', () => {
    expect(formatOdds('1.5', 'decimal')).toBe('1.50');
    expect(formatOdds('1.85', 'fractional')).toBe('17/20');
    expect(formatOdds('1.85', 'american')).toBe('-118');
  });
});
