import { ApiError, gatewayFailureStatuses, NetworkError, toApiError } from './api-error';
import { getAuthToken, getSessionGeneration } from './auth-token';

export { ApiError, isApiError, NetworkError } from './api-error';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving POST. */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the app talks to its API: same origin, cookie session plus the bearer token,
 * JSON in and out. Failures become `ApiError` (the server answered) or `NetworkError` (it could
 * not be reached), which the query caches route to the global screens.
 *
 * A successful answer is typed, not parsed: `Answer` is the contract's type of the endpoint's
 * answer (usually inferred from the caller's declared return type). The server validates every
 * request and serialises every answer through the contract's schemas (each route's response
 * schema), so parsing it again here bought nothing but the whole of zod on the first load. What
 * does not come from our API's answers (an error body a proxy may have written, realtime
 * publications, stored state) is still checked where it is read.
 */
export async function apiRequest<Answer = unknown>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<Answer> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAuthToken();
  const sessionGeneration = getSessionGeneration();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  }

  if (gatewayFailureStatuses.includes(response.status)) {
    throw new NetworkError(`Gateway answered ${response.status}`, response.status);
  }

  const body = response.status === 204 ? undefined : await readJson(response);
  if (!response.ok) throw toApiError(response.status, body, new Date(), sessionGeneration);
  return body as Answer;
}

export function isApiErrorWithDetail(error: unknown, detail: string): error is ApiError {
  return error instanceof ApiError && error.detail === detail;
}
