import { isSupportedLocale, type Locale } from '@casino/contract';

/** The locale segment of a path, when the first segment is a supported locale. */
export function localeFromPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return isSupportedLocale(first) ? first : null;
}

/** The path without its locale segment, always starting with '/'. */
export function stripLocale(pathname: string): string {
  if (!localeFromPath(pathname)) return pathname.startsWith('/') ? pathname : `/${pathname}`;
  const rest = pathname.split('/').slice(2).join('/');
  return `/${rest}`;
}

/** `/{locale}{path}`: builds a link inside the app for a locale. */
export function localizedPath(locale: Locale, path = '/'): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  return `/${locale}${normalized}`;
}

/**
 * Language change: the locale segment is replaced and everything after it (rest of the path,
 * query, hash) is kept. A path without a locale gets one in front.
 */
export function replaceLocaleInPath(
  pathname: string,
  locale: Locale,
  search = '',
  hash = '',
): string {
  return `${localizedPath(locale, stripLocale(pathname))}${search}${hash}`;
}
