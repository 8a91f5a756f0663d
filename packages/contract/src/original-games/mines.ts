import type { z } from 'zod';
import { type MinesAction, minesParamsSchema } from '../originals.ts';
import {
  binomial,
  drawWithoutReplacement,
  type EngineResult,
  formatMultiplier,
  rtpUnits,
} from './multiplier.ts';
import { type ParamsResult, parseWithSchema } from './params.ts';

/**
 * MINES
 *
 * Outcome: 24 floats shuffle the 25 tiles (0–24, row by row) the way Stake does: each float
 * takes the tile at ⌊f × tiles left⌋ out of the tiles left; the first m tiles taken are the
 * mines. The positions are fixed by the seeds at bet time; the player's clicks only reveal them.
 *
 * Play: a state machine. The round opens with the stake debited; each `reveal` of an unrevealed
 * tile either hits a mine (round over, payout 0) or is safe; `cashout` after at least one safe
 * reveal settles the round; revealing the last safe tile cashes out by itself.
 *
 * Multiplier after k safe reveals with m mines: the probability of surviving k reveals is
 *   P(k) = C(25 − m, k) / C(25, k)
 * and the cash-out multiplier is rtp / P(k) = rtp × C(25, k) / C(25 − m, k), rounded down to
 * 0.0001. Whatever the player's strategy (when to stop may depend on anything seen so far),
 * cashing out after k reveals returns P(k) × rtp / P(k) = rtp per unit staked (less than 0.0001
 * from rounding), so RTP = rtp for every strategy and the house edge is 1 − rtp.
 *
 * Bounds: 1 ≤ m ≤ 24, 1 ≤ k ≤ 25 − m. Largest multiplier: m = 12, k = 13 (rtp × 5 200 300);
 * payouts are capped by the currency's maxPayout.
 */

export type MinesParams = z.infer<typeof minesParamsSchema>;
export const minesTileCount = 25;
/** a full shuffle of the board needs 24 floats (three HMAC rounds), whatever the mine count */
export const minesFloatCount = 24;

export type MinesStatus = 'open' | 'busted' | 'cashed_out';

export interface MinesState {
  mines: number;
  /** the mine tiles, ascending */
  minePositions: number[];
  /** safe tiles revealed, in order */
  revealed: number[];
  /** the mine the player uncovered, if that ended the round */
  hit: number | null;
  status: MinesStatus;
}

/** What the player is shown: mines only once the round is over. */
export interface MinesOutcome {
  revealed: number[];
  mines: number[] | null;
  hit: number | null;
}

export type MinesActionError =
  /** the round is over */
  | 'round_over'
  /** the tile was already revealed */
  | 'tile_revealed'
  /** a cash-out needs at least one safe reveal */
  | 'nothing_revealed';

export type MinesStep =
  | { success: true; state: MinesState; multiplier: string }
  | { success: false; error: MinesActionError };

const allTiles = Array.from({ length: minesTileCount }, (_, tile) => tile);

/** The permutation of the 25 tiles the floats make (Stake's shuffle). */
export function minesShuffle(floats: readonly number[]): number[] {
  if (floats.length < minesFloatCount) throw new RangeError('mines needs 24 floats');
  const taken = drawWithoutReplacement(allTiles, floats.slice(0, minesFloatCount));
  // the one tile left over closes the permutation: the tile numbers sum to 0 + 1 + … + 24
  const last =
    (minesTileCount * (minesTileCount - 1)) / 2 - taken.reduce((sum, tile) => sum + tile, 0);
  return [...taken, last];
}

/** The first `mines` tiles of the shuffle (only the first `mines` floats decide them), ascending. */
export function minePositions(floats: readonly number[], mines: number): number[] {
  if (floats.length < minesFloatCount) throw new RangeError('mines needs 24 floats');
  return drawWithoutReplacement(allTiles, floats.slice(0, mines)).sort(
    (left, right) => left - right,
  );
}

