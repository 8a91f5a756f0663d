import { describe, expect, it } from 'vitest';
import { localeFromPath, localizedPath, replaceLocaleInPath, stripLocale } from './locale-path';

describe('locale paths', () => {
  it('reads the locale only from a supported first segment', () => {
    expect(localeFromPath('/ru/sportsbook')).toBe('ru');
    expect(localeFromPath('/en/')).toBe('en');
    expect(localeFromPath('/de/sportsbook')).toBeNull();
    expect(localeFromPath('/sportsbook')).toBeNull();
    expect(localeFromPath('/')).toBeNull();
  });

  it('strips the locale and keeps the rest of the path', () => {
    expect(stripLocale('/ru/games/12')).toBe('/games/12');
    expect(stripLocale('/ru')).toBe('/');
    expect(stripLocale('/ru/')).toBe('/');
    expect(stripLocale('/sportsbook/soccer-1')).toBe('/sportsbook/soccer-1');
  });

  it('replaces the locale segment keeping the path, query and hash', () => {
    expect(replaceLocaleInPath('/en/sportsbook/tennis-5', 'ru', '?tab=live', '#top')).toBe(
      '/ru/sportsbook/tennis-5?tab=live#top',
    );
    expect(replaceLocaleInPath('/ru/', 'pl')).toBe('/pl/');
    expect(replaceLocaleInPath('/ru', 'en')).toBe('/en/');
  });

  it('prefixes a path that has no locale yet', () => {
    expect(replaceLocaleInPath('/profile', 'uk', '?a=1')).toBe('/uk/profile?a=1');
    expect(localizedPath('kk', 'bonuses')).toBe('/kk/bonuses');
    expect(localizedPath('en')).toBe('/en/');
  });
});
