import { describe, expect, test } from 'vitest';
import { fairFloatList } from '../provably-fair.ts';
import {
  type MinesState,
  minePositions,
  minesAct,
  minesFloatCount,
  minesMultiplier,
  minesMultiplierUnits,
  minesOutcomeOf,
  minesReplay,
  minesShuffle,
  minesStart,
  parseMinesParams,
} from './mines.ts';
import { binomial } from './multiplier.ts';
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

const seeds = { ...fixedSeeds, nonce: 0 };

describe('known vectors', () => {
  test('24 floats shuffle the 25 tiles; the first m are the mines', () => {
    const floats = fairFloatList(seeds, minesFloatCount);
    expect(minesShuffle(floats)).toEqual([
      8, 18, 3, 21, 11, 14, 10, 9, 20, 6, 24, 12, 16, 15, 22, 1, 7, 4, 2, 17, 13, 19, 23, 0, 5,
    ]);
    expect(minePositions(floats, 3)).toEqual([3, 8, 18]);
    expect(minePositions(floats, 1)).toEqual([8]);
    expect(minePositions(floats, 24)).toHaveLength(24);
    expect(minePositions(floats, 24)).not.toContain(5);
  });

  test('cash-out multiplier = rtp × C(25, k) / C(25 − m, k), rounded down', () => {
    expect(minesMultiplier(1, 1, '0.99')).toBe('1.0312');
    expect(minesMultiplier(3, 1, '0.99')).toBe('1.1250');
    expect(minesMultiplier(3, 2, '0.99')).toBe('1.2857');
    expect(minesMultiplier(24, 1, '0.99')).toBe('24.7500');
    expect(minesMultiplier(12, 13, '0.99')).toBe('5148297.0000');
    expect(minesMultiplier(1, 24, '0.99')).toBe('24.7500');
    expect(minesMultiplier(3, 0, '0.99')).toBe('0.0000');
    expect(() => minesMultiplier(3, 23, '0.99')).toThrow(RangeError);
  });
});

describe('the round as a state machine', () => {
  const floats = fairFloatList(seeds, minesFloatCount);
  const start = minesStart(floats, { mines: 3 });

  function act(state: MinesState, ...actions: Parameters<typeof minesAct>[1][]) {
    let current = state;
    let multiplier = '0.0000';
    for (const action of actions) {
      const step = minesAct(current, action, '0.99');
      if (!step.success) throw new Error(step.error);
      current = step.state;
      multiplier = step.multiplier;
    }
    return { state: current, multiplier };
  }

  test('safe reveals raise the cash-out value; a cash-out settles the round', () => {
    const { state, multiplier } = act(
      start,
      { action: 'reveal', tile: 0 },
      { action: 'reveal', tile: 1 },
    );
    expect(state.status).toBe('open');
    expect(multiplier).toBe('1.2857');
    expect(minesOutcomeOf(state)).toEqual({ revealed: [0, 1], mines: null, hit: null });
    const cashed = act(state, { action: 'cashout' });
    expect(cashed.state.status).toBe('cashed_out');
    expect(cashed.multiplier).toBe('1.2857');
    expect(minesOutcomeOf(cashed.state)).toEqual({
      revealed: [0, 1],
      mines: [3, 8, 18],
      hit: null,
    });
    expect(minesAct(cashed.state, { action: 'reveal', tile: 2 }, '0.99')).toEqual({
      success: false,
      error: 'round_over',
    });
  });

  test('a mine ends the round with nothing paid', () => {
    const { state, multiplier } = act(
      start,
      { action: 'reveal', tile: 0 },
      { action: 'reveal', tile: 8 },
    );
    expect(state.status).toBe('busted');
    expect(multiplier).toBe('0.0000');
    expect(minesOutcomeOf(state)).toEqual({ revealed: [0], mines: [3, 8, 18], hit: 8 });
    expect(minesAct(state, { action: 'cashout' }, '0.99')).toEqual({
      success: false,
      error: 'round_over',
    });
  });

  test('a tile is revealed once and a cash-out needs a reveal', () => {
    expect(minesAct(start, { action: 'cashout' }, '0.99')).toEqual({
      success: false,
      error: 'nothing_revealed',
    });
    const { state } = act(start, { action: 'reveal', tile: 0 });
    expect(minesAct(state, { action: 'reveal', tile: 0 }, '0.99')).toEqual({
      success: false,
      error: 'tile_revealed',
    });
  });

  test('revealing the last safe tile cashes out by itself', () => {
    const oneMine = minesStart(floats, { mines: 24 });
    const { state, multiplier } = act(oneMine, { action: 'reveal', tile: 5 });
    expect(state.status).toBe('cashed_out');
    expect(multiplier).toBe('24.7500');
  });

  test('a replay of the clicks gives the same outcome and multiplier', () => {
    const played = act(
      start,
      { action: 'reveal', tile: 0 },
      { action: 'reveal', tile: 1 },
      { action: 'cashout' },
    );
    expect(minesReplay(floats, { mines: 3 }, { revealed: [0, 1], hit: null }, '0.99')).toEqual({
      outcome: minesOutcomeOf(played.state),
      multiplier: played.multiplier,
      status: 'cashed_out',
    });
    expect(minesReplay(floats, { mines: 3 }, { revealed: [0], hit: 18 }, '0.99')).toEqual({
      outcome: { revealed: [0], mines: [3, 8, 18], hit: 18 },
      multiplier: '0.0000',
      status: 'busted',
    });
  });

  test('params: 1–24 mines', () => {
    expect(parseMinesParams({ mines: 3 })).toEqual({ success: true, params: { mines: 3 } });
    expect(parseMinesParams({ mines: 25 }).success).toBe(false);
    expect(parseMinesParams({ mines: 0 }).success).toBe(false);
    expect(parseMinesParams({ mines: 2.5 }).success).toBe(false);
  });
});

