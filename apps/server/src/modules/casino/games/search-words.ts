import type { OriginalEngine } from '@casino/contract';

/**
 * The catalog search's rules: the words of a search, how one search word matches one word of a
 * title or provider name, and how the games found rank. Pure: the index that applies them to the
 * whole catalog is `search-index.ts`.
 *
 * A search word matches a catalog word
 * - exactly ("dice" ~ "dice"): `wordScores.exact`;
 * - as its start, the word still being typed ("limb" ~ "limbo"): `wordScores.prefix`;
 * - with typos, up to `allowedTypos(word)` of them, each a wrong, missing or extra letter or two
 *   neighbouring letters swapped (optimal string alignment distance): the whole word
 *   ("ruolette" ~ "roulette") `wordScores.typo`, or its start ("rulet" ~ "roulette", the first
 *   letter right) `wordScores.typoPrefix`, less `wordScores.perExtraTypo` for each typo past
 *   the first.
 * Exact and prefix matches therefore always rank above typo matches.
 */

/** Words of a search beyond this many are ignored. */
export const maxSearchWords = 6;

/**
 * The kind of game a search word may name, matched like a provider's name: "slots" (or "slot")
 * finds the slot games, whose themed titles never say it (the other kinds are in every title
 * already).
 */
export const engineSearchNames: ReadonlyArray<{ engine: OriginalEngine; name: string }> = [
  { engine: 'dice', name: 'dice' },
  { engine: 'limbo', name: 'limbo' },
  { engine: 'mines', name: 'mines' },
  { engine: 'plinko', name: 'plinko' },
  { engine: 'keno', name: 'keno' },
  { engine: 'slot', name: 'slots' },
  { engine: 'slot', name: 'slot' },
];

const wordSeparator = /[^\p{L}\p{N}]+/u;

/** How a search word's match to one catalog word scores (0: no match). */
export const wordScores = {
  exact: 1,
  prefix: 0.8,
  typo: 0.6,
  typoPrefix: 0.5,
  perExtraTypo: 0.15,
} as const;

/**
 * A whole title equal to the search, or starting with it, gains this on top of its words'
 * scores ("Golden Koi Keno" before "Golden Koi Keno Deluxe"); less than the smallest gap
 * between two word scores (0.05), so it orders games within one kind of match.
 */
export const phraseBonus = { equal: 0.04, start: 0.02 } as const;

/**
 * Typos forgiven in a search word: none up to 3 letters, one up to 7, two from 8 — and never
 * both of the first two letters changed (`sharesAStart`).
 */
export function allowedTypos(length: number): number {
  if (length <= 3) return 0;
  return length <= 7 ? 1 : 2;
}

/** Lower-cased, as the search compares: by Unicode letters ("Ёлка" is "ёлка"). */
export function normalise(text: string): string {
  return text.toLowerCase();
}

/** The words of a title or name (letters and digits), lower-cased. */
export function textWords(text: string): string[] {
  return normalise(text)
    .split(wordSeparator)
    .filter((word) => word.length > 0);
}

/**
 * The words of a search (letters and digits; a lone letter such as the "s" of "pharaoh's" is
 * left out). Every word must match the title, the provider or the kind of game. A search
 * without a word of two letters (one letter, as the service may be asked directly) is that
 * letter, matched as the start of words.
 */
export function searchWords(search: string): string[] {
  const all = textWords(search);
  const words = [...new Set(all.filter((word) => word.length >= 2))];
  if (words.length > 0) return words.slice(0, maxSearchWords);
  return all.slice(0, 1);
}

/**
 * The optimal string alignment distance from `query` to `word` and to the closest start of
 * `word`, each only when at most `limit` (else Infinity). Code points, not UTF-16 units.
 */
export function typoDistances(
  query: readonly string[],
  word: readonly string[],
  limit: number,
): { whole: number; prefix: number } {
  const rows = query.length;
  // the starts of `word` longer than query + limit cannot be within the limit
  const columns = Math.min(word.length, rows + limit);
  if (rows - limit > word.length) return { whole: Infinity, prefix: Infinity };
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: columns + 1 }, (_, column) => column);
  for (let row = 1; row <= rows; row += 1) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= columns; column += 1) {
      const same = query[row - 1] === word[column - 1];
      let distance = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + (same ? 0 : 1),
      );
      if (
        row > 1 &&
        column > 1 &&
        query[row - 1] === word[column - 2] &&
        query[row - 2] === word[column - 1]
      ) {
        distance = Math.min(distance, (beforePrevious[column - 2] as number) + 1);
      }
      current.push(distance);
      if (distance < rowMinimum) rowMinimum = distance;
    }
    // every later row is at least this row's minimum
    if (rowMinimum > limit) return { whole: Infinity, prefix: Infinity };
    beforePrevious = previous;
    previous = current;
  }
  const prefix = Math.min(...previous);
  const whole = columns === word.length ? (previous[columns] as number) : Infinity;
  return {
    whole: whole <= limit ? whole : Infinity,
    prefix: prefix <= limit ? prefix : Infinity,
  };
}

/**
 * Whether a typo match is considered at all: the first or second letter of the search word is
 * the first or second letter of the catalog word. One typo (swapped, missing, extra or wrong
 * letter) always keeps this, so the index compares a search word only with the catalog words
 * filed under those letters (search-index.ts) instead of all of them.
 */
export function sharesAStart(query: readonly string[], word: readonly string[]): boolean {
  const [first, second] = query;
  return (
    first === word[0] ||
    first === word[1] ||
    (second !== undefined && (second === word[0] || second === word[1]))
  );
}

/** How well a search word (as code points) matches one catalog word: 0 when it does not. */
export function wordScore(query: readonly string[], word: readonly string[]): number {
  if (query.length <= word.length) {
    let isStart = true;
    for (let index = 0; index < query.length; index += 1) {
      if (query[index] !== word[index]) {
        isStart = false;
        break;
      }
    }
    if (isStart) return query.length === word.length ? wordScores.exact : wordScores.prefix;
  }
  const limit = allowedTypos(query.length);
  if (limit === 0 || !sharesAStart(query, word)) return 0;
  const { whole, prefix } = typoDistances(query, word, limit);
  const extra = (typos: number) => (typos - 1) * wordScores.perExtraTypo;
  if (whole <= prefix && Number.isFinite(whole)) return wordScores.typo - extra(whole);
  // a start with a typo keeps its first letter ("lmib" ~ "limbo"; "kneo" is not "neo…")
  if (Number.isFinite(prefix) && query[0] === word[0]) {
    return wordScores.typoPrefix - extra(prefix);
  }
  return 0;
}

/** The bonus of a whole title for the whole search (both lower-cased, words joined by spaces). */
export function phraseScore(titleWords: readonly string[], searchText: string): number {
  const title = titleWords.join(' ');
  if (title === searchText) return phraseBonus.equal;
  return searchText.length > 0 && title.startsWith(searchText) ? phraseBonus.start : 0;
}
