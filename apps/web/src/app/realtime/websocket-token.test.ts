import type { Profile } from '@casino/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/profile/api/get-me';
import { beginSignOut, clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { RealtimeSessionEndedError } from '@/lib/realtime/realtime-session-ended';
import { freshWebsocketToken } from './websocket-token';

const profile: Profile = {
  globalId: '1001',
  email: 'player@example.com',
  isVip: false,
  isVerified: false,
  hasDeposits: false,
  language: 'en',
  websocketToken: 'fresh-token',
  firstName: null,
  lastName: null,
  gender: null,
  dateOfBirth: null,
  isNameChangeAvailable: true,
  isPushNotificationsActive: false,
  vipManager: null,
  supportChatUser: { display_name: 'player', identifier: '1', identifier_hash: null },
  currency: { primary: 'USD' },
  oddsFormat: 'decimal',
  realityCheckMinutes: null,
  limitsPromptAnsweredAt: null,
  limitsReviewedAt: null,
};

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  clearAuthToken();
  vi.unstubAllGlobals();
});

describe('freshWebsocketToken', () => {
  it('reads the profile again, even a fresh cached one, and refreshes its cache', async () => {
    setAuthToken('session');
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQueryKey, { ...profile, websocketToken: 'expired-token' });
    answer(200, profile);

    await expect(freshWebsocketToken(queryClient)).resolves.toBe('fresh-token');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<Profile>(meQueryKey)?.websocketToken).toBe('fresh-token');
  });

  it('ends the connection when there is no session any more', async () => {
    answer(200, profile);
    await expect(freshWebsocketToken(new QueryClient())).rejects.toBeInstanceOf(
      RealtimeSessionEndedError,
    );
    expect(fetch).not.toHaveBeenCalled();

    setAuthToken('revoked');
    answer(401, { detail: 'unauthorized', message: 'Unauthorized', key: 'r1', time: 'now' });
    await expect(freshWebsocketToken(new QueryClient())).rejects.toBeInstanceOf(
      RealtimeSessionEndedError,
    );
  });

  it('lets the client retry after other failures', async () => {
    setAuthToken('session');
    answer(500, { detail: 'internal_error', message: 'Internal', key: 'r2', time: 'now' });
    const failure = freshWebsocketToken(
      new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    );
    await expect(failure).rejects.toThrow();
    await expect(failure).rejects.not.toBeInstanceOf(RealtimeSessionEndedError);
  });

  it('asks nothing while the player signs out: the session ending is their own doing', async () => {
    setAuthToken('session');
    beginSignOut();
    answer(401, { detail: 'unauthorized', message: 'Unauthorized', key: 'r3', time: 'now' });
    await expect(freshWebsocketToken(new QueryClient())).rejects.toBeInstanceOf(
      RealtimeSessionEndedError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the ban from the profile so the app can show it, and does not call it an ended session', async () => {
    setAuthToken('session');
    answer(401, {
      detail: 'user_banned',
      message: 'Banned',
      payload: { reason: 'multiaccounting', globalId: '1001' },
      key: 'r4',
      time: 'now',
    });
    const failure = freshWebsocketToken(new QueryClient());
    await expect(failure).rejects.toMatchObject({ detail: 'user_banned' });
    await expect(failure).rejects.not.toBeInstanceOf(RealtimeSessionEndedError);
  });
});
