import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchString, withSearchParams } from '@/lib/search-params';
import {
  type CryptoGuideServiceId,
  cryptoGuideServiceIds,
  parseCryptoGuideServiceId,
} from '../guide-content';

/** The guide opens with `?guide=crypto`; `&service=<id>` picks the tab. */
export const cryptoGuideParam = 'guide';
export const cryptoGuideValue = 'crypto';
export const cryptoGuideServiceParam = 'service';

/**
 * The crypto guide lives in the URL, like the bonus drawer, so the wallet's crypto deposit view,
 * a menu entry or a plain link can open it on a given service, and the back button closes it.
 */
export function useCryptoGuide() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const isOpen = params.get(cryptoGuideParam) === cryptoGuideValue;
  const service: CryptoGuideServiceId =
    parseCryptoGuideServiceId(params.get(cryptoGuideServiceParam)) ?? cryptoGuideServiceIds[0];

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

  const open = useCallback(
    (serviceId?: CryptoGuideServiceId) =>
      go(
        { [cryptoGuideParam]: cryptoGuideValue, [cryptoGuideServiceParam]: serviceId ?? null },
        false,
      ),
    [go],
  );
  const close = useCallback(
    () => go({ [cryptoGuideParam]: null, [cryptoGuideServiceParam]: null }, true),
    [go],
  );
  const selectService = useCallback(
    (serviceId: CryptoGuideServiceId) => go({ [cryptoGuideServiceParam]: serviceId }, true),
    [go],
  );

  return { isOpen, service, open, close, selectService };
}
