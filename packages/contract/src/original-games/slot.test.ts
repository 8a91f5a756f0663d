import { describe, expect, test } from 'vitest';
import { fairFloatList } from '../provably-fair.ts';
import { formatMultiplier, multiplierUnits } from './multiplier.ts';
import {
  type PayingSymbol,
  parseSlotParams,
  type SlotParams,
  type SlotVolatility,
  slotFloatCount,
  slotMaxLines,
  slotMinLines,
  slotOutcome,
  slotPaylines,
  slotPayUnits,
  slotRunWeights,
  slotStrips,
  slotSymbols,
  slotVolatilities,
} from './slot.ts';
import {
  expectRtpWithin,
  fixedSeeds,
  floatsFrom,
  hmacFloats,
  ratio,
  report,
  sfc32,
  simulationTimeoutMs,
  Tally,
  tallyRounds,
} from './test-support.ts';

/** lines × Σ P(run) × pay, exactly. */
function exactRtp(volatility: SlotVolatility, lines: number, rtp: string): number {
  const { weights, denominator } = slotRunWeights(volatility);
  const pays = slotPayUnits(volatility, lines, rtp);
  let sum = 0n;
  for (const symbol of Object.keys(weights) as PayingSymbol[]) {
    weights[symbol].forEach((weight, index) => {
      sum += weight * (pays[symbol][index] ?? 0n);
    });
  }
  return ratio(sum * BigInt(lines), denominator * 10_000n);
}

describe('known vectors', () => {
  test('one float per reel picks the stop; the window shows three symbols', () => {
    const floats = fairFloatList({ ...fixedSeeds, nonce: 3 }, slotFloatCount);
    const result = slotOutcome(floats, { volatility: 'medium', lines: 20 }, '0.99');
    const strips = slotStrips('medium');
    result.outcome.reels.forEach((reel, index) => {
      const strip = strips[index] ?? [];
      const stop = Math.floor((floats[index] ?? 0) * strip.length);
      expect(reel).toEqual([0, 1, 2].map((row) => strip[(stop + row) % strip.length]));
    });
    const total = result.outcome.wins.reduce(
      (sum, win) => sum + multiplierUnits(win.multiplier),
      0n,
    );
    expect(multiplierUnits(result.multiplier)).toBe(total);
  });

  test('a line pays the run from reel 1, wilds substituting', () => {
    // reels chosen so that the middle row reads seven, wild, seven, seven, plum
    const strips = slotStrips('low');
    const floatFor = (reel: number, symbol: string) => {
      const strip = strips[reel] ?? [];
      const stop = (strip.indexOf(symbol as never) - 1 + strip.length) % strip.length;
      return (stop + 0.5) / strip.length;
    };
    const floats = [
      floatFor(0, 'seven'),
      floatFor(1, 'wild'),
      floatFor(2, 'seven'),
      floatFor(3, 'seven'),
      floatFor(4, 'plum'),
    ];
    const result = slotOutcome(floats, { volatility: 'low', lines: 10 }, '0.99');
    expect(result.outcome.reels.map((reel) => reel[1])).toEqual([
      'seven',
      'wild',
      'seven',
      'seven',
      'plum',
    ]);
    const middle = result.outcome.wins.find((win) => win.line === 0);
    expect(middle).toEqual({
      line: 0,
      symbol: 'seven',
      count: 4,
      multiplier: formatMultiplier(slotPayUnits('low', 10, '0.99').seven[1]),
    });
  });

  test('reel 1 carries no wild; strips hold each symbol as often as its weight', () => {
    for (const volatility of slotVolatilities) {
      const [first, ...others] = slotStrips(volatility);
      expect(first).not.toContain('wild');
      for (const strip of others) expect(strip).toContain('wild');
    }
    expect(slotPaylines).toHaveLength(20);
    expect(new Set(slotPaylines.map((line) => line.join())).size).toBe(20);
  });

  test('the variant sets volatility and lines; the player sends no params', () => {
    expect(parseSlotParams({}, { volatility: 'high', lines: 15, theme: 'neon' })).toEqual({
      success: true,
      params: { volatility: 'high', lines: 15 },
    });
    expect(parseSlotParams({}, {})).toEqual({
      success: true,
      params: { volatility: 'medium', lines: 20 },
    });
    expect(parseSlotParams({ lines: 5 }, {}).success).toBe(false);
  });
});

