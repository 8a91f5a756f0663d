import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
  phraseBonus,
  phraseScore,
  searchWords,
  sharesAStart,
  textWords,
  typoDistances,
  wordScore,
  wordScores,
} from './search-words.ts';

const score = (query: string, word: string) => wordScore([...query], [...word]);

describe('the ranking rules of one search word against one catalog word', () => {
  it('exact above the start of a word above a typo above a typo in a start', () => {
    expect(score('roulette', 'roulette')).toBe(wordScores.exact);
    expect(score('roul', 'roulette')).toBe(wordScores.prefix);
    expect(score('rulette', 'roulette')).toBe(wordScores.typo);
    expect(score('rulet', 'roulette')).toBe(wordScores.typoPrefix);
    expect(wordScores.exact).toBeGreaterThan(wordScores.prefix);
    expect(wordScores.prefix).toBeGreaterThan(wordScores.typo);
    expect(wordScores.typo).toBeGreaterThan(wordScores.typoPrefix);
    // a second typo costs more, and is forgiven only in long words
    expect(score('ruolettte', 'roulette')).toBeCloseTo(wordScores.typo - wordScores.perExtraTypo);
    expect(score('rulete', 'roulette')).toBe(0);
    expect(score('lmbo', 'limbo')).toBe(wordScores.typo);
    expect(score('lbo', 'limbo')).toBe(0);
  });

  it('each kind of typo is one: swapped neighbours, a missing, an extra and a wrong letter', () => {
    for (const typo of ['ruolette', 'roulete', 'roulettte', 'roulatte', 'rouelette']) {
      expect(score(typo, 'roulette'), typo).toBe(wordScores.typo);
    }
    expect(score('dcie', 'dice')).toBe(wordScores.typo);
    // a word still being typed, swapped: "lmib" is the start of "limbo"
    expect(score('lmib', 'limbo')).toBe(wordScores.typoPrefix);
  });

  it('forgives nothing in words of three letters or fewer, one typo up to seven, two from eight', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(allowedTypos)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(score('dci', 'dice')).toBe(0);
    expect(score('dic', 'dice')).toBe(wordScores.prefix);
    expect(score('xylophone', 'dragon')).toBe(0);
    expect(score('qwerty', 'quest')).toBe(0);
  });

  it('never forgives the first two letters both changed', () => {
    expect(sharesAStart([...'ourlette'], [...'roulette'])).toBe(true);
    expect(sharesAStart([...'oulette'], [...'roulette'])).toBe(true);
    expect(sharesAStart([...'xroulette'], [...'roulette'])).toBe(true);
    expect(sharesAStart([...'xyulette'], [...'roulette'])).toBe(false);
    expect(score('xyulette', 'roulette')).toBe(0);
    expect(score('oulette', 'roulette')).toBe(wordScores.typo);
  });

  it('compares letters, not UTF-16 units, in any script', () => {
    expect(score('даркон', 'дракон')).toBe(wordScores.typo);
    expect(score('ёлак', 'ёлка')).toBe(wordScores.typo);
    expect(score('😀😃😄', '😀😃😄😁')).toBe(wordScores.prefix);
    expect(textWords('Ёлка — ДРАКОН')).toEqual(['ёлка', 'дракон']);
  });

  it('measures the distance to the word and to its closest start', () => {
    expect(typoDistances([...'ruolette'], [...'roulette'], 2)).toEqual({ whole: 1, prefix: 1 });
    expect(typoDistances([...'roul'], [...'roulette'], 1)).toEqual({ whole: Infinity, prefix: 0 });
    expect(typoDistances([...'abcdef'], [...'uvwxyz'], 2)).toEqual({
      whole: Infinity,
      prefix: Infinity,
    });
  });

  it('property: one typo in a word of four letters or more still matches it; the word itself matches best', () => {
    const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöéжщ');
    const word = fc.array(letters, { minLength: 4, maxLength: 14 });
    fc.assert(
      fc.property(
        word,
        fc.nat(),
        letters,
        fc.constantFrom('swap', 'drop', 'insert', 'replace'),
        (original, at, letter, edit) => {
          const position = at % original.length;
          const typo = [...original];
          if (edit === 'swap' && position + 1 < typo.length) {
            typo[position] = original[position + 1] as string;
            typo[position + 1] = original[position] as string;
          } else if (edit === 'drop' && original.length > 4) typo.splice(position, 1);
          else if (edit === 'insert') typo.splice(position, 0, letter);
          else if (edit === 'replace') typo[position] = letter;
          const found = wordScore(typo, original);
          expect(found).toBeGreaterThanOrEqual(wordScores.typoPrefix);
          expect(wordScore(original, original)).toBe(wordScores.exact);
          expect(found).toBeLessThanOrEqual(wordScores.exact);
        },
      ),
    );
  });
});

describe('the words of a search', () => {
  it('splits into at most six distinct words of two letters or more, lower-cased', () => {
    expect(searchWords('Golden  DCIE')).toEqual(['golden', 'dcie']);
    expect(searchWords("Pharaoh's gold")).toEqual(['pharaoh', 'gold']);
    expect(searchWords('one two three four five six seven')).toHaveLength(6);
    expect(searchWords('gold GOLD')).toEqual(['gold']);
  });

  it('a search of one letter is that letter', () => {
    expect(searchWords('g')).toEqual(['g']);
    expect(searchWords(' ? ')).toEqual([]);
  });

  it('a title equal to the search, or starting with it, gains a little', () => {
    expect(phraseScore(['golden', 'koi', 'keno'], 'golden koi keno')).toBe(phraseBonus.equal);
    expect(phraseScore(['golden', 'koi', 'keno', 'deluxe'], 'golden koi keno')).toBe(
      phraseBonus.start,
    );
    expect(phraseScore(['golden', 'koi'], 'koi')).toBe(0);
    expect(phraseBonus.equal).toBeLessThan(
      wordScores.typoPrefix - (wordScores.typo - wordScores.perExtraTypo),
    );
  });
});
