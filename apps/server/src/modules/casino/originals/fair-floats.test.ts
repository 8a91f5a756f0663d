import { fairFloatList as contractFairFloatList } from '@casino/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairFloatList } from './fair-floats.ts';

describe('fairFloatList (native HMAC)', () => {
  it('gives the contract’s floats for any seed pair, nonce and count', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.nat(),
        fc.integer({ min: 0, max: 40 }),
        (serverSeed, clientSeed, nonce, count) => {
          const seeds = { serverSeed, clientSeed, nonce };
          expect(fairFloatList(seeds, count)).toEqual(contractFairFloatList(seeds, count));
        },
      ),
    );
  });

  it('refuses a count that is not a whole number', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 0 };
    expect(() => fairFloatList(seeds, 1.5)).toThrow(RangeError);
    expect(() => fairFloatList(seeds, -1)).toThrow(RangeError);
  });
});
