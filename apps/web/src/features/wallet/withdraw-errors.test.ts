import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { withdrawCheckOutcome, withdrawCheckPassedOutcome } from './withdraw-errors';

function apiError(detail: string) {
  return new ApiError(409, { detail, message: '', key: 'k', time: 't' });
}

describe('withdraw check decisions (spec §4 withdraw flow)', () => {
  it('a failed check opens the wager or personal-data view by its code', () => {
    expect(withdrawCheckOutcome(apiError('wager'))).toBe('wager');
    expect(withdrawCheckOutcome(apiError('personal_data_required'))).toBe('personal-data');
    expect(withdrawCheckOutcome(apiError('internal_error'))).toBe('other');
    expect(withdrawCheckOutcome(new Error('offline'))).toBe('other');
  });

  it('a passed check goes to personal data only when verification is required', () => {
    expect(withdrawCheckPassedOutcome({ enabled: true, verificationRequired: true })).toBe(
      'personal-data',
    );
    expect(withdrawCheckPassedOutcome({ enabled: true, verificationRequired: false })).toBe(
      'continue',
    );
  });
});
