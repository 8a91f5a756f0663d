/**
 * How each sport's match is played: from a seeded random source, a script of keyframes on the
 * accelerated clock (milliseconds after kick-off). A 'stop' keyframe is a dangerous moment (the
 * markets are suspended); a 'state' keyframe is a new state to settle and reprice from. Each
 * keyframe carries its own snapshot, so pricing is a pure function of it.
 */

import type { MatchClock, MatchScore } from '../feed-messages.ts';
import {
  type BasketballState,
  basketballLines,
  priceBasketball,
  settleBasketball,
} from './basketball-model.ts';
import { type EsportsState, priceEsports, settleEsports } from './esports-model.ts';
import {
  expectedGoals,
  type FootballState,
  type FootballStrengths,
  footballLines,
  priceFootball,
  settleFootball,
  settleNextGoal,
} from './football-model.ts';
import type { FairMarket, SettledMarket } from './market-types.ts';
import { poisson, type Random } from './random.ts';
import {
  priceTennis,
  type Side,
  settleTennisMatch,
  settleTennisSet,
  settleTennisTotalsPassed,
  type TennisState,
  tennisLines,
} from './tennis-model.ts';

export interface Keyframe {
  /** milliseconds after kick-off */
  at: number;
  kind: 'stop' | 'state';
  ended: boolean;
  score: MatchScore;
  clock: MatchClock;
  price: () => FairMarket[];
  settle: () => SettledMarket[];
}

export interface MatchPlan {
  /** fair prices before kick-off */
  prematch: () => FairMarket[];
  /** plays the match: the random source is the match's own, so the script is the same whenever it is made */
  play: (random: Random, msPerSimulatedSecond: number) => Keyframe[];
}

/** After a dangerous moment, how long the markets stay suspended (real milliseconds). */
export const betStopMs = 3000;

/**
 * The shortest match each script can play, in simulated seconds (the schedule's kick-off interval
 * is never longer, so a sport always has a match under way; a unit test plays many of each):
 * football 90 minutes and the 15-minute break; basketball 40 minutes of 150 s and three breaks
 * of 120 s; tennis two sets to love, 48 points of 40 s; CS2 and Valorant two maps of 13 rounds of
 * 100 s and the 300 s between them; Dota 2 and League of Legends two maps of seven 300 s units
 * and the 300 s between them.
 */
export const shortestMatchSeconds = {
  football: 90 * 60 + 900,
  basketball: 40 * 150 + 3 * 120,
  tennis: 48 * 40,
  roundMaps: 2 * 13 * 100 + 300,
  unitMaps: 2 * 7 * 300 + 300,
} as const;

// ---------------------------------------------------------------- football

