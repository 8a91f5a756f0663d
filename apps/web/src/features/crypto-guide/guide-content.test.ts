import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en';
import { ru } from '@/locales/ru';
import { wrapWords } from './components/step-screen';
import {
  cryptoGuideServiceIds,
  cryptoGuideServices,
  guideImageLanguage,
  parseCryptoGuideServiceId,
} from './guide-content';

/** The longest caption line and line count the step screen template has room for. */
const captionLineChars = 26;
const captionLines = 3;

describe('the crypto guide content', () => {
  it('has the five services in tab order, each with an https site', () => {
    expect(cryptoGuideServices.map((service) => service.id)).toEqual([...cryptoGuideServiceIds]);
    for (const service of cryptoGuideServices) {
      expect(new URL(service.url).protocol).toBe('https:');
      expect(service.name.trim()).not.toBe('');
    }
  });

  it('has every text a tab asks for in English and Russian', () => {
    for (const translation of [en, ru]) {
      const texts = translation.CryptoGuide.services;
      for (const service of cryptoGuideServices) {
        const own = texts[service.id] as Record<string, string | undefined>;
        for (let step = 1; step <= service.buyStepCount; step += 1) {
          expect(own[`buy_${step}`], `${service.id} buy_${step}`).toBeTruthy();
        }
        expect(own.send_service).toBeTruthy();
        expect(Boolean(own.tip)).toBe(service.hasTip);
      }
    }
  });

  it('captions every step image in both image languages, fitting the screen', () => {
    for (const translation of [en, ru]) {
      const captions = translation.CryptoGuide.image.captions as Record<string, string>;
      const expected = cryptoGuideServices.flatMap((service) =>
        service.screens.map((_, index) => `${service.id}_${index + 1}`),
      );
      expect(Object.keys(captions).sort()).toEqual([...expected].sort());
      for (const [key, caption] of Object.entries(captions)) {
        const lines = wrapWords(caption, captionLineChars);
        expect(lines.length, key).toBeLessThanOrEqual(captionLines);
        expect(Math.max(...lines.map((line) => line.length)), key).toBeLessThanOrEqual(
          captionLineChars,
        );
      }
    }
  });

  it('gives Russian players the Russian images and everyone else the English ones', () => {
    expect(guideImageLanguage('ru')).toBe('ru');
    expect(guideImageLanguage('en')).toBe('en');
    expect(guideImageLanguage('uk')).toBe('en');
    expect(guideImageLanguage('pl')).toBe('en');
    expect(guideImageLanguage(undefined)).toBe('en');
  });

  it('reads a service id from the URL only when it is one of the five', () => {
    expect(parseCryptoGuideServiceId('crypto-bot')).toBe('crypto-bot');
    expect(parseCryptoGuideServiceId('Crypto-Bot')).toBeNull();
    expect(parseCryptoGuideServiceId(null)).toBeNull();
  });
});

describe('wrapWords', () => {
  it('wraps greedily at word boundaries and keeps a long word whole', () => {
    expect(wrapWords('Paste the casino address as the recipient', 20)).toEqual([
      'Paste the casino',
      'address as the',
      'recipient',
    ]);
    expect(wrapWords('supercalifragilistic word', 10)).toEqual(['supercalifragilistic', 'word']);
    expect(wrapWords('  ', 10)).toEqual([]);
  });
});
