import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchString, withSearchParams } from '@/lib/search-params';

export const wheelSearchParam = 'wheel';

/**
 * The wheel modal lives in the URL (`?wheel=1`), like the wallet and the sign-in step, so the
 * header button, the tab bar and the bonus drawer's tile open the one modal the shell renders.
 * `close` takes other params to change in the same navigation (the sign-up step after a guest's
 * spin), so the two never race.
 */
export function useWheelDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const isOpen = new URLSearchParams(location.search).get(wheelSearchParam) !== null;

  const go = useCallback(
    (changes: Record<string, string | null>, replace: boolean) => {
      const search = withSearchParams(location.search, changes);
      void navigate(
        { pathname: location.pathname, search: searchString(search), hash: location.hash },
        { replace },
      );
    },
    [location.pathname, location.search, location.hash, navigate],
  );

  const open = useCallback(() => go({ [wheelSearchParam]: '1' }, false), [go]);
  const close = useCallback(
    (alsoChange: Record<string, string | null> = {}) =>
      go({ ...alsoChange, [wheelSearchParam]: null }, true),
    [go],
  );

  return { isOpen, open, close };
}
