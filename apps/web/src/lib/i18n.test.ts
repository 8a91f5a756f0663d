import { banReasons, supportedLocales } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';

const i18n = initI18n('en');

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

  it('falls back to English where a language is incomplete', () => {
    expect(i18n.t('Header.login', { lng: 'pl' })).toBe('Zaloguj się');
    expect(i18n.t('Ban.title', { lng: 'pl' })).toBe('Your account is blocked');
  });

  it('ships a bundle for every supported locale', () => {
    for (const locale of supportedLocales) {
      expect(i18n.hasResourceBundle(locale, 'Header')).toBe(true);
    }
  });

  it('interpolates payload parameters', () => {
    expect(i18n.t('Errors.rate_limited', { lng: 'en', retryAfterSeconds: 30 })).toBe(
      'Too many attempts. Try again in 30\u00a0s.',
    );
  });
});
