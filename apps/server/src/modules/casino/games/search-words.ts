import type { OriginalEngine } from '@casino/contract';

/**
 * The words of a catalog search and how a typo is forgiven. Similarity of trigrams (pg_trgm, in
 * the repository's query) forgives a wrong, missing or extra letter, but not two neighbouring
 * letters swapped in a short word: "dcie" shares one trigram of five with "dice". So each search
 * word is also tried with each pair of neighbouring letters swapped, and a swapped form that
 * starts a word of the catalog ("dice", or "limb" of "limbo" while it is being typed) is
 * searched for as well, as if the player had typed it.
 */

/** Words of a search beyond this many are ignored. */
export const maxSearchWords = 6;

/** Words of this many letters and up to `maxLength` are also tried with two letters swapped. */
export const transposition = { minLength: 3, maxLength: 24 } as const;

/**
 * The kind of game a search word may name, matched like a provider's name: "slots" finds the
 * slot games, whose themed titles never say "slot" (the other kinds are in every title already).
 */
export const engineSearchNames: ReadonlyArray<{ engine: OriginalEngine; name: string }> = [
  { engine: 'dice', name: 'dice' },
  { engine: 'limbo', name: 'limbo' },
  { engine: 'mines', name: 'mines' },
  { engine: 'plinko', name: 'plinko' },
  { engine: 'keno', name: 'keno' },
  { engine: 'slot', name: 'slots' },
];

const wordSeparator = /[^\p{L}\p{N}]+/u;

/**
 * The words of a search (letters and digits; a lone letter such as the "s" of "pharaoh's"
 * carries no trigrams worth matching). Every word must match the title or the provider.
 */
export function searchWords(search: string): string[] {
  const words = [
    ...new Set(
      search
        .toLowerCase()
        .split(wordSeparator)
        .filter((word) => word.length >= 2),
    ),
  ];
  return words.length > 0 ? words.slice(0, maxSearchWords) : [search.toLowerCase()];
}

/** The word with each pair of neighbouring letters swapped (equal neighbours make no new form). */
export function transposedForms(word: string): string[] {
  const letters = [...word];
  if (
    letters.length < transposition.minLength ||
    letters.length > transposition.maxLength ||
    !/^[\p{L}\p{N}]+$/u.test(word)
  ) {
    return [];
  }
  const forms = new Set<string>();
  for (let index = 0; index + 1 < letters.length; index += 1) {
    const left = letters[index] as string;
    const right = letters[index + 1] as string;
    if (left === right) continue;
    const swapped = [...letters];
    swapped[index] = right;
    swapped[index + 1] = left;
    forms.add(swapped.join(''));
  }
  return [...forms];
}

/**
 * Every start (of `transposition.minLength` letters or more) of every word of these texts
 * (titles, provider names, kinds of game), lower-cased: what a swapped form must be to count.
 */
export function wordStarts(texts: Iterable<string>): Set<string> {
  const starts = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(wordSeparator)) {
      const letters = [...word];
      for (let length = transposition.minLength; length <= letters.length; length += 1) {
        starts.add(letters.slice(0, length).join(''));
      }
    }
  }
  return starts;
}

/** The swapped forms of each search word that start a word of the catalog, by search word. */
export function transposedCorrections(
  words: readonly string[],
  catalogWordStarts: ReadonlySet<string>,
): Map<string, string[]> {
  const corrections = new Map<string, string[]>();
  for (const word of words) {
    if (catalogWordStarts.has(word)) continue;
    const found = transposedForms(word).filter((form) => catalogWordStarts.has(form));
    if (found.length > 0) corrections.set(word, found);
  }
  return corrections;
}
