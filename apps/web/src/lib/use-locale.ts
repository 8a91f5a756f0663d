import { chooseLocale, type Locale } from '@casino/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localeFromPath, localizedPath } from './locale-path';

/** The locale of the current page: the path's first segment, else the active language. */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  return localeFromPath(pathname) ?? chooseLocale(i18n.resolvedLanguage);
}

/** Builds `/{locale}{path}` links for the current locale. */
export function useLocalizedPath(): (path?: string) => string {
  const locale = useLocale();
  return useCallback((path = '/') => localizedPath(locale, path), [locale]);
}

/** Terms of use for this host; reachable even for a banned account; opened in a new tab. */
export function policiesPath(locale: Locale, hostname: string): string {
  return localizedPath(locale, `/policies/${encodeURIComponent(hostname)}`);
}
