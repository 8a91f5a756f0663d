import { describe, expect, test } from 'vitest';
import { isHomePath, jsonForHtml, localeOfPath } from './web-app.ts';

describe('jsonForHtml', () => {
  test('no text in the data can end the script element or open a comment, and it reads back', () => {
    const value = { title: '</script><script>alert(1)</script><!-- & \u2028\u2029 >' };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the language and the home page of a path', () => {
  test('only a language this build has counts', () => {
    expect(localeOfPath('/ru/games/42')).toBe('ru');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/xx/games')).toBeNull();
    expect(localeOfPath('/english')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });

  test('the home page is the language alone', () => {
    expect(isHomePath('/en')).toBe(true);
    expect(isHomePath('/en/')).toBe(true);
    expect(isHomePath('/en/games')).toBe(false);
    expect(isHomePath('/')).toBe(false);
  });
});
