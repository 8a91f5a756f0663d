import type { HttpError } from '@refinedev/core';

/** Every operator route lives under this prefix; the session is the httpOnly operator cookie. */
export const apiBase = '/api/backoffice/v1';

/** The API's one error body: `{detail, message, payload, key, time}`. */
export interface ApiErrorBody {
  detail: string;
  message: string;
  payload?: unknown;
  key?: string;
  time?: string;
}

/** A non-2xx answer; also Refine's `HttpError`, so its hooks show and route on it. */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly detail: string;
  readonly payload: unknown;
  /** field errors of a 400 validation_error, by field path (Refine shows them on forms) */
  readonly errors?: Record<string, string[]>;

  constructor(statusCode: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? body.detail ?? `Request failed (${statusCode})`);
    this.statusCode = statusCode;
    this.detail = body.detail ?? 'unknown_error';
    this.payload = body.payload;
    const fields = fieldErrors(body.payload);
    if (fields) this.errors = fields;
  }
}

function fieldErrors(payload: unknown): Record<string, string[]> | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const fields = (payload as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return undefined;
  const result: Record<string, string[]> = {};
  for (const entry of fields) {
    if (!entry || typeof entry !== 'object') continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const key = String(field ?? '');
    result[key] = [...(result[key] ?? []), readable(message)];
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * The server's validation messages are translation keys of the player app
 * (`Validation.invalid_amount`); the back office is in English: "Invalid amount".
 */
export function readable(message: string): string {
  const key = message.startsWith('Validation.') ? message.slice('Validation.'.length) : message;
  if (key === message && /\s/.test(message)) return message;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** `?a=1&b=x`, leaving out empty values; arrays repeat the key. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** money-moving POSTs carry an Idempotency-Key: one per user action, reused on a retry */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * One call to the operator API. `path` is under {@link apiBase} (`/players`) unless it starts
 * with `/api/`. Answers the parsed JSON (undefined for 204); throws {@link ApiError}.
 */
export async function api<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const url = `${path.startsWith('/api/') ? '' : apiBase}${path}${toQueryString(request.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  const response = await fetch(url, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: 'same-origin',
    signal: request.signal,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body =
      data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : { detail: text };
    if (response.status === 401) window.dispatchEvent(new Event(unauthorizedEvent));
    throw new ApiError(response.status, body);
  }
  return data as T;
}

/** Fired when any call answers 401: the app returns to the sign-in page. */
export const unauthorizedEvent = 'backoffice:unauthorized';

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A fresh key for one operator action (a retry of the same action reuses it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The human sentence for an error, for toasts and inline messages. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