export function footballPlan(random: Random): MatchPlan {
  const strengths: FootballStrengths = {
    homeAttack: random.between(0.7, 1.4),
    homeDefence: random.between(0.7, 1.3),
    awayAttack: random.between(0.7, 1.4),
    awayDefence: random.between(0.7, 1.3),
    homeAdvantage: random.between(1.05, 1.25),
  };
  const goals = expectedGoals(strengths);
  const lines = footballLines(strengths);
  const initial: FootballState = {
    minute: 0,
    home: 0,
    away: 0,
    firstHalfHome: 0,
    firstHalfAway: 0,
    homeRate: goals.home,
    awayRate: goals.away,
    ended: false,
  };
  return {
    prematch: () => priceFootball(initial, lines),
    play: (playRandom, msPerSecond) => {
      const keyframes: Keyframe[] = [];
      let state = initial;
      // the real time of a match minute (a 15-minute break after the 45th)
      const realAt = (minute: number) => (minute * 60 + (minute > 45 ? 900 : 0)) * msPerSecond;
      const push = (
        at: number,
        kind: Keyframe['kind'],
        snapshot: FootballState,
        period: string,
        extra: SettledMarket[] = [],
      ) => {
        const frozen = { ...snapshot };
        keyframes.push({
          at,
          kind,
          ended: frozen.ended,
          score: {
            home: frozen.home,
            away: frozen.away,
            periods: [
              { period: '1st_half', home: frozen.firstHalfHome, away: frozen.firstHalfAway },
              ...(frozen.minute > 45 || period === 'ended'
                ? [
                    {
                      period: '2nd_half',
                      home: frozen.home - frozen.firstHalfHome,
                      away: frozen.away - frozen.firstHalfAway,
                    },
                  ]
                : []),
            ],
            game: null,
            server: null,
          },
          clock: {
            period,
            elapsedSeconds: frozen.minute * 60,
            running: period === '1st_half' || period === '2nd_half',
          },
          price: () => priceFootball(frozen, lines),
          settle: () => [...extra, ...settleFootball(frozen, lines)],
        });
      };
      push(0, 'state', state, '1st_half');
      for (let minute = 1; minute <= 90; minute += 1) {
        const period = minute <= 45 ? '1st_half' : '2nd_half';
        // the second half starts after the break
        const minuteStart = ((minute - 1) * 60 + (minute > 45 ? 900 : 0)) * msPerSecond;
        for (const side of ['home', 'away'] as const) {
          const rate = side === 'home' ? state.homeRate : state.awayRate;
          const penalty = playRandom.next() < 0.0025;
          const goal = penalty ? playRandom.next() < 0.76 : playRandom.next() < rate / 90;
          const redCard = playRandom.next() < 0.0015;
          const minuteMs = realAt(minute) - minuteStart;
          const at = minuteStart + minuteMs * (side === 'home' ? 0.1 : 0.5);
          // suspended until the reprice, which stays inside the minute
          const resumeAt = at + Math.min(betStopMs, minuteMs * 0.35);
          if (penalty || goal || redCard)
            push(at, 'stop', { ...state, minute: minute - 1 }, period);
          if (goal) {
            const goalNumber = state.home + state.away + 1;
            state = {
              ...state,
              minute: minute - 1,
              home: state.home + (side === 'home' ? 1 : 0),
              away: state.away + (side === 'away' ? 1 : 0),
              firstHalfHome: state.firstHalfHome + (side === 'home' && minute <= 45 ? 1 : 0),
              firstHalfAway: state.firstHalfAway + (side === 'away' && minute <= 45 ? 1 : 0),
            };
            push(resumeAt, 'state', state, period, [settleNextGoal(goalNumber, side)]);
          }
          if (redCard) {
            // ten men: fewer goals for, more against
            state = {
              ...state,
              minute: minute - 1,
              homeRate: state.homeRate * (side === 'home' ? 0.7 : 1.2),
              awayRate: state.awayRate * (side === 'away' ? 0.7 : 1.2),
            };
            push(resumeAt, 'state', state, period);
          } else if (penalty && !goal) {
            push(resumeAt, 'state', { ...state, minute: minute - 1 }, period);
          }
        }
        state = { ...state, minute, ended: minute === 90 };
        if (minute === 45) push(realAt(45), 'state', state, 'halftime');
        else push(realAt(minute), 'state', state, minute === 90 ? 'ended' : period);
      }
      return keyframes;
    },
  };
}

// ---------------------------------------------------------------- tennis

const pointNames = ['0', '15', '30', '40'];

function gamePoints(
  points: { home: number; away: number },
  tiebreak: boolean,
): { home: string; away: string } {
  if (tiebreak) return { home: String(points.home), away: String(points.away) };
  if (points.home >= 3 && points.away >= 3) {
    if (points.home === points.away) return { home: '40', away: '40' };
    return points.home > points.away ? { home: 'A', away: '40' } : { home: '40', away: 'A' };
  }
  return { home: pointNames[points.home] ?? '40', away: pointNames[points.away] ?? '40' };
}

