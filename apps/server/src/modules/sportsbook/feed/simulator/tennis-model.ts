/**
 * Tennis pricing: a point-level Markov model. Each player wins a point on their own serve with a
 * fixed probability; from any score (points, games, sets, who serves, tie-break) it gives the
 * exact distribution of how the current set ends and, set by set, of the match: the winner, the
 * total games and the games margin.
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

export type Side = 'home' | 'away';

export interface TennisState {
  bestOf: 3 | 5;
  /** probability that each player wins a point on their own serve */
  serveWin: { home: number; away: number };
  /** finished sets, games each */
  sets: Array<{ home: number; away: number }>;
  /** the current set's games */
  games: { home: number; away: number };
  /** the current game's points as counts (a tie-break's points too) */
  points: { home: number; away: number };
  server: Side;
  ended: boolean;
}

export interface TennisLines {
  totalGames: number[];
  gameHandicaps: number[];
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** Probability that the SERVER wins the game from points (a for the server, b for the receiver). */
export function serverWinsGame(p: number, a: number, b: number): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (a === b) return deuce;
    return a > b ? p + (1 - p) * deuce : p * deuce;
  }
  return p * serverWinsGame(p, a + 1, b) + (1 - p) * serverWinsGame(p, a, b + 1);
}

/** Probability home wins a point that `server` serves. */
function homeWinsPoint(state: TennisState, server: Side): number {
  return server === 'home' ? state.serveWin.home : 1 - state.serveWin.away;
}

