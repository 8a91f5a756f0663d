import { formatOdds } from '@casino/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayOdds, oddsMovement } from './odds';

describe('odds as the player chose to see them', () => {
  it('shows ladder prices in each format', () => {
    expect(
      ['decimal', 'fractional', 'american'].map((format) => displayOdds('1.85', format as never)),
    ).toEqual(['1.85', '17/20', '-118']);
    expect(displayOdds('2.5', 'decimal')).toBe('2.50');
    expect(displayOdds('2.50', 'fractional')).toBe('6/4');
    expect(displayOdds('2.50', 'american')).toBe('+150');
    expect(displayOdds('1.91', 'fractional')).toBe('10/11');
    expect(displayOdds('3.00', 'american')).toBe('+200');
  });

  it('shows a price the converters do not take as the decimal it is, never another price', () => {
    expect(displayOdds('1.855', 'fractional')).toBe('1.855');
    expect(displayOdds('1.8555', 'american')).toBe('1.8555');
  });

  it('matches the contract for every two-decimal price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 100_000 }),
        fc.constantFrom('decimal', 'fractional', 'american' as const),
        (hundredths, format) => {
          const odds = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
          expect(displayOdds(odds, format)).toBe(formatOdds(odds, format));
        },
      ),
    );
  });
});

describe('the flash direction of a price change', () => {
  it('is up when the price rose, down when it fell, none otherwise', () => {
    expect(oddsMovement('1.90', '2.00')).toBe('up');
    expect(oddsMovement('2.00', '1.90')).toBe('down');
    expect(oddsMovement('2.0', '2.00')).toBeNull();
    expect(oddsMovement(null, '2.00')).toBeNull();
    expect(oddsMovement('2.00', null)).toBeNull();
    // compared exactly, not as floating point
    expect(oddsMovement('1.0001', '1.0002')).toBe('up');
    expect(oddsMovement('10.5', '9.99')).toBe('down');
  });

  it('agrees with the order of the prices (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_001, max: 99_999_999 }),
        fc.integer({ min: 10_001, max: 99_999_999 }),
        (a, b) => {
          const text = (value: number) =>
            `${Math.floor(value / 10_000)}.${String(value % 10_000).padStart(4, '0')}`;
          const expected = a === b ? null : b > a ? 'up' : 'down';
          expect(oddsMovement(text(a), text(b))).toBe(expected);
        },
      ),
    );
  });
});
