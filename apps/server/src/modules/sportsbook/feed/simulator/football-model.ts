/**
 * Football pricing: goals are two independent Poisson processes over the match clock, one per
 * team, at rates from team strengths (attack × opponent's defence, home advantage) changed by red
 * cards. In play, the score grid of ADDITIONAL goals over the remaining time, added to the current
 * score, prices every market; a market already decided is settled instead (over 1.5 at the second
 * goal), the rest at full time.
 */

import {
  asianFairProbabilities,
  asianResult,
  type FairMarket,
  lineText,
  lost,
  type SettledMarket,
  winnerAmong,
  won,
} from './market-types.ts';

export interface FootballStrengths {
  homeAttack: number;
  homeDefence: number;
  awayAttack: number;
  awayDefence: number;
  /** multiplies the home side's rate and divides the away side's (about 1.15) */
  homeAdvantage: number;
}

/** League average goals per team per 90 minutes. */
const averageTeamGoals = 1.35;

/** Expected goals per team over 90 minutes. */
export function expectedGoals(strengths: FootballStrengths): { home: number; away: number } {
  return {
    home: averageTeamGoals * strengths.homeAttack * strengths.awayDefence * strengths.homeAdvantage,
    away:
      (averageTeamGoals * strengths.awayAttack * strengths.homeDefence) / strengths.homeAdvantage,
  };
}

export interface FootballState {
  /** match minutes played, 0 … 90 (stoppage time is not modelled) */
  minute: number;
  home: number;
  away: number;
  /** the first half's score (equal to the score while it is played) */
  firstHalfHome: number;
  firstHalfAway: number;
  /** goals per 90 minutes from now on (after red cards) */
  homeRate: number;
  awayRate: number;
  ended: boolean;
}

/** The lines a match offers: fixed when it is scheduled, so market keys do not wander. */
export interface FootballLines {
  asian: number[];
  european: Array<[number, number]>;
}

export const footballTotals = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5];
export const firstHalfTotals = [0.5, 1.5, 2.5];
const maxGoals = 10;
const correctScoreMax = 4;

/** Poisson probabilities 0 … maxGoals, the last absorbing the tail, so they sum to exactly 1. */
function poissonTruncated(mean: number): number[] {
  const probabilities: number[] = [];
  let term = Math.exp(-mean);
  let sum = 0;
  for (let goals = 0; goals < maxGoals; goals += 1) {
    probabilities.push(term);
    sum += term;
    term = (term * mean) / (goals + 1);
  }
  probabilities.push(Math.max(0, 1 - sum));
  return probabilities;
}

/** The asian lines around the expected margin: the main line and two quarter steps each side. */
export function footballLines(strengths: FootballStrengths): FootballLines {
  const goals = expectedGoals(strengths);
  const main = -Math.round((goals.home - goals.away) * 4) / 4;
  return {
    asian: [main - 0.5, main - 0.25, main, main + 0.25, main + 0.5],
    european: [
      [0, 1],
      [1, 0],
      [0, 2],
      [2, 0],
    ],
  };
}

type Grid = Array<{ home: number; away: number; probability: number }>;

/** Final scores (current + additional) with their probabilities over `fraction` of 90 minutes. */
function scoreGrid(home: number, away: number, homeMean: number, awayMean: number): Grid {
  const homeGoals = poissonTruncated(homeMean);
  const awayGoals = poissonTruncated(awayMean);
  const grid: Grid = [];
  for (const [extraHome, pHome] of homeGoals.entries()) {
    for (const [extraAway, pAway] of awayGoals.entries()) {
      grid.push({ home: home + extraHome, away: away + extraAway, probability: pHome * pAway });
    }
  }
  return grid;
}

function sumWhere(grid: Grid, predicate: (home: number, away: number) => boolean): number {
  let sum = 0;
  for (const cell of grid) if (predicate(cell.home, cell.away)) sum += cell.probability;
  return sum;
}

function threeWay(grid: Grid, adjustHome = 0, adjustAway = 0): FairMarket['outcomes'] {
  const homeWins = sumWhere(grid, (h, a) => h + adjustHome > a + adjustAway);
  const awayWins = sumWhere(grid, (h, a) => h + adjustHome < a + adjustAway);
  return [
    { id: '1', probability: homeWins },
    { id: 'X', probability: 1 - homeWins - awayWins },
    { id: '2', probability: awayWins },
  ];
}

