import { describe, expect, it } from 'vitest';
import { minorToProviderUnits, providerUnitsToMinor } from './seamless-amounts.ts';

describe('provider amounts ↔ ledger minor units', () => {
  it('maps 1/100000 units onto cents exactly and refuses fractions of a cent', () => {
    expect(providerUnitsToMinor(356000n, 2)).toBe(356n);
    expect(providerUnitsToMinor(0n, 2)).toBe(0n);
    expect(providerUnitsToMinor(356001n, 2)).toBeNull();
    expect(providerUnitsToMinor(100n, 2)).toBeNull();
  });

  it('scales up into finer currencies (satoshis, nano-TON) without loss', () => {
    expect(providerUnitsToMinor(1n, 8)).toBe(1000n);
    expect(providerUnitsToMinor(123n, 9)).toBe(1_230_000n);
    expect(providerUnitsToMinor(42n, 5)).toBe(42n);
  });

  it('refuses amounts that overflow a BIGINT of minor units and negative amounts', () => {
    expect(providerUnitsToMinor(BigInt(Number.MAX_SAFE_INTEGER), 9)).toBeNull();
    expect(providerUnitsToMinor(-1000n, 2)).toBeNull();
  });

  it('shows balances in provider units, rounding finer currencies down', () => {
    expect(minorToProviderUnits(356n, 2)).toBe(356000n);
    expect(minorToProviderUnits(1999n, 8)).toBe(1n);
    expect(minorToProviderUnits(999n, 8)).toBe(0n);
    expect(minorToProviderUnits(0n, 9)).toBe(0n);
  });

  it('round-trips every representable amount', () => {
    for (const scale of [2, 5, 6, 8, 9]) {
      for (const minor of [0n, 1n, 99n, 100n, 123_456_789n]) {
        const units = minorToProviderUnits(minor, scale);
        const back = providerUnitsToMinor(units, scale);
        if (scale <= 5) expect(back).toBe(minor);
        else expect(back).toBe(minor - (minor % 10n ** BigInt(scale - 5)));
      }
    }
  });
});
