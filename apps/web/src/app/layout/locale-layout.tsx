import { chooseLocale, isSupportedLocale } from '@casino/contract';
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useMe } from '@/features/profile/api/get-me';
import { switchLanguage } from '@/lib/i18n';
import { replaceLocaleInPath } from '@/lib/locale-path';

/** Sends a path without a supported locale to the same path under the player's locale. */
export function LocaleRedirect() {
  const location = useLocation();
  const me = useMe();
  const locale = chooseLocale(me.data?.language);
  return (
    <Navigate
      replace
      to={replaceLocaleInPath(location.pathname, locale, location.search, location.hash)}
    />
  );
}

/** Everything under `/:lang`: keeps the interface language in step with the address. */
export function LocaleLayout() {
  const { lang } = useParams();
  const supported = isSupportedLocale(lang);

  useLayoutEffect(() => {
    if (!supported || !lang) return;
    void switchLanguage(lang);
    document.documentElement.lang = lang;
  }, [supported, lang]);

  if (!supported) return <LocaleRedirect />;
  return <Outlet />;
}
