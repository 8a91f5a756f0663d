import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { serverFieldErrors } from './form-errors';

function validationError(fields: unknown): ApiError {
  return new ApiError(400, {
    detail: 'validation_error',
    message: 'invalid',
    payload: { fields },
    key: 'k',
    time: 't',
  });
}

describe('serverFieldErrors', () => {
  it('returns the message keys of fields the form has', () => {
    const error = validationError([
      { field: 'email', message: 'Validation.invalid_email' },
      { field: 'captcha', message: 'Validation.required' },
    ]);
    expect(serverFieldErrors(error, ['email', 'password'])).toEqual([
      { field: 'email', message: 'Validation.invalid_email' },
    ]);
  });

  it('ignores other errors and malformed payloads', () => {
    expect(serverFieldErrors(validationError('nope'), ['email'])).toEqual([]);
    const conflict = new ApiError(409, { detail: 'email_taken', message: '', key: 'k', time: 't' });
    expect(serverFieldErrors(conflict, ['email'])).toEqual([]);
  });
});
