import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-error';
import { cryptoWithdrawAddressError } from './crypto-withdraw-errors';

function apiError(detail: string, payload?: Record<string, unknown>) {
  return new ApiError(400, { detail, message: '', key: 'k', time: 't', payload });
}

describe('crypto withdrawal errors (spec §8)', () => {
  it('places the refused addresses beside the address field', () => {
    expect(cryptoWithdrawAddressError(apiError('error_invalid_address'))).toBe(
      'wallet.server_error.error_invalid_address',
    );
    expect(cryptoWithdrawAddressError(apiError('error_internal_address'))).toBe(
      'wallet.server_error.error_internal_address',
    );
    expect(
      cryptoWithdrawAddressError(
        apiError('validation_error', {
          fields: [{ field: 'address', message: 'Validation.invalid_address' }],
        }),
      ),
    ).toBe('Validation.invalid_address');
  });

  it('leaves every other failure to the toast', () => {
    expect(cryptoWithdrawAddressError(apiError('insufficient_balance'))).toBeNull();
    expect(
      cryptoWithdrawAddressError(
        apiError('validation_error', {
          fields: [{ field: 'amount', message: 'Validation.minimum_amount' }],
        }),
      ),
    ).toBeNull();
    expect(cryptoWithdrawAddressError(new NetworkError('offline'))).toBeNull();
  });
});
