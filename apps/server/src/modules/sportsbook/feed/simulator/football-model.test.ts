import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FootballState,
  footballLines,
  priceFootball,
  settleFootball,
} from './football-model.ts';
import { asianResult } from './market-types.ts';

const lines = {
  asian: [-1, -0.75, -0.5, -0.25, 0, 0.25],
  european: [
    [0, 1],
    [1, 0],
  ] as Array<[number, number]>,
};

const states = fc
  .record({
    minute: fc.integer({ min: 0, max: 89 }),
    home: fc.integer({ min: 0, max: 5 }),
    away: fc.integer({ min: 0, max: 5 }),
    homeRate: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
    awayRate: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
    firstHalfShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(
    (drawn): FootballState => ({
      minute: drawn.minute,
      home: drawn.home,
      away: drawn.away,
      firstHalfHome: drawn.minute < 45 ? drawn.home : Math.floor(drawn.home * drawn.firstHalfShare),
      firstHalfAway: drawn.minute < 45 ? drawn.away : Math.floor(drawn.away * drawn.firstHalfShare),
      homeRate: drawn.homeRate,
      awayRate: drawn.awayRate,
      ended: false,
    }),
  );

function probability(
  markets: ReturnType<typeof priceFootball>,
  typeId: number,
  outcome: string,
  specifier?: string,
) {
  const market = markets.find(
    (candidate) =>
      candidate.typeId === typeId &&
      (specifier === undefined || Object.values(candidate.specifiers)[0] === specifier),
  );
  const found = market?.outcomes.find((candidate) => candidate.id === outcome);
  if (found === undefined) throw new Error(`no ${typeId} ${specifier} ${outcome}`);
  return found.probability;
}

const kickoff: FootballState = {
  minute: 30,
  home: 0,
  away: 0,
  firstHalfHome: 0,
  firstHalfAway: 0,
  homeRate: 1.5,
  awayRate: 1.1,
  ended: false,
};

describe('football pricing', () => {
  it('gives every market probabilities that sum to 1 (double chance: each result twice)', () => {
    fc.assert(
      fc.property(states, (state) => {
        for (const market of priceFootball(state, lines)) {
          const sum = market.outcomes.reduce((total, outcome) => total + outcome.probability, 0);
          expect(sum, `${market.typeId} ${JSON.stringify(market.specifiers)}`).toBeCloseTo(
            market.typeId === 10 ? 2 : 1,
            9,
          );
          for (const outcome of market.outcomes) {
            expect(outcome.probability).toBeGreaterThanOrEqual(-1e-12);
          }
        }
      }),
    );
  });

  it('matches the Poisson arithmetic at kick-off', () => {
    const pmf = (mean: number, goals: number) => {
      let term = Math.exp(-mean);
      for (let k = 1; k <= goals; k += 1) term = (term * mean) / k;
      return term;
    };
    let draw = 0;
    let homeWin = 0;
    for (let home = 0; home < 30; home += 1) {
      for (let away = 0; away < 30; away += 1) {
        const chance = pmf(1.5, home) * pmf(1.1, away);
        if (home === away) draw += chance;
        if (home > away) homeWin += chance;
      }
    }
    const prices = priceFootball({ ...kickoff, minute: 0 }, lines);
    expect(probability(prices, 1, 'X')).toBeCloseTo(draw, 6);
    expect(probability(prices, 1, '1')).toBeCloseTo(homeWin, 6);
    // total goals are Poisson(2.6): under 2.5 is P(0) + P(1) + P(2)
    expect(probability(prices, 18, 'under', '2.5')).toBeCloseTo(
      pmf(2.6, 0) + pmf(2.6, 1) + pmf(2.6, 2),
      6,
    );
    expect(probability(prices, 8, 'none', '1')).toBeCloseTo(Math.exp(-2.6), 9);
    expect(probability(prices, 8, '1', '1')).toBeCloseTo((1 - Math.exp(-2.6)) * (1.5 / 2.6), 9);
    // half the rate in the first half
    expect(probability(prices, 68, 'under', '0.5')).toBeCloseTo(Math.exp(-1.3), 9);
  });

  it('moves prices the right way when the home side scores', () => {
    fc.assert(
      fc.property(states, (state) => {
        const before = priceFootball(state, lines);
        const after = priceFootball(
          {
            ...state,
            home: state.home + 1,
            firstHalfHome: state.minute < 45 ? state.firstHalfHome + 1 : state.firstHalfHome,
          },
          lines,
        );
        expect(probability(after, 1, '1')).toBeGreaterThan(probability(before, 1, '1'));
        expect(probability(after, 1, '2')).toBeLessThan(probability(before, 1, '2'));
        const line = String(state.home + state.away + 1.5);
        if (state.home + state.away + 1.5 <= 5.5) {
          expect(probability(after, 18, 'over', line)).toBeGreaterThan(
            probability(before, 18, 'over', line),
          );
        }
      }),
    );
  });

  it('lengthens over prices as the clock runs without a goal', () => {
    const early = priceFootball(kickoff, lines);
    const late = priceFootball({ ...kickoff, minute: 80 }, lines);
    expect(probability(late, 18, 'over', '2.5')).toBeLessThan(
      probability(early, 18, 'over', '2.5'),
    );
    expect(probability(late, 1, 'X')).toBeGreaterThan(probability(early, 1, 'X'));
  });

  it('offers the Asian main line near even money before kick-off', () => {
    const strengths = {
      homeAttack: 1.2,
      homeDefence: 0.9,
      awayAttack: 1,
      awayDefence: 1,
      homeAdvantage: 1.15,
    };
    const offered = footballLines(strengths);
    const main = offered.asian[2] ?? 0;
    const prices = priceFootball(
      { ...kickoff, minute: 0, homeRate: 1.86, awayRate: 1.06 },
      { ...offered, asian: [main] },
    );
    expect(Math.abs(probability(prices, 16, '1') - 0.5)).toBeLessThan(0.12);
  });
});

describe('football settlement', () => {
  it('settles over 1.5 as won at the second goal, and under 2.5 only at full time', () => {
    const oneGoal = settleFootball({ ...kickoff, home: 1 }, lines);
    expect(
      oneGoal.find((market) => market.typeId === 18 && market.specifiers.total === '1.5'),
    ).toBeUndefined();
    const twoGoals = settleFootball({ ...kickoff, home: 1, away: 1 }, lines);
    const overOneAndHalf = twoGoals.find(
      (market) => market.typeId === 18 && market.specifiers.total === '1.5',
    );
    expect(overOneAndHalf?.outcomes).toEqual([
      { id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
      { id: 'under', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
    ]);
    expect(twoGoals.find((market) => market.typeId === 29)?.outcomes[0]?.result).toBe('won');
    expect(
      twoGoals.find((market) => market.typeId === 18 && market.specifiers.total === '2.5'),
    ).toBeUndefined();
    expect(twoGoals.find((market) => market.typeId === 1)).toBeUndefined();
    const final = settleFootball({ ...kickoff, minute: 90, home: 1, away: 1, ended: true }, lines);
    const underTwoAndHalf = final.find(
      (market) => market.typeId === 18 && market.specifiers.total === '2.5',
    );
    expect(underTwoAndHalf?.outcomes.find((outcome) => outcome.id === 'under')?.result).toBe('won');
    expect(
      final
        .find((market) => market.typeId === 1)
        ?.outcomes.find((outcome) => outcome.result === 'won')?.id,
    ).toBe('X');
  });

  it('half wins and half voids an Asian quarter line', () => {
    // -0.75 is half on -0.5 (won by a one-goal win) and half on -1 (a push)
    expect(asianResult('1', -0.75, 1)).toEqual({
      id: '1',
      result: 'won',
      voidFactor: 0.5,
      deadHeatFactor: 1,
    });
    expect(asianResult('2', 0.75, -1)).toEqual({
      id: '2',
      result: 'lost',
      voidFactor: 0.5,
      deadHeatFactor: 1,
    });
    // -0.25 on a draw: half lost on -0.5, half pushed on 0
    expect(asianResult('1', -0.25, 0)).toEqual({
      id: '1',
      result: 'lost',
      voidFactor: 0.5,
      deadHeatFactor: 1,
    });
    expect(asianResult('1', -1, 1)).toEqual({
      id: '1',
      result: 'lost',
      voidFactor: 1,
      deadHeatFactor: 1,
    });
    expect(asianResult('1', -1.5, 2)).toEqual({
      id: '1',
      result: 'won',
      voidFactor: 0,
      deadHeatFactor: 1,
    });
    const final = settleFootball({ ...kickoff, minute: 90, home: 2, away: 1, ended: true }, lines);
    const quarter = final.find(
      (market) => market.typeId === 16 && market.specifiers.hcp === '-0.75',
    );
    expect(quarter?.outcomes).toEqual([
      { id: '1', result: 'won', voidFactor: 0.5, deadHeatFactor: 1 },
      { id: '2', result: 'lost', voidFactor: 0.5, deadHeatFactor: 1 },
    ]);
  });

  it('settles the first half at half time', () => {
    const halfTime = settleFootball({ ...kickoff, minute: 45, home: 1, firstHalfHome: 1 }, lines);
    expect(
      halfTime
        .find((market) => market.typeId === 60)
        ?.outcomes.find((outcome) => outcome.result === 'won')?.id,
    ).toBe('1');
  });
});
