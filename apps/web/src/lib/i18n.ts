import { defaultLocale, type Locale, supportedLocales } from '@casino/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTranslation, type Namespace, namespaces } from '@/locales';

/**
 * Keys are written the way the spec and the server name them: `Validation.invalid_email`,
 * `Ban.reason.kyc`. The first segment is the namespace, so the namespace separator is a dot too.
 *
 * No language is bundled, English included: `main.tsx` fetches the player's language before the
 * first render, and `switchLanguage` fetches another language's chunk before switching to it, so
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

const loading = new Map<Locale, Promise<void>>();

/** Fetches a language's translations once, every namespace at once (one chunk per language). */
export function loadLanguage(language: Locale): Promise<void> {
  const known = loading.get(language);
  if (known) return known;
  const load = loadTranslation(language).then((translation) => {
    for (const [namespace, texts] of Object.entries(translation)) {
      i18next.addResourceBundle(language, namespace, texts, true, true);
    }
  });
  loading.set(language, load);
  // a failed fetch (a dropped connection) is tried again the next time the language is asked for
  load.catch(() => loading.delete(language));
  return load;
}

/** Every language at once, for tests that render several. */
export async function loadAllLanguages(): Promise<void> {
  initI18n();
  await Promise.all(supportedLocales.map(loadLanguage));
}

let requestedLanguage: Locale | undefined;

/**
 * Switches the interface once the language's translations are in. Of two quick choices the
 * later one wins, whichever chunk arrives first.
 */
export async function switchLanguage(language: Locale): Promise<void> {
  requestedLanguage = language;
  await loadLanguage(language);
  if (requestedLanguage === language && i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
}

export { i18next };
