/**
 * The market types the simulator offers, after the Unified Odds Feed's catalogue: a numeric type
 * id, a name template with specifiers ("Total {total}"), a display group, and outcomes with stable
 * ids and name templates ("{$competitor1}", "Over {total}"). Correct score's outcomes are the
 * scores themselves ('1:0') plus 'other'.
 */

import type { OutcomeResult } from '../feed-messages.ts';

export type MarketGroup =
  | 'main'
  | 'totals'
  | 'handicaps'
  | 'halves'
  | 'correct_score'
  | 'goals'
  | 'sets'
  | 'maps';

export interface MarketType {
  id: number;
  name: string;
  group: MarketGroup;
  specifiers: readonly string[];
  /** outcome id → name template; null when the outcomes are named by their ids (correct score) */
  outcomes: Readonly<Record<string, string>> | null;
}

const home = '{$competitor1}';
const away = '{$competitor2}';
const threeWay = { '1': home, X: 'Draw', '2': away };
const twoWay = { '1': home, '2': away };
const overUnder = { over: 'Over {total}', under: 'Under {total}' };
const handicap = { '1': `${home} ({hcp})`, '2': `${away} ({-hcp})` };

const types: readonly MarketType[] = [
  // football
  { id: 1, name: '1x2', group: 'main', specifiers: [], outcomes: threeWay },
  {
    id: 10,
    name: 'Double chance',
    group: 'main',
    specifiers: [],
    outcomes: { '1X': `${home} or draw`, '12': `${home} or ${away}`, X2: `Draw or ${away}` },
  },
  { id: 18, name: 'Total {total}', group: 'totals', specifiers: ['total'], outcomes: overUnder },
  { id: 16, name: 'Handicap {hcp}', group: 'handicaps', specifiers: ['hcp'], outcomes: handicap },
  {
    id: 14,
    name: 'European handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: { '1': `${home} ({hcp})`, X: 'Draw ({hcp})', '2': `${away} ({hcp})` },
  },
  {
    id: 29,
    name: 'Both teams to score',
    group: 'goals',
    specifiers: [],
    outcomes: { yes: 'Yes', no: 'No' },
  },
  { id: 41, name: 'Correct score', group: 'correct_score', specifiers: [], outcomes: null },
  {
    id: 8,
    name: '{goalnr} goal',
    group: 'goals',
    specifiers: ['goalnr'],
    outcomes: { '1': home, none: 'No goal', '2': away },
  },
  { id: 60, name: '1st half - 1x2', group: 'halves', specifiers: [], outcomes: threeWay },
  {
    id: 68,
    name: '1st half - total {total}',
    group: 'halves',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  // tennis and e-sports share the winner
  { id: 186, name: 'Winner', group: 'main', specifiers: [], outcomes: twoWay },
  { id: 204, name: '{setnr} set - winner', group: 'sets', specifiers: ['setnr'], outcomes: twoWay },
  {
    id: 189,
    name: 'Total games {total}',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  {
    id: 187,
    name: 'Game handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
  // basketball
  { id: 219, name: 'Winner (incl. overtime)', group: 'main', specifiers: [], outcomes: twoWay },
  {
    id: 223,
    name: 'Handicap {hcp} (incl. overtime)',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
  {
    id: 225,
    name: 'Total {total} (incl. overtime)',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  // e-sports
  { id: 330, name: '{mapnr} map - winner', group: 'maps', specifiers: ['mapnr'], outcomes: twoWay },
  {
    id: 328,
    name: 'Total maps {total}',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  {
    id: 327,
    name: 'Map handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
];

export const marketTypes: ReadonlyMap<number, MarketType> = new Map(
  types.map((type) => [type.id, type]),
);

/** A priced market before the margin: each outcome's fair probability. */
export interface FairMarket {
  typeId: number;
  specifiers: Record<string, string>;
  outcomes: Array<{ id: string; probability: number }>;
}

/** A decided market: each outcome's result. */
export interface SettledMarket {
  typeId: number;
  specifiers: Record<string, string>;
  outcomes: OutcomeResult[];
}

export function won(id: string, voidFactor: 0 | 0.5 | 1 = 0): OutcomeResult {
  return { id, result: 'won', voidFactor, deadHeatFactor: 1 };
}

export function lost(id: string, voidFactor: 0 | 0.5 | 1 = 0): OutcomeResult {
  return { id, result: 'lost', voidFactor, deadHeatFactor: 1 };
}

/** A two-way market's outcome ids that won: one winner, the rest lost. */
export function winnerAmong(winner: string, ids: readonly string[]): OutcomeResult[] {
  return ids.map((id) => (id === winner ? won(id) : lost(id)));
}

/** A line's specifier text: 2.5 → "2.5", -0.75 → "-0.75", 1 → "1". */
export function lineText(line: number): string {
  return String(Number(line.toFixed(2)));
}

/**
 * An Asian line's result for the side that takes `line` with a `margin` (its score minus the
 * other's): quarter lines are half on each neighbouring half line, so they can half win or half
 * lose (void factor 0.5); whole lines push (void factor 1).
 */
export function asianResult(id: string, line: number, margin: number): OutcomeResult {
  const halves = isQuarterLine(line) ? [line - 0.25, line + 0.25] : [line, line];
  let wins = 0;
  let pushes = 0;
  for (const half of halves) {
    const adjusted = margin + half;
    if (adjusted > 0) wins += 1;
    else if (adjusted === 0) pushes += 1;
  }
  if (pushes === 2) return lost(id, 1);
  if (wins === 2) return won(id);
  if (wins === 1 && pushes === 1) return won(id, 0.5);
  if (pushes === 1) return lost(id, 0.5);
  return lost(id);
}

export function isQuarterLine(line: number): boolean {
  return Math.abs(((Math.abs(line) * 4) % 2) - 1) < 1e-9;
}

/**
 * The fair prices of an Asian line as probabilities that sum to 1: with a push possible, the fair
 * odds o of a side solve EV = 0 over its halves, o = (2 − pushes) / wins, where wins and pushes
 * add the two half lines' probabilities. Takes `distribution`: margin → probability.
 */
export function asianFairProbabilities(
  line: number,
  distribution: ReadonlyMap<number, number>,
): { home: number; away: number } {
  const halves = isQuarterLine(line) ? [line - 0.25, line + 0.25] : [line, line];
  let homeWins = 0;
  let awayWins = 0;
  for (const half of halves) {
    for (const [margin, probability] of distribution) {
      const adjusted = margin + half;
      if (adjusted > 0) homeWins += probability;
      else if (adjusted < 0) awayWins += probability;
    }
  }
  const stake = homeWins + awayWins;
  if (!(stake > 0)) return { home: 0.5, away: 0.5 };
  return { home: homeWins / stake, away: awayWins / stake };
}
