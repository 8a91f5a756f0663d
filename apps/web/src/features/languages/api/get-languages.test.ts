import { describe, expect, it } from 'vitest';
import { keepSupportedLanguages } from './get-languages';

describe('keepSupportedLanguages', () => {
  it('keeps languages this build ships and drops the rest', () => {
    expect(
      keepSupportedLanguages([
        { code: 'en', title: 'English', icon: '/flags/GB.svg' },
        { code: 'de', title: 'Deutsch', icon: '/flags/DE.svg' },
        { code: 'ru', title: 'Русский', icon: '/flags/RU.svg' },
        { code: 'pl' },
        'garbage',
      ]),
    ).toEqual([
      { code: 'en', title: 'English', icon: '/flags/GB.svg' },
      { code: 'ru', title: 'Русский', icon: '/flags/RU.svg' },
    ]);
  });
});