/** Probability home wins the tie-break from (a, b), `first` serving its first point. */
function homeWinsTiebreak(state: TennisState, a: number, b: number, first: Side): number {
  const memo = tiebreakMemo.get(state) ?? new Map<string, number>();
  tiebreakMemo.set(state, memo);
  const key = `${a}:${b}:${first}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = tiebreakFrom(state, a, b, first);
  memo.set(key, value);
  return value;
}

/** Tie-break probabilities per state object (the recursion revisits the same scores). */
const tiebreakMemo = new WeakMap<TennisState, Map<string, number>>();

function tiebreakFrom(state: TennisState, a: number, b: number, first: Side): number {
  if (a >= 7 && a - b >= 2) return 1;
  if (b >= 7 && b - a >= 2) return 0;
  if (a >= 6 && a === b) {
    // the next two points are one on each serve
    const homeServes = homeWinsPoint(state, 'home');
    const awayServes = homeWinsPoint(state, 'away');
    const bothHome = homeServes * awayServes;
    const bothAway = (1 - homeServes) * (1 - awayServes);
    return bothHome / (bothHome + bothAway);
  }
  const played = a + b;
  const server = Math.floor((played + 1) / 2) % 2 === 0 ? first : other(first);
  const p = homeWinsPoint(state, server);
  return (
    p * homeWinsTiebreak(state, a + 1, b, first) +
    (1 - p) * homeWinsTiebreak(state, a, b + 1, first)
  );
}

function setOver(home: number, away: number): boolean {
  return (
    (home >= 6 && home - away >= 2) || (away >= 6 && away - home >= 2) || home === 7 || away === 7
  );
}

/** Probability home wins the game in progress at (games, points) with `server` serving. */
function homeWinsCurrentGame(
  state: TennisState,
  games: TennisState['games'],
  points: TennisState['points'],
  server: Side,
): number {
  if (games.home === 6 && games.away === 6)
    return homeWinsTiebreak(state, points.home, points.away, server);
  const p = server === 'home' ? state.serveWin.home : state.serveWin.away;
  const serverPoints = server === 'home' ? points.home : points.away;
  const receiverPoints = server === 'home' ? points.away : points.home;
  const serverWins =
    serverPoints === 0 && receiverPoints === 0
      ? serverWinsFreshGame(p)
      : serverWinsGame(p, serverPoints, receiverPoints);
  return server === 'home' ? serverWins : 1 - serverWins;
}

/**
 * `serverWinsGame(p, 0, 0)`, remembered per serve strength: a set's and a match's distributions
 * ask it for every game ahead, at every price update of every tennis match (the simulator's
 * largest share of CPU before). The same number as computed, so prices do not change.
 */
function serverWinsFreshGame(p: number): number {
  const known = freshGameMemo.get(p);
  if (known !== undefined) return known;
  // a few strengths per match under way: a bound, not an eviction policy
  if (freshGameMemo.size >= 1_000) freshGameMemo.clear();
  const value = serverWinsGame(p, 0, 0);
  freshGameMemo.set(p, value);
  return value;
}

const freshGameMemo = new Map<number, number>();

/** How the current set ends: final games (home, away) → probability; and who serves next. */
function setOutcomes(
  state: TennisState,
  games: TennisState['games'],
  points: TennisState['points'],
  server: Side,
): Array<{ home: number; away: number; probability: number; nextServer: Side }> {
  const outcomes: Array<{ home: number; away: number; probability: number; nextServer: Side }> = [];
  // forward over game scores in order of games played
  let layer = new Map<
    string,
    { home: number; away: number; server: Side; probability: number; fresh: boolean }
  >();
  layer.set(`${games.home}:${games.away}`, { ...games, server, probability: 1, fresh: false });
  while (layer.size > 0) {
    const next = new Map<
      string,
      { home: number; away: number; server: Side; probability: number; fresh: boolean }
    >();
    for (const cell of layer.values()) {
      const homeWins = homeWinsCurrentGame(
        state,
        cell,
        cell.fresh ? { home: 0, away: 0 } : points,
        cell.server,
      );
      for (const [homeWon, chance] of [
        [true, homeWins],
        [false, 1 - homeWins],
      ] as const) {
        if (chance === 0) continue;
        const home = cell.home + (homeWon ? 1 : 0);
        const away = cell.away + (homeWon ? 0 : 1);
        const nextServer = other(cell.server);
        const probability = cell.probability * chance;
        if (setOver(home, away)) {
          outcomes.push({ home, away, probability, nextServer });
          continue;
        }
        const key = `${home}:${away}`;
        const existing = next.get(key);
        if (existing) existing.probability += probability;
        else next.set(key, { home, away, server: nextServer, probability, fresh: true });
      }
    }
    layer = next;
  }
  return outcomes;
}

interface MatchDistribution {
  homeWins: number;
  /** final (games home, games away) of the match with their probabilities */
  games: Array<{ home: number; away: number; probability: number }>;
  currentSetHome: number;
}

/** State keys packed in a number: sets, server, then games (under 64 each). */
const pack = (
  setsHome: number,
  setsAway: number,
  server: Side,
  gamesHome: number,
  gamesAway: number,
): number =>
  (((setsHome * 4 + setsAway) * 2 + (server === 'home' ? 0 : 1)) * 64 + gamesHome) * 64 + gamesAway;

function matchDistribution(state: TennisState): MatchDistribution {
  const needed = (state.bestOf + 1) / 2;
  let setsHome = 0;
  let setsAway = 0;
  let gamesHome = 0;
  let gamesAway = 0;
  for (const set of state.sets) {
    if (set.home > set.away) setsHome += 1;
    else setsAway += 1;
    gamesHome += set.home;
    gamesAway += set.away;
  }
  let layer = new Map<number, number>();
  const add = (map: Map<number, number>, key: number, probability: number) =>
    map.set(key, (map.get(key) ?? 0) + probability);
  let currentSetHome = 0;
  for (const outcome of setOutcomes(state, state.games, state.points, state.server)) {
    const homeSet = outcome.home > outcome.away;
    if (homeSet) currentSetHome += outcome.probability;
    add(
      layer,
      pack(
        setsHome + (homeSet ? 1 : 0),
        setsAway + (homeSet ? 0 : 1),
        outcome.nextServer,
        gamesHome + outcome.home,
        gamesAway + outcome.away,
      ),
      outcome.probability,
    );
  }
  const freshSets = {
    home: setOutcomes(state, { home: 0, away: 0 }, { home: 0, away: 0 }, 'home'),
    away: setOutcomes(state, { home: 0, away: 0 }, { home: 0, away: 0 }, 'away'),
  };
  const finished = new Map<number, number>();
  let homeWins = 0;
  while (layer.size > 0) {
    const next = new Map<number, number>();
    for (const [key, probability] of layer) {
      const cellGamesAway = key % 64;
      const cellGamesHome = Math.floor(key / 64) % 64;
      const server: Side = Math.floor(key / 4096) % 2 === 0 ? 'home' : 'away';
      const cellSetsAway = Math.floor(key / 8192) % 4;
      const cellSetsHome = Math.floor(key / 32768);
      if (cellSetsHome === needed || cellSetsAway === needed) {
        if (cellSetsHome === needed) homeWins += probability;
        add(finished, cellGamesHome * 64 + cellGamesAway, probability);
        continue;
      }
      for (const outcome of freshSets[server]) {
        const homeSet = outcome.home > outcome.away;
        add(
          next,
          pack(
            cellSetsHome + (homeSet ? 1 : 0),
            cellSetsAway + (homeSet ? 0 : 1),
            outcome.nextServer,
            cellGamesHome + outcome.home,
            cellGamesAway + outcome.away,
          ),
          probability * outcome.probability,
        );
      }
    }
    layer = next;
  }
  const games = [...finished].map(([key, probability]) => ({
    home: Math.floor(key / 64),
    away: key % 64,
    probability,
  }));
  return { homeWins, games, currentSetHome };
}

/** Probability home wins the match from this state. */
export function homeWinsMatch(state: TennisState): number {
  return matchDistribution(state).homeWins;
}

/** Lines around the expected games, fixed when the match is scheduled. */
export function tennisLines(state: TennisState): TennisLines {
  const distribution = matchDistribution(state);
  let total = 0;
  let margin = 0;
  for (const { home, away, probability } of distribution.games) {
    total += (home + away) * probability;
    margin += (home - away) * probability;
  }
  const mainTotal = Math.floor(total) + 0.5;
  const mainHandicap = -Math.round(margin) - 0.5;
  return {
    totalGames: [mainTotal - 2, mainTotal, mainTotal + 2],
    gameHandicaps: [mainHandicap - 2, mainHandicap, mainHandicap + 2],
  };
}

export function priceTennis(state: TennisState, lines: TennisLines): FairMarket[] {
  if (state.ended) return [];
  const distribution = matchDistribution(state);
  const markets: FairMarket[] = [
    {
      typeId: 186,
      specifiers: {},
      outcomes: [
        { id: '1', probability: distribution.homeWins },
        { id: '2', probability: 1 - distribution.homeWins },
      ],
    },
    {
      typeId: 204,
      specifiers: { setnr: String(state.sets.length + 1) },
      outcomes: [
        { id: '1', probability: distribution.currentSetHome },
        { id: '2', probability: 1 - distribution.currentSetHome },
      ],
    },
  ];
  for (const line of lines.totalGames) {
    if (gamesPlayed(state) > line) continue;
    let over = 0;
    for (const { home, away, probability } of distribution.games) {
      if (home + away > line) over += probability;
    }
    markets.push(overUnderMarket(189, line, over));
  }
  for (const line of lines.gameHandicaps) {
    let home = 0;
    for (const { home: gamesHome, away: gamesAway, probability } of distribution.games) {
      if (gamesHome + line > gamesAway) home += probability;
    }
    markets.push(handicapMarket(187, line, home));
  }
  return markets;
}

/** A finished set's winner market; at the end, the match's markets. */
export function settleTennisSet(
  setNumber: number,
  set: { home: number; away: number },
): SettledMarket {
  return {
    typeId: 204,
    specifiers: { setnr: String(setNumber) },
    outcomes: winnerAmong(set.home > set.away ? '1' : '2', ['1', '2']),
  };
}

/** Games played so far, finished sets and the current one. */
function gamesPlayed(state: TennisState): number {
  return (
    state.sets.reduce((sum, set) => sum + set.home + set.away, 0) +
    state.games.home +
    state.games.away
  );
}

/** Total games lines already passed: over has won before the end. */
export function settleTennisTotalsPassed(state: TennisState, lines: TennisLines): SettledMarket[] {
  const played = gamesPlayed(state);
  return lines.totalGames
    .filter((line) => played > line)
    .map((line) => ({
      typeId: 189,
      specifiers: { total: lineText(line) },
      outcomes: [won('over'), lost('under')],
    }));
}

export function settleTennisMatch(state: TennisState, lines: TennisLines): SettledMarket[] {
  let setsHome = 0;
  let gamesHome = 0;
  let gamesAway = 0;
  for (const set of state.sets) {
    if (set.home > set.away) setsHome += 1;
    gamesHome += set.home;
    gamesAway += set.away;
  }
  const homeWon = setsHome === (state.bestOf + 1) / 2;
  const settled: SettledMarket[] = [
    { typeId: 186, specifiers: {}, outcomes: winnerAmong(homeWon ? '1' : '2', ['1', '2']) },
  ];
  for (const line of lines.totalGames) {
    const over = gamesHome + gamesAway > line;
    settled.push({
      typeId: 189,
      specifiers: { total: lineText(line) },
      outcomes: [over ? won('over') : lost('over'), over ? lost('under') : won('under')],
    });
  }
  for (const line of lines.gameHandicaps) {
    const home = gamesHome + line > gamesAway;
    settled.push({
      typeId: 187,
      specifiers: { hcp: lineText(line) },
      outcomes: [home ? won('1') : lost('1'), home ? lost('2') : won('2')],
    });
  }
  return settled;
}
