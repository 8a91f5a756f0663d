import type { z } from 'zod';
import { kenoParamsSchema, type kenoRisks } from '../originals.ts';
import {
  binomial,
  cachedIn,
  drawWithoutReplacement,
  type EngineResult,
  scaleShape,
} from './multiplier.ts';
import { invalidParams, type ParamsResult, parseWithSchema } from './params.ts';

/**
 * KENO
 *
 * Outcome: 10 floats draw 10 of the numbers 1–40 without replacement (Stake's selection: each
 * float takes the number at ⌊f × numbers left⌋ out of the numbers left).
 *
 * Bet: 1–10 distinct picks and a risk (classic, low, medium, high). With p picks the number of
 * hits h is hypergeometric:
 *   P(h) = C(p, h) × C(40 − p, 10 − h) / C(40, 10)
 *
 * Payout table per (risk, picks): the shapes below (pays by hits 0 … p) are scaled so that
 * their expectation equals the operator's rtp:
 *   multiplier_h = ⌊shape_h × rtp × C(40, 10) / Σ_i C(p, i) C(40 − p, 10 − i) × shape_i⌋
 * in units of 0.0001; each entry loses less than one unit and the probabilities sum to one, so
 *   RTP = Σ_h P(h) × multiplier_h ∈ (rtp − 0.0001, rtp]
 * for all 40 tables (checked exactly in keno.test.ts); the house edge is 1 − rtp.
 *
 * Bounds: picks 1–10 in 1–40; the largest multiplier is 10 hits of 10 picks (about 1 000× on
 * the low, medium and high tables at rtp 0.99). Payouts are capped by the currency's maxPayout.
 */

export type KenoParams = z.infer<typeof kenoParamsSchema>;
export type KenoRisk = (typeof kenoRisks)[number];
export interface KenoOutcome {
  /** the 10 numbers drawn, in draw order */
  drawn: number[];
  hits: number;
}

export const kenoNumberCount = 40;
export const kenoDrawCount = 10;
export const kenoFloatCount = 10;
export const kenoMaxPicks = 10;

/** Shapes by picks (index 0 = 1 pick), pays by hits 0 … picks. */
const shapes: Record<KenoRisk, number[][]> = {
  classic: [
    [0, 3.96],
    [0, 1.9, 4.5],
    [0, 1, 3.1, 10.4],
    [0, 0.8, 1.8, 5, 22.5],
    [0, 0.25, 1.4, 4.1, 16.5, 36],
    [0, 0, 1, 3.68, 7, 16.5, 40],
    [0, 0, 0.47, 3, 4.5, 14, 31, 60],
    [0, 0, 0, 2.2, 4, 13, 22, 55, 70],
    [0, 0, 0, 1.55, 3, 8, 15, 44, 60, 85],
    [0, 0, 0, 1.4, 2.25, 4.5, 8, 17, 50, 80, 100],
  ],
  low: [
    [0.7, 1.85],
    [0, 2, 3.8],
    [0, 1.1, 1.38, 26],
    [0, 0, 2.2, 7.9, 90],
    [0, 0, 1.5, 4.2, 13, 300],
    [0, 0, 1.1, 2, 6.2, 100, 700],
    [0, 0, 1.1, 1.6, 3.5, 15, 225, 700],
    [0, 0, 1.1, 1.5, 2, 5.5, 39, 100, 800],
    [0, 0, 1.1, 1.3, 1.7, 2.5, 7.5, 50, 250, 1000],
    [0, 0, 1.1, 1.2, 1.3, 1.8, 3.5, 13, 50, 250, 1000],
  ],
  medium: [
    [0.4, 2.75],
    [0, 1.8, 5.1],
    [0, 0, 2.8, 50],
    [0, 0, 1.7, 10, 100],
    [0, 0, 1.4, 4, 14, 390],
    [0, 0, 0, 3, 9, 180, 710],
    [0, 0, 0, 2, 7, 30, 400, 800],
    [0, 0, 0, 2, 4, 11, 67, 400, 900],
    [0, 0, 0, 2, 2.5, 5, 15, 100, 500, 1000],
    [0, 0, 0, 1.6, 2, 4, 7, 26, 100, 500, 1000],
  ],
  high: [
    [0, 3.96],
    [0, 0, 17.1],
    [0, 0, 0, 81.5],
    [0, 0, 0, 10, 259],
    [0, 0, 0, 4.5, 48, 450],
    [0, 0, 0, 0, 11, 350, 710],
    [0, 0, 0, 0, 7, 90, 400, 800],
    [0, 0, 0, 0, 5, 20, 270, 600, 900],
    [0, 0, 0, 0, 4, 11, 56, 500, 800, 1000],
    [0, 0, 0, 0, 3.5, 8, 13, 63, 500, 800, 1000],
  ],
};

export function kenoShape(picks: number, risk: KenoRisk): number[] {
  const shape = shapes[risk][picks - 1];
  if (!shape) throw new RangeError(`keno takes 1–${kenoMaxPicks} picks`);
  return shape;
}

/** P(h hits) = weight_h / C(40, 10), h = 0 … picks. */
export function kenoHitWeights(picks: number): bigint[] {
  return Array.from(
    { length: picks + 1 },
    (_, hits) => binomial(picks, hits) * binomial(kenoNumberCount - picks, kenoDrawCount - hits),
  );
}

const tableCache = new Map<string, string[]>();

/** The payout multipliers by hits 0 … picks at an rtp. */
export function kenoTable(picks: number, risk: KenoRisk, rtp: string): string[] {
  return cachedIn(tableCache, `${picks}:${risk}:${rtp}`, () =>
    scaleShape(
      kenoShape(picks, risk),
      kenoHitWeights(picks),
      binomial(kenoNumberCount, kenoDrawCount),
      rtp,
    ),
  );
}

export function parseKenoParams(raw: unknown): ParamsResult<KenoParams> {
  const parsed = parseWithSchema(kenoParamsSchema, raw);
  if (!parsed.success) return parsed;
  if (new Set(parsed.params.picks).size !== parsed.params.picks.length) {
    return invalidParams('picks');
  }
  return parsed;
}

const allNumbers = Array.from({ length: kenoNumberCount }, (_, index) => index + 1);

export function kenoDraw(floats: readonly number[]): number[] {
  if (floats.length < kenoFloatCount) throw new RangeError('keno needs 10 floats');
  return drawWithoutReplacement(allNumbers, floats.slice(0, kenoFloatCount));
}

export function kenoOutcome(
  floats: readonly number[],
  params: KenoParams,
  rtp: string,
): EngineResult<KenoOutcome> {
  const drawn = kenoDraw(floats);
  const hits = params.picks.filter((pick) => drawn.includes(pick)).length;
  const multiplier = kenoTable(params.picks.length, params.risk, rtp)[hits];
  if (multiplier === undefined) throw new RangeError('no such hit count');
  return { outcome: { drawn, hits }, multiplier };
}
