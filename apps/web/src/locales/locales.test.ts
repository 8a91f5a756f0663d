import { supportedLocales } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { loadTranslation, namespaces } from './index';

type Tree = { [key: string]: string | Tree };

/** Every key as `Namespace.path.to.key`, with its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** `{{amount}}` placeholders and `<1>…</1>` / `<strong>` markup, which a translation must keep. */
function markers(text: string): string[] {
  const placeholders = text.match(/\{\{\s*[\w.]+\s*(?:,[^}]*)?\}\}/g) ?? [];
  const tags = text.match(/<\/?[\w]+\s*\/?>/g) ?? [];
  return [...placeholders.map((marker) => marker.replace(/\s+/g, '')), ...tags].sort();
}

const english = flatten(en as unknown as Tree);

/** Names that stay as they are in every language (brands and services). */
const sameInEveryLanguage = new Set(['wallet.crypto.bot.title']);

describe.each(supportedLocales.filter((locale) => locale !== 'en'))(
  'the %s translation',
  (locale) => {
    it('has every key English has, and no other', async () => {
      const translated = flatten((await loadTranslation(locale)) as unknown as Tree);
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps every placeholder and tag, and leaves no text empty', async () => {
      const translated = flatten((await loadTranslation(locale)) as unknown as Tree);
      const problems: string[] = [];
      for (const [key, source] of english) {
        const text = translated.get(key);
        if (text === undefined) continue;
        if (text.trim() === '' && source.trim() !== '') problems.push(`${key}: empty`);
        if (markers(text).join(' ') !== markers(source).join(' ')) {
          problems.push(`${key}: ${markers(source).join(' ')} ≠ ${markers(text).join(' ')}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('is translated, not English copied', async () => {
      const translated = flatten((await loadTranslation(locale)) as unknown as Tree);
      // brand names, units and codes are the same in every language; prose is not
      const copied = [...english].filter(
        ([key, source]) =>
          !sameInEveryLanguage.has(key) &&
          /[a-z]{4,}\s+[a-z]{3,}/i.test(source) &&
          translated.get(key) === source,
      );
      expect(copied.map(([key]) => key)).toEqual([]);
    });
  },
);

describe('the locale files', () => {
  it('keep each language in one file per namespace, named after it', () => {
    const kebab = (namespace: string) =>
      namespace.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
    const expected = [...namespaces.map(kebab), 'index'].sort();
    const files = Object.keys(import.meta.glob('./*/*.ts'));
    for (const locale of supportedLocales) {
      const own = files
        .filter((file) => file.startsWith(`./${locale}/`))
        .map((file) => file.slice(`./${locale}/`.length, -'.ts'.length))
        .sort();
      expect(own, locale).toEqual(expected);
    }
  });
});
