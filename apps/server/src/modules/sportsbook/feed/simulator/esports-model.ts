/**
 * E-sports pricing (CS2, Dota 2, League of Legends, Valorant): a map-level model. Home wins a map
 * with a fixed probability; a map in progress is a race to `roundsToWin` rounds (13 in CS2 and
 * Valorant; 1 in Dota 2 and LoL, whose maps have no rounds), with the round probability that gives
 * that map probability. Best of N gives the match, the map scores, total maps and map handicaps.
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

export interface EsportsState {
  bestOf: 3 | 5;
  /** probability that home wins a round of a map */
  roundWin: number;
  roundsToWin: number;
  mapsHome: number;
  mapsAway: number;
  /** the current map's rounds */
  roundsHome: number;
  roundsAway: number;
  ended: boolean;
}

/** Probability home first reaches `target` rounds from (a, b), each round won with `p`. */
export function homeWinsRace(p: number, a: number, b: number, target: number): number {
  // the race is decided within the next (target − a) + (target − b) − 1 rounds: home wins if it
  // takes at least (target − a) of them (negative binomial tail)
  const homeNeeds = target - a;
  const awayNeeds = target - b;
  if (homeNeeds <= 0) return 1;
  if (awayNeeds <= 0) return 0;
  const rounds = homeNeeds + awayNeeds - 1;
  let probability = 0;
  let binomial = 1;
  for (let wins = 0; wins <= rounds; wins += 1) {
    if (wins >= homeNeeds) probability += binomial * p ** wins * (1 - p) ** (rounds - wins);
    binomial = (binomial * (rounds - wins)) / (wins + 1);
  }
  return probability;
}

export function mapWinProbability(state: EsportsState): number {
  return homeWinsRace(state.roundWin, 0, 0, state.roundsToWin);
}

/** Final map scores "home:away" → probability. */
function mapScores(state: EsportsState): { scores: Map<string, number>; currentMap: number } {
  const needed = (state.bestOf + 1) / 2;
  const fresh = mapWinProbability(state);
  const currentMap = homeWinsRace(
    state.roundWin,
    state.roundsHome,
    state.roundsAway,
    state.roundsToWin,
  );
  const scores = new Map<string, number>();
  const walk = (home: number, away: number, probability: number, mapHome: number) => {
    if (home === needed || away === needed) {
      const key = `${home}:${away}`;
      scores.set(key, (scores.get(key) ?? 0) + probability);
      return;
    }
    walk(home + 1, away, probability * mapHome, fresh);
    walk(home, away + 1, probability * (1 - mapHome), fresh);
  };
  walk(state.mapsHome, state.mapsAway, 1, currentMap);
  return { scores, currentMap };
}

export function esportsLines(bestOf: 3 | 5): { totals: number[]; handicaps: number[] } {
  return bestOf === 3
    ? { totals: [2.5], handicaps: [-1.5, 1.5] }
    : { totals: [3.5, 4.5], handicaps: [-2.5, -1.5, 1.5, 2.5] };
}

export function priceEsports(state: EsportsState): FairMarket[] {
  if (state.ended) return [];
  const { scores, currentMap } = mapScores(state);
  const needed = (state.bestOf + 1) / 2;
  const entries = [...scores].map(([key, probability]) => {
    const [home, away] = key.split(':').map(Number) as [number, number];
    return { home, away, probability };
  });
  const homeWins = entries
    .filter((entry) => entry.home === needed)
    .reduce((sum, entry) => sum + entry.probability, 0);
  const lines = esportsLines(state.bestOf);
  const markets: FairMarket[] = [
    {
      typeId: 186,
      specifiers: {},
      outcomes: [
        { id: '1', probability: homeWins },
        { id: '2', probability: 1 - homeWins },
      ],
    },
    {
      typeId: 330,
      specifiers: { mapnr: String(state.mapsHome + state.mapsAway + 1) },
      outcomes: [
        { id: '1', probability: currentMap },
        { id: '2', probability: 1 - currentMap },
      ],
    },
  ];
  for (const line of lines.totals) {
    if (decided(state, (home, away) => home + away > line) !== null) continue;
    const over = entries
      .filter((entry) => entry.home + entry.away > line)
      .reduce((sum, entry) => sum + entry.probability, 0);
    markets.push(overUnderMarket(328, line, over));
  }
  for (const line of lines.handicaps) {
    if (decided(state, (home, away) => home + line > away) !== null) continue;
    const home = entries
      .filter((entry) => entry.home + line > entry.away)
      .reduce((sum, entry) => sum + entry.probability, 0);
    markets.push(handicapMarket(327, line, home));
  }
  return markets;
}

/** A finished map's winner market; total maps once passed; at the end, the match's markets. */
export function settleEsports(
  state: EsportsState,
  finishedMap: { number: number; homeWon: boolean } | null,
): SettledMarket[] {
  const settled: SettledMarket[] = [];
  const lines = esportsLines(state.bestOf);
  if (finishedMap !== null) {
    settled.push({
      typeId: 330,
      specifiers: { mapnr: String(finishedMap.number) },
      outcomes: winnerAmong(finishedMap.homeWon ? '1' : '2', ['1', '2']),
    });
  }
  // total maps and map handicaps settle as soon as every final score still possible agrees
  for (const line of lines.totals) {
    const over = decided(state, (home, away) => home + away > line);
    if (over === null) continue;
    settled.push({
      typeId: 328,
      specifiers: { total: lineText(line) },
      outcomes: [over ? won('over') : lost('over'), over ? lost('under') : won('under')],
    });
  }
  for (const line of lines.handicaps) {
    const home = decided(state, (mapsHome, mapsAway) => mapsHome + line > mapsAway);
    if (home === null) continue;
    settled.push({
      typeId: 327,
      specifiers: { hcp: lineText(line) },
      outcomes: [home ? won('1') : lost('1'), home ? lost('2') : won('2')],
    });
  }
  if (state.ended) {
    settled.push({
      typeId: 186,
      specifiers: {},
      outcomes: winnerAmong(state.mapsHome > state.mapsAway ? '1' : '2', ['1', '2']),
    });
  }
  return settled;
}

/** The final map scores still possible from the maps won so far. */
function reachableFinals(state: EsportsState): Array<{ home: number; away: number }> {
  const needed = (state.bestOf + 1) / 2;
  const finals: Array<{ home: number; away: number }> = [];
  for (let away = state.mapsAway; away < needed; away += 1) finals.push({ home: needed, away });
  for (let home = state.mapsHome; home < needed; home += 1) finals.push({ home, away: needed });
  return finals;
}

/** The answer every final still possible gives, or null while they differ (undecided). */
function decided(
  state: EsportsState,
  holds: (home: number, away: number) => boolean,
): boolean | null {
  if (state.ended) return holds(state.mapsHome, state.mapsAway);
  const answers = new Set(reachableFinals(state).map((final) => holds(final.home, final.away)));
  if (answers.size !== 1) return null;
  return answers.has(true);
}
