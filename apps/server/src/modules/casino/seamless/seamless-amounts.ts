import { maxMinorUnits, seamlessAmountScale } from '@casino/contract';

/**
 * Converts a provider amount (integer 1/100000 units of the currency) into ledger minor units of
 * a currency with `scale` decimals. Null when it is not a whole number of minor units (USD has
 * cents: 356000 is $3.56, but 356001 is not representable) or does not fit a BIGINT.
 */
export function providerUnitsToMinor(units: bigint, scale: number): bigint | null {
  if (units < 0n) return null;
  if (scale >= seamlessAmountScale) {
    const minor = units * 10n ** BigInt(scale - seamlessAmountScale);
    return minor > maxMinorUnits ? null : minor;
  }
  const factor = 10n ** BigInt(seamlessAmountScale - scale);
  return units % factor === 0n ? units / factor : null;
}

/**
 * Ledger minor units as provider units, rounded down: a currency finer than 1/100000 (BTC has
 * satoshis) shows the provider no more than the player can really spend.
 */
export function minorToProviderUnits(minor: bigint, scale: number): bigint {
  if (minor < 0n) throw new RangeError('a balance shown to a provider cannot be negative');
  if (scale >= seamlessAmountScale) return minor / 10n ** BigInt(scale - seamlessAmountScale);
  return minor * 10n ** BigInt(seamlessAmountScale - scale);
}
