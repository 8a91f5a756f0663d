import { isApiError, isNetworkError } from './api-error';

export interface ErrorDescription {
  /** Translation key of the message shown to the player. */
  messageKey: string;
  params: Record<string, string | number>;
  /** The server's request id and time, shown small so support can find the request. */
  reference: { key: string; time: string } | null;
}

const fallbackKey = 'Shared.temporary_difficulties';

function stringParams(
  payload: Record<string, unknown> | undefined,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (!payload) return params;
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

/**
 * Maps any error to a translated message: wallet codes to `wallet.server_error.{detail}`, a
 * responsible-gambling limit's refusal to `responsibleGambling.server_error.{detail}`, the rest
 * to `Errors.{detail}`, and anything unknown to "temporary difficulties". `hasKey` is the
 * translator's key check, injected so the rule stays testable.
 */
export function describeError(error: unknown, hasKey: (key: string) => boolean): ErrorDescription {
  if (isNetworkError(error)) {
    return { messageKey: 'Errors.network', params: {}, reference: null };
  }
  if (!isApiError(error)) {
    return { messageKey: fallbackKey, params: {}, reference: null };
  }
  const params = stringParams(error.payload);
  const reference = error.key ? { key: error.key, time: error.time } : null;
  const candidates = [
    `wallet.server_error.${error.detail}`,
    `responsibleGambling.server_error.${error.detail}`,
    `Errors.${error.detail}`,
  ];
  const messageKey = candidates.find((key) => hasKey(key)) ?? fallbackKey;
  return { messageKey, params, reference };
}
