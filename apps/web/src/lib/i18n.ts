import { defaultLocale, type Locale, supportedLocales } from '@casino/contract';
import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { type LocalePart, loadTranslationPart, type Namespace, namespaces } from '@/locales';
import { localeParts } from '@/locales/parts';

/**
 * Keys are written the way the spec and the server name them: `Validation.invalid_email`,
 * `Ban.reason.kyc`. The first segment is the namespace, so the namespace separator is a dot too.
 *
 * No language is bundled, English included: `main.tsx` fetches the first-paint part of the
 * player's language before the first render, lazily loaded pages and layers fetch the rest with
 * their code (`loadLaterTexts`), and `switchLanguage` fetches another language before switching, so
 * the interface never shows raw keys or a half-translated page while a chunk is on its way. Every
 * language is complete (`locales.test.ts`), so English, still the configured fallback, is never
 * fetched just in case.
 */
export function initI18n(language: Locale = defaultLocale): typeof i18next {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    ns: namespaces,
    defaultNS: 'Shared' satisfies Namespace,
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return i18next;
}

const loading = new Map<string, Promise<void>>();

/** Fetches one part of a language's texts once (`locales/parts.ts`: one chunk per part). */
function loadPart(language: Locale, part: LocalePart): Promise<void> {
  const id = `${language}/${part}`;
  const known = loading.get(id);
  if (known) return known;
  const load = loadTranslationPart(language, part).then((translation) => {
    for (const [namespace, texts] of Object.entries(translation)) {
      i18next.addResourceBundle(language, namespace, texts, true, true);
    }
  });
  loading.set(id, load);
  // a failed fetch (a dropped connection) is tried again the next time the part is asked for
  load.catch(() => loading.delete(id));
  return load;
}

/**
 * The texts a guest's first paint can show (the shell, the home page, error toasts): what
 * `main.tsx` waits for before the first render. Every other text comes with `loadLaterTexts`.
 */
export function loadFirstPaintTexts(language: Locale): Promise<void> {
  return loadPart(language, 'first');
}

/** A whole language, both parts. */
export function loadLanguage(language: Locale): Promise<void> {
  return Promise.all(localeParts.map((part) => loadPart(language, part))).then(() => undefined);
}

/**
 * The rest of the active language's texts (and of a language being switched to): what every
 * lazily loaded page and layer waits for with its code (`lib/lazy.ts`), so none renders a raw
 * key. Fetched once; cheap to call again.
 */
export function loadLaterTexts(): Promise<void> {
  const languages = new Set<Locale>([activeLanguage()]);
  if (requestedLanguage) languages.add(requestedLanguage);
  // the first paint fell back to English (the language's first part could not be fetched)
  if (!i18next.hasResourceBundle(activeLanguage(), 'Shared')) languages.add(defaultLocale);
  return Promise.all([...languages].map((language) => loadPart(language, 'later'))).then(
    () => undefined,
  );
}

function activeLanguage(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (supportedLocales as readonly string[]).includes(language)
    ? (language as Locale)
    : defaultLocale;
}

/** Every language at once, for tests that render several. */
export async function loadAllLanguages(): Promise<void> {
  initI18n();
  await Promise.all(supportedLocales.map(loadLanguage));
}

let requestedLanguage: Locale | undefined;

/**
 * Switches the interface once the language's translations are in (both parts: a lazily loaded
 * page may be on screen). Of two quick choices the later one wins, whichever chunk arrives first.
 */
export async function switchLanguage(language: Locale): Promise<void> {
  requestedLanguage = language;
  await loadLanguage(language);
  if (requestedLanguage === language && i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
}

const fixedTexts = new Map<string, TFunction>();

function onLanguageChange(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/**
 * `t` in the interface's language, rendered again when the language changes (as
 * `useTranslation().t`), for what a page mounts by the hundred: the lobby's tiles and their
 * hearts. react-i18next's `useTranslation` copies every property of the i18next instance into a
 * wrapper at each component's mount (its `i18n`, which a tile never reads): about 0.3 ms a tile
 * at a phone's 4× slower CPU, most of a tile's render.
 */
export function useLanguageT(): TFunction {
  const language = useSyncExternalStore(onLanguageChange, () => i18next.language);
  let t = fixedTexts.get(language);
  if (!t) {
    t = i18next.getFixedT(language);
    fixedTexts.set(language, t);
  }
  return t;
}

export { i18next };
