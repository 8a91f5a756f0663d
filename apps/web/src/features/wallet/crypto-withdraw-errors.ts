import { isApiError } from '@/lib/api-error';
import { serverFieldErrors } from '@/lib/form-errors';
import { i18next } from '@/lib/i18n';
import { notifyApiError } from '@/lib/notify';
import { toast } from '@/lib/toast';

/** Server answers that concern the address the player typed, not the withdrawal as a whole. */
const addressDetails = ['error_invalid_address', 'error_internal_address'] as const;

/**
 * Spec §8: an address the server refuses (bad format or checksum, or one of our own deposit
 * addresses) is shown beside the address field: the translation key, else null.
 */
export function cryptoWithdrawAddressError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (addressDetails.some((detail) => detail === error.detail)) {
    return `wallet.server_error.${error.detail}`;
  }
  const [field] = serverFieldErrors(error, ['address']);
  return field?.message ?? null;
}

/**
 * Spec §8: any other failure is a toast, the known `wallet.server_error.{detail}` with its
 * params, key and time, or 'wallet.withdrawal_crypto.error'.
 */
export function notifyCryptoWithdrawError(error: unknown): void {
  if (isApiError(error) && i18next.exists(`wallet.server_error.${error.detail}`)) {
    notifyApiError(error);
    return;
  }
  toast.error(i18next.t('wallet.withdrawal_crypto.error'));
}
