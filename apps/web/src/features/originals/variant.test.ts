import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stageBackground, variantPalette, variantValue, withAlpha } from './variant';

const variant = {
  theme: 'Solar Flare',
  palette: { base: '#2a0a00', glow: '#ff5e1a', accent: '#ffe066' },
  rows: 12,
  risk: 'extreme',
};

describe('variant', () => {
  it('reads the palette and paints the stage with it', () => {
    expect(variantPalette(variant)).toEqual(variant.palette);
    expect(variantPalette({ palette: { base: 'red' } })).toBeNull();
    expect(stageBackground(variantPalette(variant))).toContain('#ff5e1a47');
    expect(stageBackground(null)).toBeUndefined();
  });

  it('preselects what the schema accepts and falls back otherwise', () => {
    expect(variantValue(variant, 'rows', z.number().int().min(8).max(16), 16)).toBe(12);
    expect(variantValue(variant, 'risk', z.enum(['low', 'medium', 'high']), 'medium')).toBe(
      'medium',
    );
    expect(variantValue(variant, 'missing', z.number(), 3)).toBe(3);
  });

  it('writes an alpha byte', () => {
    expect(withAlpha('#000000', 1)).toBe('#000000ff');
    expect(withAlpha('#000000', 0)).toBe('#00000000');
  });
});
