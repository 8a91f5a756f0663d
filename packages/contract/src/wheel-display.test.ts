import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  fastSpinRotation,
  formatWheelPrizeLabel,
  idleRotation,
  isZeroWheelAmount,
  landingRotation,
  landingTargetRotation,
  loggedOutWheelSlices,
  planWheelLanding,
  randomLoggedOutPrizeIndex,
  restingRotationFor,
  sliceUnderPointer,
  spinRotationAt,
  wheelDisplayOrder,
  wheelFastSpinDegrees,
  wheelFastSpinMs,
  wheelLandingDegrees,
  wheelLandingMs,
  wheelPrizeChance,
  wheelRestsAtMs,
  wheelSpinTotalMs,
} from './wheel-display.ts';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('prize order', () => {
  test('the first prize moves to the end', () => {
    expect(wheelDisplayOrder(['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd', 'a']);
  });
  test('at most 15 prizes are shown, the 16th and later are left out', () => {
    expect(wheelDisplayOrder(range(20))).toEqual([...range(15).slice(1), 0]);
  });
  test('one prize and none stay as they are; the input is not changed', () => {
    const prizes = ['only'];
    expect(wheelDisplayOrder(prizes)).toEqual(['only']);
    expect(prizes).toEqual(['only']);
    expect(wheelDisplayOrder([])).toEqual([]);
  });
  test('the logged-out wheel has 15 slices, repeating a short list in display order', () => {
    expect(loggedOutWheelSlices(['a', 'b', 'c'])).toEqual([
      ...['b', 'c', 'a'],
      ...['b', 'c', 'a'],
      ...['b', 'c', 'a'],
      ...['b', 'c', 'a'],
      ...['b', 'c', 'a'],
    ]);
    expect(loggedOutWheelSlices(range(16))).toEqual([...range(15).slice(1), 0]);
    expect(loggedOutWheelSlices([])).toEqual([]);
  });
});

describe('prize labels', () => {
  test.each([
    ['0', '0'],
    ['0.00', '0'],
    ['0.50', '0.5'],
    ['25.00', '25'],
    ['999.99', '999.99'],
    ['1000.00', '1k'],
    ['1500', '1.5k'],
    ['1999.99', '1.9k'],
    ['2000', '2k'],
    ['99999.99', '99.9k'],
    ['100000', '100k'],
    ['250000.00', '250k'],
    ['999999.99', '999k'],
    ['1000000', '1m'],
    ['1500000', '1.5m'],
    ['2000000', '2m'],
    ['123456789.12', '123.4m'],
  ])('%s → %s', (amount, label) => {
    expect(formatWheelPrizeLabel(amount)).toBe(label);
  });
  test('a label never reads more than the prize', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (cents) => {
        const amount = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
        const label = formatWheelPrizeLabel(amount);
        const match = /^(\d+(?:\.\d+)?)([km]?)$/.exec(label);
        expect(match).not.toBeNull();
        const factor = match?.[2] === 'k' ? 1000 : match?.[2] === 'm' ? 1_000_000 : 1;
        expect(Number(match?.[1]) * factor).toBeLessThanOrEqual(Number(amount) + 1e-9);
      }),
    );
  });
  test('zero amounts are the no-prize slice', () => {
    expect(isZeroWheelAmount('0')).toBe(true);
    expect(isZeroWheelAmount('0.00')).toBe(true);
    expect(isZeroWheelAmount('0.01')).toBe(false);
    expect(isZeroWheelAmount('10')).toBe(false);
  });
});

describe('logged-out prize index', () => {
  test('is 1 to 14 across the whole random range', () => {
    expect(randomLoggedOutPrizeIndex(() => 0)).toBe(1);
    expect(randomLoggedOutPrizeIndex(() => 0.999_999_999)).toBe(14);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (value) => {
        const index = randomLoggedOutPrizeIndex(() => value);
        expect(index).toBeGreaterThanOrEqual(1);
        expect(index).toBeLessThanOrEqual(14);
      }),
    );
  });
});

