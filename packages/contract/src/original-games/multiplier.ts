import { formatMinorToDecimal, parseDecimalToMinor } from '../money.ts';

/**
 * Multipliers of the originals are exact decimals with four places ("2.0000"); the math works
 * on whole "units" of 0.0001 in bigint so that tables are identical in every browser and the
 * server, and a payout is floor(bet × multiplier) in the currency's minor units.
 */
export const multiplierDecimals = 4;
/** units per 1×: a multiplier of 2.5 is 25 000 units */
export const multiplierScale = 10_000n;

/** What every engine answers for a round: its outcome and the multiplier of the stake paid. */
export interface EngineResult<Outcome> {
  outcome: Outcome;
  /** 4 decimals, "0.0000" for a loss */
  multiplier: string;
}

const rtpCache = new Map<string, bigint>();

/** "0.99" or "0.9900" → 9 900 units; throws unless 0 < rtp ≤ 1 with at most 4 decimals. */
export function rtpUnits(rtp: string): bigint {
  const cached = rtpCache.get(rtp);
  if (cached !== undefined) return cached;
  const units = parseDecimalToMinor(rtp, multiplierDecimals);
  if (units === null || units <= 0n || units > multiplierScale) {
    throw new RangeError(`not a return to player: ${rtp}`);
  }
  if (rtpCache.size < 1000) rtpCache.set(rtp, units);
  return units;
}

export function formatMultiplier(units: bigint): string {
  return formatMinorToDecimal(units, multiplierDecimals);
}

export function multiplierUnits(multiplier: string): bigint {
  const units = parseDecimalToMinor(multiplier, multiplierDecimals);
  if (units === null) throw new RangeError(`not a multiplier: ${multiplier}`);
  return units;
}

/** floor(bet × multiplier) in minor units, never above `maxPayoutMinor`. */
export function payoutMinor(betMinor: bigint, multiplier: string, maxPayoutMinor: bigint): bigint {
  const payout = (betMinor * multiplierUnits(multiplier)) / multiplierScale;
  return payout > maxPayoutMinor ? maxPayoutMinor : payout;
}

/** n choose k, exact. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const smaller = Math.min(k, n - k);
  let result = 1n;
  for (let index = 1; index <= smaller; index += 1) {
    result = (result * BigInt(n - smaller + index)) / BigInt(index);
  }
  return result;
}

/**
 * Scales a table of shape multipliers (units) so that its expectation equals `rtp`, each entry
 * rounded down to a unit: entry × rtp × denominator / Σ(weight × entry). With weights summing
 * to `denominator` (probability = weight / denominator) the scaled table's expectation lies in
 * (rtp − 0.0001, rtp]: every entry loses less than one unit and the weights sum to one.
 */
export function scaleTable(
  shapeUnits: readonly bigint[],
  weights: readonly bigint[],
  denominator: bigint,
  rtp: bigint,
): bigint[] {
  let weightedSum = 0n;
  shapeUnits.forEach((shape, index) => {
    weightedSum += shape * (weights[index] ?? 0n);
  });
  if (weightedSum <= 0n) throw new RangeError('a table must pay something');
  return shapeUnits.map((shape) => (shape * rtp * denominator) / weightedSum);
}

/** A shape written as a decimal number with at most 4 places → units. */
export function unitsOf(value: number): bigint {
  return BigInt(Math.round(value * 10_000));
}

/** `scaleTable` over a shape written in decimals, at an rtp, as 4-decimal multipliers. */
export function scaleShape(
  shape: readonly number[],
  weights: readonly bigint[],
  denominator: bigint,
  rtp: string,
): string[] {
  return scaleTable(shape.map(unitsOf), weights, denominator, rtpUnits(rtp)).map(formatMultiplier);
}

/** The value cached under `key`, computed and cached on the first call. */
export function cachedIn<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const value = compute();
  cache.set(key, value);
  return value;
}

/**
 * Fisher–Yates selection as Stake does it: for each float, take the item at
 * floor(float × remaining) out of the list that is left. Returns the items in the order taken.
 */
export function drawWithoutReplacement<T>(items: readonly T[], floats: readonly number[]): T[] {
  if (floats.length > items.length) throw new RangeError('more floats than items');
  const remaining = items.slice();
  let left = remaining.length;
  const taken: T[] = [];
  for (const float of floats) {
    const index = Math.floor(float * left);
    const item = remaining[index];
    if (item === undefined || index < 0) throw new RangeError('a float must lie in [0, 1)');
    taken.push(item);
    // close the gap, keeping the order of the items left (as Array.prototype.splice would)
    left -= 1;
    for (let next = index; next < left; next += 1) remaining[next] = remaining[next + 1] as T;
  }
  return taken;
}
