/** Locales the player app ships. English and Russian are complete; the rest fall back to English. */
export const supportedLocales = ['en', 'ru', 'uk', 'kk', 'az', 'uz', 'hi', 'pl', 'id'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

export function isSupportedLocale(value: string | null | undefined): value is Locale {
  return value != null && (supportedLocales as readonly string[]).includes(value);
}

/** Spec: the profile language is used only if supported; otherwise the default locale. */
export function chooseLocale(profileLanguage: string | null | undefined): Locale {
  return isSupportedLocale(profileLanguage) ? profileLanguage : defaultLocale;
}

/** Locales whose players get the Russian-speaking community channel. */
const russianSpeakingLocales: readonly string[] = ['ru', 'kk', 'az', 'uz', 'uk'];

export const socialLinks = {
  messengerChannelRu: 'https://t.me/casino_platform_ru',
  messengerChannel: 'https://t.me/casino_platform',
  x: 'https://x.com/casino_platform',
  supportBot: 'https://t.me/casino_platform_support_bot',
} as const;

export function messengerChannelFor(locale: string): string {
  return russianSpeakingLocales.includes(locale)
    ? socialLinks.messengerChannelRu
    : socialLinks.messengerChannel;
}

/** Hosts whose support address is the security desk (mirrors under heightened review). */
const securityHosts: readonly string[] = ['secure.casino.local', 'security.casino.local'];

export function supportEmailForHost(host: string): string {
  const hostname = host.split(':')[0]?.toLowerCase() ?? '';
  return securityHosts.includes(hostname) ? 'security@casino.local' : 'support@casino.local';
}

/** Support-chat widget location code (shell spec §7). */
export function supportChatLocation(language: string): string {
  switch (language) {
    case 'en':
      return 'loc_eng';
    case 'hi':
    case 'hi-en':
      return 'loc_id';
    case 'kk':
      return 'loc_kz';
    case 'uk':
      return 'loc_ua';
    default:
      return `loc_${language}`;
  }
}
