import { describe, expect, it } from 'vitest';
import { findSportBySlug, sportSlug, sports } from './sports';

describe('sport slugs', () => {
  it('are a fixed name plus the numeric id', () => {
    expect(sports.map(sportSlug).slice(0, 10)).toEqual([
      'football-1',
      'tennis-2',
      'basketball-3',
      'ice-hockey-4',
      'volleyball-5',
      'table-tennis-6',
      'counter-strike-7',
      'dota-2-8',
      'league-of-legends-9',
      'valorant-10',
    ]);
  });

  it('are unique and resolve back to their sport', () => {
    const slugs = sports.map(sportSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const sport of sports) expect(findSportBySlug(sportSlug(sport))).toBe(sport);
  });

  it('reject unknown or mismatched slugs', () => {
    expect(findSportBySlug('football-2')).toBeNull();
    expect(findSportBySlug('curling-99')).toBeNull();
    expect(findSportBySlug(undefined)).toBeNull();
  });
});
