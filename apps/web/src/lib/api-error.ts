import { type ErrorBody, errorBodySchema } from '@casino/contract';

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

/** Builds the typed error from a non-2xx answer, tolerating bodies that are not ours (proxies). */
export function toApiError(
  status: number,
  body: unknown,
  now: Date = new Date(),
  sessionGeneration: number | null = null,
): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data, sessionGeneration);
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
