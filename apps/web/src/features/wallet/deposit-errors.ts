import { isApiError } from '@/lib/api-error';
import { i18next } from '@/lib/i18n';
import { notifyApiError } from '@/lib/notify';
import { toast } from '@/lib/toast';

/**
 * Spec §8: a known `wallet.server_error.{detail}` (or a limit's refusal,
 * `responsibleGambling.server_error.{detail}`) is shown with its payload params, key and time;
 * any other failure to create a deposit shows create_deposit_fail_title / _message.
 */
export function notifyDepositCreateError(error: unknown): void {
  if (
    isApiError(error) &&
    (i18next.exists(`wallet.server_error.${error.detail}`) ||
      // a responsible-gambling limit's refusal, with the limit and its usage
      i18next.exists(`responsibleGambling.server_error.${error.detail}`))
  ) {
    notifyApiError(error);
    return;
  }
  const reference =
    isApiError(error) && error.key
      ? i18next.t('Shared.error_reference', { key: error.key, time: error.time })
      : null;
  toast.error(i18next.t('wallet.server_error.create_deposit_fail_title'), {
    description: [i18next.t('wallet.server_error.create_deposit_fail_message'), reference]
      .filter(Boolean)
      .join(' · '),
  });
}
