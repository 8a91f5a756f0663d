import type { Locale } from '@casino/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUpdateMe } from '../../features/profile/api/update-me';
import { useIsSignedIn } from '../../lib/auth-token';
import { replaceLocaleInPath } from '../../lib/locale-path';

/**
 * Choosing a language: the locale segment of the address changes (the rest and the query stay),
 * the interface switches, and a signed-in player's profile remembers it. Guests are not saved.
 */
export function useChangeLanguage(): (locale: Locale) => void {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const updateMe = useUpdateMe();
  const { mutate } = updateMe;

  return useCallback(
    (locale: Locale) => {
      void i18n.changeLanguage(locale);
      void navigate(replaceLocaleInPath(location.pathname, locale, location.search, location.hash));
      if (signedIn) mutate({ language: locale });
    },
    [i18n, location.pathname, location.search, location.hash, navigate, signedIn, mutate],
  );
}
