import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import {
  beginSignOut,
  clearAuthToken,
  getAuthToken,
  getSessionGeneration,
  setAuthToken,
} from '@/lib/auth-token';
import { globalErrors } from '@/lib/global-errors';
import { createQueryClient } from './query-client';

const unauthorizedBody = {
  detail: 'unauthorized',
  message: 'Unauthorized',
  key: 'req-1',
  time: '2026-11-25T00:00:00Z',
};

function unauthorized(sessionGeneration: number | null = null): ApiError {
  return new ApiError(401, unauthorizedBody, sessionGeneration);
}

/** A query that fails with `error`, through the app's query client (its global error path). */
async function failWith(error: unknown): Promise<void> {
  const queryClient = createQueryClient();
  await queryClient
    .fetchQuery({ queryKey: ['failing'], queryFn: () => Promise.reject(error), retry: false })
    .catch(() => undefined);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
  globalErrors.reset();
});

describe('the global path of a session that ended', () => {
  it('makes the signed-in player a guest and has them told the session ended', async () => {
    setAuthToken('revoked-elsewhere');
    await failWith(unauthorized());
    expect(getAuthToken()).toBeNull();
    expect(globalErrors.get().sessionEnded).toBe(true);
  });

  it('tells nothing while the player signs out here: the session ending is their doing', async () => {
    setAuthToken('signing-out');
    beginSignOut();
    await failWith(unauthorized());
    expect(getAuthToken()).toBeNull();
    expect(globalErrors.get().sessionEnded).toBe(false);
  });

  it('tells a guest nothing', async () => {
    await failWith(unauthorized());
    expect(globalErrors.get().sessionEnded).toBe(false);
  });

  it('keeps a new session when a request of the ended one is refused after the player signed in again', async () => {
    setAuthToken('ended-elsewhere');
    const endedSession = getSessionGeneration();
    await failWith(unauthorized(endedSession));
    expect(getAuthToken()).toBeNull();
    globalErrors.reset();

    setAuthToken('signed-in-again');
    await failWith(unauthorized(endedSession));
    expect(getAuthToken()).toBe('signed-in-again');
    expect(globalErrors.get().sessionEnded).toBe(false);

    await failWith(unauthorized(getSessionGeneration()));
    expect(getAuthToken()).toBeNull();
    expect(globalErrors.get().sessionEnded).toBe(true);
  });

  it('a refusal answered after the token changed names the session its request was sent in', async () => {
    setAuthToken('first');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const slow = apiRequest('/api/v1/balance').catch((error: unknown) => error);
    const sentIn = getSessionGeneration();
    clearAuthToken();
    setAuthToken('second');
    answer(new Response(JSON.stringify(unauthorizedBody), { status: 401 }));
    const error = await slow;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).sessionGeneration).toBe(sentIn);
    expect((error as ApiError).sessionGeneration).not.toBe(getSessionGeneration());
  });
});
