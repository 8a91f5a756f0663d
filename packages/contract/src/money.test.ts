import { describe, expect, it } from 'vitest';
import { currencies, currencyScale, formatMinorToDecimal } from './money.ts';

describe('currencyScale', () => {
  it('gives every listed currency its ledger scale', () => {
    const scales = Object.fromEntries(
      currencies.map((currency) => [currency.code, currencyScale(currency.code)]),
    );
    expect(scales).toEqual({
      USD: 2,
      EUR: 2,
      RUB: 2,
      KZT: 2,
      UAH: 2,
      UZS: 2,
      AZN: 2,
      PLN: 2,
      IDR: 2,
      INR: 2,
      BTC: 8,
      LTC: 8,
      ETH: 9,
      USDT: 6,
      USDC: 6,
      TON: 9,
      TRX: 6,
      SOL: 9,
      NOT: 9,
    });
  });

  it('refuses a code it does not list, whatever its case or spacing', () => {
    for (const code of ['XYZ', 'usd', ' USD', 'USD ', '', 'USDTTON']) {
      expect(() => currencyScale(code), JSON.stringify(code)).toThrow(RangeError);
    }
    expect(() => currencyScale('XYZ')).toThrow('unknown currency XYZ');
  });

  it('answers the fallback for an unlisted code only', () => {
    expect(currencyScale('XYZ', 2)).toBe(2);
    expect(currencyScale('XYZ', 0)).toBe(0);
    expect(currencyScale('BTC', 2)).toBe(8);
    expect(currencyScale('USD', 0)).toBe(2);
  });
});

describe('formatMinorToDecimal', () => {
  it('formats minor units with exactly the scale’s digits, without floats', () => {
    expect(formatMinorToDecimal(0n, 2)).toBe('0.00');
    expect(formatMinorToDecimal(5n, 2)).toBe('0.05');
    expect(formatMinorToDecimal(12_345n, 2)).toBe('123.45');
    expect(formatMinorToDecimal(-12_345n, 2)).toBe('-123.45');
    expect(formatMinorToDecimal(1n, 8)).toBe('0.00000001');
    expect(formatMinorToDecimal(42n, 0)).toBe('42');
    expect(formatMinorToDecimal(9_223_372_036_854_775_807n, 2)).toBe('92233720368547758.07');
  });

  it('rejects impossible scales', () => {
    expect(() => formatMinorToDecimal(1n, -1)).toThrow(RangeError);
    expect(() => formatMinorToDecimal(1n, 1.5)).toThrow(RangeError);
  });
});
