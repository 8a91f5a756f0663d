import type { CryptoMethod } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import {
  cryptoAddressProblem,
  cryptoAmountProblem,
  cryptoDepositBonusBadge,
  cryptoMethodsForSide,
  decimalInput,
  formatCryptoAmount,
  paysWithTonWallet,
} from './crypto-methods';

function method(overrides: Partial<CryptoMethod> = {}): CryptoMethod {
  return {
    code: 'USDTTRC20',
    asset: 'USDT',
    networkId: 'tron',
    network: 'Tron',
    name: 'USDT',
    precision: 2,
    icon: '/crypto/usdt.svg',
    iconBig: '/crypto/usdt.svg',
    isFiat: false,
    displayFormat: '{amount} USDT',
    minDepositAmount: '10',
    minWithdrawAmount: '20',
    addressFormat: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    withdrawAllowed: true,
    depositBonusAvailable: false,
    depositBonus: 0,
    valuePresets: ['20', '50', '100'],
    additionalProviders: [],
    memoSupported: false,
    confirmations: 20,
    rate: '1',
    ...overrides,
  };
}

describe('crypto methods in the wallet', () => {
  it('offers every method to deposit and only the withdrawable ones to withdraw', () => {
    const methods = [method(), method({ code: 'NOT', withdrawAllowed: false })];
    expect(cryptoMethodsForSide(methods, 'buy').map((item) => item.code)).toEqual([
      'USDTTRC20',
      'NOT',
    ]);
    expect(cryptoMethodsForSide(methods, 'sell').map((item) => item.code)).toEqual(['USDTTRC20']);
  });

  it('shows the deposit bonus as +N% only when the method has one', () => {
    expect(
      cryptoDepositBonusBadge(method({ depositBonusAvailable: true, depositBonus: 0.05 })),
    ).toBe('+5%');
    expect(
      cryptoDepositBonusBadge(method({ depositBonusAvailable: false, depositBonus: 0.05 })),
    ).toBe(null);
  });

  it('formats amounts at the method precision, rounding a minimum up', () => {
    expect(formatCryptoAmount('10', 2)).toBe('10.00');
    expect(formatCryptoAmount('0.000123', 4)).toBe('0.0002');
    expect(formatCryptoAmount('0.5', 8)).toBe('0.50000000');
  });

  it('keeps the typed amount a decimal within the precision', () => {
    expect(decimalInput('12,345', 2)).toBe('12.34');
    expect(decimalInput('00a7', 2)).toBe('7');
    expect(decimalInput('.5', 6)).toBe('0.5');
    expect(decimalInput('3.9', 0)).toBe('3');
  });

  it('requires an address that matches the method format', () => {
    const tron = method();
    expect(cryptoAddressProblem('', tron)).toEqual({ message: 'Validation.required' });
    expect(cryptoAddressProblem('0x52908400098527886E0F7030069857D2E4169EE7', tron)).toEqual({
      message: 'Validation.invalid_address',
    });
    expect(cryptoAddressProblem(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ', tron)).toBeNull();
  });

  it('checks the amount against the fee lookup range at the method precision', () => {
    const tron = method();
    const limits = { minAmount: '20', maxAmount: '99.999' };
    expect(cryptoAmountProblem('19.99', limits, tron)).toEqual({
      message: 'Validation.minimum_amount',
      params: { amount: '20.00', currency: 'USDT' },
    });
    expect(cryptoAmountProblem('100', limits, tron)).toEqual({
      message: 'Validation.maximum_amount',
      params: { amount: '99.99', currency: 'USDT' },
    });
    expect(cryptoAmountProblem('99.99', limits, tron)).toBeNull();
    expect(cryptoAmountProblem('1.234', limits, tron)).toEqual({
      message: 'Validation.invalid_amount',
    });
  });

  it('offers the TON wallet only for TON-connect methods it can pay', () => {
    expect(
      paysWithTonWallet(method({ code: 'USDTTON', additionalProviders: ['ton_connect'] }), [
        'TON',
        'USDTTON',
      ]),
    ).toBe(true);
    expect(
      paysWithTonWallet(method({ code: 'USDTTON', additionalProviders: [] }), ['USDTTON']),
    ).toBe(false);
  });
});
