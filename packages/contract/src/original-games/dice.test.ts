import { describe, expect, test } from 'vitest';
import { fairFloatList } from '../provably-fair.ts';
import {
  type DiceParams,
  diceMultiplier,
  diceMultiplierUnits,
  diceOutcome,
  diceWinningValues,
  parseDiceParams,
} from './dice.ts';
import {
  expectRtpWithin,
  fixedSeeds,
  floatsFrom,
  hmacFloats,
  ratio,
  sfc32,
  simulationTimeoutMs,
  tallyRounds,
} from './test-support.ts';

const grid = 2n ** 32n;

/** Exact RTP over the 2³² floats: how many of them win, times the multiplier. */
function exactRtp(params: DiceParams, rtp: string): number {
  const target = BigInt(Math.round(params.target * 100));
  // floor(n × 10001 / 2³²) > T ⟺ n ≥ ⌈(T + 1) 2³² / 10001⌉ ; < T ⟺ n < ⌈T 2³² / 10001⌉
  const ceilDivide = (numerator: bigint) => (numerator + 10_000n) / 10_001n;
  const winners =
    params.direction === 'over'
      ? grid - ceilDivide((target + 1n) * grid)
      : ceilDivide(target * grid);
  return ratio(winners * diceMultiplierUnits(params, rtp), grid * 10_000n);
}

describe('known vectors', () => {
  test('roll = floor(f × 10001) / 100 of the seed pair’s first float', () => {
    const rolls = Array.from({ length: 9 }, (_, nonce) =>
      diceOutcome(
        fairFloatList({ ...fixedSeeds, nonce }, 1),
        { target: 50, direction: 'over' },
        '0.99',
      ),
    );
    expect(rolls[0]?.outcome.roll).toBe(32.5);
    // the first eight floats of nonce 0, one float per roll, as the dice reads them
    const fromNonceZero = fairFloatList({ ...fixedSeeds, nonce: 0 }, 9).map(
      (float) => diceOutcome([float], { target: 50, direction: 'over' }, '0.99').outcome.roll,
    );
    expect(fromNonceZero).toEqual([32.5, 72.88, 15.32, 82.79, 46.18, 58.73, 45.95, 40.16, 80.15]);
  });

  test('a win pays rtp × 10001 / winning values, rounded down to 0.0001', () => {
    expect(diceMultiplier({ target: 50, direction: 'over' }, '0.99')).toBe('1.9801');
    expect(diceMultiplier({ target: 50, direction: 'under' }, '0.99')).toBe('1.9801');
    expect(diceMultiplier({ target: 0.01, direction: 'under' }, '0.99')).toBe('9900.9900');
    expect(diceMultiplier({ target: 98, direction: 'under' }, '0.99')).toBe('1.0103');
    expect(diceMultiplier({ target: 50, direction: 'over' }, '0.95')).toBe('1.9001');
    expect(diceWinningValues({ target: 50, direction: 'over' })).toBe(5000);
    expect(diceWinningValues({ target: 99.99, direction: 'over' })).toBe(1);
  });

  test('over wins above the target, under below it; ties lose', () => {
    const at = (hundredths: number) => [(hundredths + 0.5) / 10_001];
    const over = { target: 50, direction: 'over' } as const;
    expect(diceOutcome(at(5000), over, '0.99')).toEqual({
      outcome: { roll: 50 },
      multiplier: '0.0000',
    });
    expect(diceOutcome(at(5001), over, '0.99').multiplier).toBe('1.9801');
    const under = { target: 50, direction: 'under' } as const;
    expect(diceOutcome(at(4999), under, '0.99').multiplier).toBe('1.9801');
    expect(diceOutcome(at(5000), under, '0.99').multiplier).toBe('0.0000');
    expect(diceOutcome([0], over, '0.99').outcome.roll).toBe(0);
    expect(diceOutcome([1 - 2 ** -32], over, '0.99').outcome.roll).toBe(100);
  });
});

describe('parameters', () => {
  test('targets take two decimals and a win chance of 0.01 % to 98 %', () => {
    expect(parseDiceParams({ target: 49.5, direction: 'over' }, '0.99')).toEqual({
      success: true,
      params: { target: 49.5, direction: 'over' },
    });
    expect(parseDiceParams({ target: 49.505, direction: 'over' }, '0.99')).toMatchObject({
      success: false,
      fields: [{ field: 'target', message: 'Validation.invalid_value' }],
    });
    expect(parseDiceParams({ target: 99, direction: 'under' }, '0.99').success).toBe(false);
    expect(parseDiceParams({ target: 98, direction: 'under' }, '0.99').success).toBe(true);
    // at rtp 0.90 a 98 % chance would pay 0.9184×: a win must pay more than the stake
    expect(parseDiceParams({ target: 98, direction: 'under' }, '0.90').success).toBe(false);
    expect(parseDiceParams({ target: 50 }, '0.99')).toMatchObject({
      success: false,
      fields: [{ field: 'direction', message: 'Validation.required' }],
    });
    expect(parseDiceParams({ target: 50, direction: 'over', extra: 1 }, '0.99')).toMatchObject({
      success: false,
      fields: [{ field: 'extra', message: 'Validation.unknown_field' }],
    });
  });
});

describe('return to player', () => {
  test('exact over the 2³² floats: within 0.0001 below rtp for every target', () => {
    for (const rtp of ['0.99', '0.95', '0.90']) {
      const floor = Number(rtp) - 0.0001 - 2.4e-6;
      let checked = 0;
      for (let hundredths = 1; hundredths <= 9999; hundredths += 1) {
        for (const direction of ['over', 'under'] as const) {
          const params = { target: hundredths / 100, direction };
          const winning = diceWinningValues(params);
          if (winning > 9800 || diceMultiplierUnits(params, rtp) <= 10_000n) continue;
          const exact = exactRtp(params, rtp);
          if (!(exact > floor && exact <= Number(rtp) + 2.4e-6)) {
            throw new Error(`dice ${direction} ${params.target} at ${rtp}: RTP ${exact}`);
          }
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(17_000);
    }
  });

  const mix: DiceParams[] = [
    { target: 50, direction: 'over' },
    { target: 10, direction: 'under' },
    { target: 90, direction: 'over' },
    { target: 97.5, direction: 'under' },
  ];
  const expected = mix.reduce((sum, params) => sum + exactRtp(params, '0.99'), 0) / mix.length;

  test(
    '1 000 000 simulated rounds land within 4 standard errors',
    () => {
      const random = sfc32(1);
      const tally = tallyRounds(1_000_000, (round) => {
        const params = mix[round % mix.length] as DiceParams;
        return Number(diceOutcome(floatsFrom(random, 1), params, '0.99').multiplier);
      });
      expectRtpWithin('dice sfc32', tally, expected);
    },
    simulationTimeoutMs,
  );

  test(
    '20 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const tally = tallyRounds(20_000, (nonce) => {
        const params = mix[nonce % mix.length] as DiceParams;
        return Number(diceOutcome(hmacFloats(nonce, 1), params, '0.99').multiplier);
      });
      expectRtpWithin('dice hmac', tally, expected);
    },
    simulationTimeoutMs,
  );
});
