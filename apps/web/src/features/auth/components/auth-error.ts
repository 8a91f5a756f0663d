import { rateLimitPayloadSchema } from '@casino/contract';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '@/hooks/use-seconds-left';
import { isApiError } from '@/lib/api-error';
import { describeError } from '@/lib/error-message';
import { classifyGlobalError } from '@/lib/global-errors';

export type AuthFormAlert =
  | {
      kind: 'message';
      message: string;
      reference: string | null;
      /** an ended self-exclusion: the player may ask to reopen the account */
      reopenable?: boolean;
    }
  /** 429: too many attempts (rate_limited) or the server busy (server_busy), for some seconds */
  | { kind: 'retry'; messageKey: string; retryAfterSeconds: number };

/** When an answer says neither how long to wait: the sign-in window's length. */
const defaultRetryAfterSeconds = 60;

function formatWhen(iso: string, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

const isoOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/**
 * A sign-in or sign-up refused for a time-out or self-exclusion (403 `timed_out` /
 * `self_excluded`): until when, whether it ended and can be reopened, or a national registry.
 */
function exclusionAlert(
  detail: 'timed_out' | 'self_excluded',
  payload: Record<string, unknown> | undefined,
  t: TFunction,
  locale: string | undefined,
): AuthFormAlert {
  const until = isoOrNull(payload?.until);
  const reopensAt = isoOrNull(payload?.reopensAt);
  const key = 'responsibleGambling.exclusion';
  const alert = (message: string, reopenable = false): AuthFormAlert => ({
    kind: 'message',
    message,
    reference: null,
    reopenable,
  });
  if (payload?.registry === 'national') return alert(t(`${key}.registry`));
  if (detail === 'timed_out' && until) {
    return alert(t(`${key}.timed_out_until`, { until: formatWhen(until, locale) }));
  }
  if (reopensAt) return alert(t(`${key}.reopens_at`, { when: formatWhen(reopensAt, locale) }));
  if (until && payload?.reopenable === true) {
    return alert(t(`${key}.ended`, { until: formatWhen(until, locale) }), true);
  }
  if (until) return alert(t(`${key}.self_excluded_until`, { until: formatWhen(until, locale) }));
  return alert(t(`${key}.self_excluded_indefinite`));
}

/**
 * The form-level message of a failed sign-in or sign-up. Field problems go next to their fields
 * instead, and errors that take over the whole app (ban, region, connection) show nothing here.
 */
export function authFormAlert(
  error: unknown,
  t: TFunction,
  hasKey: (key: string) => boolean,
  locale?: string,
): AuthFormAlert | null {
  if (classifyGlobalError(error)) return null;
  if (isApiError(error)) {
    if (error.detail === 'timed_out' || error.detail === 'self_excluded') {
      return exclusionAlert(error.detail, error.payload, t, locale);
    }
    if (error.detail === 'validation_error')
      return { kind: 'message', message: t('Errors.validation_error'), reference: null };
    if (error.detail === 'invalid_credentials')
      return { kind: 'message', message: t('Errors.invalid_credentials'), reference: null };
    if (error.detail === 'rate_limited' || error.detail === 'server_busy') {
      const payload = rateLimitPayloadSchema.safeParse(error.payload);
      return {
        kind: 'retry',
        messageKey: `Errors.${error.detail}`,
        retryAfterSeconds: payload.success
          ? Math.max(1, payload.data.retryAfterSeconds)
          : defaultRetryAfterSeconds,
      };
    }
  }
  const description = describeError(error, hasKey);
  return {
    kind: 'message',
    message: t(description.messageKey, description.params),
    reference: description.reference
      ? t('Shared.error_reference', {
          key: description.reference.key,
          time: description.reference.time,
        })
      : null,
  };
}

/**
 * A sign-in or sign-up form's alert. After a 429 it counts the seconds down in the message and
 * `waiting` keeps the submit button disabled until then; at zero the alert goes away.
 */
export function useAuthFormAlert() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ alert: AuthFormAlert; untilMs: number | null } | null>(null);
  const secondsLeft = useSecondsLeft(state?.untilMs ?? null);

  const show = useCallback(
    (error: unknown) => {
      const alert = authFormAlert(error, t, (key) => i18n.exists(key), i18n.language);
      setState(
        alert
          ? {
              alert,
              untilMs: alert.kind === 'retry' ? Date.now() + alert.retryAfterSeconds * 1000 : null,
            }
          : null,
      );
    },
    [t, i18n],
  );
  const clear = useCallback(() => setState(null), []);

  let view: { message: string; reference: string | null; reopenable?: boolean } | null = null;
  if (state?.alert.kind === 'message') {
    view = {
      message: state.alert.message,
      reference: state.alert.reference,
      reopenable: state.alert.reopenable ?? false,
    };
  } else if (state?.alert.kind === 'retry' && secondsLeft > 0) {
    view = {
      message: t(state.alert.messageKey, { retryAfterSeconds: secondsLeft }),
      reference: null,
    };
  }
  return { view, waiting: secondsLeft > 0, show, clear };
}
