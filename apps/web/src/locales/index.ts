import type { Locale } from '@casino/contract';
import { en, type Namespace, type Translation } from './en';

/**
 * English is bundled: it is the source of every key and the fallback. Every other language is its
 * own chunk, fetched when it is first needed, so a player downloads only the language they use.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Translation>> = {
  ru: () => import('./ru').then((module) => module.ru),
  uk: () => import('./uk').then((module) => module.uk),
  kk: () => import('./kk').then((module) => module.kk),
  az: () => import('./az').then((module) => module.az),
  uz: () => import('./uz').then((module) => module.uz),
  hi: () => import('./hi').then((module) => module.hi),
  pl: () => import('./pl').then((module) => module.pl),
  id: () => import('./id').then((module) => module.id),
};

export function loadTranslation(locale: Locale): Promise<Translation> {
  return locale === 'en' ? Promise.resolve(en) : loaders[locale]();
}

export { en };
export const namespaces = Object.keys(en) as Namespace[];
