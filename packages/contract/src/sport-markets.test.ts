import { describe, expect, it } from 'vitest';
import { englishOrdinal, marketName, outcomeName, sportMarketTypes } from './sport-markets.ts';

const teams = { home: 'Aldmoor', away: 'Caldera' };

describe('sport market names', () => {
  it('fills specifiers, signed handicaps and competitors', () => {
    expect(marketName(18, { total: '2.5' }, teams)).toBe('Total 2.5');
    expect(outcomeName(18, 'over', { total: '2.5' }, teams)).toBe('Over 2.5');
    expect(outcomeName(16, '1', { hcp: '-0.75' }, teams)).toBe('Aldmoor (-0.75)');
    expect(outcomeName(16, '2', { hcp: '-0.75' }, teams)).toBe('Caldera (+0.75)');
    expect(outcomeName(16, '1', { hcp: '1' }, teams)).toBe('Aldmoor (+1)');
    expect(outcomeName(16, '2', { hcp: '0' }, teams)).toBe('Caldera (0)');
    expect(outcomeName(10, '1X', {}, teams)).toBe('Aldmoor or draw');
  });

  it('renders ordinals', () => {
    expect(marketName(8, { goalnr: '2' }, teams)).toBe('2nd goal');
    expect(marketName(204, { setnr: '3' }, teams)).toBe('3rd set - winner');
    expect(['1', '4', '11', '12', '13', '21', '22', '101'].map(englishOrdinal)).toEqual([
      '1st',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });

  it('names correct scores and unknown types by their ids', () => {
    expect(outcomeName(41, '2:1', {}, teams)).toBe('2:1');
    expect(marketName(99_999, {}, teams)).toBe('Market 99999');
  });

  it('declares every specifier its templates use', () => {
    for (const type of sportMarketTypes.values()) {
      const templates = [type.name, ...Object.values(type.outcomes ?? {})];
      for (const template of templates) {
        for (const match of template.matchAll(/\{[+\-!]?([a-z0-9_]+)\}/g)) {
          expect(type.specifiers, `${type.id}: ${template}`).toContain(match[1]);
        }
      }
    }
  });
});
