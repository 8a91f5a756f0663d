import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { beginSignOut, clearAuthToken, getAuthToken, setAuthToken } from '@/lib/auth-token';
import { globalErrors } from '@/lib/global-errors';
import { createQueryClient } from './query-client';

function unauthorized(): ApiError {
  return new ApiError(401, {
    detail: 'unauthorized',
    message: 'Unauthorized',
    key: 'req-1',
    time: '2026-11-25T00:00:00Z',
  });
}

/** A query that fails with `error`, through the app's query client (its global error path). */
async function failWith(error: unknown): Promise<void> {
  const queryClient = createQueryClient();
  await queryClient
    .fetchQuery({ queryKey: ['failing'], queryFn: () => Promise.reject(error), retry: false })
    .catch(() => undefined);
}

afterEach(() => {
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
});
