import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, formatMinorToDecimal, parseDecimalToMinor } from './money.ts';
import {
  displayPrecision,
  formatAmount,
  formatMoney,
  formatMoneyRange,
  formatPercentRate,
} from './money-format.ts';

describe('displayPrecision', () => {
  it('shows fiat with cents and each coin with its wallet precision', () => {
    expect(displayPrecision('USD')).toBe(2);
    expect(displayPrecision('RUB')).toBe(2);
    expect(displayPrecision('USDT')).toBe(2);
    expect(displayPrecision('USDC')).toBe(2);
    expect(displayPrecision('TON')).toBe(2);
    expect(displayPrecision('ETH')).toBe(6);
    expect(displayPrecision('BTC')).toBe(8);
    expect(displayPrecision('SOL')).toBe(4);
  });

  it('never shows more decimals than the ledger keeps', () => {
    for (const currency of currencies) {
      expect(displayPrecision(currency.code), currency.code).toBeLessThanOrEqual(currency.scale);
    }
  });

  it('gives an unknown code two decimals', () => {
    expect(displayPrecision('XYZ')).toBe(2);
  });
});

describe('formatMoney', () => {
  it('shows a ledger-scale crypto amount at its display precision, not the ledger scale', () => {
    expect(formatMoney('-20.000000', 'USDT')).toBe('−20.00 USDT');
    expect(formatMoney('20.000000', 'USDT')).toBe('20.00 USDT');
    expect(formatMoney('1.500000000', 'TON')).toBe('1.50 TON');
    expect(formatMoney('0.00010000', 'BTC')).toBe('0.00010000 BTC');
  });

  it('keeps every non-zero decimal, so the amount shown is the exact amount', () => {
    expect(formatMoney('12.345678', 'USDT')).toBe('12.345678 USDT');
    expect(formatMoney('0.000001', 'USDT')).toBe('0.000001 USDT');
    expect(formatMoney('1.123456789', 'TON')).toBe('1.123456789 TON');
  });

  it('uses the currency display format and groups thousands', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1500', 'RUB')).toBe('1,500.00 ₽');
    expect(formatMoney('20000000', 'UZS')).toBe('20,000,000.00 soʻm');
    expect(formatMoney('0', 'EUR')).toBe('€0.00');
    expect(formatMoney('007.10', 'USD')).toBe('$7.10');
  });

  it('puts the sign before the whole figure', () => {
    expect(formatMoney('-20', 'USD')).toBe('−$20.00');
    expect(formatMoney('100', 'USD', { sign: 'always' })).toBe('+$100.00');
    expect(formatMoney('−5', 'EUR', { sign: 'always' })).toBe('−€5.00');
    expect(formatMoney('0.00', 'USD', { sign: 'always' })).toBe('$0.00');
    expect(formatMoney('-0.00', 'USD')).toBe('$0.00');
  });

  it('cuts digits past the ledger scale, never rounding up', () => {
    expect(formatMoney('0.999', 'USD')).toBe('$0.99');
    expect(formatMoney('1.0000001', 'USDT')).toBe('1.00 USDT');
  });

  it('takes a method precision over the currency one', () => {
    expect(formatMoney('0.5', 'ETH', { precision: 2 })).toBe('0.50 ETH');
    expect(formatMoney('5', 'USDT', { precision: 0 })).toBe('5 USDT');
  });

  it('puts an unknown code after the figure and leaves non-decimal text alone', () => {
    expect(formatMoney('10', 'XYZ')).toBe('10.00 XYZ');
    expect(formatMoney('n/a', 'USD')).toBe('$n/a');
  });

  it('shows the same value the ledger holds for any amount and currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        (currency, minor) => {
          const shown = formatAmount(
            formatMinorToDecimal(minor, currency.scale),
            displayPrecision(currency.code),
            { maxDecimals: currency.scale },
          );
          const digits = shown.replace('−', '').replaceAll(',', '');
          const [, fraction = ''] = digits.split('.');
          expect(fraction.length).toBeGreaterThanOrEqual(displayPrecision(currency.code));
          const back = parseDecimalToMinor(
            digits.includes('.') ? digits : `${digits}.0`,
            Math.max(currency.scale, fraction.length),
          );
          const sign = shown.startsWith('−') ? -1n : 1n;
          expect(back === null ? null : sign * back).toBe(minor);
        },
      ),
    );
  });
});

describe('formatPercentRate', () => {
  it('turns a fee rate into a percentage without float noise', () => {
    expect(formatPercentRate('0.03')).toBe('3%');
    expect(formatPercentRate('0.025')).toBe('2.5%');
    expect(formatPercentRate('0.07')).toBe('7%');
    expect(formatPercentRate('0.001')).toBe('0.1%');
    expect(formatPercentRate('1')).toBe('100%');
    expect(formatPercentRate('0')).toBe('0%');
  });
});

describe('formatMoneyRange', () => {
  it('writes a following unit once and a leading symbol on both figures', () => {
    expect(formatMoneyRange('500', '100000', 'RUB', { precision: 0 })).toBe('500 – 100,000 ₽');
    expect(formatMoneyRange('10', '2000', 'USD', { precision: 0 })).toBe('$10 – $2,000');
    expect(formatMoneyRange('5', '10.5', 'USDT')).toBe('5.00 – 10.50 USDT');
    expect(formatMoneyRange('1', '2', 'XYZ', { precision: 0 })).toBe('1 – 2 XYZ');
  });
});