describe('return to player', () => {
  test('exact: surviving k reveals × the multiplier is within 0.0001 below rtp, every m and k', () => {
    for (const rtp of ['0.99', '0.95', '0.90']) {
      for (let mines = 1; mines <= 24; mines += 1) {
        for (let revealed = 1; revealed <= 25 - mines; revealed += 1) {
          const survive = binomial(25 - mines, revealed);
          const units = minesMultiplierUnits(mines, revealed, rtp);
          const exact = ratio(survive * units, binomial(25, revealed) * 10_000n);
          expect(exact).toBeLessThanOrEqual(Number(rtp));
          expect(exact).toBeGreaterThan(Number(rtp) - 0.0001);
        }
      }
    }
  });

  // The strategy: with m mines, reveal tiles 0, 1, 2 … until k are safe, then cash out.
  const strategies = [
    { mines: 1, reveals: 5 },
    { mines: 3, reveals: 3 },
    { mines: 5, reveals: 2 },
    { mines: 10, reveals: 2 },
    { mines: 24, reveals: 1 },
  ];
  const expected =
    strategies.reduce((sum, { mines, reveals }) => {
      const survive = binomial(25 - mines, reveals);
      return (
        sum +
        ratio(
          survive * minesMultiplierUnits(mines, reveals, '0.99'),
          binomial(25, reveals) * 10_000n,
        )
      );
    }, 0) / strategies.length;

  function play(floats: readonly number[], round: number): number {
    const strategy = strategies[round % strategies.length] ?? { mines: 3, reveals: 3 };
    let state = minesStart(floats, { mines: strategy.mines });
    for (let tile = 0; tile < strategy.reveals; tile += 1) {
      const step = minesAct(state, { action: 'reveal', tile }, '0.99');
      if (!step.success) throw new Error(step.error);
      if (step.state.status === 'busted') return 0;
      // the last safe tile (24 mines: the first one) cashes out by itself
      if (step.state.status === 'cashed_out') return Number(step.multiplier);
      state = step.state;
    }
    const cashout = minesAct(state, { action: 'cashout' }, '0.99');
    if (!cashout.success) throw new Error(cashout.error);
    return Number(cashout.multiplier);
  }

  test(
    '1 000 000 simulated rounds land within 4 standard errors',
    () => {
      const random = sfc32(3);
      const tally = tallyRounds(1_000_000, (round) =>
        play(floatsFrom(random, minesFloatCount), round),
      );
      expectRtpWithin('mines sfc32', tally, expected);
    },
    simulationTimeoutMs,
  );

  test(
    '10 000 rounds from the HMAC stream land within 4 standard errors',
    () => {
      const tally = tallyRounds(10_000, (nonce) => play(hmacFloats(nonce, minesFloatCount), nonce));
      expectRtpWithin('mines hmac', tally, expected);
    },
    simulationTimeoutMs,
  );
});
