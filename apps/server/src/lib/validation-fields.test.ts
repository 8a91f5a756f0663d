import { describe, expect, test } from 'vitest';
import { toFieldErrors, type ValidationIssue } from './validation-fields.ts';

function issue(
  instancePath: string,
  keyword: string,
  message: string,
  params = {},
): ValidationIssue {
  return { instancePath, keyword, message, params };
}

describe('toFieldErrors', () => {
  test('keeps contract translation keys and names nested fields with dots', () => {
    expect(
      toFieldErrors(
        [
          issue('/email', 'invalid_format', 'Validation.invalid_email'),
          issue('/items/0/amount', 'custom', 'Validation.invalid_amount'),
        ],
        'body',
        {},
      ),
    ).toEqual([
      { field: 'email', message: 'Validation.invalid_email' },
      { field: 'items.0.amount', message: 'Validation.invalid_amount' },
    ]);
  });

  test('lists each unknown key of a strict object', () => {
    expect(
      toFieldErrors(
        [issue('/profile', 'unrecognized_keys', 'Unrecognized keys', { keys: ['a', 'b'] })],
        'body',
        {},
      ),
    ).toEqual([
      { field: 'profile.a', message: 'Validation.unknown_field' },
      { field: 'profile.b', message: 'Validation.unknown_field' },
    ]);
  });

  test('replaces zod’s English: missing values are required, others invalid', () => {
    const input = { present: 5 };
    expect(
      toFieldErrors(
        [
          issue('/missing', 'invalid_type', 'Invalid input: expected string, received undefined'),
          issue('/present', 'invalid_type', 'Invalid input: expected string, received number'),
          issue('/mode', 'invalid_value', 'Invalid option'),
        ],
        'querystring',
        input,
      ),
    ).toEqual([
      { field: 'missing', message: 'Validation.required' },
      { field: 'present', message: 'Validation.invalid_value' },
      { field: 'mode', message: 'Validation.invalid_value' },
    ]);
  });

  test('reports the first failed rule of a field only', () => {
    expect(
      toFieldErrors(
        [
          issue('/dateOfBirth', 'custom', 'Validation.invalid_date'),
          issue('/dateOfBirth', 'custom', 'Validation.underage'),
        ],
        'body',
        {},
      ),
    ).toEqual([{ field: 'dateOfBirth', message: 'Validation.invalid_date' }]);
  });

  test('a rule on the whole body shows only when no field is at fault', () => {
    const root = issue('', 'custom', 'Validation.required');
    expect(toFieldErrors([root], 'body', {})).toEqual([
      { field: 'body', message: 'Validation.required' },
    ]);
    expect(toFieldErrors([root], 'querystring', {})).toEqual([
      { field: 'query', message: 'Validation.required' },
    ]);
    expect(
      toFieldErrors([issue('', 'unrecognized_keys', 'x', { keys: ['isVip'] }), root], 'body', {}),
    ).toEqual([{ field: 'isVip', message: 'Validation.unknown_field' }]);
    expect(toFieldErrors([issue('', 'invalid_type', 'expected object')], 'body', null)).toEqual([
      { field: 'body', message: 'Validation.required' },
    ]);
  });
});
