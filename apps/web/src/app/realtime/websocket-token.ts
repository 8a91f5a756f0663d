import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/profile/api/get-me';
import { getAuthToken, isSigningOut } from '@/lib/auth-token';
import { classifyGlobalError } from '@/lib/global-errors';
import { RealtimeSessionEndedError } from '@/lib/realtime/realtime-session-ended';

/**
 * A fresh `websocketToken` for the realtime connection, asked for when the last one expired or
 * the server refused it: the profile is read again, which refreshes its cache too, and whose
 * error the app acts on as on any other (a ban shows the ban screen, an ended session makes the
 * player a guest). Without a session (or while the player signs out) there is no token to get,
 * and the connection stops instead of retrying.
 */
export async function freshWebsocketToken(queryClient: QueryClient): Promise<string> {
  if (!getAuthToken() || isSigningOut()) throw new RealtimeSessionEndedError('signed out');
  try {
    const profile = await queryClient.fetchQuery({ ...meQueryOptions(true), staleTime: 0 });
    return profile.websocketToken;
  } catch (error) {
    if (classifyGlobalError(error)?.kind === 'session-expired') {
      throw new RealtimeSessionEndedError('session expired');
    }
    throw error;
  }
}