describe('rotation', () => {
  test('the resting rotation of a slice puts that slice under the pointer', () => {
    for (const count of [8, 12, 15]) {
      for (const index of range(count)) {
        const rest = restingRotationFor(index, count);
        expect(rest).toBeGreaterThanOrEqual(0);
        expect(rest).toBeLessThan(360);
        expect(sliceUnderPointer(rest, count)).toBe(index);
        expect(sliceUnderPointer(rest + 360 * 7, count)).toBe(index);
      }
    }
  });
  test('the idle wheel makes one full turn in 40 s', () => {
    expect(idleRotation(10, 0)).toBe(10);
    expect(idleRotation(10, 20_000)).toBe(190);
    expect(idleRotation(10, 40_000)).toBe(370);
  });
  test('the fast spin covers 7200° in 4 s, speeding up first', () => {
    expect(fastSpinRotation(30, 0)).toBe(30);
    expect(fastSpinRotation(30, wheelFastSpinMs)).toBeCloseTo(30 + wheelFastSpinDegrees, 6);
    // the first 250 ms turn less than a quarter of the first second's distance
    expect(fastSpinRotation(0, 250)).toBeLessThan(fastSpinRotation(0, 1000) / 4);
  });
  test('a landing goes at least 3600° further and rests on the chosen slice', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        fc.integer({ min: 0, max: 14 }),
        (rotation, index) => {
          const target = landingTargetRotation(rotation, index, 15);
          expect(target - rotation).toBeGreaterThanOrEqual(wheelLandingDegrees);
          expect(target - rotation).toBeLessThan(wheelLandingDegrees + 360);
          expect(sliceUnderPointer(target, 15)).toBe(index);
        },
      ),
      // a rotation just past the slice's rest: one full turn more by rounding, once
      { examples: [[2.8421709430404014e-14, 0]] },
    );
  });
  test('without a slice the landing rests on a boundary', () => {
    const target = landingTargetRotation(0, null, 15);
    expect(((target % 24) + 24) % 24).toBeCloseTo(12, 6);
  });
  test('the landing never turns backwards and ends exactly on its target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.integer({ min: 0, max: 14 }),
        (rotation, index) => {
          const target = landingTargetRotation(rotation, index, 15);
          let previous = landingRotation(rotation, target, 0);
          expect(previous).toBeCloseTo(rotation, 6);
          for (let elapsed = 10; elapsed <= wheelLandingMs; elapsed += 10) {
            const next = landingRotation(rotation, target, elapsed);
            expect(next).toBeGreaterThanOrEqual(previous - 1e-9);
            previous = next;
          }
          expect(landingRotation(rotation, target, wheelLandingMs)).toBeCloseTo(target, 6);
          expect(landingRotation(rotation, target, wheelLandingMs + 500)).toBeCloseTo(target, 6);
        },
      ),
    );
  });
  test('a result known in time rests 5 s after the click, on its slice', () => {
    const landing = planWheelLanding({
      startRotation: 77,
      resultAtMs: 300,
      sliceIndex: 9,
      sliceCount: 15,
    });
    expect(landing.startMs).toBe(wheelFastSpinMs);
    expect(wheelRestsAtMs(landing)).toBe(wheelSpinTotalMs);
    // no jump where the fast spin hands over to the landing
    expect(spinRotationAt(77, landing, wheelFastSpinMs - 1)).toBeCloseTo(
      spinRotationAt(77, landing, wheelFastSpinMs),
      -1,
    );
    expect(sliceUnderPointer(spinRotationAt(77, landing, wheelSpinTotalMs), 15)).toBe(9);
  });
  test('a late result keeps the wheel spinning fast and lands 1 s after it arrives', () => {
    const landing = planWheelLanding({
      startRotation: 0,
      resultAtMs: 6_000,
      sliceIndex: 3,
      sliceCount: 15,
    });
    expect(landing.startMs).toBe(6_000);
    expect(spinRotationAt(0, null, 5_500)).toBe(spinRotationAt(0, landing, 5_500));
    expect(wheelRestsAtMs(landing)).toBe(7_000);
    expect(sliceUnderPointer(spinRotationAt(0, landing, 7_000), 15)).toBe(3);
  });
});

describe('wheelPrizeChance', () => {
  test('is the weight over the total, in percent with two decimals', () => {
    expect(wheelPrizeChance(2500, 13_333)).toBe('18.75 %');
    expect(wheelPrizeChance(1, 3)).toBe('33.33 %');
    expect(wheelPrizeChance(5, 5)).toBe('100.00 %');
  });

  test('a prize without weight, or a wheel without any, is never won', () => {
    expect(wheelPrizeChance(0, 100)).toBe('0 %');
    expect(wheelPrizeChance(10, 0)).toBe('0 %');
    expect(wheelPrizeChance(Number.NaN, 100)).toBe('0 %');
  });

  test('the chances of a table add up to 100 % within rounding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 15 }),
        (weights) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          const sum = weights.reduce(
            (acc, weight) => acc + Number.parseFloat(wheelPrizeChance(weight, total)),
            0,
          );
          expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.005 * weights.length + 1e-9);
        },
      ),
    );
  });
});
