import {
  kenoMaxPicks,
  kenoNumberCount,
  minesOutcomeSchema,
  minesParamsSchema,
  minesTileCount,
  type Round,
  slotPaylines,
} from '@casino/contract';
import type { z } from 'zod';

/** The games' pure rules of presentation: board states, auto-picks, highlights and colours. */

/** The 25 tiles of the mines board, 0–24 row by row. */
export const minesTiles = Array.from({ length: minesTileCount }, (_, tile) => tile);
const kenoNumbers = Array.from({ length: kenoNumberCount }, (_, index) => index + 1);

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  multiplier: string;
}

/**
 * The count-up: the shown multiplier climbs from 1.00× to the result on an exponential curve
 * (so a 2× and a 2 000× result both take the same time to reach), fast at first.
 */
export function limboCountValue(result: number, progress: number): number {
  const eased = 1 - (1 - progress) ** 2;
  return Math.max(1, result ** eased);
}

/**
 * A played round with its outcome in the engine's shape; null when no round came back (the
 * play failed) or its outcome has another shape.
 */
export function playedRound<Outcome>(
  round: Round | null,
  outcomeSchema: z.ZodType<Outcome>,
): { round: Round; outcome: Outcome } | null {
  const outcome = round ? outcomeSchema.safeParse(round.outcome) : null;
  return round && outcome?.success ? { round, outcome: outcome.data } : null;
}

export interface MinesView {
  round: Round;
  mines: number;
  revealed: number[];
  minePositions: number[] | null;
  hit: number | null;
}

/** A round of this engine as the board shows it; null when it is not a mines round. */
export function minesView(round: Round): MinesView | null {
  const params = minesParamsSchema.safeParse(round.params);
  const outcome = minesOutcomeSchema.safeParse(round.outcome);
  if (!params.success || !outcome.success) return null;
  return {
    round,
    mines: params.data.mines,
    revealed: outcome.data.revealed,
    minePositions: outcome.data.mines,
    hit: outcome.data.hit,
  };
}

/** A tile not yet chosen at random: one of those neither revealed nor pending. */
export function randomUnrevealedTile(revealed: readonly number[], random: number): number | null {
  const left = minesTiles.filter((tile) => !revealed.includes(tile));
  return left[Math.floor(random * left.length)] ?? null;
}

/**
 * The colour of a shown result (dice roll, limbo multiplier): neutral while it animates, dim
 * before the first round, then green for a win and red for a loss.
 */
export function resultToneClass(animating: boolean, shown: { won: boolean } | null): string {
  if (animating) return 'text-ink-100';
  if (shown === null) return 'text-ink-600';
  return shown.won ? 'text-money-400' : 'text-danger-400';
}

/** Edge buckets glow red, the centre gold: hue by the distance from the middle. */
export function bucketHue(bucket: number, rows: number): number {
  const half = rows / 2;
  return Math.round(45 * (1 - Math.abs(bucket - half) / half));
}

/** Picks `count` distinct numbers of 1–40 at random (the player's auto-pick, not an outcome). */
export function randomPicks(count: number, random: () => number): number[] {
  const pool = [...kenoNumbers];
  const picks: number[] = [];
  while (picks.length < count && pool.length > 0) {
    const [taken] = pool.splice(Math.floor(random() * pool.length), 1);
    if (taken !== undefined) picks.push(taken);
  }
  return picks.sort((left, right) => left - right);
}

/** Toggles a number in the picks, refusing an eleventh. */
export function togglePick(picks: readonly number[], value: number): number[] {
  if (picks.includes(value)) return picks.filter((pick) => pick !== value);
  if (picks.length >= kenoMaxPicks) return [...picks];
  return [...picks, value].sort((left, right) => left - right);
}

/** The hue of the cabinet: a variant's theme name always maps to the same colour. */
export function themeHue(theme: unknown): number {
  if (typeof theme !== 'string' || theme === '') return 262;
  let hash = 0;
  for (const character of theme) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** The cells (reel, row) of each winning line's run, for the highlight. */
export function winningCells(wins: readonly LineWin[]): Set<string> {
  const cells = new Set<string>();
  for (const win of wins) {
    const rows = slotPaylines[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${rows[reel]}`);
  }
  return cells;
}
