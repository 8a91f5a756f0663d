import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompactAmount,
  formatFullAmount,
  formatHeaderBalance,
  wagerProgressPercent,
} from './format-balance';

describe('formatFullAmount', () => {
  it('groups thousands and pads or cuts to the precision', () => {
    expect(formatFullAmount('1234567.5', 2)).toBe('1,234,567.50');
    expect(formatFullAmount('0', 2)).toBe('0.00');
    expect(formatFullAmount('12.3456789', 8)).toBe('12.34567890');
    expect(formatFullAmount('99.999', 2)).toBe('99.99');
    expect(formatFullAmount('1000', 0)).toBe('1,000');
  });
});

describe('formatCompactAmount', () => {
  it('keeps small amounts whole and shortens large ones by truncation', () => {
    expect(formatCompactAmount('999.99', 2)).toBe('999.99');
    expect(formatCompactAmount('1000', 2)).toBe('1K');
    expect(formatCompactAmount('12345.67', 2)).toBe('12.3K');
    expect(formatCompactAmount('12399.99', 2)).toBe('12.3K');
    expect(formatCompactAmount('1999999', 2)).toBe('1.9M');
    expect(formatCompactAmount('250000000', 2)).toBe('250M');
    expect(formatCompactAmount('7500000000', 2)).toBe('7.5B');
  });

  it('never shows more than the amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1000n, max: 10n ** 15n }), (whole) => {
        const text = formatCompactAmount(whole.toString(), 2);
        const match = /^([\d,]+)(?:\.(\d))?([KMBT])$/.exec(text);
        expect(match).not.toBeNull();
        const multiplier = { K: 1000n, M: 10n ** 6n, B: 10n ** 9n, T: 10n ** 12n }[
          match?.[3] as 'K' | 'M' | 'B' | 'T'
        ];
        const head = BigInt((match?.[1] ?? '0').replaceAll(',', ''));
        const tenth = BigInt(match?.[2] ?? '0');
        const shown = head * multiplier + (tenth * multiplier) / 10n;
        expect(shown <= whole).toBe(true);
        expect(whole - shown < multiplier / 10n).toBe(true);
      }),
    );
  });
});

describe('formatHeaderBalance', () => {
  const base = { value: '12345.67', precision: 2, displayFormat: '€{amount}' };

  it('shows the full amount on a desktop', () => {
    expect(formatHeaderBalance({ ...base, viewportWidthPx: 1440 })).toBe('€12,345.67');
  });

  it('shows the full amount on a tablet while it fits, compact beyond', () => {
    expect(formatHeaderBalance({ ...base, viewportWidthPx: 800 })).toBe('€12,345.67');
    expect(formatHeaderBalance({ ...base, value: '123456789.00', viewportWidthPx: 800 })).toBe(
      '€123.4M',
    );
  });

  it('shortens on a phone and keeps small balances exact', () => {
    expect(formatHeaderBalance({ ...base, viewportWidthPx: 390 })).toBe('€12.3K');
    expect(
      formatHeaderBalance({
        ...base,
        value: '15.5',
        displayFormat: '{amount} ₽',
        viewportWidthPx: 390,
      }),
    ).toBe('15.50 ₽');
  });
});

describe('wagerProgressPercent', () => {
  it('is the whole percentage of current over total, clamped to 0…100', () => {
    expect(wagerProgressPercent('25', '100')).toBe(25);
    expect(wagerProgressPercent('33.33', '100')).toBe(33);
    expect(wagerProgressPercent('150', '100')).toBe(100);
    expect(wagerProgressPercent('0', '100')).toBe(0);
    expect(wagerProgressPercent('0', '0')).toBe(100);
  });
});
