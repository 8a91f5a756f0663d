import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BasketballState,
  basketballLines,
  priceBasketball,
  settleBasketball,
} from './basketball-model.ts';
import { type EsportsState, homeWinsRace, priceEsports, settleEsports } from './esports-model.ts';
import type { FairMarket } from './market-types.ts';
import {
  homeWinsMatch,
  priceTennis,
  serverWinsGame,
  type TennisState,
  tennisLines,
} from './tennis-model.ts';

function expectPartitions(markets: FairMarket[]) {
  expect(markets.length).toBeGreaterThan(0);
  for (const market of markets) {
    const sum = market.outcomes.reduce((total, outcome) => total + outcome.probability, 0);
    expect(sum, `${market.typeId} ${JSON.stringify(market.specifiers)}`).toBeCloseTo(1, 9);
    for (const outcome of market.outcomes) {
      expect(outcome.probability).toBeGreaterThanOrEqual(-1e-12);
      expect(outcome.probability).toBeLessThanOrEqual(1 + 1e-12);
    }
  }
}

const winner = (markets: FairMarket[], typeId: number) =>
  markets.find((market) => market.typeId === typeId)?.outcomes[0]?.probability ?? Number.NaN;

const freshTennis: TennisState = {
  bestOf: 3,
  serveWin: { home: 0.64, away: 0.62 },
  sets: [],
  games: { home: 0, away: 0 },
  points: { home: 0, away: 0 },
  server: 'home',
  ended: false,
};

const tennisStates = fc
  .record({
    home: fc.double({ min: 0.5, max: 0.8, noNaN: true }),
    away: fc.double({ min: 0.5, max: 0.8, noNaN: true }),
    firstSet: fc.constantFrom(null, { home: 6, away: 4 }, { home: 6, away: 7 }),
    games: fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })),
    points: fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })),
    server: fc.constantFrom('home' as const, 'away' as const),
  })
  .filter(({ games: [home, away] }) => Math.abs(home - away) < 2 || Math.max(home, away) < 6)
  .filter(
    ({ points: [home, away] }) =>
      Math.abs(home - away) <= 2 && !(Math.max(home, away) >= 4 && Math.abs(home - away) === 2),
  )
  .map(
    (drawn): TennisState => ({
      ...freshTennis,
      serveWin: { home: drawn.home, away: drawn.away },
      sets: drawn.firstSet === null ? [] : [drawn.firstSet],
      games: { home: drawn.games[0], away: drawn.games[1] },
      points: { home: drawn.points[0], away: drawn.points[1] },
      server: drawn.server,
    }),
  );

describe('tennis model', () => {
  it('gives every market probabilities that sum to 1 from any score', () => {
    const lines = tennisLines(freshTennis);
    fc.assert(
      fc.property(tennisStates, (state) => expectPartitions(priceTennis(state, lines))),
      { numRuns: 60 },
    );
  });

  it('wins a game from 40-40 at p²/(p²+q²) and holds serve more often with a better serve', () => {
    expect(serverWinsGame(0.6, 3, 3)).toBeCloseTo(0.36 / 0.52, 12);
    expect(serverWinsGame(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    expect(serverWinsGame(0.7, 0, 0)).toBeGreaterThan(serverWinsGame(0.6, 0, 0));
  });

  it('makes a player likelier to win the match the better they serve', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.45, max: 0.8, noNaN: true }),
        fc.double({ min: 0.01, max: 0.1, noNaN: true }),
        (p, delta) => {
          const weaker = homeWinsMatch({ ...freshTennis, serveWin: { home: p, away: 0.62 } });
          const stronger = homeWinsMatch({
            ...freshTennis,
            serveWin: { home: p + delta, away: 0.62 },
          });
          expect(stronger).toBeGreaterThan(weaker);
        },
      ),
      { numRuns: 30 },
    );
    // equal players: an even match
    expect(homeWinsMatch({ ...freshTennis, serveWin: { home: 0.63, away: 0.63 } })).toBeCloseTo(
      0.5,
      9,
    );
  });

  it('moves the match price towards the player who breaks serve', () => {
    const lines = tennisLines(freshTennis);
    const before = priceTennis(
      { ...freshTennis, games: { home: 2, away: 2 }, server: 'away' },
      lines,
    );
    const afterBreak = priceTennis(
      { ...freshTennis, games: { home: 3, away: 2 }, server: 'home' },
      lines,
    );
    expect(winner(afterBreak, 186)).toBeGreaterThan(winner(before, 186) + 0.05);
    expect(winner(afterBreak, 204)).toBeGreaterThan(winner(before, 204) + 0.1);
  });
});

const basketball: BasketballState = {
  regulationMinutes: 40,
  elapsedMinutes: 0,
  home: 0,
  away: 0,
  expectedMargin: 4,
  marginDeviation: 12,
  expectedTotal: 160,
  totalDeviation: 15,
  ended: false,
};