/** The cash-out multiplier in units after `revealed` safe reveals (0 for none). */
export function minesMultiplierUnits(mines: number, revealed: number, rtp: string): bigint {
  if (revealed === 0) return 0n;
  const safe = minesTileCount - mines;
  if (revealed < 0 || revealed > safe) throw new RangeError('cannot reveal that many tiles');
  return (rtpUnits(rtp) * binomial(minesTileCount, revealed)) / binomial(safe, revealed);
}

const tableCache = new Map<string, string[]>();

/** The cash-out multipliers after 0 … 25 − m safe reveals (index = reveals). */
export function minesTable(mines: number, rtp: string): string[] {
  const key = `${mines}:${rtp}`;
  const cached = tableCache.get(key);
  if (cached) return cached;
  const table = Array.from({ length: minesTileCount - mines + 1 }, (_, revealed) =>
    formatMultiplier(minesMultiplierUnits(mines, revealed, rtp)),
  );
  tableCache.set(key, table);
  return table;
}

/** The cash-out multiplier after `revealed` safe reveals, e.g. "1.0312" for 1 mine, 1 reveal. */
export function minesMultiplier(mines: number, revealed: number, rtp: string): string {
  const multiplier = minesTable(mines, rtp)[revealed];
  if (multiplier === undefined) throw new RangeError('cannot reveal that many tiles');
  return multiplier;
}

export function parseMinesParams(raw: unknown): ParamsResult<MinesParams> {
  return parseWithSchema(minesParamsSchema, raw);
}

export function minesStart(floats: readonly number[], params: MinesParams): MinesState {
  return {
    mines: params.mines,
    minePositions: minePositions(floats, params.mines),
    revealed: [],
    hit: null,
    status: 'open',
  };
}

/** Applies one action; the multiplier is the cash-out value (settled when status ≠ open). */
export function minesAct(state: MinesState, action: MinesAction, rtp: string): MinesStep {
  if (state.status !== 'open') return { success: false, error: 'round_over' };
  if (action.action === 'cashout') {
    if (state.revealed.length === 0) return { success: false, error: 'nothing_revealed' };
    return {
      success: true,
      state: { ...state, status: 'cashed_out' },
      multiplier: minesMultiplier(state.mines, state.revealed.length, rtp),
    };
  }
  if (state.revealed.includes(action.tile)) return { success: false, error: 'tile_revealed' };
  if (state.minePositions.includes(action.tile)) {
    return {
      success: true,
      state: { ...state, hit: action.tile, status: 'busted' },
      multiplier: formatMultiplier(0n),
    };
  }
  const revealed = [...state.revealed, action.tile];
  const allSafeRevealed = revealed.length === minesTileCount - state.mines;
  return {
    success: true,
    state: { ...state, revealed, status: allSafeRevealed ? 'cashed_out' : 'open' },
    multiplier: minesMultiplier(state.mines, revealed.length, rtp),
  };
}

export function minesOutcomeOf(state: MinesState): MinesOutcome {
  return {
    revealed: state.revealed,
    mines: state.status === 'open' ? null : state.minePositions,
    hit: state.hit,
  };
}

/**
 * Replays a finished round from its floats and what the player did (the safe tiles in order,
 * then the mine hit or a cash-out): the verification page checks the stored outcome with it.
 */
export function minesReplay(
  floats: readonly number[],
  params: MinesParams,
  played: { revealed: readonly number[]; hit: number | null },
  rtp: string,
): EngineResult<MinesOutcome> & { status: MinesStatus } {
  let state = minesStart(floats, params);
  let multiplier = formatMultiplier(0n);
  const actions: MinesAction[] = played.revealed.map((tile) => ({ action: 'reveal', tile }));
  if (played.hit !== null) actions.push({ action: 'reveal', tile: played.hit });
  for (const action of actions) {
    const step = minesAct(state, action, rtp);
    if (!step.success) break;
    state = step.state;
    multiplier = step.multiplier;
  }
  if (state.status === 'open' && state.revealed.length > 0) {
    const step = minesAct(state, { action: 'cashout' }, rtp);
    if (step.success) {
      state = step.state;
      multiplier = step.multiplier;
    }
  }
  return { outcome: minesOutcomeOf(state), multiplier, status: state.status };
}
