import { describe, expect, it } from 'vitest';
import { externalFieldProblem, externalFieldSpecs, normalizePhone } from './external-fields';

describe('externalFieldSpecs', () => {
  it('lists required fields first and each field once', () => {
    expect(
      externalFieldSpecs({ required: ['phone', 'email'], optional: ['email', 'person_id'] }),
    ).toEqual([
      { name: 'phone', required: true },
      { name: 'email', required: true },
      { name: 'person_id', required: false },
    ]);
  });
});

describe('phone by currency', () => {
  it('reads a local number in the default country of the currency', () => {
    expect(normalizePhone('912 345-67-89', 'RUB')).toBe('+79123456789');
    expect(normalizePhone('501 234 567', 'PLN')).toBe('+48501234567');
  });

  it('keeps international numbers and reports invalid ones', () => {
    expect(normalizePhone('+48 501 234 567', 'RUB')).toBe('+48501234567');
    expect(externalFieldProblem({ name: 'phone', required: true }, '12', 'RUB')).toEqual({
      message: 'Validation.invalid_phone',
    });
    expect(externalFieldProblem({ name: 'phone', required: true }, '912 345-67-89', 'RUB')).toBe(
      null,
    );
  });

  it('requires mandatory fields and lets empty optional ones pass', () => {
    expect(externalFieldProblem({ name: 'email', required: true }, ' ', 'RUB')).toEqual({
      message: 'Validation.required',
    });
    expect(externalFieldProblem({ name: 'email', required: false }, '', 'RUB')).toBeNull();
    expect(
      externalFieldProblem({ name: 'card', required: true }, '4111 1111 1111 1111', 'RUB'),
    ).toBeNull();
  });
});
