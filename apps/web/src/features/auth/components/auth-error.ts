import { rateLimitPayloadSchema } from '@casino/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';
import { describeError } from '../../../lib/error-message';
import { classifyGlobalError } from '../../../lib/global-errors';

export interface AuthFormAlert {
  message: string;
  reference: string | null;
}

/**
 * The form-level message of a failed sign-in or sign-up. Field problems go next to their fields
 * instead, and errors that take over the whole app (ban, region, connection) show nothing here.
 */
export function authFormAlert(
  error: unknown,
  t: TFunction,
  hasKey: (key: string) => boolean,
): AuthFormAlert | null {
  if (classifyGlobalError(error)) return null;
  if (isApiError(error)) {
    if (error.detail === 'validation_error')
      return { message: t('Errors.validation_error'), reference: null };
    if (error.detail === 'invalid_credentials')
      return { message: t('Errors.invalid_credentials'), reference: null };
    if (error.detail === 'rate_limited') {
      const payload = rateLimitPayloadSchema.safeParse(error.payload);
      return {
        message: t('Errors.rate_limited', {
          retryAfterSeconds: payload.success ? payload.data.retryAfterSeconds : 60,
        }),
        reference: null,
      };
    }
  }
  const description = describeError(error, hasKey);
  return {
    message: t(description.messageKey, description.params),
    reference: description.reference
      ? t('Shared.error_reference', {
          key: description.reference.key,
          time: description.reference.time,
        })
      : null,
  };
}
