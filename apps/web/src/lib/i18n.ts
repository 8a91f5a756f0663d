import { defaultLocale, type Locale } from '@casino/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from '../locales';

/**
 * Keys are written the way the spec and the server name them: `Validation.invalid_email`,
 * `Ban.reason.kyc`. The first segment is the namespace, so the namespace separator is a dot too.
 */
export function initI18n(language: Locale = defaultLocale): typeof i18next {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLocale,
    supportedLngs: Object.keys(resources),
    ns: namespaces,
    defaultNS: 'Shared',
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return i18next;
}

export { i18next };
