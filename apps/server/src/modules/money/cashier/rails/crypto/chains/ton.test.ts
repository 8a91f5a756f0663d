import { describe, expect, it } from 'vitest';
import { toNonBounceable } from './ton.ts';

// docs.ton.org "Address formats": the same basechain account in each form.
const RAW = '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e';
const BOUNCEABLE = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
const BOUNCEABLE_STANDARD_BASE64 = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF';
const NON_BOUNCEABLE = 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA';

describe('toNonBounceable', () => {
  it('gives the published non-bounceable url-safe form from every mainnet form', () => {
    for (const form of [
      RAW,
      RAW.toUpperCase().replace('0X', '0x'),
      BOUNCEABLE,
      BOUNCEABLE_STANDARD_BASE64,
      NON_BOUNCEABLE,
    ]) {
      expect(toNonBounceable(form)).toBe(NON_BOUNCEABLE);
    }
  });

  it('keeps a masterchain address on the masterchain', () => {
    const masterchain = toNonBounceable(`-1:${'ab'.repeat(32)}`);
    expect(masterchain).toBe('Uf-rq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq2ep');
  });

  it('throws on an invalid address instead of producing one', () => {
    expect(() => toNonBounceable('EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG')).toThrow(
      /TON/,
    );
    expect(() => toNonBounceable('')).toThrow(/TON/);
    expect(() => toNonBounceable('kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP')).toThrow(
      /TON/,
    );
  });
});