describe('return to player', () => {
  test('the run weights agree with enumerating every symbol on every reel', () => {
    for (const volatility of slotVolatilities) {
      const strips = slotStrips(volatility);
      const counts = strips.map((strip) => {
        const count = new Map<string, number>();
        for (const symbol of strip) count.set(symbol, (count.get(symbol) ?? 0) + 1);
        return count;
      });
      const enumerated = new Map<string, bigint>();
      const walk = (reel: number, line: string[], weight: bigint) => {
        if (reel === 5) {
          const [first = 'wild'] = line;
          let run = 1;
          while (run < 5 && (line[run] === first || line[run] === 'wild')) run += 1;
          if (first !== 'wild' && run >= 3) {
            const key = `${first}:${run}`;
            enumerated.set(key, (enumerated.get(key) ?? 0n) + weight);
          }
          return;
        }
        for (const symbol of slotSymbols) {
          const count = counts[reel]?.get(symbol) ?? 0;
          if (count > 0) walk(reel + 1, [...line, symbol], weight * BigInt(count));
        }
      };
      walk(0, [], 1n);
      const { weights } = slotRunWeights(volatility);
      for (const symbol of Object.keys(weights) as PayingSymbol[]) {
        weights[symbol].forEach((weight, index) => {
          expect(weight).toBe(enumerated.get(`${symbol}:${index + 3}`) ?? 0n);
        });
      }
    }
  });

  test('exact: every volatility and line count lies within lines × P(line win) × 0.0001 below rtp', () => {
    for (const rtp of ['0.99', '0.95', '0.90']) {
      for (const volatility of slotVolatilities) {
        for (let lines = slotMinLines; lines <= slotMaxLines; lines += 1) {
          const exact = exactRtp(volatility, lines, rtp);
          expect(exact).toBeLessThanOrEqual(Number(rtp));
          expect(exact).toBeGreaterThan(Number(rtp) - lines * 0.0001);
        }
      }
    }
  });

  const settings: SlotParams[] = [
    { volatility: 'low', lines: 20 },
    { volatility: 'medium', lines: 20 },
    { volatility: 'high', lines: 20 },
  ];

  test.each(settings)(
    'a third of 1 000 000 simulated rounds: $volatility volatility, within 4 standard errors',
    (params) => {
      const random = sfc32(40 + params.lines + params.volatility.length);
      const tally = new Tally();
      let hits = 0;
      for (let round = 0; round < 333_334; round += 1) {
        const result = slotOutcome(floatsFrom(random, slotFloatCount), params, '0.99');
        if (result.outcome.wins.length > 0) hits += 1;
        tally.add(Number(result.multiplier));
      }
      const expected = exactRtp(params.volatility, params.lines, '0.99');
      report(`slot ${params.volatility} sfc32`, tally, expected, tally.tolerance());
      console.info(
        `slot ${params.volatility}: hit frequency ${((hits / tally.count) * 100).toFixed(1)} %`,
      );
      expect(Math.abs(tally.mean - expected)).toBeLessThan(tally.tolerance());
    },
    simulationTimeoutMs,
  );

  test(
    '20 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const params: SlotParams = { volatility: 'low', lines: 20 };
      const tally = tallyRounds(20_000, (nonce) =>
        Number(slotOutcome(hmacFloats(nonce, slotFloatCount), params, '0.99').multiplier),
      );
      const expected = exactRtp(params.volatility, params.lines, '0.99');
      expectRtpWithin('slot hmac', tally, expected);
    },
    simulationTimeoutMs,
  );
});
