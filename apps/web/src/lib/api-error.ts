import type { ErrorBody } from '@casino/contract';

/** An error answer of our API, parsed from the one error body every endpoint uses. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly payload: Record<string, unknown> | undefined;
  readonly key: string;
  readonly time: string;
  /**
   * The session the request was sent in (auth-token.ts `getSessionGeneration`), null when not
   * known: a 401 of an earlier session says nothing of the current one.
   */
  readonly sessionGeneration: number | null;

  constructor(status: number, body: ErrorBody, sessionGeneration: number | null = null) {
    super(body.message || body.detail);
    this.sessionGeneration = sessionGeneration;
    this.name = 'ApiError';
    this.status = status;
    this.detail = body.detail;
    this.payload = body.payload;
    this.key = body.key;
    this.time = body.time;
  }
}

/** The request never got a usable answer: offline, DNS, reset, or a gateway in front of us failed. */
export class NetworkError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'NetworkError';
    this.status = status;
  }
}

/** Gateways answer these when our server cannot be reached; the player sees "unstable connection". */
export const gatewayFailureStatuses: readonly number[] = [502, 503, 504];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a body is our error body (the contract's `errorBodySchema`, checked by hand: a body in
 * front of our server, a proxy's page, may be anything, and this runs on the first load, which
 * carries no zod).
 */
function isErrorBody(body: unknown): body is ErrorBody {
  return (
    isRecord(body) &&
    typeof body.detail === 'string' &&
    typeof body.message === 'string' &&
    typeof body.key === 'string' &&
    typeof body.time === 'string' &&
    (body.payload === undefined || isRecord(body.payload))
  );
}

/** Builds the typed error from a non-2xx answer, tolerating bodies that are not ours (proxies). */
export function toApiError(
  status: number,
  body: unknown,
  now: Date = new Date(),
  sessionGeneration: number | null = null,
): ApiError {
  if (isErrorBody(body)) {
    const { detail, message, payload, key, time } = body;
    return new ApiError(status, { detail, message, payload, key, time }, sessionGeneration);
  }
  return new ApiError(
    status,
    {
      detail: status >= 500 ? 'internal_error' : 'bad_request',
      message: `HTTP ${status}`,
      key: '',
      time: now.toISOString(),
    },
    sessionGeneration,
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
