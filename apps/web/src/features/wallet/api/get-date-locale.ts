import type { Locale } from '@casino/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Locale as DateLocale } from 'date-fns';

/** date-fns's texts (month names) per language, each its own chunk, fetched when first shown. */
const dateLocaleLoaders: Record<Locale, () => Promise<DateLocale>> = {
  en: () => import('date-fns/locale/en-US').then((module) => module.enUS),
  ru: () => import('date-fns/locale/ru').then((module) => module.ru),
  uk: () => import('date-fns/locale/uk').then((module) => module.uk),
  kk: () => import('date-fns/locale/kk').then((module) => module.kk),
  az: () => import('date-fns/locale/az').then((module) => module.az),
  uz: () => import('date-fns/locale/uz').then((module) => module.uz),
  hi: () => import('date-fns/locale/hi').then((module) => module.hi),
  pl: () => import('date-fns/locale/pl').then((module) => module.pl),
  id: () => import('date-fns/locale/id').then((module) => module.id),
};

/**
 * The language's date-fns locale, kept for the session. Apart from `history.ts` (which imports
 * date-fns's formatting) so the app shell can ask for it as the history opens, beside the
 * wallet's code, without date-fns in the first load.
 */
export function dateLocaleQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['date-fns-locale', locale],
    queryFn: () => dateLocaleLoaders[locale](),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
