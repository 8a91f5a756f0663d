import { describe, expect, it } from 'vitest';
import { seenBonusesLimit, unseenBonuses } from './new-bonuses';
import { userBonus } from './test-support';

describe('unseenBonuses', () => {
  it('remembers everything on the first look without announcing it', () => {
    const bonuses = [userBonus({ id: 'a' }), userBonus({ id: 'b', status: 'pending' })];
    expect(unseenBonuses(bonuses, null)).toEqual({ fresh: [], seen: ['a', 'b'] });
  });

  it('announces active and pending bonuses not seen before, never finished ones', () => {
    const bonuses = [
      userBonus({ id: 'new-active' }),
      userBonus({ id: 'new-pending', status: 'pending' }),
      userBonus({ id: 'new-lost', status: 'lost' }),
      userBonus({ id: 'old', status: 'completed' }),
    ];
    const result = unseenBonuses(bonuses, ['old']);
    expect(result.fresh.map((bonus) => bonus.id)).toEqual(['new-active', 'new-pending']);
    expect(result.seen).toEqual(['new-active', 'new-pending', 'new-lost', 'old']);
    expect(unseenBonuses(bonuses, result.seen).fresh).toEqual([]);
  });

  it('keeps ids that left the list, newest first, up to the limit', () => {
    const seen = Array.from({ length: seenBonusesLimit }, (_, index) => `old-${index}`);
    const result = unseenBonuses([userBonus({ id: 'fresh' })], seen);
    expect(result.seen).toHaveLength(seenBonusesLimit);
    expect(result.seen[0]).toBe('fresh');
    expect(result.seen.at(-1)).toBe(`old-${seenBonusesLimit - 2}`);
  });
});
