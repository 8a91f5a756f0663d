import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  formatRate,
  invertRate,
  multiplyRates,
  normaliseRate,
  parseRate,
} from './rate-math.ts';

describe('rate math', () => {
  it('parses plain positive decimals only', () => {
    expect(parseRate('1.16')).toEqual({ units: 116n, scale: 2 });
    expect(parseRate('0.0000105')).toEqual({ units: 105n, scale: 7 });
    for (const bad of [
      '0',
      '0.000',
      '-1',
      '1e3',
      ' 1',
      '01.5',
      '1.',
      '.5',
      '1.123456789012345678901',
    ]) {
      expect(parseRate(bad)).toBeNull();
    }
  });

  it('formats without trailing zeros', () => {
    expect(formatRate({ units: 116000n, scale: 5 })).toBe('1.16');
    expect(normaliseRate('81.000')).toBe('81');
    expect(normaliseRate('0.0021')).toBe('0.0021');
  });

  it('inverts and crosses, rounding down at 20 decimals', () => {
    expect(invertRate('80')).toBe('0.0125');
    expect(invertRate('3')).toBe('0.33333333333333333333');
    expect(multiplyRates('1.16', '81.5')).toBe('94.54');
    expect(multiplyRates(invertRate('3'), '3')).toBe('0.99999999999999999999');
  });

  it('converts between scales rounding down', () => {
    // 100.00 USD at 0.86 EUR per USD
    expect(convertMinor(10_000n, 2, 2, '0.86')).toBe(8_600n);
    // 1.00 USD → BTC at 1/96000: 0.00001041 BTC (1041.66… satoshi, rounded down)
    expect(convertMinor(100n, 2, 8, invertRate('96000'))).toBe(1_041n);
    // 0.00000001 BTC → USD at 96000: 0.00096 USD → 0.00
    expect(convertMinor(1n, 8, 2, '96000')).toBe(0n);
    expect(convertMinor(0n, 2, 9, '3.5')).toBe(0n);
  });

  it('never gives more than the exact value, and less by under one minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (amount, rateUnits, rateScale, fromScale, toScale) => {
          const rate = formatRate({ units: rateUnits, scale: rateScale });
          const converted = convertMinor(amount, fromScale, toScale, rate);
          // exact value × 10^(rateScale + fromScale) = amount × rateUnits × 10^toScale
          const exactScaled = amount * rateUnits * 10n ** BigInt(toScale);
          const denominator = 10n ** BigInt(rateScale + fromScale);
          expect(converted * denominator <= exactScaled).toBe(true);
          expect((converted + 1n) * denominator > exactScaled).toBe(true);
        },
      ),
    );
  });
});
