import type { z } from 'zod';
import { diceParamsSchema } from '../originals.ts';
import { type EngineResult, formatMultiplier, multiplierScale, rtpUnits } from './multiplier.ts';
import { hundredthsOf, invalidParams, type ParamsResult, parseWithSchema } from './params.ts';

/**
 * DICE
 *
 * Outcome: one float f → roll = floor(f × 10 001) / 100, one of the 10 001 equally likely
 * values 0.00, 0.01 … 100.00 (Stake's mapping). f = n / 2³², so f × 10 001 is exact and each
 * value is hit by ⌊2³²/10 001⌋ or ⌈2³²/10 001⌉ of the 2³² floats: its probability is 1/10 001
 * within 2⁻³².
 *
 * Bet: a target t (0.01 steps, i.e. T = 100·t) and a direction.
 *   over:  wins when roll > t → W = 10 000 − T winning values (T + 1 … 10 000 hundredths)
 *   under: wins when roll < t → W = T winning values (0 … T − 1 hundredths)
 *   win chance p = W / 10 001 (the exact probability, not the rounded "100 − t" percent)
 *
 * Payout multiplier: rtp / p = rtp × 10 001 / W, rounded down to 0.0001.
 * RTP = p × multiplier ∈ (rtp − 0.0001·p, rtp] for every target: the house edge is 1 − rtp
 * (1 % at the default rtp 0.99) plus less than 0.0001·p from the rounding. The operator's rtp
 * enters only here, so it applies exactly to every bet.
 *
 * Bounds: 1 ≤ W ≤ 9 800 (win chance 0.01 % … 98 %) and the multiplier must exceed 1, so a win
 * always pays more than the stake; largest multiplier rtp × 10 001 (9 900.99× at rtp 0.99).
 * Payouts are capped by the currency's maxPayout.
 */

export type DiceParams = z.infer<typeof diceParamsSchema>;
export interface DiceOutcome {
  /** 0.00 … 100.00 */
  roll: number;
}

export const diceFloatCount = 1;
/** the roll takes one of this many values */
export const diceRollValues = 10_001;
export const diceMaxWinningValues = 9_800;

/** The roll in hundredths (0 … 10 000). */
export function diceRollHundredths(float: number): number {
  return Math.floor(float * diceRollValues);
}

/** How many of the 10 001 roll values win. */
export function diceWinningValues(params: DiceParams): number {
  const target = Math.round(params.target * 100);
  return params.direction === 'over' ? diceRollValues - 1 - target : target;
}

/** The exact win probability (W / 10 001). */
export function diceWinChance(params: DiceParams): number {
  return diceWinningValues(params) / diceRollValues;
}

export function diceMultiplierUnits(params: DiceParams, rtp: string): bigint {
  return (rtpUnits(rtp) * BigInt(diceRollValues)) / BigInt(diceWinningValues(params));
}

/** The payout multiplier of a win, e.g. "1.9801" for over 50.00 at rtp 0.99. */
export function diceMultiplier(params: DiceParams, rtp: string): string {
  return formatMultiplier(diceMultiplierUnits(params, rtp));
}

export function parseDiceParams(raw: unknown, rtp: string): ParamsResult<DiceParams> {
  const parsed = parseWithSchema(diceParamsSchema, raw);
  if (!parsed.success) return parsed;
  if (hundredthsOf(parsed.params.target) === null) return invalidParams('target');
  const params = { ...parsed.params, target: Math.round(parsed.params.target * 100) / 100 };
  const winning = diceWinningValues(params);
  if (winning < 1 || winning > diceMaxWinningValues) return invalidParams('target');
  if (diceMultiplierUnits(params, rtp) <= multiplierScale) return invalidParams('target');
  return { success: true, params };
}

export function diceOutcome(
  floats: readonly number[],
  params: DiceParams,
  rtp: string,
): EngineResult<DiceOutcome> {
  const [float] = floats;
  if (float === undefined) throw new RangeError('dice needs one float');
  const roll = diceRollHundredths(float);
  const target = Math.round(params.target * 100);
  const won = params.direction === 'over' ? roll > target : roll < target;
  return {
    outcome: { roll: roll / 100 },
    multiplier: won ? diceMultiplier(params, rtp) : formatMultiplier(0n),
  };
}
