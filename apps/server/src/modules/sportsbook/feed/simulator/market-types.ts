/**
 * What the simulator's models share about markets: fair and settled markets, results, Asian
 * lines. The market types themselves (ids, specifiers, outcome ids, names) are the contract's
 * `sportMarketTypes`; correct score's outcomes are the scores themselves ('1:0') plus 'other'.
 */

import type { OutcomeResult } from '../feed-messages.ts';

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

/** A two-way total line's fair market: over with probability `over`, under the rest. */
export function overUnderMarket(typeId: number, line: number, over: number): FairMarket {
  return {
    typeId,
    specifiers: { total: lineText(line) },
    outcomes: [
      { id: 'over', probability: over },
      { id: 'under', probability: 1 - over },
    ],
  };
}

/** A two-way handicap line's fair market: home (taking `line`) with probability `home`. */
export function handicapMarket(typeId: number, line: number, home: number): FairMarket {
  return {
    typeId,
    specifiers: { hcp: lineText(line) },
    outcomes: [
      { id: '1', probability: home },
      { id: '2', probability: 1 - home },
    ],
  };
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
