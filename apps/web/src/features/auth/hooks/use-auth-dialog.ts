import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sanitizeRedirectPath } from '@/lib/redirect-path';
import { searchString, withSearchParams } from '@/lib/search-params';

export type AuthStep = 'login' | 'register';

export function parseAuthStep(value: string | null): AuthStep | null {
  return value === 'login' || value === 'register' ? value : null;
}

/**
 * The sign-in and sign-up steps live in the URL (`?auth=login|register`), so any link, button or
 * redirect can open them. `redirect_path` says where to go after success.
 */
export function useAuthDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const step = parseAuthStep(params.get('auth'));

  const open = useCallback(
    (next: AuthStep) => {
      const search = withSearchParams(location.search, { auth: next });
      void navigate({
        pathname: location.pathname,
        search: searchString(search),
        hash: location.hash,
      });
    },
    [location.pathname, location.search, location.hash, navigate],
  );

  const close = useCallback(() => {
    const search = withSearchParams(location.search, { auth: null, redirect_path: null });
    void navigate(
      { pathname: location.pathname, search: searchString(search), hash: location.hash },
      { replace: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);

  /** After sign-in: the saved redirect when it is a path of ours, else stay exactly here. */
  const finish = useCallback(() => {
    const redirect = sanitizeRedirectPath(
      new URLSearchParams(location.search).get('redirect_path'),
    );
    if (redirect) {
      void navigate(redirect, { replace: true });
      return;
    }
    close();
  }, [location.search, navigate, close]);

  return { step, open, close, finish };
}
