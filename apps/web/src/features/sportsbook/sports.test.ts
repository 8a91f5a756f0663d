import { describe, expect, it } from 'vitest';
import { findSportById, findSportBySlug, sportSlug, sports } from './sports';

describe('sport slugs', () => {
  it('are the fixed slug plus the industry sport id', () => {
    expect(sports.map(sportSlug).slice(0, 10)).toEqual([
      'soccer-1',
      'tennis-5',
      'basketball-2',
      'ice-hockey-4',
      'volleyball-23',
      'table-tennis-20',
      'counter-strike-109',
      'dota-2-111',
      'league-of-legends-110',
      'valorant-194',
    ]);
  });

  it('are unique and resolve back to their sport', () => {
    const slugs = sports.map(sportSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const sport of sports) {
      expect(findSportBySlug(sportSlug(sport))).toBe(sport);
      expect(findSportById(sport.id)).toBe(sport);
    }
  });

  it('reject unknown or mismatched slugs', () => {
    expect(findSportBySlug('soccer-2')).toBeNull();
    expect(findSportBySlug('football-1')).toBeNull();
    expect(findSportBySlug('curling-99')).toBeNull();
    expect(findSportBySlug(undefined)).toBeNull();
    expect(findSportById(999)).toBeNull();
  });
});
