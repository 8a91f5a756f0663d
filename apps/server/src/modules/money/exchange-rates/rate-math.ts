/**
 * Exact decimal arithmetic on exchange rates. A rate is a plain positive decimal string
 * ("1.16", "0.0000105"); it is held as `units / 10^scale` in bigints so no float ever touches it.
 * Derived rates (inverse, cross) are cut to `derivedRateScale` decimals, rounding down.
 */

/** decimals kept by a derived rate: far beyond any minor unit we convert */
export const derivedRateScale = 20;

const ratePattern = /^(0|[1-9]\d{0,17})(?:\.(\d{1,20}))?$/;

interface ExactRate {
  units: bigint;
  scale: number;
}

/** Parses a rate; null for anything that is not a positive plain decimal within limits. */
export function parseRate(rate: string): ExactRate | null {
  const match = ratePattern.exec(rate);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const units = BigInt(`${match[1] ?? '0'}${fraction}`);
  return units > 0n ? { units, scale: fraction.length } : null;
}

function requireRate(rate: string): ExactRate {
  const parsed = parseRate(rate);
  if (!parsed) throw new RangeError(`not a valid rate: ${rate}`);
  return parsed;
}

/** Canonical text: no trailing fraction zeros ("1.1600" → "1.16", "81.0" → "81"). */
export function formatRate({ units, scale }: ExactRate): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

export function normaliseRate(rate: string): string {
  return formatRate(requireRate(rate));
}

/** `numerator / denominator` as a rate of `derivedRateScale` decimals, rounded down. */
function fractionToRate(numerator: bigint, denominator: bigint): string {
  const units = (numerator * 10n ** BigInt(derivedRateScale)) / denominator;
  if (units === 0n) throw new RangeError('the derived rate is below the smallest representable');
  return formatRate({ units, scale: derivedRateScale });
}

/** 1 / rate. */
export function invertRate(rate: string): string {
  const { units, scale } = requireRate(rate);
  return fractionToRate(10n ** BigInt(scale), units);
}

/** a × b (a cross rate through a common currency). */
export function multiplyRates(a: string, b: string): string {
  const left = requireRate(a);
  const right = requireRate(b);
  return fractionToRate(left.units * right.units, 10n ** BigInt(left.scale + right.scale));
}

/**
 * Converts minor units of a currency with `fromScale` into minor units of one with `toScale`
 * at `rate` (units of the target per unit of the source), rounding down: the platform never
 * pays out a fraction of a minor unit it does not have.
 */
export function convertMinor(
  amountMinor: bigint,
  fromScale: number,
  toScale: number,
  rate: string,
): bigint {
  if (amountMinor < 0n) throw new RangeError('cannot convert a negative amount');
  const { units, scale } = requireRate(rate);
  return (amountMinor * units * 10n ** BigInt(toScale)) / 10n ** BigInt(scale + fromScale);
}
