import type { Language, Locale } from '@casino/contract';

/** The country whose flag stands for each locale when the server's list is not available. */
export const flagCountryByLocale: Record<Locale, string> = {
  en: 'GB',
  ru: 'RU',
  uk: 'UA',
  kk: 'KZ',
  az: 'AZ',
  uz: 'UZ',
  hi: 'IN',
  pl: 'PL',
  id: 'ID',
};

const nativeTitles: Record<Locale, string> = {
  en: 'English',
  ru: 'Русский',
  uk: 'Українська',
  kk: 'Қазақша',
  az: 'Azərbaycanca',
  uz: 'Oʻzbekcha',
  hi: 'हिन्दी',
  pl: 'Polski',
  id: 'Bahasa Indonesia',
};

/** Used while the list loads or if it failed: every shipped locale with its native name. */
export const fallbackLanguages: Language[] = (Object.keys(nativeTitles) as Locale[]).map(
  (code) => ({
    code,
    title: nativeTitles[code],
    icon: `/flags/${flagCountryByLocale[code]}.svg`,
  }),
);
