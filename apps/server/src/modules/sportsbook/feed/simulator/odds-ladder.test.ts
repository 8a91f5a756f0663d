import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderHundredths, priceOutcome, roundDownToLadder } from './odds-ladder.ts';

describe('the odds ladder', () => {
  it('runs from 1.01 to 1000 with the usual steps, strictly increasing', () => {
    expect(ladderHundredths[0]).toBe(101);
    expect(ladderHundredths.at(-1)).toBe(100_000);
    for (let index = 1; index < ladderHundredths.length; index += 1) {
      expect(ladderHundredths[index]).toBeGreaterThan(ladderHundredths[index - 1] ?? 0);
    }
    expect(ladderHundredths).toContain(199);
    expect(ladderHundredths).toContain(202);
    expect(ladderHundredths).not.toContain(201);
    expect(ladderHundredths).toContain(305);
    expect(ladderHundredths).not.toContain(302);
    expect(ladderHundredths).toContain(1050);
  });

  it('rounds down to the ladder, never more than a step', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 999, noNaN: true }), (odds) => {
        const rounded = roundDownToLadder(odds);
        expect(rounded).not.toBeNull();
        const price = (rounded ?? 0) / 100;
        expect(price).toBeLessThanOrEqual(odds + 1e-9);
        const index = ladderHundredths.indexOf(rounded ?? 0);
        const next = ladderHundredths[index + 1];
        expect(next).toBeDefined();
        expect((next ?? 0) / 100).toBeGreaterThan(odds - 1e-6);
      }),
    );
  });

  it('is monotone', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (a, b) => {
          const low = roundDownToLadder(Math.min(a, b)) ?? 0;
          const high = roundDownToLadder(Math.max(a, b)) ?? 0;
          expect(low).toBeLessThanOrEqual(high);
        },
      ),
    );
  });

  it('keeps exact ladder prices and falls off below 1.01', () => {
    expect(roundDownToLadder(1.9)).toBe(190);
    expect(roundDownToLadder(2.01)).toBe(200);
    expect(roundDownToLadder(1.005)).toBeNull();
    expect(roundDownToLadder(5000)).toBe(100_000);
  });

  it('prices a fair coin at 1.90 with a 5% margin and refuses a certainty', () => {
    expect(priceOutcome(0.5, 0.05)).toBe(190);
    expect(priceOutcome(0.999, 0.05)).toBeNull();
    expect(priceOutcome(0, 0.05)).toBeNull();
  });
});
