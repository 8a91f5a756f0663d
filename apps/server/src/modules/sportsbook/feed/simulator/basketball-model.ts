/**
 * Basketball pricing: the final margin and the final total are normal, centred on the current
 * score plus the expected points in the time left, with spreads that shrink with the square root
 * of the time left. A tie at the end goes to overtime, split by the teams' strengths.
 */

import {
  type FairMarket,
  handicapMarket,
  lineText,
  lost,
  overUnderMarket,
  type SettledMarket,
  winnerAmong,
  won,
} from './market-types.ts';

export interface BasketballState {
  /** regulation minutes (40 FIBA, 48 NBA) */
  regulationMinutes: number;
  /** minutes played, overtime included */
  elapsedMinutes: number;
  home: number;
  away: number;
  /** expected home − away over a full regulation game, and its standard deviation */
  expectedMargin: number;
  marginDeviation: number;
  /** expected points of both over a full regulation game, and its standard deviation */
  expectedTotal: number;
  totalDeviation: number;
  ended: boolean;
}

export interface BasketballLines {
  spreads: number[];
  totals: number[];
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 on erf, error under 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

function remainingShare(state: BasketballState): number {
  const regulationLeft = state.regulationMinutes - state.elapsedMinutes;
  if (regulationLeft > 0) return regulationLeft / state.regulationMinutes;
  // in overtime: what is left of the current five minutes
  const overtimeLeft = 5 - ((state.elapsedMinutes - state.regulationMinutes) % 5);
  return overtimeLeft / state.regulationMinutes;
}

/** Probability that a normal(mean, deviation) exceeds `threshold`. */
function above(mean: number, deviation: number, threshold: number): number {
  if (deviation <= 0) return mean > threshold ? 1 : 0;
  return 1 - normalCdf((threshold - mean) / deviation);
}

export function basketballLines(state: BasketballState): BasketballLines {
  const spread = -Math.round(state.expectedMargin) - 0.5;
  const total = Math.round(state.expectedTotal) + 0.5;
  return { spreads: [spread - 3, spread, spread + 3], totals: [total - 6, total, total + 6] };
}

export function priceBasketball(state: BasketballState, lines: BasketballLines): FairMarket[] {
  if (state.ended) return [];
  const share = remainingShare(state);
  const marginMean = state.home - state.away + state.expectedMargin * share;
  const marginDeviation = state.marginDeviation * Math.sqrt(share);
  const totalMean = state.home + state.away + state.expectedTotal * share;
  const totalDeviation = state.totalDeviation * Math.sqrt(share);
  const homeRegulation = above(marginMean, marginDeviation, 0.5);
  const awayRegulation = 1 - above(marginMean, marginDeviation, -0.5);
  const tie = Math.max(0, 1 - homeRegulation - awayRegulation);
  const overtimeHome = above(
    state.expectedMargin * (5 / state.regulationMinutes),
    state.marginDeviation * Math.sqrt(5 / state.regulationMinutes),
    0,
  );
  const homeWins = homeRegulation + tie * overtimeHome;
  const markets: FairMarket[] = [
    {
      typeId: 219,
      specifiers: {},
      outcomes: [
        { id: '1', probability: homeWins },
        { id: '2', probability: 1 - homeWins },
      ],
    },
  ];
  for (const line of lines.spreads) {
    const home = above(marginMean, marginDeviation, -line);
    markets.push(handicapMarket(223, line, home));
  }
  for (const line of lines.totals) {
    const over = above(totalMean, totalDeviation, line);
    markets.push(overUnderMarket(225, line, over));
  }
  return markets;
}

/** Totals passed are decided at once; everything at the end. */
export function settleBasketball(state: BasketballState, lines: BasketballLines): SettledMarket[] {
  const settled: SettledMarket[] = [];
  const total = state.home + state.away;
  for (const line of lines.totals) {
    if (total > line) {
      settled.push({
        typeId: 225,
        specifiers: { total: lineText(line) },
        outcomes: [won('over'), lost('under')],
      });
    } else if (state.ended) {
      settled.push({
        typeId: 225,
        specifiers: { total: lineText(line) },
        outcomes: [lost('over'), won('under')],
      });
    }
  }
  if (!state.ended) return settled;
  settled.push({
    typeId: 219,
    specifiers: {},
    outcomes: winnerAmong(state.home > state.away ? '1' : '2', ['1', '2']),
  });
  for (const line of lines.spreads) {
    const home = state.home + line > state.away;
    settled.push({
      typeId: 223,
      specifiers: { hcp: lineText(line) },
      outcomes: [home ? won('1') : lost('1'), home ? lost('2') : won('2')],
    });
  }
  return settled;
}
