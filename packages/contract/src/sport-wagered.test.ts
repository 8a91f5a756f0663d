import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sportWageredStakeMinor } from './sport-wagered.ts';

const voidFactor = fc.constantFrom('0', '0.5', '1', '0.00', '1.00', '0.50');

describe('sportWageredStakeMinor', () => {
  it('a single counts its stake less the void part', () => {
    expect(sportWageredStakeMinor(1_000n, [1], ['0'])).toBe(1_000n);
    expect(sportWageredStakeMinor(1_000n, [1], ['0.5'])).toBe(500n);
    expect(sportWageredStakeMinor(1_000n, [1], ['1'])).toBe(0n);
    expect(sportWageredStakeMinor(1_001n, [1], ['0.5'])).toBe(500n);
  });

  it('an accumulator counts in full unless every leg is void', () => {
    expect(sportWageredStakeMinor(900n, [3], ['1', '0', '0.5'])).toBe(900n);
    expect(sportWageredStakeMinor(900n, [3], ['1', '1', '1'])).toBe(0n);
    expect(sportWageredStakeMinor(900n, [2], ['1', '0.5'])).toBe(450n);
  });

  it('a system counts line by line (Trixie, one leg void)', () => {
    // 4 lines of 100: the doubles and the treble with the void leg still play; none is all void
    expect(sportWageredStakeMinor(400n, [2, 3], ['1', '0', '0'])).toBe(400n);
    // two void legs: their double is refunded whole
    expect(sportWageredStakeMinor(400n, [2, 3], ['1', '1', '0'])).toBe(300n);
  });

  it('never counts more than the stake nor below zero, and nothing when every leg is void', () => {
    fc.assert(
      fc.property(
        fc.array(voidFactor, { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (factors, perLine) => {
          const folds = [factors.length];
          const stake = perLine;
          const wagered = sportWageredStakeMinor(stake, folds, factors);
          expect(wagered >= 0n && wagered <= stake).toBe(true);
          if (factors.every((value) => Number(value) === 1)) expect(wagered).toBe(0n);
          if (factors.some((value) => Number(value) === 0)) expect(wagered).toBe(stake);
        },
      ),
    );
  });

  it('a system line by line equals the sum of its lines as singles-of-combinations', () => {
    fc.assert(
      fc.property(fc.array(voidFactor, { minLength: 2, maxLength: 5 }), (factors) => {
        const lines = (factors.length * (factors.length - 1)) / 2;
        const stake = BigInt(lines) * 1_000n;
        const expected = factors
          .flatMap((a, i) => factors.slice(i + 1).map((b) => Number(a) * Number(b)))
          .reduce((sum, share) => sum + BigInt(Math.floor(1_000 * (1 - share))), 0n);
        expect(sportWageredStakeMinor(stake, [2], factors)).toBe(expected);
      }),
    );
  });
});
