import { describe, expect, test } from 'vitest';
import { fairFloatList } from '../provably-fair.ts';
import {
  type LimboParams,
  limboOutcome,
  limboResultHundredths,
  limboWinChance,
  parseLimboParams,
} from './limbo.ts';
import {
  expectRtpWithin,
  fixedSeeds,
  floatsFrom,
  hmacFloats,
  sfc32,
  simulationTimeoutMs,
  tallyRounds,
} from './test-support.ts';

const seeds = { ...fixedSeeds, nonce: 0 };
const grid = 2n ** 32n;

describe('known vectors', () => {
  test('result = max(1, floor(100 × rtp / f) / 100), as Stake computes it', () => {
    const floats = fairFloatList(seeds, 9);
    const results = floats.map((float) => limboResultHundredths(float, '0.99') / 100);
    expect(results).toEqual([3.04, 1.35, 6.45, 1.19, 2.14, 1.68, 2.15, 2.46, 1.23]);
    // Stake's published formula (house edge 1 %) in floating point agrees on these floats
    for (const float of floats) {
      const stake = Math.max(1, Math.floor(((1e8 / (float * 1e8)) * 0.99 * 100) / 1) / 100);
      expect(limboResultHundredths(float, '0.99') / 100).toBe(stake);
    }
    expect(limboResultHundredths(0, '0.99')).toBe(100_000_000);
    expect(limboResultHundredths(1 - 2 ** -32, '0.99')).toBe(100);
  });

  test('a bet wins when the result reaches the target and pays exactly the target', () => {
    const [float = 0] = fairFloatList(seeds, 1);
    expect(limboOutcome([float], { target: 3.04 }, '0.99')).toEqual({
      outcome: { result: 3.04 },
      multiplier: '3.0400',
    });
    expect(limboOutcome([float], { target: 3.05 }, '0.99')).toEqual({
      outcome: { result: 3.04 },
      multiplier: '0.0000',
    });
  });

  test('the winning floats end exactly where the exact count says', () => {
    for (const target of [1.01, 2, 7.77, 100, 12_345.67, 1_000_000]) {
      const hundredths = BigInt(Math.round(target * 100));
      const lastWinner = (9_900n * grid) / (100n * hundredths);
      const at = (n: bigint) => limboOutcome([Number(n) / 2 ** 32], { target }, '0.99');
      expect(at(lastWinner).multiplier).not.toBe('0.0000');
      expect(at(lastWinner + 1n).multiplier).toBe('0.0000');
      expect(limboWinChance({ target }, '0.99')).toBe(Number(lastWinner + 1n) / 2 ** 32);
    }
  });
});

test('targets take two decimals between 1.01 and 1 000 000', () => {
  expect(parseLimboParams({ target: 2.5 })).toEqual({ success: true, params: { target: 2.5 } });
  expect(parseLimboParams({ target: 2.555 }).success).toBe(false);
  expect(parseLimboParams({ target: 1 }).success).toBe(false);
  expect(parseLimboParams({ target: 1_000_000.01 }).success).toBe(false);
});

describe('return to player', () => {
  test('exact: rtp < RTP ≤ rtp + target / 2³² for every target', () => {
    for (const rtp of ['0.99', '0.95', '0.90']) {
      const targets = [
        ...Array.from({ length: 9_900 }, (_, index) => 101 + index),
        ...Array.from({ length: 1_000 }, (_, index) => 1_000_000 + index * 99_991),
      ];
      for (const hundredths of targets) {
        const target = hundredths / 100;
        const exact = target * limboWinChance({ target }, rtp);
        if (!(exact > Number(rtp) - 1e-12 && exact <= Number(rtp) + target / 2 ** 32 + 1e-12)) {
          throw new Error(`limbo ${target} at ${rtp}: RTP ${exact}`);
        }
      }
    }
  });

  const mix: LimboParams[] = [{ target: 1.5 }, { target: 2 }, { target: 5 }, { target: 10 }];
  const expected =
    mix.reduce((sum, { target }) => sum + target * limboWinChance({ target }, '0.99'), 0) /
    mix.length;

  test(
    '1 000 000 simulated rounds land within 4 standard errors',
    () => {
      const random = sfc32(2);
      const tally = tallyRounds(1_000_000, (round) => {
        const params = mix[round % mix.length] as LimboParams;
        return Number(limboOutcome(floatsFrom(random, 1), params, '0.99').multiplier);
      });
      expectRtpWithin('limbo sfc32', tally, expected);
    },
    simulationTimeoutMs,
  );

  test(
    '20 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const tally = tallyRounds(20_000, (nonce) => {
        const params = mix[nonce % mix.length] as LimboParams;
        return Number(limboOutcome(hmacFloats(nonce, 1), params, '0.99').multiplier);
      });
      expectRtpWithin('limbo hmac', tally, expected);
    },
    simulationTimeoutMs,
  );
});
