import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  validateExternalDetailField,
  validateWithdrawalDetails,
} from './fiat-details-validation.ts';
import {
  defaultDepositAmount,
  fiatMethodKinds,
  filterAmountPresets,
  hasWideLabel,
  isCardProviderMethod,
  isWithdrawNameRequired,
  validateFiatDepositAmount,
  validateFiatWithdrawAmount,
  withdrawalDetailsFields,
  withdrawalForm,
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
  test('a withdrawal requires the holder’s name, the method’s fields and the kind’s own field', () => {
    const sell = { externalDetailsFields: { required: [...fields.required], optional: [] } };
    expect(withdrawalDetailsFields({ name: 'Sberbank', method: 'p2p', sell })).toEqual({
      required: ['name', 'full_name', 'email', 'card'],
      optional: [],
    });
    expect(withdrawalDetailsFields({ name: 'SBP', method: 'sbp', sell })).toEqual({
      required: ['name', 'full_name', 'email', 'phone'],
      optional: [],
    });
    expect(withdrawalDetailsFields({ name: 'OVO', method: 'account_number', sell: null })).toEqual({
      required: ['name', 'account_number_online_banking_ph'],
      optional: [],
    });
    // BLIK needs no name; Steam asks for it as the Steam login
    const phone = { externalDetailsFields: { required: ['phone' as const], optional: [] } };
    expect(withdrawalDetailsFields({ name: 'BLIK', method: 'blik', sell: phone }).required).toEqual(
      ['phone'],
    );
    const steam = { externalDetailsFields: { required: ['name' as const], optional: [] } };
    expect(
      withdrawalDetailsFields({ name: 'Steam', method: 'others', sell: steam }).required,
    ).toEqual(['name']);
  });

  test('the rule applied to its own answer changes nothing (a client may apply it again)', () => {
    for (const kind of fiatMethodKinds) {
      for (const name of ['Steam', 'Bank']) {
        const method = {
          name,
          method: kind,
          sell: {
            externalDetailsFields: {
              required: ['full_name_latin' as const, 'email' as const],
              optional: ['phone' as const, 'email' as const],
            },
          },
        };
        const once = withdrawalDetailsFields(method);
        expect(
          withdrawalDetailsFields({ ...method, sell: { externalDetailsFields: once } }),
        ).toEqual(once);
      }
    }
  });

  test('the form: the name answers full names; other fields required first', () => {
    expect(
      withdrawalForm({
        required: ['name', 'full_name_latin', 'email', 'card'],
        optional: ['phone', 'card'],
      }),
    ).toEqual({
      name: 'required',
      latinName: true,
      fields: [
        { name: 'email', required: true },
        { name: 'card', required: true },
        { name: 'phone', required: false },
      ],
    });
    expect(withdrawalForm({ required: ['phone'], optional: [] })).toEqual({
      name: null,
      latinName: false,
      fields: [{ name: 'phone', required: true }],
    });
  });

  test('details are checked against exactly the fields the rule lists', () => {
    const wise = { required: ['name', 'email', 'full_name_latin'], optional: [] } as const;
    const fieldsOf = (details: Record<string, string>) =>
      validateWithdrawalDetails(details, {
        required: [...wise.required],
        optional: [],
      }).map((problem) => `${problem.field}:${problem.message}`);
    expect(fieldsOf({})).toEqual(['name:Validation.required', 'email:Validation.required']);
    expect(fieldsOf({ name: 'Анна', email: 'anna@example.com' })).toEqual([
      'name:Validation.invalid_full_name_latin',
    ]);
    expect(fieldsOf({ name: 'Anna Smith', email: 'anna@example.com' })).toEqual([]);
    // the full name the fields list answers for the name too
    expect(fieldsOf({ full_name_latin: 'Anna Smith', email: 'anna@example.com' })).toEqual([]);
    expect(fieldsOf({ full_name_latin: 'Анна', email: 'anna@example.com' })).toEqual([
      'full_name_latin:Validation.invalid_full_name_latin',
    ]);
    // a method that asks only for the full name reports its absence there
    expect(
      validateWithdrawalDetails({}, { required: ['full_name', 'phone'], optional: [] }),
    ).toEqual([
      { field: 'full_name', message: 'Validation.required' },
      { field: 'phone', message: 'Validation.required' },
    ]);
    const card = validateWithdrawalDetails(
      { name: 'Anna' },
      { required: ['name', 'card'], optional: [] },
    );
    expect(card).toEqual([{ field: 'card', message: 'Validation.required' }]);
    expect(validateWithdrawalDetails({}, { required: ['phone'], optional: [] })).toEqual([
      { field: 'phone', message: 'Validation.required' },
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