export function tennisPlan(random: Random): MatchPlan {
  const initial: TennisState = {
    bestOf: random.next() < 0.2 ? 5 : 3,
    // a tour's typical serve, and each player a little above or below it
    serveWin: (() => {
      const tour = random.between(0.6, 0.68);
      return { home: tour + random.between(-0.04, 0.04), away: tour + random.between(-0.04, 0.04) };
    })(),
    sets: [],
    games: { home: 0, away: 0 },
    points: { home: 0, away: 0 },
    server: random.next() < 0.5 ? 'home' : 'away',
    ended: false,
  };
  const lines = tennisLines(initial);
  return {
    prematch: () => priceTennis(initial, lines),
    play: (playRandom, msPerSecond) => {
      const keyframes: Keyframe[] = [];
      const pointMs = 40 * msPerSecond;
      let at = 0;
      let state = initial;
      const push = (kind: Keyframe['kind'], snapshot: TennisState, extra: SettledMarket[]) => {
        const frozen = snapshot;
        const tiebreak = frozen.games.home === 6 && frozen.games.away === 6;
        const setsHome = frozen.sets.filter((set) => set.home > set.away).length;
        keyframes.push({
          at: kind === 'stop' ? at : at + Math.min(betStopMs, pointMs / 2),
          kind,
          ended: frozen.ended,
          score: {
            home: setsHome,
            away: frozen.sets.length - setsHome,
            periods: [
              ...frozen.sets.map((set, index) => ({ period: `set_${index + 1}`, ...set })),
              ...(frozen.ended
                ? []
                : [{ period: `set_${frozen.sets.length + 1}`, ...frozen.games }]),
            ],
            game: frozen.ended ? null : gamePoints(frozen.points, tiebreak),
            server: frozen.ended ? null : frozen.server,
          },
          clock: {
            period: frozen.ended ? 'ended' : `set_${frozen.sets.length + 1}`,
            elapsedSeconds: null,
            running: !frozen.ended,
          },
          price: () => priceTennis(frozen, lines),
          settle: () => [
            ...extra,
            ...(frozen.ended
              ? settleTennisMatch(frozen, lines)
              : settleTennisTotalsPassed(frozen, lines)),
          ],
        });
      };
      push('state', state, []);
      const needed = (state.bestOf + 1) / 2;
      while (!state.ended) {
        at += pointMs;
        const tiebreak = state.games.home === 6 && state.games.away === 6;
        const receiver: Side = state.server === 'home' ? 'away' : 'home';
        const serverPoints = state.points[state.server];
        const receiverPoints = state.points[receiver];
        const breakPoint = !tiebreak && receiverPoints >= 3 && receiverPoints > serverPoints;
        if (breakPoint) push('stop', state, []);
        let pointServer = state.server;
        if (tiebreak) {
          const played = state.points.home + state.points.away;
          if (Math.floor((played + 1) / 2) % 2 === 1) pointServer = receiver;
        }
        const serverWon = playRandom.next() < state.serveWin[pointServer];
        const winner: Side = serverWon ? pointServer : pointServer === 'home' ? 'away' : 'home';
        const points = { ...state.points, [winner]: state.points[winner] + 1 };
        const target = tiebreak ? 7 : 4;
        const settled: SettledMarket[] = [];
        if (
          points[winner] >= target &&
          points[winner] - points[winner === 'home' ? 'away' : 'home'] >= 2
        ) {
          const games = { ...state.games, [winner]: state.games[winner] + 1 };
          const nextServer: Side = state.server === 'home' ? 'away' : 'home';
          const setOver =
            (games.home >= 6 && games.home - games.away >= 2) ||
            (games.away >= 6 && games.away - games.home >= 2) ||
            games.home === 7 ||
            games.away === 7;
          if (setOver) {
            const sets = [...state.sets, games];
            settled.push(settleTennisSet(sets.length, games));
            const setsHome = sets.filter((set) => set.home > set.away).length;
            const ended = setsHome === needed || sets.length - setsHome === needed;
            state = {
              ...state,
              sets,
              games: { home: 0, away: 0 },
              points: { home: 0, away: 0 },
              server: nextServer,
              ended,
            };
          } else {
            state = { ...state, games, points: { home: 0, away: 0 }, server: nextServer };
          }
        } else {
          state = { ...state, points };
        }
        push('state', state, settled);
      }
      return keyframes;
    },
  };
}

// ---------------------------------------------------------------- basketball

export function basketballPlan(random: Random): MatchPlan {
  const initial: BasketballState = {
    regulationMinutes: 40,
    elapsedMinutes: 0,
    home: 0,
    away: 0,
    expectedMargin: random.between(-8, 12),
    marginDeviation: 12,
    expectedTotal: random.between(150, 175),
    totalDeviation: 14,
    ended: false,
  };
  const lines = basketballLines(initial);
  return {
    prematch: () => priceBasketball(initial, lines),
    play: (playRandom, msPerSecond) => {
      const keyframes: Keyframe[] = [];
      let state = initial;
      const quarters: Array<{ home: number; away: number }> = [];
      let periodStart = { home: 0, away: 0 };
      // a minute of game clock takes about two and a half (stoppages, free throws, time-outs)
      const minuteMs = 150 * msPerSecond;
      const breakMs = 120 * msPerSecond;
      let at = 0;
      const periodName = (minute: number) =>
        minute < 40 ? `q${Math.floor(minute / 10) + 1}` : `ot${Math.floor((minute - 40) / 5) + 1}`;
      const push = (snapshot: BasketballState, period: string, running: boolean) => {
        const frozen = snapshot;
        const periods = [
          ...quarters,
          ...(frozen.ended
            ? []
            : [{ home: frozen.home - periodStart.home, away: frozen.away - periodStart.away }]),
        ];
        keyframes.push({
          at,
          kind: 'state',
          ended: frozen.ended,
          score: {
            home: frozen.home,
            away: frozen.away,
            periods: periods.map((points, index) => ({
              period: index < 4 ? `q${index + 1}` : `ot${index - 3}`,
              ...points,
            })),
            game: null,
            server: null,
          },
          clock: { period, elapsedSeconds: frozen.elapsedMinutes * 60, running },
          price: () => priceBasketball(frozen, lines),
          settle: () => settleBasketball(frozen, lines),
        });
      };
      push(state, 'q1', true);
      // points per minute: a mix of twos, threes and free throws around the expected scores
      const perMinute = (expected: number) => {
        const mean = expected / 40;
        return (
          2 * poisson(playRandom, mean * 0.27) +
          3 * poisson(playRandom, mean * 0.1) +
          poisson(playRandom, mean * 0.16)
        );
      };
      const homeExpected = (initial.expectedTotal + initial.expectedMargin) / 2;
      const awayExpected = (initial.expectedTotal - initial.expectedMargin) / 2;
      for (let minute = 1; ; minute += 1) {
        at += minuteMs;
        state = {
          ...state,
          elapsedMinutes: minute,
          home: state.home + perMinute(homeExpected),
          away: state.away + perMinute(awayExpected),
        };
        const periodEnds = minute <= 40 ? minute % 10 === 0 : (minute - 40) % 5 === 0;
        if (periodEnds) {
          quarters.push({
            home: state.home - periodStart.home,
            away: state.away - periodStart.away,
          });
          periodStart = { home: state.home, away: state.away };
          if (minute >= 40 && state.home !== state.away) {
            state = { ...state, ended: true };
            push(state, 'ended', false);
            return keyframes;
          }
          push(state, `${periodName(minute - 1)}_break`, false);
          at += breakMs;
        } else {
          push(state, periodName(minute), true);
        }
      }
    },
  };
}

