import type { Locale } from '@casino/contract';
import type { Namespace, Translation } from './translation';

/**
 * Each language is its own chunk, fetched when it becomes active (English too: every language is
 * complete, so none needs another as a fallback), so a player downloads only the language they use.
 * A language's texts live in `./<language>/<namespace>.ts`, gathered by `./<language>/index.ts`.
 */
const loaders: Record<Locale, () => Promise<Translation>> = {
  en: () => import('./en').then((module) => module.en),
  ru: () => import('./ru').then((module) => module.ru),
  uk: () => import('./uk').then((module) => module.uk),
  kk: () => import('./kk').then((module) => module.kk),
  az: () => import('./az').then((module) => module.az),
  uz: () => import('./uz').then((module) => module.uz),
  hi: () => import('./hi').then((module) => module.hi),
  pl: () => import('./pl').then((module) => module.pl),
  id: () => import('./id').then((module) => module.id),
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

export function loadTranslation(locale: Locale): Promise<Translation> {
  return loaders[locale]();
}

export type { Namespace };
