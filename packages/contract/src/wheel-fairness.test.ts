import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fairFloatList, floatDenominator } from './provably-fair.ts';
import {
  maxWheelPrizeWeight,
  wheelFloatCount,
  wheelPrizeIndex,
  wheelProbability,
  wheelSpinIndex,
  wheelTarget,
  wheelTotalWeight,
} from './wheel-fairness.ts';

const seeds = {
  serverSeed: '6f1e9c8f3a2b47d5e0c4b1a29384756f8e7d6c5b4a39281706f5e4d3c2b1a098',
  clientSeed: 'lucky',
  nonce: 0,
};

/** The float whose 32-bit integer is n. */
function floatOf(n: number): number {
  return n / floatDenominator;
}

describe('fixed vectors', () => {
  test('the first float of the pair (0.32504896…) over four equal weights lands on index 1', () => {
    expect(fairFloatList(seeds, wheelFloatCount)).toEqual([0.32504896097816527]);
    expect(wheelSpinIndex(seeds, [1, 1, 1, 1])).toBe(1);
  });

  test('⌊0.325 × 10⌋ = 3 over [0, 3, 0, 7]: the cumulative weight first exceeds 3 at 3', () => {
    expect(wheelTarget(0.32504896097816527, [0, 3, 0, 7])).toBe(3n);
    expect(wheelSpinIndex(seeds, [0, 3, 0, 7])).toBe(3);
    expect(wheelSpinIndex(seeds, [0, 4, 0, 6])).toBe(1);
  });

  test('the ends of the float range pick the first and the last weighted prize', () => {
    expect(wheelPrizeIndex(0, [0, 0, 5, 1, 0])).toBe(2);
    expect(wheelPrizeIndex(floatOf(floatDenominator - 1), [0, 0, 5, 1, 0])).toBe(3);
  });
});

describe('refusals', () => {
  test('no weight at all, a negative, fractional or too large weight', () => {
    expect(() => wheelPrizeIndex(0.5, [])).toThrow(RangeError);
    expect(() => wheelPrizeIndex(0.5, [0, 0])).toThrow(RangeError);
    expect(() => wheelPrizeIndex(0.5, [1, -1])).toThrow(RangeError);
    expect(() => wheelPrizeIndex(0.5, [1.5])).toThrow(RangeError);
    expect(() => wheelPrizeIndex(0.5, [maxWheelPrizeWeight + 1])).toThrow(RangeError);
  });

  test('a value that is not a provably fair float', () => {
    expect(() => wheelPrizeIndex(0.1, [1, 1])).toThrow(RangeError);
    expect(() => wheelPrizeIndex(1, [1, 1])).toThrow(RangeError);
  });
});

const weightsArbitrary = fc
  .array(fc.integer({ min: 0, max: maxWheelPrizeWeight }), { minLength: 1, maxLength: 15 })
  .filter((weights) => weights.some((weight) => weight > 0));
const uint32Arbitrary = fc.integer({ min: 0, max: floatDenominator - 1 });

describe('properties', () => {
  test('the pick is a prize of positive weight, and the float falls inside its share', () => {
    fc.assert(
      fc.property(weightsArbitrary, uint32Arbitrary, (weights, n) => {
        const index = wheelPrizeIndex(floatOf(n), weights);
        expect(weights[index]).toBeGreaterThan(0);
        const total = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
        const before = BigInt(weights.slice(0, index).reduce((sum, weight) => sum + weight, 0));
        const through = before + BigInt(weights[index] ?? 0);
        // n lies in [before × 2³² / W, through × 2³² / W): prize i owns a share wᵢ / W of the range
        const scaled = BigInt(n) * total;
        expect(scaled >= before << 32n).toBe(true);
        expect(scaled < through << 32n).toBe(true);
      }),
    );
  });

  test('a larger float never picks an earlier prize', () => {
    fc.assert(
      fc.property(weightsArbitrary, uint32Arbitrary, uint32Arbitrary, (weights, left, right) => {
        const [low, high] = left <= right ? [left, right] : [right, left];
        expect(wheelPrizeIndex(floatOf(low), weights)).toBeLessThanOrEqual(
          wheelPrizeIndex(floatOf(high), weights),
        );
      }),
    );
  });

  test('over all 2³² floats each prize owns ⌊wᵢ × 2³² / W⌋ of them or one more', () => {
    fc.assert(
      fc.property(weightsArbitrary, (weights) => {
        const total = BigInt(weights.reduce((sum, weight) => sum + weight, 0));
        const denominator = BigInt(floatDenominator);
        // the first n picking prize i is the smallest n with n × W ≥ (w₀ + … + wᵢ₋₁) × 2³²
        const firstOf = (cumulative: bigint) => (cumulative * denominator + total - 1n) / total;
        let cumulative = 0n;
        for (const [index, weight] of weights.entries()) {
          const start = firstOf(cumulative);
          cumulative += BigInt(weight);
          const end = firstOf(cumulative);
          const count = end - start;
          const exact = (BigInt(weight) * denominator) / total;
          expect(count === exact || count === exact + 1n).toBe(true);
          if (count > 0n) {
            expect(wheelPrizeIndex(floatOf(Number(start)), weights)).toBe(index);
            expect(wheelPrizeIndex(floatOf(Number(end - 1n)), weights)).toBe(index);
          }
        }
      }),
    );
  });
});

describe('published probabilities', () => {
  test('wᵢ / W rounded half up to six places', () => {
    expect(wheelProbability(1, 4)).toBe('0.250000');
    expect(wheelProbability(4, 4)).toBe('1.000000');
    expect(wheelProbability(0, 4)).toBe('0.000000');
    expect(wheelProbability(1, 3)).toBe('0.333333');
    expect(wheelProbability(2, 3)).toBe('0.666667');
    // 1 / 2 000 000 = 0.0000005 exactly: half rounds up
    expect(wheelProbability(1, 2_000_000)).toBe('0.000001');
    expect(wheelProbability(1, 2_000_001)).toBe('0.000000');
    expect(wheelProbability(0, 0)).toBe('0.000000');
  });

  test('the total weight of a table', () => {
    expect(wheelTotalWeight([2500, 2000, 0, 1])).toBe(4501);
    expect(wheelTotalWeight([])).toBe(0);
  });
});