function overUnder(grid: Grid, line: number): FairMarket['outcomes'] {
  const over = sumWhere(grid, (h, a) => h + a > line);
  return [
    { id: 'over', probability: over },
    { id: 'under', probability: 1 - over },
  ];
}

function correctScoreId(home: number, away: number): string {
  return home <= correctScoreMax && away <= correctScoreMax ? `${home}:${away}` : 'other';
}

const remainingMinutes = (state: FootballState): number => Math.max(0, 90 - state.minute);

/** Fair prices of every market not yet decided. */
export function priceFootball(state: FootballState, lines: FootballLines): FairMarket[] {
  if (state.ended) return [];
  const remaining = remainingMinutes(state) / 90;
  const homeMean = state.homeRate * remaining;
  const awayMean = state.awayRate * remaining;
  const grid = scoreGrid(state.home, state.away, homeMean, awayMean);
  const markets: FairMarket[] = [];
  const result = threeWay(grid);
  markets.push({ typeId: 1, specifiers: {}, outcomes: result });
  const [homeWin, draw, awayWin] = result.map((outcome) => outcome.probability) as [
    number,
    number,
    number,
  ];
  markets.push({
    typeId: 10,
    specifiers: {},
    outcomes: [
      { id: '1X', probability: homeWin + draw },
      { id: '12', probability: homeWin + awayWin },
      { id: 'X2', probability: draw + awayWin },
    ],
  });
  const goals = state.home + state.away;
  for (const line of footballTotals) {
    if (goals > line) continue;
    markets.push({
      typeId: 18,
      specifiers: { total: lineText(line) },
      outcomes: overUnder(grid, line),
    });
  }
  const margins = new Map<number, number>();
  for (const cell of grid) {
    const margin = cell.home - cell.away;
    margins.set(margin, (margins.get(margin) ?? 0) + cell.probability);
  }
  for (const line of lines.asian) {
    const fair = asianFairProbabilities(line, margins);
    markets.push({
      typeId: 16,
      specifiers: { hcp: lineText(line) },
      outcomes: [
        { id: '1', probability: fair.home },
        { id: '2', probability: fair.away },
      ],
    });
  }
  for (const [homeStart, awayStart] of lines.european) {
    markets.push({
      typeId: 14,
      specifiers: { hcp: `${homeStart}:${awayStart}` },
      outcomes: threeWay(grid, homeStart, awayStart),
    });
  }
  if (state.home === 0 || state.away === 0) {
    const both = sumWhere(grid, (h, a) => h > 0 && a > 0);
    markets.push({
      typeId: 29,
      specifiers: {},
      outcomes: [
        { id: 'yes', probability: both },
        { id: 'no', probability: 1 - both },
      ],
    });
  }
  const scores = new Map<string, number>();
  for (let home = 0; home <= correctScoreMax; home += 1) {
    for (let away = 0; away <= correctScoreMax; away += 1) scores.set(`${home}:${away}`, 0);
  }
  scores.set('other', 0);
  for (const cell of grid) {
    const id = correctScoreId(cell.home, cell.away);
    scores.set(id, (scores.get(id) ?? 0) + cell.probability);
  }
  markets.push({
    typeId: 41,
    specifiers: {},
    outcomes: [...scores].map(([id, probability]) => ({ id, probability })),
  });
  // the next goal: which process fires first, or none in the time left
  const totalMean = homeMean + awayMean;
  const anyGoal = 1 - Math.exp(-totalMean);
  const homeFirst = totalMean > 0 ? (anyGoal * homeMean) / totalMean : 0;
  markets.push({
    typeId: 8,
    specifiers: { goalnr: String(goals + 1) },
    outcomes: [
      { id: '1', probability: homeFirst },
      { id: 'none', probability: 1 - anyGoal },
      { id: '2', probability: anyGoal - homeFirst },
    ],
  });
  if (state.minute < 45) {
    const halfRemaining = (45 - state.minute) / 90;
    const halfGrid = scoreGrid(
      state.firstHalfHome,
      state.firstHalfAway,
      state.homeRate * halfRemaining,
      state.awayRate * halfRemaining,
    );
    markets.push({ typeId: 60, specifiers: {}, outcomes: threeWay(halfGrid) });
    const halfGoals = state.firstHalfHome + state.firstHalfAway;
    for (const line of firstHalfTotals) {
      if (halfGoals > line) continue;
      markets.push({
        typeId: 68,
        specifiers: { total: lineText(line) },
        outcomes: overUnder(halfGrid, line),
      });
    }
  }
  return markets;
}

