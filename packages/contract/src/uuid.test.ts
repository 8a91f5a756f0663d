import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('accepts the canonical 8-4-4-4-12 form in either case, whatever the version', () => {
    expect(isUuid('0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f')).toBe(true);
    expect(isUuid('0B5E8A3C-6F2D-4C1A-9E7B-2D4F6A8C0E1F')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
    expect(isUuid(crypto.randomUUID())).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'not-a-uuid',
      '0b5e8a3c6f2d4c1a9e7b2d4f6a8c0e1f',
      '{0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f}',
      ' 0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f',
      '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f ',
      '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f\n',
      '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1',
      '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1ff',
      '0b5e8a3g-6f2d-4c1a-9e7b-2d4f6a8c0e1f',
      '0b5e8a3-c6f2d-4c1a-9e7b-2d4f6a8c0e1f',
      '0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f-0000',
      "0b5e8a3c-6f2d-4c1a-9e7b-2d4f6a8c0e1f' OR '1'='1",
    ]) {
      expect(isUuid(value), JSON.stringify(value)).toBe(false);
    }
  });
});
