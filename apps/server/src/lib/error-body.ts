import {
  type ErrorBody,
  type ErrorCode,
  errorBodySchema,
  errorStatusByCode,
} from '@casino/contract';
import { defaultMessages } from './app-error.ts';

export function buildErrorBody(options: {
  code: ErrorCode;
  requestId: string;
  time: Date;
  message?: string | undefined;
  payload?: Record<string, unknown> | undefined;
}): ErrorBody {
  return {
    detail: options.code,
    message: options.message ?? defaultMessages[options.code],
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    key: options.requestId,
    time: options.time.toISOString(),
  };
}

const descriptions: Partial<Record<number, string>> = {
  400: 'Invalid request (validation_error, invalid_json, bad_request); a string holding U+0000 is Validation.invalid_characters',
  401: 'Not signed in, wrong credentials, or the account is banned (user_banned)',
  403: 'Refused: the operator lacks the role (forbidden), a session-cookie change came from another origin’s page (cross_origin_request), or the route’s own reason',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body larger than the limit',
  415: 'Body is not application/json',
  429: 'Rate limited (rate_limited) or busy (server_busy); see Retry-After and payload.retryAfterSeconds',
  451: 'Not available in the caller’s region',
  500: 'Unexpected failure; the body reveals nothing',
  503: 'A dependency is unavailable (the database while it restarts: see Retry-After), or the server is shutting down',
};

/**
 * The error body under each status the listed codes map to, for route response schemas. Every
 * route can also fail unexpectedly (500) or find the database unreachable (503).
 */
export function errorResponses(...codes: ErrorCode[]) {
  const statuses = new Set<number>(
    [...codes, 'internal_error' as const, 'service_unavailable' as const].map(
      (code) => errorStatusByCode[code],
    ),
  );
  const responses: Record<number, typeof errorBodySchema> = {};
  for (const status of statuses) {
    responses[status] = errorBodySchema.describe(descriptions[status] ?? 'Error');
  }
  return responses;
}
