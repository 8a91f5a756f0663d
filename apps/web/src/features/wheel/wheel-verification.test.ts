import { serverSeedHash, type WheelSpinResult } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import {
  confirmsSpin,
  emptyWheelVerificationForm,
  formatWheelChance,
  parseWheelWeights,
  prizesForWeights,
  verifyWheelSpin,
  wheelFormFromSpin,
  wheelRanges,
} from './wheel-verification';

// the contract's fixed vector: the first float of this pair is 0.32504896…
const serverSeed = '6f1e9c8f3a2b47d5e0c4b1a29384756f8e7d6c5b4a39281706f5e4d3c2b1a098';

/** A published spin over [0, 3, 0, 7]: ⌊0.325 × 10⌋ = 3 lands on the fourth prize. */
function publishedSpin(overrides: Partial<WheelSpinResult['verification']> = {}): WheelSpinResult {
  const prizes = [0, 3, 0, 7].map((weight, index) => ({
    prizeId: `prize-${index}`,
    weight,
    amountUsd: `${index}.00`,
    balanceType: 'main' as const,
  }));
  return {
    id: 'spin-1',
    prizeId: 'prize-3',
    amount: '3.00',
    currency: 'USD',
    promo: null,
    balanceType: 'main',
    serverSeedHash: serverSeedHash(serverSeed),
    clientSeed: 'lucky',
    nonce: 0,
    createdAt: '2026-12-01T10:00:00.000Z',
    verification: {
      serverSeedHash: serverSeedHash(serverSeed),
      serverSeed,
      clientSeed: 'lucky',
      nonce: 0,
      round: 0,
      prizes,
      totalWeight: 10,
      index: 3,
      ...overrides,
    },
  };
}

function verified(spin: WheelSpinResult, changes: Partial<ReturnType<typeof wheelFormFromSpin>>) {
  const verification = verifyWheelSpin({ ...wheelFormFromSpin(spin), ...changes });
  if (!verification.ok) throw new Error(`the form did not verify: ${verification.field}`);
  return verification.value;
}

describe('a published spin, recomputed', () => {
  test('the revealed seed gives the published index and prize, and its hash the commitment', () => {
    const spin = publishedSpin();
    expect(wheelFormFromSpin(spin)).toEqual({
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed: 'lucky',
      nonce: '0',
      weights: '0, 3, 0, 7',
    });
    const result = verified(spin, {});
    expect(result).toMatchObject({
      hash: serverSeedHash(serverSeed),
      hashMatches: true,
      float: 0.32504896097816527,
      target: 3n,
      totalWeight: 10n,
      index: 3,
    });
    expect(result.ranges.map(({ from, to, weight, chance }) => [from, to, weight, chance])).toEqual(
      [
        [0n, 0n, 0, 0],
        [0n, 3n, 3, 0.3],
        [3n, 3n, 0, 0],
        [3n, 10n, 7, 0.7],
      ],
    );
    expect(confirmsSpin(result, spin)).toBe(true);
    expect(prizesForWeights(result.ranges, spin).map((prize) => prize?.prizeId)).toEqual([
      'prize-0',
      'prize-1',
      'prize-2',
      'prize-3',
    ]);
  });

  test('a spin that claims another prize than the pick is not confirmed', () => {
    const claimsSecond = { ...publishedSpin({ index: 1 }), prizeId: 'prize-1' };
    expect(confirmsSpin(verified(claimsSecond, {}), claimsSecond)).toBe(false);
    const paidOther = { ...publishedSpin(), prizeId: 'prize-1' };
    expect(confirmsSpin(verified(paidOther, {}), paidOther)).toBe(false);
  });

  test('other weights, seeds or nonce are not the spin: not confirmed, and no prize is named', () => {
    const spin = publishedSpin();
    // ⌊0.325 × 10⌋ = 3 over [0, 4, 0, 6] lands on the second prize
    const otherWeights = verified(spin, { weights: '0, 4, 0, 6' });
    expect(otherWeights.index).toBe(1);
    expect(confirmsSpin(otherWeights, spin)).toBe(false);
    expect(prizesForWeights(otherWeights.ranges, spin)).toEqual([null, null, null, null]);
    // the same landing over a table of the same weights plus one: still not the published table
    expect(confirmsSpin(verified(spin, { weights: '0, 3, 0, 7, 0' }), spin)).toBe(false);
    expect(verified(spin, { nonce: '1' }).float).not.toBe(0.32504896097816527);
  });

  test('a server seed that is not the committed one is told apart', () => {
    const spin = publishedSpin();
    const other = 'f'.repeat(64);
    const result = verified(spin, { serverSeed: other });
    expect(result.hashMatches).toBe(false);
    expect(result.hash).toBe(serverSeedHash(other));
    expect(verified(spin, { serverSeedHash: '' }).hashMatches).toBeNull();
    expect(
      verified(spin, { serverSeedHash: serverSeedHash(serverSeed).toUpperCase() }).hashMatches,
    ).toBe(true);
  });
});

describe('what cannot be verified', () => {
  test('a spin whose seed pair is still in use leaves the server seed to fill; its table still reads', () => {
    const hidden = publishedSpin({ serverSeed: null });
    expect(wheelFormFromSpin(hidden).serverSeed).toBe('');
    const ranges = wheelRanges([0, 3, 0, 7]);
    expect(ranges.map((range) => range.chance)).toEqual([0, 0.3, 0, 0.7]);
    expect(prizesForWeights(ranges, hidden).map((prize) => prize?.amountUsd)).toEqual([
      '0.00',
      '1.00',
      '2.00',
      '3.00',
    ]);
    expect(verifyWheelSpin(wheelFormFromSpin(hidden))).toEqual({ ok: false, field: 'serverSeed' });
    expect(verifyWheelSpin(emptyWheelVerificationForm())).toEqual({
      ok: false,
      field: 'serverSeed',
    });
  });

  test('each unreadable field is named, the first first', () => {
    const form = wheelFormFromSpin(publishedSpin());
    expect(verifyWheelSpin({ ...form, serverSeed: 'ABC' })).toEqual({
      ok: false,
      field: 'serverSeed',
    });
    expect(verifyWheelSpin({ ...form, clientSeed: '  ' })).toEqual({
      ok: false,
      field: 'clientSeed',
    });
    for (const nonce of ['', '-1', '1.5', 'x', '1234567890123456']) {
      expect(verifyWheelSpin({ ...form, nonce })).toEqual({ ok: false, field: 'nonce' });
    }
    for (const weights of ['', '0, 0', '1.5', '1, -2', '1000001', 'a, 1']) {
      expect(verifyWheelSpin({ ...form, weights })).toEqual({ ok: false, field: 'weights' });
    }
  });

  test('weights may be separated by commas, semicolons, spaces or lines', () => {
    expect(parseWheelWeights('40, 30;20\n0  10')).toEqual([40, 30, 20, 0, 10]);
    expect(parseWheelWeights(' 1 ')).toEqual([1]);
    expect(parseWheelWeights('1000000')).toEqual([1_000_000]);
    expect(parseWheelWeights('0')).toBeNull();
  });
});

test('chances read as percentages with up to four significant digits', () => {
  expect([1, 0.25, 1 / 3, 0.000075, 0].map((chance) => formatWheelChance(chance, 'en'))).toEqual([
    '100%',
    '25%',
    '33.33%',
    '0.0075%',
    '0%',
  ]);
});
