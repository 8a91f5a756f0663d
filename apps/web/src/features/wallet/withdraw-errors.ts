import type { WithdrawEnabledResponse } from '@casino/contract';
import { isApiError } from '@/lib/api-error';
import { i18next } from '@/lib/i18n';
import { notifyApiError } from '@/lib/notify';
import { toast } from '@/lib/toast';

/** Spec §8: known server codes with their params; any other fiat withdrawal failure as one toast. */
export function notifyWithdrawCreateError(error: unknown): void {
  if (isApiError(error) && i18next.exists(`wallet.server_error.${error.detail}`)) {
    notifyApiError(error);
    return;
  }
  toast.error(i18next.t('wallet.server_error.create_deposit_fail_message'));
}

export type WithdrawCheckOutcome = 'wager' | 'personal-data' | 'other';

/** Which view a failed withdraw-enabled check leads to. */
export function withdrawCheckOutcome(error: unknown): WithdrawCheckOutcome {
  if (isApiError(error) && error.detail === 'wager') return 'wager';
  if (isApiError(error) && error.detail === 'personal_data_required') return 'personal-data';
  return 'other';
}

/**
 * Spec §4 withdraw flow step 4: the check passed, but with the verify feature on an unverified
 * player goes to personal data instead of withdrawing.
 */
export function withdrawCheckPassedOutcome(
  result: WithdrawEnabledResponse,
): 'personal-data' | 'continue' {
  return result.verificationRequired ? 'personal-data' : 'continue';
}
