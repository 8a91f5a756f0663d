import { banReasons, supportedLocales } from '@casino/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLanguage, switchLanguage } from './i18n';

const i18n = initI18n('en');

beforeAll(async () => {
  await loadLanguage('ru');
});

describe('translations', () => {
  it('resolves spec-style keys whose first segment is the namespace', () => {
    expect(i18n.t('Validation.invalid_email', { lng: 'en' })).toBe('Enter a valid e-mail address');
    expect(i18n.t('Header.login', { lng: 'ru' })).toBe('Войти');
  });

  it('localizes every ban reason in English and Russian', () => {
    for (const reason of banReasons) {
      for (const lng of ['en', 'ru']) {
        expect(i18n.exists(`Ban.reason.${reason}`, { lng, fallbackLng: false })).toBe(true);
      }
    }
  });

  it('translates every validation message the API and the forms use', () => {
    const keys = [
      'required',
      'invalid_email',
      'password_too_short',
      'password_too_long',
      'invalid_name',
      'name_too_long',
      'invalid_date',
      'underage',
      'unknown_field',
      'invalid_value',
      'invalid_amount',
      'minimum_amount',
      'maximum_amount',
      'invalid_phone',
      'invalid_card',
      'invalid_format',
      'invalid_address',
      'invalid_full_name_latin',
    ];
    for (const key of keys) {
      for (const lng of ['en', 'ru']) {
        expect(i18n.exists(`Validation.${key}`, { lng, fallbackLng: false })).toBe(true);
      }
    }
  });

  it('starts with English alone and loads another language when it is first asked for', async () => {
    expect(i18n.hasResourceBundle('pl', 'Header')).toBe(false);
    await loadLanguage('pl');
    expect(i18n.t('Header.login', { lng: 'pl' })).toBe('Zaloguj się');
    for (const locale of supportedLocales) {
      await loadLanguage(locale);
      expect(i18n.hasResourceBundle(locale, 'Header')).toBe(true);
    }
  });

  it('switches to the language asked for last, whichever arrives first', async () => {
    const first = switchLanguage('uk');
    const second = switchLanguage('kk');
    await Promise.all([second, first]);
    expect(i18n.language).toBe('kk');
    await switchLanguage('en');
  });

  it('interpolates payload parameters', () => {
    expect(i18n.t('Errors.rate_limited', { lng: 'en', retryAfterSeconds: 30 })).toBe(
      'Too many attempts. Try again in 30\u00a0s.',
    );
  });
});
