import { describe, expect, it } from 'vitest';
import { currencies, currencyScale } from './money.ts';

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
