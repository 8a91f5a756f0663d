import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchString, withSearchParams } from '@/lib/search-params';

/** Wallet spec §2: the bonus drawer opens with this query parameter. */
export const bonusDrawerParam = 'bonus10';

/**
 * The bonus drawer lives in the URL (`?bonus10`), so a link, a button or the daily status can
 * open it and the back button closes it.
 */
export function useBonusDrawer() {
  const location = useLocation();
  const navigate = useNavigate();
  const isOpen = new URLSearchParams(location.search).has(bonusDrawerParam);

  const go = useCallback(
    (value: string | null, replace: boolean) => {
      const search = withSearchParams(location.search, { [bonusDrawerParam]: value });
      void navigate(
        { pathname: location.pathname, search: searchString(search), hash: location.hash },
        { replace },
      );
    },
    [location.pathname, location.search, location.hash, navigate],
  );

  const open = useCallback(() => go('', false), [go]);
  const close = useCallback(() => go(null, true), [go]);

  return { isOpen, open, close };
}
