import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  defaultDepositAmount,
  filterAmountPresets,
  hasWideLabel,
  isCardProviderMethod,
  isWithdrawNameRequired,
  requiredWithdrawDetailFields,
  validateExternalDetailField,
  validateFiatDepositAmount,
  validateFiatWithdrawAmount,
  withdrawFeeLevel,
  withdrawFeeMinor,
} from './fiat-wallet.ts';

const rub = { minAmount: '500', maxAmount: '100000', currency: 'RUB' };

describe('fiat deposit amount', () => {
  test.each(['12.5', '-5', '1e3', ' ', 'abc', '0'])('%j is an invalid amount', (value) => {
    expect(validateFiatDepositAmount(value, rub)).toEqual({ message: 'Validation.invalid_amount' });
  });
  test('below the minimum and above the maximum name the limit and currency', () => {
    expect(validateFiatDepositAmount('499', rub)).toEqual({
      message: 'Validation.minimum_amount',
      params: { amount: '500', currency: 'RUB' },
    });
    expect(validateFiatDepositAmount('100001', rub)).toEqual({
      message: 'Validation.maximum_amount',
      params: { amount: '100000', currency: 'RUB' },
    });
    expect(validateFiatDepositAmount('99999999999999999999999', rub)?.message).toMatch(
      /Validation\.(maximum|invalid)_amount/,
    );
  });
  test('limits are inclusive', () => {
    expect(validateFiatDepositAmount('500', rub)).toBeNull();
    expect(validateFiatDepositAmount('100000', rub)).toBeNull();
  });
});

describe('default amount and presets', () => {
  test('presets outside the limits are dropped', () => {
    expect(filterAmountPresets(['100', '500', '1000', '200000'], rub)).toEqual(['500', '1000']);
  });
  test('third preset when more than two, else the last, else the midpoint rounded up', () => {
    expect(defaultDepositAmount(['500', '1000', '2000', '5000'], rub)).toBe('2000');
    expect(defaultDepositAmount(['500', '1000'], rub)).toBe('1000');
    expect(defaultDepositAmount([], { minAmount: '1', maxAmount: '10', currency: 'USD' })).toBe(
      '6',
    );
    expect(defaultDepositAmount([], rub)).toBe('50250');
  });
});

describe('external detail fields', () => {
  test.each([
    ['card', '4111111111111111', null],
    ['card', '411111111111111', 'Validation.invalid_card'],
    ['person_id', '1234567890', null],
    ['person_id', '123456789', 'Validation.invalid_format'],
    ['email', 'a@b.co', null],
    ['email', 'a@b', 'Validation.invalid_email'],
    ['phone', '+79161234567', null],
    ['phone', '+7916', 'Validation.invalid_phone'],
    ['full_name_latin', 'John Smith-Doe', null],
    ['full_name_latin', 'Иван Петров', 'Validation.invalid_full_name_latin'],
    ['expiration_month', '12', null],
    ['expiration_month', '13', 'Validation.invalid_format'],
    ['expiration_year', '2031', null],
    ['expiration_year', '31', 'Validation.invalid_format'],
  ] as const)('%s %j', (field, value, message) => {
    expect(validateExternalDetailField(field, value, true)?.message ?? null).toBe(message);
  });
  test('empty is required only when mandatory', () => {
    expect(validateExternalDetailField('holder', '', true)).toEqual({
      message: 'Validation.required',
    });
    expect(validateExternalDetailField('email', '', false)).toBeNull();
  });
});

describe('withdrawal fee tiers', () => {
  const levels = [
    { from: '1000', rate: '0.01' },
    { from: '0', rate: '0.05' },
    { from: '10000', rate: '0' },
  ];
  test('the rate of the last tier whose from is at or below the amount', () => {
    expect(withdrawFeeMinor(50_000n, levels, 'RUB')).toBe(2_500n); // 500.00 × 5 %
    expect(withdrawFeeMinor(100_000n, levels, 'RUB')).toBe(1_000n); // 1000.00 × 1 %
    expect(withdrawFeeMinor(1_000_000n, levels, 'RUB')).toBe(0n);
    expect(withdrawFeeMinor(100n, [], 'RUB')).toBe(0n);
  });
  test('the tier that applies is the one the form shows the rate of', () => {
    expect(withdrawFeeLevel(0n, levels, 'RUB')?.rate).toBe('0.05');
    expect(withdrawFeeLevel(99_999n, levels, 'RUB')?.rate).toBe('0.05');
    expect(withdrawFeeLevel(100_000n, levels, 'RUB')?.rate).toBe('0.01');
    expect(withdrawFeeLevel(1_000_000n, levels, 'RUB')?.rate).toBe('0');
    expect(withdrawFeeLevel(100n, [{ from: '5', rate: '0.1' }], 'RUB')).toBeNull();
  });
  test('fractions of a minor unit round up and the fee never exceeds amount × top rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (amount) => {
        const fee = withdrawFeeMinor(amount, [{ from: '0', rate: '0.025' }], 'USD');
        expect(fee * 1000n).toBeGreaterThanOrEqual(amount * 25n);
        expect((fee - 1n) * 1000n).toBeLessThan(amount * 25n);
      }),
    );
  });
  test('withdraw amount: min, max, and the balance minus the fee', () => {
    const conditions = {
      minAmount: '100',
      maxAmount: '5000',
      levels: [{ from: '0', rate: '0.1' }],
    };
    const balance = { valueMinor: 110_000n, currency: 'RUB' };
    expect(validateFiatWithdrawAmount('99.99', conditions, balance)?.message).toBe(
      'Validation.minimum_amount',
    );
    expect(validateFiatWithdrawAmount('5000.01', conditions, balance)?.message).toBe(
      'Validation.maximum_amount',
    );
    expect(validateFiatWithdrawAmount('1000', conditions, balance)).toBeNull();
    expect(validateFiatWithdrawAmount('1000.01', conditions, balance)?.message).toBe(
      'Validation.insufficient_balance',
    );
    expect(validateFiatWithdrawAmount('10.001', conditions, balance)?.message).toBe(
      'Validation.invalid_amount',
    );
  });
});

describe('method helpers', () => {
  const fields = { required: ['full_name', 'email'] as const, optional: [] };
  test('required withdraw fields drop full names and add the kind’s own field', () => {
    const sell = { externalDetailsFields: { required: [...fields.required], optional: [] } };
    expect(requiredWithdrawDetailFields({ method: 'p2p', sell })).toEqual(['email', 'card']);
    expect(requiredWithdrawDetailFields({ method: 'sbp', sell })).toEqual(['email', 'phone']);
    expect(requiredWithdrawDetailFields({ method: 'account_number', sell: null })).toEqual([
      'account_number_online_banking_ph',
    ]);
  });
  test('name required except Steam and blik; card providers; wide labels', () => {
    expect(isWithdrawNameRequired({ name: 'Steam', method: 'others' })).toBe(false);
    expect(isWithdrawNameRequired({ name: 'BLIK', method: 'blik' })).toBe(false);
    expect(isWithdrawNameRequired({ name: 'Sberbank', method: 'p2p' })).toBe(true);
    expect(isCardProviderMethod({ name: 'Revolut EUR' })).toBe(true);
    expect(isCardProviderMethod({ name: 'Sberbank' })).toBe(false);
    expect(hasWideLabel({ name: 'Visa/Mastercard' })).toBe(true);
    expect(hasWideLabel({ name: 'Visa' })).toBe(false);
  });
});
