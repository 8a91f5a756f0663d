import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsSignedIn, wasSignedOutByPlayer } from '@/lib/auth-token';
import { localizedPath } from '@/lib/locale-path';
import { signInRedirectTarget } from '@/lib/redirect-path';
import { useLocale } from '@/lib/use-locale';

/**
 * Protected pages: a guest gets the sign-in step on the home page and comes back after it; a
 * player who just signed out simply goes home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const locale = useLocale();
  if (!signedIn && wasSignedOutByPlayer())
    return <Navigate replace to={localizedPath(locale, '/')} />;
  if (!signedIn) {
    return (
      <Navigate
        replace
        to={signInRedirectTarget(
          localizedPath(locale, '/'),
          `${location.pathname}${location.search}`,
        )}
      />
    );
  }
  return children;
}
