import { currencyDefinition, formatMinorToDecimal, parseDecimalToMinor } from '@casino/contract';

/** The ledger scale of a crypto asset (money.ts); throws for an unknown code (a seed error). */
export function assetScale(asset: string): number {
  const definition = currencyDefinition(asset);
  if (!definition) throw new Error(`unknown asset ${asset}`);
  return definition.scale;
}

/**
 * Minor units at the asset's ledger scale as a decimal string with the method's `precision`
 * decimals. A minimum is rounded up (a shown minimum is never below the real one), anything
 * else down (a shown amount never exceeds the real one).
 */
export function formatAtPrecision(
  minor: bigint,
  scale: number,
  precision: number,
  rounding: 'up' | 'down',
): string {
  if (precision >= scale)
    return formatMinorToDecimal(minor * 10n ** BigInt(precision - scale), precision);
  const step = 10n ** BigInt(scale - precision);
  const units = rounding === 'up' ? (minor + step - 1n) / step : minor / step;
  return formatMinorToDecimal(units, precision);
}

/**
 * A decimal amount of the asset with at most `precision` decimals, in minor units at the
 * ledger scale; null when it is not a plain decimal or has more decimals.
 */
export function parseAtPrecision(value: string, scale: number, precision: number): bigint | null {
  const units = parseDecimalToMinor(value.replace(/^0+(?=\d)/, ''), Math.min(precision, scale));
  if (units === null) return null;
  return precision >= scale ? units : units * 10n ** BigInt(scale - Math.min(precision, scale));
}
