import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { searchString, withSearchParams } from './search-params';

/**
 * Spec §4: a guest's protected action opens the sign-in step (`?auth=login`) right where they
 * are; `redirectPath` (a game page) is where sign-in takes them afterwards.
 */
export function useSignInPath(): (redirectPath?: string) => string {
  const location = useLocation();
  return useCallback(
    (redirectPath?: string) => {
      const search = withSearchParams(location.search, {
        auth: 'login',
        redirect_path: redirectPath ?? null,
      });
      return `${location.pathname}${searchString(search)}`;
    },
    [location.pathname, location.search],
  );
}
