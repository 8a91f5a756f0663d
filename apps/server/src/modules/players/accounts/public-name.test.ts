import { describe, expect, it } from 'vitest';
import { maskPlayerName } from './public-name.ts';

describe('maskPlayerName', () => {
  it('keeps the first two characters and the last one', () => {
    expect(maskPlayerName('john.smith')).toBe('jo***h');
  });

  it('never shows a short name whole', () => {
    expect(maskPlayerName('jo')).toBe('j***');
    expect(maskPlayerName('')).toBe('****');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskPlayerName('😀😀😀')).toBe('😀😀***😀');
  });
});
