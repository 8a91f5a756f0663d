import type { z } from 'zod';
import { plinkoParamsSchema, type plinkoRisks } from '../originals.ts';
import { binomial, cachedIn, type EngineResult, scaleShape } from './multiplier.ts';
import { type ParamsResult, parseWithSchema } from './params.ts';

/**
 * PLINKO
 *
 * Outcome: one float per row (8–16 rows); the ball goes right when ⌊f × 2⌋ = 1 (Stake's
 * mapping), so each step is a fair coin and the bucket (0 … rows) is the number of rights:
 *   P(bucket j) = C(rows, j) / 2^rows.
 *
 * Payout table per (rows, risk): the shapes below (the familiar low / medium / high tables,
 * symmetric, big at the edges) are scaled so that their expectation equals the operator's rtp:
 *   multiplier_j = ⌊shape_j × rtp × 2^rows / Σ_i C(rows, i) × shape_i⌋ (in units of 0.0001).
 * Each entry loses less than 0.0001 to the rounding and the probabilities sum to one, so
 *   RTP = Σ_j P(j) × multiplier_j ∈ (rtp − 0.0001, rtp]
 * for every table (checked exactly in plinko.test.ts); the house edge is 1 − rtp.
 *
 * Bounds: rows 8–16, risk low / medium / high; the largest multiplier is the edge of 16 rows
 * high (about 1 000× at rtp 0.99). Payouts are capped by the currency's maxPayout.
 */

export type PlinkoParams = z.infer<typeof plinkoParamsSchema>;
export type PlinkoRisk = (typeof plinkoRisks)[number];
export interface PlinkoOutcome {
  /** one step per row: 0 left, 1 right */
  path: number[];
  bucket: number;
}

export const plinkoMinRows = 8;
export const plinkoMaxRows = 16;

/** Shapes of the left half and the centre (mirrored for the right half), rows 8–16. */
const shapeHalves: Record<PlinkoRisk, Record<number, number[]>> = {
  low: {
    8: [5.6, 2.1, 1.1, 1, 0.5],
    9: [5.6, 2, 1.6, 1, 0.7],
    10: [8.9, 3, 1.4, 1.1, 1, 0.5],
    11: [8.4, 3, 1.9, 1.3, 1, 0.7],
    12: [10, 3, 1.6, 1.4, 1.1, 1, 0.5],
    13: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7],
    14: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5],
    15: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7],
    16: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5],
  },
  medium: {
    8: [13, 3, 1.3, 0.7, 0.4],
    9: [18, 4, 1.7, 0.9, 0.5],
    10: [22, 5, 2, 1.4, 0.6, 0.4],
    11: [24, 6, 3, 1.8, 0.7, 0.5],
    12: [33, 11, 4, 2, 1.1, 0.6, 0.3],
    13: [43, 13, 6, 3, 1.3, 0.7, 0.4],
    14: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2],
    15: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3],
    16: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3],
  },
  high: {
    8: [29, 4, 1.5, 0.3, 0.2],
    9: [43, 7, 2, 0.6, 0.2],
    10: [76, 10, 3, 0.9, 0.3, 0.2],
    11: [120, 14, 5.2, 1.4, 0.4, 0.2],
    12: [170, 24, 8.1, 2, 0.7, 0.2, 0.2],
    13: [260, 37, 11, 4, 1, 0.2, 0.2],
    14: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2],
    15: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2],
    16: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2],
  },
};

/** The unscaled shape of a table, one entry per bucket 0 … rows. */
export function plinkoShape(rows: number, risk: PlinkoRisk): number[] {
  const half = shapeHalves[risk][rows];
  if (!half) throw new RangeError(`plinko has ${plinkoMinRows}–${plinkoMaxRows} rows`);
  const mirrored = [...half].reverse();
  // An odd row count has two middle buckets (both in the half); an even one a single centre.
  return rows % 2 === 1 ? [...half, ...mirrored] : [...half, ...mirrored.slice(1)];
}

/** P(bucket j) = weight_j / 2^rows. */
export function plinkoBucketWeights(rows: number): bigint[] {
  return Array.from({ length: rows + 1 }, (_, bucket) => binomial(rows, bucket));
}

const tableCache = new Map<string, string[]>();

/** The payout multipliers of a table at an rtp, one per bucket 0 … rows. */
export function plinkoTable(rows: number, risk: PlinkoRisk, rtp: string): string[] {
  return cachedIn(tableCache, `${rows}:${risk}:${rtp}`, () =>
    scaleShape(plinkoShape(rows, risk), plinkoBucketWeights(rows), 2n ** BigInt(rows), rtp),
  );
}

export function parsePlinkoParams(raw: unknown): ParamsResult<PlinkoParams> {
  return parseWithSchema(plinkoParamsSchema, raw);
}

export function plinkoFloatCount(params: PlinkoParams): number {
  return params.rows;
}

export function plinkoOutcome(
  floats: readonly number[],
  params: PlinkoParams,
  rtp: string,
): EngineResult<PlinkoOutcome> {
  if (floats.length < params.rows) throw new RangeError('plinko needs one float per row');
  const path = floats.slice(0, params.rows).map((float) => Math.floor(float * 2));
  const bucket = path.reduce((sum, step) => sum + step, 0);
  const multiplier = plinkoTable(params.rows, params.risk, rtp)[bucket];
  if (multiplier === undefined) throw new RangeError('no such bucket');
  return { outcome: { path, bucket }, multiplier };
}