describe('basketball model', () => {
  it('gives every market probabilities that sum to 1', () => {
    const lines = basketballLines(basketball);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 120 }),
        (elapsedMinutes, home, away) =>
          expectPartitions(priceBasketball({ ...basketball, elapsedMinutes, home, away }, lines)),
      ),
    );
  });

  it('favours the side that scores, more so late', () => {
    const lines = basketballLines(basketball);
    const early = winner(
      priceBasketball({ ...basketball, elapsedMinutes: 10, home: 20, away: 20 }, lines),
      219,
    );
    const earlyLead = winner(
      priceBasketball({ ...basketball, elapsedMinutes: 10, home: 23, away: 20 }, lines),
      219,
    );
    const lateLead = winner(
      priceBasketball({ ...basketball, elapsedMinutes: 38, home: 73, away: 70 }, lines),
      219,
    );
    expect(earlyLead).toBeGreaterThan(early);
    expect(lateLead).toBeGreaterThan(earlyLead);
  });

  it('settles a total once passed and the rest at the end', () => {
    const lines = { spreads: [-4.5], totals: [150.5] };
    expect(
      settleBasketball({ ...basketball, elapsedMinutes: 35, home: 80, away: 71 }, lines),
    ).toEqual([
      {
        typeId: 225,
        specifiers: { total: '150.5' },
        outcomes: expect.arrayContaining([expect.objectContaining({ id: 'over', result: 'won' })]),
      },
    ]);
    const final = settleBasketball(
      { ...basketball, elapsedMinutes: 40, home: 80, away: 76, ended: true },
      lines,
    );
    expect(
      final
        .find((market) => market.typeId === 223)
        ?.outcomes.find((outcome) => outcome.result === 'won')?.id,
    ).toBe('2');
  });
});

const esports: EsportsState = {
  bestOf: 3,
  roundWin: 0.53,
  roundsToWin: 13,
  mapsHome: 0,
  mapsAway: 0,
  roundsHome: 0,
  roundsAway: 0,
  ended: false,
};

describe('e-sports model', () => {
  it('gives every market probabilities that sum to 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 0.7, noNaN: true }),
        fc.constantFrom(3 as const, 5 as const),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (roundWin, bestOf, mapsHome, mapsAway, roundsHome, roundsAway) =>
          expectPartitions(
            priceEsports({
              ...esports,
              roundWin,
              bestOf,
              mapsHome,
              mapsAway,
              roundsHome,
              roundsAway,
            }),
          ),
      ),
    );
  });

  it('races to 13 rounds as the binomial says', () => {
    expect(homeWinsRace(0.5, 0, 0, 13)).toBeCloseTo(0.5, 12);
    expect(homeWinsRace(0.6, 12, 12, 13)).toBeCloseTo(0.6, 12);
    expect(homeWinsRace(0.5, 0, 0, 1)).toBeCloseTo(0.5, 12);
  });

  it('moves towards the side that takes a map', () => {
    const before = winner(priceEsports(esports), 186);
    const after = winner(priceEsports({ ...esports, mapsHome: 1 }), 186);
    expect(after).toBeGreaterThan(before + 0.1);
  });

  it('settles map handicaps as soon as they are decided and stops pricing them', () => {
    const atOneAll = { ...esports, mapsHome: 1, mapsAway: 1 };
    const settled = settleEsports(atOneAll, { number: 2, homeWon: false });
    // neither side can win 2-0 any more: -1.5 lost for home, +1.5 won for home
    expect(settled.find((market) => market.specifiers.hcp === '-1.5')?.outcomes[0]?.result).toBe(
      'lost',
    );
    expect(settled.find((market) => market.specifiers.hcp === '1.5')?.outcomes[0]?.result).toBe(
      'won',
    );
    expect(priceEsports(atOneAll).filter((market) => market.typeId === 327)).toEqual([]);
    // at 1-0 home cannot lose by two: +1.5 is won, -1.5 still open
    const atOneNil = settleEsports({ ...esports, mapsHome: 1 }, null).filter(
      (market) => market.typeId === 327,
    );
    expect(atOneNil.map((market) => [market.specifiers.hcp, market.outcomes[0]?.result])).toEqual([
      ['1.5', 'won'],
    ]);
  });

  it('settles total maps 2.5 as over when a third map becomes certain', () => {
    expect(
      settleEsports({ ...esports, mapsHome: 1 }, { number: 1, homeWon: true }).find(
        (market) => market.typeId === 328,
      ),
    ).toBeUndefined();
    const atOneAll = settleEsports(
      { ...esports, mapsHome: 1, mapsAway: 1 },
      { number: 2, homeWon: false },
    );
    expect(atOneAll.find((market) => market.typeId === 328)?.outcomes[0]?.result).toBe('won');
    const settled = settleEsports(
      { ...esports, mapsHome: 2, mapsAway: 1, ended: true },
      { number: 3, homeWon: true },
    );
    expect(settled.find((market) => market.typeId === 328)?.outcomes[0]).toEqual({
      id: 'over',
      result: 'won',
      voidFactor: 0,
      deadHeatFactor: 1,
    });
    expect(
      settled.find((market) => market.typeId === 327 && market.specifiers.hcp === '-1.5')
        ?.outcomes[0]?.result,
    ).toBe('lost');
  });
});
