import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NetworkError } from './api-client';
import { clearAuthToken, setAuthToken } from './auth-token';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe('apiRequest', () => {
  it('sends the bearer token and JSON body, and returns the answer', async () => {
    const fetchMock = vi.fn(async () => answer(200, { token: 'abc' }));
    vi.stubGlobal('fetch', fetchMock);
    setAuthToken('secret-token');

    const result = await apiRequest<{ token: string }>('/api/v1/auth/login', {
      method: 'POST',
      body: { email: 'a@b.c' },
    });

    expect(result).toEqual({ token: 'abc' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('adds query parameters and sends no token for guests', async () => {
    const fetchMock = vi.fn(async () => answer(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/v1/languages', { query: { mode: 1, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/languages?mode=1');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('turns the error body into a typed ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, {
          detail: 'user_banned',
          message: 'banned',
          payload: { reason: 'kyc', globalId: '7' },
          key: 'req-9',
          time: '2025-01-01T00:00:00Z',
        }),
      ),
    );
    const error = await apiRequest('/api/v1/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      detail: 'user_banned',
      payload: { reason: 'kyc', globalId: '7' },
      key: 'req-9',
      time: '2025-01-01T00:00:00Z',
    });
  });

  it('treats a body that is not ours as an internal error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>oops</html>', { status: 500 })),
    );
    const error = await apiRequest('/api/v1/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, detail: 'internal_error' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/v1/me')).rejects.toBeInstanceOf(NetworkError);

    for (const status of [502, 503, 504]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(status, { detail: 'x' })),
      );
      await expect(apiRequest('/api/v1/me')).rejects.toMatchObject({
        name: 'NetworkError',
        status,
      });
    }
  });

  it('resolves an empty 204 answer to undefined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/api/v1/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