function threeWayWinner(home: number, away: number): string {
  if (home > away) return '1';
  return home < away ? '2' : 'X';
}

/**
 * The markets decided by this state: totals already passed, both teams scored, the next goal
 * scored; at half time the first half's; at full time every one.
 */
export function settleFootball(state: FootballState, lines: FootballLines): SettledMarket[] {
  const settled: SettledMarket[] = [];
  const goals = state.home + state.away;
  const final = state.ended;
  for (const line of footballTotals) {
    if (goals > line) {
      settled.push({
        typeId: 18,
        specifiers: { total: lineText(line) },
        outcomes: [won('over'), lost('under')],
      });
    } else if (final) {
      settled.push({
        typeId: 18,
        specifiers: { total: lineText(line) },
        outcomes: [lost('over'), won('under')],
      });
    }
  }
  if (state.home > 0 && state.away > 0) {
    settled.push({ typeId: 29, specifiers: {}, outcomes: [won('yes'), lost('no')] });
  } else if (final) {
    settled.push({ typeId: 29, specifiers: {}, outcomes: [lost('yes'), won('no')] });
  }
  if (state.minute >= 45 || final) {
    const halfGoals = state.firstHalfHome + state.firstHalfAway;
    settled.push({
      typeId: 60,
      specifiers: {},
      outcomes: winnerAmong(threeWayWinner(state.firstHalfHome, state.firstHalfAway), [
        '1',
        'X',
        '2',
      ]),
    });
    for (const line of firstHalfTotals) {
      const over = halfGoals > line;
      settled.push({
        typeId: 68,
        specifiers: { total: lineText(line) },
        outcomes: [over ? won('over') : lost('over'), over ? lost('under') : won('under')],
      });
    }
  }
  if (!final) return settled;
  const winner = threeWayWinner(state.home, state.away);
  settled.push({ typeId: 1, specifiers: {}, outcomes: winnerAmong(winner, ['1', 'X', '2']) });
  settled.push({
    typeId: 10,
    specifiers: {},
    outcomes: ['1X', '12', 'X2'].map((id) => (id.includes(winner) ? won(id) : lost(id))),
  });
  const margin = state.home - state.away;
  for (const line of lines.asian) {
    settled.push({
      typeId: 16,
      specifiers: { hcp: lineText(line) },
      outcomes: [asianResult('1', line, margin), asianResult('2', -line, -margin)],
    });
  }
  for (const [homeStart, awayStart] of lines.european) {
    settled.push({
      typeId: 14,
      specifiers: { hcp: `${homeStart}:${awayStart}` },
      outcomes: winnerAmong(threeWayWinner(state.home + homeStart, state.away + awayStart), [
        '1',
        'X',
        '2',
      ]),
    });
  }
  const scores = ['other'];
  for (let home = 0; home <= correctScoreMax; home += 1) {
    for (let away = 0; away <= correctScoreMax; away += 1) scores.push(`${home}:${away}`);
  }
  settled.push({
    typeId: 41,
    specifiers: {},
    outcomes: winnerAmong(correctScoreId(state.home, state.away), scores),
  });
  // the next goal that never came
  settled.push({
    typeId: 8,
    specifiers: { goalnr: String(goals + 1) },
    outcomes: [lost('1'), won('none'), lost('2')],
  });
  return settled;
}

/** The next-goal market a goal decides (the goal's number, who scored). */
export function settleNextGoal(goalNumber: number, scorer: 'home' | 'away'): SettledMarket {
  return {
    typeId: 8,
    specifiers: { goalnr: String(goalNumber) },
    outcomes: winnerAmong(scorer === 'home' ? '1' : '2', ['1', 'none', '2']),
  };
}
