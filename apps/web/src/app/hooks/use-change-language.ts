import type { Locale } from '@casino/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useUpdateMe } from '@/features/profile/api/update-me';
import { useIsSignedIn } from '@/lib/auth-token';
import { switchLanguage } from '@/lib/i18n';
import { replaceLocaleInPath } from '@/lib/locale-path';

/**
 * Choosing a language: the locale segment of the address changes (the rest and the query stay),
 * the interface switches, and a signed-in player's profile remembers it. Guests are not saved.
 *
 * The address is read from the browser at the moment of the choice, not from the router's
 * rendered location: the router renders a navigation in a transition, so just after one (the
 * wallet closing, say) the rendered location can still hold the old query, which would reopen
 * what the player had just closed.
 */
export function useChangeLanguage(): (locale: Locale) => void {
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const updateMe = useUpdateMe();
  const { mutate } = updateMe;

  return useCallback(
    (locale: Locale) => {
      void switchLanguage(locale);
      const { pathname, search, hash } = window.location;
      void navigate(replaceLocaleInPath(pathname, locale, search, hash));
      if (signedIn) mutate({ language: locale });
    },
    [navigate, signedIn, mutate],
  );
}
