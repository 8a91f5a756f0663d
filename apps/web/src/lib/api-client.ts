import type { z } from 'zod';
import { ApiError, gatewayFailureStatuses, NetworkError, toApiError } from './api-error';
import { getAuthToken, getSessionGeneration } from './auth-token';

export { ApiError, isApiError, NetworkError } from './api-error';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<Schema extends z.ZodType> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the response at the edge; the rest of the app trusts the typed value. */
  schema?: Schema;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving POST. */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: ApiRequestOptions<z.ZodType>['query']): string {
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
 */
export async function apiRequest<Schema extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: ApiRequestOptions<Schema> = {},
): Promise<z.output<Schema>> {
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
  if (!options.schema) return body as z.output<Schema>;
  return options.schema.parse(body) as z.output<Schema>;
}

export function isApiErrorWithDetail(error: unknown, detail: string): error is ApiError {
  return error instanceof ApiError && error.detail === detail;
}
