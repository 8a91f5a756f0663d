import type { Locale } from '@casino/contract';
import { type LocalePart, localeParts } from './parts';
import type { Namespace, Translation } from './translation';

/**
 * Each language is two chunks, fetched when needed (English too: every language is complete, so
 * none needs another as a fallback), so a player downloads only the language they use and, before
 * the first paint, only the part of it the first paint shows (`./parts.ts`). A language's texts
 * live in `./<language>/<namespace>.ts`, gathered by `./<language>/index.ts`; the build cuts the
 * parts out of it (`build/locale-parts.ts`).
 */
const loaders: Record<
  Locale,
  Record<LocalePart, () => Promise<{ default: PartialTranslation }>>
> = {
  en: {
    first: () => import('virtual:locale-part/en/first'),
    later: () => import('virtual:locale-part/en/later'),
  },
  ru: {
    first: () => import('virtual:locale-part/ru/first'),
    later: () => import('virtual:locale-part/ru/later'),
  },
  uk: {
    first: () => import('virtual:locale-part/uk/first'),
    later: () => import('virtual:locale-part/uk/later'),
  },
  kk: {
    first: () => import('virtual:locale-part/kk/first'),
    later: () => import('virtual:locale-part/kk/later'),
  },
  az: {
    first: () => import('virtual:locale-part/az/first'),
    later: () => import('virtual:locale-part/az/later'),
  },
  uz: {
    first: () => import('virtual:locale-part/uz/first'),
    later: () => import('virtual:locale-part/uz/later'),
  },
  hi: {
    first: () => import('virtual:locale-part/hi/first'),
    later: () => import('virtual:locale-part/hi/later'),
  },
  pl: {
    first: () => import('virtual:locale-part/pl/first'),
    later: () => import('virtual:locale-part/pl/later'),
  },
  id: {
    first: () => import('virtual:locale-part/id/first'),
    later: () => import('virtual:locale-part/id/later'),
  },
};

/**
 * Every namespace (a key's first segment), known before any language has arrived: keys and
 * namespaces are both separated by dots, and i18next tells them apart by this list. TypeScript
 * keeps it equal to English's namespaces.
 */
const namespaceSet: Record<Namespace, true> = {
  Shared: true,
  Validation: true,
  Errors: true,
  Header: true,
  Sidebar: true,
  Auth: true,
  Profile: true,
  Ban: true,
  Region: true,
  Connection: true,
  Support: true,
  WebPush: true,
  balance: true,
  VerifyModal: true,
  wallet: true,
  Pages: true,
  Tournaments: true,
  Wheel: true,
  Promo: true,
  LatestBets: true,
  Originals: true,
  Bonuses: true,
  Portal: true,
  Policies: true,
  CryptoGuide: true,
  Banners: true,
  Sportsbook: true,
  BetSlip: true,
  responsibleGambling: true,
};
export const namespaces = Object.keys(namespaceSet) as Namespace[];

/** One part of a language's texts: only the keys of that part, each namespace partial. */
export type PartialTranslation = { [N in Namespace]?: DeepPartial<Translation[N]> };
type DeepPartial<T> = { [Key in keyof T]?: T[Key] extends string ? string : DeepPartial<T[Key]> };

export function loadTranslationPart(locale: Locale, part: LocalePart): Promise<PartialTranslation> {
  return loaders[locale][part]().then((module) => module.default);
}

/** A whole language, both parts merged (for tests). */
export async function loadTranslation(locale: Locale): Promise<Translation> {
  const parts = await Promise.all(localeParts.map((part) => loadTranslationPart(locale, part)));
  return mergeDeep(parts) as Translation;
}

type Tree = { [key: string]: string | Tree };

function mergeDeep(trees: readonly object[]): Tree {
  const merged: Tree = {};
  for (const tree of trees as Tree[]) {
    for (const [key, value] of Object.entries(tree)) {
      const known = merged[key];
      merged[key] =
        typeof value === 'string' || typeof known !== 'object' ? value : mergeDeep([known, value]);
    }
  }
  return merged;
}

export type { LocalePart, Namespace };
