import { describe, expect, it } from 'vitest';
import { clockText, periodKey } from './match-clock';

describe('the match clock', () => {
  it('adds the real time since the reading and shows mm:ss past an hour', () => {
    expect(clockText(0, 0)).toBe('00:00');
    expect(clockText(61, 1_999)).toBe('01:02');
    expect(clockText(5_580, 12_000)).toBe('93:12');
  });

  it('names numbered periods by kind and number', () => {
    expect(periodKey('set_2')).toEqual({ key: 'set', number: 2 });
    expect(periodKey('map_1')).toEqual({ key: 'map', number: 1 });
    expect(periodKey('q3')).toEqual({ key: 'quarter', number: 3 });
    expect(periodKey('ot1')).toEqual({ key: 'overtime', number: 1 });
    expect(periodKey('1st_half')).toEqual({ key: '1st_half' });
  });
});
