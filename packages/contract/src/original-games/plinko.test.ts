import { describe, expect, test } from 'vitest';
import { plinkoRisks } from '../originals.ts';
import { fairFloatList } from '../provably-fair.ts';
import { multiplierUnits } from './multiplier.ts';
import {
  type PlinkoParams,
  parsePlinkoParams,
  plinkoBucketWeights,
  plinkoOutcome,
  plinkoTable,
} from './plinko.ts';
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

/** Σ C(rows, j) × multiplier_j / 2^rows, exactly. */
function exactRtp(rows: number, risk: PlinkoParams['risk'], rtp: string): number {
  const weights = plinkoBucketWeights(rows);
  const table = plinkoTable(rows, risk, rtp);
  let sum = 0n;
  table.forEach((multiplier, bucket) => {
    sum += (weights[bucket] ?? 0n) * multiplierUnits(multiplier);
  });
  return ratio(sum, 2n ** BigInt(rows) * 10_000n);
}

/** Exact variance of the multiplier, for the simulation's tolerance. */
function exactStandardDeviation(rows: number, risk: PlinkoParams['risk'], rtp: string): number {
  const weights = plinkoBucketWeights(rows).map(Number);
  const mean = exactRtp(rows, risk, rtp);
  const square = plinkoTable(rows, risk, rtp).reduce(
    (sum, multiplier, bucket) =>
      sum + ((weights[bucket] ?? 0) * Number(multiplier) ** 2) / 2 ** rows,
    0,
  );
  return Math.sqrt(square - mean ** 2);
}

describe('known vectors', () => {
  test('one float per row: right when floor(f × 2) = 1; the bucket counts the rights', () => {
    const floats = fairFloatList({ ...fixedSeeds, nonce: 2 }, 16);
    const result = plinkoOutcome(floats, { rows: 16, risk: 'medium' }, '0.99');
    expect(result.outcome).toEqual({
      path: [1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 0],
      bucket: 8,
    });
    expect(result.multiplier).toBe(plinkoTable(16, 'medium', '0.99')[8]);
  });

  test('tables are symmetric, scaled from the shapes', () => {
    expect(plinkoTable(8, 'low', '0.99')).toEqual([
      '5.6008',
      '2.1003',
      '1.1001',
      '1.0001',
      '0.5000',
      '1.0001',
      '1.1001',
      '2.1003',
      '5.6008',
    ]);
    for (const risk of plinkoRisks) {
      for (let rows = 8; rows <= 16; rows += 1) {
        const table = plinkoTable(rows, risk, '0.99');
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
      }
    }
  });

  test('params: 8–16 rows and a known risk', () => {
    expect(parsePlinkoParams({ rows: 12, risk: 'high' }).success).toBe(true);
    expect(parsePlinkoParams({ rows: 7, risk: 'high' }).success).toBe(false);
    expect(parsePlinkoParams({ rows: 12, risk: 'extreme' }).success).toBe(false);
  });
});

describe('return to player', () => {
  test('exact: every table’s expectation lies in (rtp − 0.0001, rtp]', () => {
    for (const rtp of ['0.99', '0.97', '0.95', '0.90']) {
      for (const risk of plinkoRisks) {
        for (let rows = 8; rows <= 16; rows += 1) {
          const exact = exactRtp(rows, risk, rtp);
          expect(exact).toBeLessThanOrEqual(Number(rtp));
          expect(exact).toBeGreaterThan(Number(rtp) - 0.0001);
        }
      }
    }
  });

  const settings: PlinkoParams[] = [
    { rows: 8, risk: 'low' },
    { rows: 12, risk: 'medium' },
    { rows: 16, risk: 'high' },
  ];

  test.each(settings)(
    'a third of 1 000 000 simulated rounds: $rows rows, $risk risk, within 4 standard errors',
    (params) => {
      const random = sfc32(4 + params.rows);
      const tally = tallyRounds(1_000_000 / settings.length, () =>
        Number(plinkoOutcome(floatsFrom(random, params.rows), params, '0.99').multiplier),
      );
      const expected = exactRtp(params.rows, params.risk, '0.99');
      const tolerance = tally.tolerance(exactStandardDeviation(params.rows, params.risk, '0.99'));
      expectRtpWithin(`plinko ${params.rows} ${params.risk} sfc32`, tally, expected, tolerance);
    },
    simulationTimeoutMs,
  );

  test(
    '20 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const params: PlinkoParams = { rows: 12, risk: 'medium' };
      const tally = tallyRounds(20_000, (nonce) =>
        Number(plinkoOutcome(hmacFloats(nonce, params.rows), params, '0.99').multiplier),
      );
      const expected = exactRtp(params.rows, params.risk, '0.99');
      const tolerance = tally.tolerance(exactStandardDeviation(params.rows, params.risk, '0.99'));
      expectRtpWithin('plinko hmac', tally, expected, tolerance);
    },
    simulationTimeoutMs,
  );
});
