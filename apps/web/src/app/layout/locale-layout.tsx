import { chooseLocale, isSupportedLocale } from '@casino/contract';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useMe } from '../../features/profile/api/get-me';
import { replaceLocaleInPath } from '../../lib/locale-path';

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
  const { i18n } = useTranslation();
  const supported = isSupportedLocale(lang);

  useLayoutEffect(() => {
    if (!supported || !lang) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [supported, lang, i18n]);

  if (!supported) return <LocaleRedirect />;
  return <Outlet />;
}
