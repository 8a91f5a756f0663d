import { describe, expect, it } from 'vitest';
import { effectiveSearchQuery } from './search-query';

describe('effectiveSearchQuery', () => {
  it('needs more than two characters', () => {
    expect(effectiveSearchQuery('ro')).toBeNull();
    expect(effectiveSearchQuery('  ro ')).toBeNull();
    expect(effectiveSearchQuery('rou')).toBe('rou');
    expect(effectiveSearchQuery(' Book of ')).toBe('Book of');
  });
});
