import { describe, expect, it } from 'vitest';
import {
  searchWords,
  transposedCorrections,
  transposedForms,
  transposition,
  wordStarts,
} from './search-words.ts';

describe('transposition typos in a search', () => {
  it('swaps each pair of neighbouring letters once', () => {
    expect(transposedForms('dcie')).toEqual(['cdie', 'dice', 'dcei']);
    expect(transposedForms('slto')).toContain('slot');
    // equal neighbours make no new form, and a form is listed once
    expect(transposedForms('book')).toEqual(['obok', 'boko']);
    expect(transposedForms('ёлка')).toEqual(['лёка', 'ёкла', 'ёлак']);
  });

  it('leaves out words too short or too long to be worth it, and anything but letters and digits', () => {
    expect(transposedForms('ab')).toEqual([]);
    expect(transposedForms(`${'a'.repeat(transposition.maxLength)}b`)).toEqual([]);
    expect(transposedForms("dragon's")).toEqual([]);
  });

  it('corrects a word to the swapped forms that start a word of the catalog, and only those', () => {
    const starts = wordStarts(['Orbit Dice', "Dragon's Hoard Limbo", 'Neon Mines', 'slots']);
    expect(starts.has('dic')).toBe(true);
    expect(starts.has('di')).toBe(false);
    const corrections = transposedCorrections(
      ['dcie', 'lmib', 'mnies', 'slto', 'dice', 'xylophone'],
      starts,
    );
    expect(Object.fromEntries(corrections)).toEqual({
      dcie: ['dice'],
      lmib: ['limb'],
      mnies: ['mines'],
      slto: ['slot'],
    });
  });

  it('a word the catalog has is never corrected to another one', () => {
    // "sliver" swapped is "silver": both are words here, so "sliver" stays as typed
    const starts = wordStarts(['Silver Sliver']);
    expect(transposedCorrections(['sliver', 'silevr'], starts)).toEqual(
      new Map([['silevr', ['silver']]]),
    );
  });

  it('splits a search into at most six words of two letters or more', () => {
    expect(searchWords('Golden  DCIE')).toEqual(['golden', 'dcie']);
    expect(searchWords('one two three four five six seven')).toHaveLength(6);
    expect(searchWords('a b c')).toEqual(['a b c']);
  });
});
