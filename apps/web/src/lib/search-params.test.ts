import { describe, expect, it } from 'vitest';
import { searchString, withSearchParams } from './search-params';

describe('withSearchParams', () => {
  it('sets and removes params keeping the others', () => {
    const next = withSearchParams('?tab=live&auth=login&redirect_path=%2Fen%2Fbonuses', {
      auth: null,
      redirect_path: null,
    });
    expect(searchString(next)).toBe('?tab=live');
    expect(searchString(withSearchParams('?tab=live', { auth: 'register' }))).toBe(
      '?tab=live&auth=register',
    );
  });

  it('gives an empty string when nothing is left', () => {
    expect(searchString(withSearchParams('?auth=login', { auth: null }))).toBe('');
  });
});
