import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { describeError } from './error-message';

const known = new Set([
  'wallet.server_error.insufficient_balance',
  'Errors.rate_limited',
  'Errors.email_taken',
  'Errors.network',
]);
const hasKey = (key: string) => known.has(key);

function apiError(detail: string, payload?: Record<string, unknown>): ApiError {
  return new ApiError(400, {
    detail,
    message: 'x',
    payload,
    key: 'req-42',
    time: '2025-05-01T10:00:00Z',
  });
}

describe('describeError', () => {
  it('prefers the wallet message of a wallet code and keeps the reference', () => {
    expect(describeError(apiError('insufficient_balance'), hasKey)).toEqual({
      messageKey: 'wallet.server_error.insufficient_balance',
      params: {},
      reference: { key: 'req-42', time: '2025-05-01T10:00:00Z' },
    });
  });

  it('uses the general message and passes scalar payload values as parameters', () => {
    const description = describeError(
      apiError('rate_limited', { retryAfterSeconds: 30, nested: { a: 1 } }),
      hasKey,
    );
    expect(description.messageKey).toBe('Errors.rate_limited');
    expect(description.params).toEqual({ retryAfterSeconds: 30 });
  });

  it('falls back to temporary difficulties for unknown codes and foreign errors', () => {
    expect(describeError(apiError('something_new'), hasKey).messageKey).toBe(
      'Shared.temporary_difficulties',
    );
    expect(describeError(new TypeError('x'), hasKey)).toEqual({
      messageKey: 'Shared.temporary_difficulties',
      params: {},
      reference: null,
    });
  });

  it('describes an unreachable server as a network problem', () => {
    expect(describeError(new NetworkError('offline'), hasKey).messageKey).toBe('Errors.network');
  });

  it('omits the reference when the server gave no request id', () => {
    const error = new ApiError(500, { detail: 'internal_error', message: '', key: '', time: 't' });
    expect(describeError(error, hasKey).reference).toBeNull();
  });
});
