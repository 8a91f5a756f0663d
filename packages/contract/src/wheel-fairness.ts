import { fairFloatList, floatToUint32, type SeedPair } from './provably-fair.ts';

/**
 * The provably fair pick of a wheel-of-luck spin (`POST /api/v2/turbine_of_luck`).
 *
 * A spin takes the next nonce of the player's seed pair, like a round of the originals, and uses
 * its first float f = n / 2³² (n the big-endian 32-bit integer of the first 4 HMAC bytes). Over
 * the prize weights w₀ … wₖ (whole numbers, in the operator's prize order) with total W, the
 * target is t = ⌊n × W / 2³²⌋ (exact integer arithmetic, 0 ≤ t < W) and the prize is the first
 * index i whose cumulative weight w₀ + … + wᵢ exceeds t. A prize of weight 0 is never picked;
 * prize i is picked with probability wᵢ / W (within 2⁻³²).
 *
 * Pure: once the server seed is revealed the player recomputes the spin from the seed pair, the
 * nonce and the weights recorded with the spin.
 */

/** A spin uses one float. */
export const wheelFloatCount = 1;
/** Upper bound of one prize's weight (the operator's table); keeps n × W far inside a bigint. */
export const maxWheelPrizeWeight = 1_000_000;

/**
 * The target t = ⌊n × W / 2³²⌋ the float sets over these weights (0 ≤ t < W); the verifier
 * shows it beside each prize's range. RangeError when the weights are not usable.
 */
export function wheelTarget(float: number, weights: readonly number[]): bigint {
  let total = 0n;
  for (const weight of weights) {
    if (!Number.isInteger(weight) || weight < 0 || weight > maxWheelPrizeWeight) {
      throw new RangeError(`not a wheel weight: ${weight}`);
    }
    total += BigInt(weight);
  }
  if (total === 0n) throw new RangeError('the wheel has no weight to pick from');
  return (BigInt(floatToUint32(float)) * total) >> 32n;
}

/** The index of the prize the float picks; RangeError when the weights are not usable. */
export function wheelPrizeIndex(float: number, weights: readonly number[]): number {
  const target = wheelTarget(float, weights);
  let cumulative = 0n;
  for (const [index, weight] of weights.entries()) {
    cumulative += BigInt(weight);
    if (target < cumulative) return index;
  }
  throw new Error('the target lies beyond the total weight');
}

/** The prize index a spin with these seeds and weights lands on. */
export function wheelSpinIndex(seeds: SeedPair, weights: readonly number[]): number {
  const [float] = fairFloatList(seeds, wheelFloatCount);
  if (float === undefined) throw new Error('no float was drawn');
  return wheelPrizeIndex(float, weights);
}

/** The HMAC round counter a spin's float comes from: the first float of round 0. */
export const wheelSpinRound = 0;

/** Decimal places of a published prize probability (`GET /api/v2/turbine_of_luck/prizes`). */
export const wheelProbabilityDecimals = 6;

/** W, the sum of the weights (0 when the wheel has nothing to pick). */
export function wheelTotalWeight(weights: readonly number[]): number {
  return weights.reduce((sum, weight) => sum + weight, 0);
}

/**
 * The chance wᵢ / W of a prize as a decimal fraction rounded half up to
 * `wheelProbabilityDecimals` places ("0.250000"; "0.000000" for a weight of 0 or an empty wheel).
 * Exact integer arithmetic: the published figure never depends on floating point.
 */
export function wheelProbability(weight: number, totalWeight: number): string {
  const scale = 10n ** BigInt(wheelProbabilityDecimals);
  const total = BigInt(totalWeight);
  const units = total === 0n ? 0n : (BigInt(weight) * scale * 2n + total) / (total * 2n);
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(wheelProbabilityDecimals, '0');
  return `${whole}.${fraction}`;
}
