import type { z } from 'zod';
import { limboParamsSchema } from '../originals.ts';
import { floatDenominator, floatToUint32 } from '../provably-fair.ts';
import { type EngineResult, formatMultiplier, rtpUnits, unitsOf } from './multiplier.ts';
import { hundredthsOf, invalidParams, type ParamsResult, parseWithSchema } from './params.ts';

/**
 * LIMBO
 *
 * Outcome: one float f = n / 2³² → result = max(1, ⌊100 × rtp / f⌋ / 100), Stake's crash-style
 * formula with the house edge replaced by the operator's rtp. Computed exactly in integers:
 * hundredths = ⌊rtpUnits × 2³² / (100 × n)⌋ (rtpUnits = rtp × 10 000). f = 0 (one float in 2³²)
 * and every result above 1 000 000 show as 1 000 000.00, the largest target, so the cap never
 * changes whether a bet wins.
 *
 * Bet: a target multiplier x ≥ 1.01 (0.01 steps, X = 100·x hundredths); the bet wins when
 * result ≥ x and then pays exactly x.
 *   result ≥ x ⟺ rtp·100 / f ≥ X ⟺ n ≤ rtpUnits × 2³² / (100·X)
 *   P(win) = (⌊rtpUnits × 2³² / (100·X)⌋ + 1) / 2³² = rtp / x + δ / 2³², 0 < δ ≤ 1
 *   RTP = x × P(win) ∈ (rtp, rtp + x / 2³²]
 * The house edge is 1 − rtp to within x·2⁻³² (≤ 0.00024 at the largest target) for every target.
 *
 * Bounds: 1.01 ≤ x ≤ 1 000 000; payouts are capped by the currency's maxPayout.
 */

export type LimboParams = z.infer<typeof limboParamsSchema>;
export interface LimboOutcome {
  /** the multiplier drawn, 2 decimals, 1.00 … 1 000 000.00 */
  result: number;
}

export const limboFloatCount = 1;
export const limboMaxResult = 1_000_000;
const maxResultHundredths = limboMaxResult * 100;

/**
 * ⌊numerator / denominator⌋ for whole numbers below 2⁵³: the double quotient can round across
 * an integer, so the candidate is corrected with exact integer products.
 */
function wholeQuotient(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  if (quotient * denominator > numerator) quotient -= 1;
  else if ((quotient + 1) * denominator <= numerator) quotient += 1;
  return quotient;
}

/** The result in hundredths (100 … 100 000 000). */
export function limboResultHundredths(float: number, rtp: string): number {
  const n = floatToUint32(float);
  if (n === 0) return maxResultHundredths;
  // rtpUnits × 2³² < 2⁴⁶ and 100 × n < 2³⁹: exact integers in a double
  const hundredths = wholeQuotient(Number(rtpUnits(rtp)) * floatDenominator, 100 * n);
  return Math.min(Math.max(hundredths, 100), maxResultHundredths);
}

/** The exact win probability of a target over the 2³² floats. */
export function limboWinChance(params: LimboParams, rtp: string): number {
  const target = BigInt(Math.round(params.target * 100));
  const winners = (rtpUnits(rtp) * BigInt(floatDenominator)) / (100n * target) + 1n;
  return Number(winners) / floatDenominator;
}

export function parseLimboParams(raw: unknown): ParamsResult<LimboParams> {
  const parsed = parseWithSchema(limboParamsSchema, raw);
  if (!parsed.success) return parsed;
  if (hundredthsOf(parsed.params.target) === null) return invalidParams('target');
  return {
    success: true,
    params: { target: Math.round(parsed.params.target * 100) / 100 },
  };
}

export function limboOutcome(
  floats: readonly number[],
  params: LimboParams,
  rtp: string,
): EngineResult<LimboOutcome> {
  const [float] = floats;
  if (float === undefined) throw new RangeError('limbo needs one float');
  const result = limboResultHundredths(float, rtp);
  const target = Math.round(params.target * 100);
  return {
    outcome: { result: result / 100 },
    multiplier: formatMultiplier(result >= target ? unitsOf(params.target) : 0n),
  };
}