// ---------------------------------------------------------------- e-sports

export function esportsPlan(random: Random, game: 'cs2' | 'dota2' | 'lol' | 'valorant'): MatchPlan {
  const rounds = game === 'cs2' || game === 'valorant' ? 13 : 1;
  const initial: EsportsState = {
    bestOf: random.next() < 0.25 ? 5 : 3,
    // a round edge for round-based games; a map edge where the map is a single unit
    roundWin: rounds > 1 ? random.between(0.44, 0.56) : random.between(0.3, 0.7),
    roundsToWin: rounds,
    mapsHome: 0,
    mapsAway: 0,
    roundsHome: 0,
    roundsAway: 0,
    ended: false,
  };
  return {
    prematch: () => priceEsports(initial),
    play: (playRandom, msPerSecond) => {
      const keyframes: Keyframe[] = [];
      let state = initial;
      const maps: Array<{ home: number; away: number }> = [];
      let at = 0;
      const push = (
        snapshot: EsportsState,
        finishedMap: { number: number; homeWon: boolean } | null,
        running: boolean,
      ) => {
        const frozen = snapshot;
        keyframes.push({
          at,
          kind: 'state',
          ended: frozen.ended,
          score: {
            home: frozen.mapsHome,
            away: frozen.mapsAway,
            periods: [
              ...maps.map((map, index) => ({ period: `map_${index + 1}`, ...map })),
              ...(frozen.ended
                ? []
                : [
                    {
                      period: `map_${maps.length + 1}`,
                      home: frozen.roundsHome,
                      away: frozen.roundsAway,
                    },
                  ]),
            ],
            game: null,
            server: null,
          },
          clock: {
            period: frozen.ended ? 'ended' : `map_${maps.length + 1}`,
            elapsedSeconds: null,
            running,
          },
          price: () => priceEsports(frozen),
          settle: () => settleEsports(frozen, finishedMap),
        });
      };
      push(state, null, true);
      const needed = (state.bestOf + 1) / 2;
      // a round about 100 s; a map without rounds about 35 minutes, reported every 5
      const unitMs = (rounds > 1 ? 100 : 300) * msPerSecond;
      while (!state.ended) {
        if (rounds === 1) {
          for (let tick = 0; tick < 6; tick += 1) {
            at += unitMs;
            push(state, null, true);
          }
        }
        at += unitMs;
        const homeRound = playRandom.next() < state.roundWin;
        state = {
          ...state,
          roundsHome: state.roundsHome + (homeRound ? 1 : 0),
          roundsAway: state.roundsAway + (homeRound ? 0 : 1),
        };
        if (state.roundsHome === rounds || state.roundsAway === rounds) {
          const homeWon = state.roundsHome === rounds;
          maps.push({ home: state.roundsHome, away: state.roundsAway });
          const mapsHome = state.mapsHome + (homeWon ? 1 : 0);
          const mapsAway = state.mapsAway + (homeWon ? 0 : 1);
          state = {
            ...state,
            mapsHome,
            mapsAway,
            roundsHome: 0,
            roundsAway: 0,
            ended: mapsHome === needed || mapsAway === needed,
          };
          push(state, { number: maps.length, homeWon }, false);
          at += 300 * msPerSecond;
        } else {
          push(state, null, true);
        }
      }
      return keyframes;
    },
  };
}
