import { describe, expect, test } from 'vitest';
import { kenoRisks } from '../originals.ts';
import { fairFloatList } from '../provably-fair.ts';
import {
  type KenoParams,
  kenoDraw,
  kenoHitWeights,
  kenoOutcome,
  kenoTable,
  parseKenoParams,
} from './keno.ts';
import { binomial, multiplierUnits } from './multiplier.ts';
import {
  expectRtpWithin,
  fixedSeeds,
  floatsFrom,
  hmacFloats,
  ratio,
  sfc32,
  simulationTimeoutMs,
  tallyRounds,
} from './test-support.ts';

const draws = binomial(40, 10);

function exactRtp(picks: number, risk: KenoParams['risk'], rtp: string): number {
  const weights = kenoHitWeights(picks);
  let sum = 0n;
  kenoTable(picks, risk, rtp).forEach((multiplier, hits) => {
    sum += (weights[hits] ?? 0n) * multiplierUnits(multiplier);
  });
  return ratio(sum, draws * 10_000n);
}

function exactStandardDeviation(picks: number, risk: KenoParams['risk'], rtp: string): number {
  const weights = kenoHitWeights(picks).map((weight) => ratio(weight, draws));
  const mean = exactRtp(picks, risk, rtp);
  const square = kenoTable(picks, risk, rtp).reduce(
    (sum, multiplier, hits) => sum + (weights[hits] ?? 0) * Number(multiplier) ** 2,
    0,
  );
  return Math.sqrt(square - mean ** 2);
}

describe('known vectors', () => {
  test('10 floats draw 10 of 1–40 without replacement', () => {
    const drawn = kenoDraw(fairFloatList({ ...fixedSeeds, nonce: 1 }, 10));
    expect(drawn).toEqual([6, 24, 11, 40, 26, 3, 5, 7, 29, 12]);
    const result = kenoOutcome(
      fairFloatList({ ...fixedSeeds, nonce: 1 }, 10),
      { picks: [1, 3, 5, 7, 9], risk: 'classic' },
      '0.99',
    );
    expect(result.outcome).toEqual({ drawn, hits: 3 });
    expect(result.multiplier).toBe(kenoTable(5, 'classic', '0.99')[3]);
  });

  test('hit probabilities are hypergeometric and sum to one', () => {
    for (let picks = 1; picks <= 10; picks += 1) {
      const weights = kenoHitWeights(picks);
      expect(weights.reduce((sum, weight) => sum + weight, 0n)).toBe(draws);
    }
    expect(kenoHitWeights(1)).toEqual([binomial(39, 10), binomial(39, 9)]);
  });

  test('params: 1–10 distinct picks of 1–40', () => {
    expect(parseKenoParams({ picks: [1, 2, 3], risk: 'low' }).success).toBe(true);
    expect(parseKenoParams({ picks: [1, 1, 3], risk: 'low' })).toMatchObject({
      success: false,
      fields: [{ field: 'picks' }],
    });
    expect(parseKenoParams({ picks: [41], risk: 'low' }).success).toBe(false);
    expect(parseKenoParams({ picks: [], risk: 'low' }).success).toBe(false);
    expect(
      parseKenoParams({ picks: Array.from({ length: 11 }, (_, i) => i + 1), risk: 'low' }).success,
    ).toBe(false);
  });
});

describe('return to player', () => {
  test('exact: all 40 tables’ expectations lie in (rtp − 0.0001, rtp]', () => {
    for (const rtp of ['0.99', '0.95', '0.90']) {
      for (const risk of kenoRisks) {
        for (let picks = 1; picks <= 10; picks += 1) {
          const exact = exactRtp(picks, risk, rtp);
          expect(exact).toBeLessThanOrEqual(Number(rtp));
          expect(exact).toBeGreaterThan(Number(rtp) - 0.0001);
        }
      }
    }
  });

  const settings: KenoParams[] = [
    { picks: [5, 17, 23, 31, 40], risk: 'classic' },
    { picks: [1, 2, 3], risk: 'low' },
    { picks: [2, 4, 8, 16, 32, 33, 34], risk: 'medium' },
    { picks: [10, 20, 30, 40], risk: 'high' },
  ];

  test.each(settings)(
    'a quarter of 1 000 000 simulated rounds: $picks.length picks, $risk risk, within 4 standard errors',
    (params) => {
      const random = sfc32(20 + params.picks.length);
      const tally = tallyRounds(250_000, () =>
        Number(kenoOutcome(floatsFrom(random, 10), params, '0.99').multiplier),
      );
      const picks = params.picks.length;
      const expected = exactRtp(picks, params.risk, '0.99');
      const tolerance = tally.tolerance(exactStandardDeviation(picks, params.risk, '0.99'));
      expectRtpWithin(`keno ${picks} ${params.risk} sfc32`, tally, expected, tolerance);
    },
    simulationTimeoutMs,
  );

  test(
    '20 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const params = settings[0] as KenoParams;
      const tally = tallyRounds(20_000, (nonce) =>
        Number(kenoOutcome(hmacFloats(nonce, 10), params, '0.99').multiplier),
      );
      const expected = exactRtp(5, params.risk, '0.99');
      const tolerance = tally.tolerance(exactStandardDeviation(5, params.risk, '0.99'));
      expectRtpWithin('keno hmac', tally, expected, tolerance);
    },
    simulationTimeoutMs,
  );
});
