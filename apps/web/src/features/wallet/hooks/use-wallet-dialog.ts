import { startTransition, useCallback, useOptimistic } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsSignedIn } from '@/lib/auth-token';
import { searchString, withSearchParams } from '@/lib/search-params';

export const walletTabs = ['deposit', 'withdraw', 'history'] as const;
export type WalletTab = (typeof walletTabs)[number];

export function parseWalletTab(value: string | null): WalletTab | null {
  return walletTabs.find((tab) => tab === value) ?? null;
}

/**
 * The wallet lives in the URL (`?wallet=deposit|withdraw|history`). It needs a signed-in player:
 * a guest who asks for it gets the sign-in step instead, and lands back here afterwards.
 *
 * The router changes the URL at once but renders the new location in a transition, which a busy
 * device may commit only later. Until then the old tab would stay on screen under a URL naming
 * the new one, and a click there would land in the old tab's method list, which then unmounts
 * (its expanded "other (N)" slot collapsing under the player). So the asked-for tab shows at
 * once, as an optimistic value that gives way to the URL's when the navigation has rendered.
 */
export function useWalletDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const [tab, showTab] = useOptimistic(
    parseWalletTab(new URLSearchParams(location.search).get('wallet')),
  );

  const go = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      const search = withSearchParams(location.search, changes);
      startTransition(() => {
        if ('wallet' in changes) showTab(parseWalletTab(changes.wallet ?? null));
        void navigate(
          { pathname: location.pathname, search: searchString(search), hash: location.hash },
          { replace },
        );
      });
    },
    [location.pathname, location.search, location.hash, navigate, showTab],
  );

  const open = useCallback(
    (next: WalletTab = 'deposit') => go(signedIn ? { wallet: next } : { auth: 'login' }),
    [go, signedIn],
  );
  const close = useCallback(() => go({ wallet: null }, true), [go]);
  const selectTab = useCallback((next: WalletTab) => go({ wallet: next }, true), [go]);

  return { tab: signedIn ? tab : null, open, close, selectTab };
}
