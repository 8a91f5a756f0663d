import { useEffect } from 'react';
import { getAuthToken, useIsSignedIn } from '@/lib/auth-token';
import type { MessengerLaunch } from '@/lib/messenger-launch';
import { linkMessengerAccount } from '../api/crypto-messenger-link';

/** Sessions (tokens) already linked on this page: once per sign-in is enough. */
const linkedSessions = new Set<string>();

/**
 * Spec §6: inside the messenger mini-app the signed-in player's account is linked to the
 * messenger account (`POST /api/v1/me/messenger`), which crypto-bot withdrawals pay to. A
 * failure is only logged: everything else works without the link.
 */
export function useCryptoMessengerLink(launch: MessengerLaunch | null): void {
  const signedIn = useIsSignedIn();
  useEffect(() => {
    const token = getAuthToken();
    if (!signedIn || !token || !launch?.initData || linkedSessions.has(token)) return;
    linkedSessions.add(token);
    linkMessengerAccount(launch.initData).catch((error: unknown) => {
      console.warn('Linking the messenger account failed', error);
    });
  }, [signedIn, launch]);
}
