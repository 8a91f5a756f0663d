import { z } from 'zod';
import { slotParamsSchema } from '../originals.ts';
import { cachedIn, type EngineResult, formatMultiplier, rtpUnits, unitsOf } from './multiplier.ts';
import { type ParamsResult, parseWithSchema } from './params.ts';

/**
 * SLOT (5 reels × 3 rows, 10–20 fixed paylines)
 *
 * Reels: each volatility has its own symbol weights per reel; a reel strip holds every symbol
 * as many times as its weight, spread evenly (see `slotStrip`). Outcome: one float per reel
 * picks the stop ⌊f × strip length⌋; the window shows the stop and the next two positions
 * (top to bottom, wrapping).
 *
 * Lines: the first `lines` of the 20 fixed paylines (a row per reel) pay left to right: the
 * symbol on reel 1 (never a wild) and how many reels in a row from reel 1 show it or a wild
 * (reels 2–5 carry wilds that substitute for every symbol); 3, 4 or 5 in a row pay the table.
 *
 * Math: with independent stops, the symbol a line shows on a reel is distributed like the
 * strip's symbol weights whatever the line, so every line has the same expected pay:
 *   P(run of s ≥ c) = p₁(s) × Π_{r=2..c} (p_r(s) + p_r(wild)),   p_r(x) = weight_r(x) / length_r
 *   E_line = Σ_s Σ_{c=3..5} P(run of s = c) × shape(s, c)
 * A line's win, as a multiple of the TOTAL bet, is
 *   pay(s, c) = ⌊shape(s, c) × rtp / (E_line × lines)⌋ (units of 0.0001)
 * and a round's multiplier is the sum over its winning lines, so
 *   RTP = lines × Σ P(run of s = c) × pay(s, c) ∈ (rtp − lines × P(line wins) × 0.0001, rtp]
 * (checked exactly in slot.test.ts for every volatility and line count). The house edge is
 * 1 − rtp. Hit frequency (share of rounds with any winning line, 20 lines, by simulation in
 * slot.test.ts): about 40 % low, 25 % medium, 21 % high volatility (high pays rarer, larger
 * wins: its standard deviation per round is about 6.2× the bet against 2.5× for low).
 *
 * Bounds: 10–20 lines (the game's variant); the largest multiplier is five sevens on every line
 * (see `slotMaxMultiplier`). Payouts are capped by the currency's maxPayout.
 */

export const slotSymbols = [
  'wild',
  'seven',
  'crown',
  'diamond',
  'bell',
  'bar',
  'cherry',
  'lemon',
  'orange',
  'plum',
] as const;
export type SlotSymbol = (typeof slotSymbols)[number];
export type PayingSymbol = Exclude<SlotSymbol, 'wild'>;

export const slotVolatilities = ['low', 'medium', 'high'] as const;
export type SlotVolatility = (typeof slotVolatilities)[number];

export const slotReelCount = 5;
export const slotRowCount = 3;
/** @alias the floats a spin draws: one per reel */
export const slotFloatCount = slotReelCount;
export const slotMinLines = 10;
export const slotMaxLines = 20;

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) on each reel. */
export const slotPaylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/**
 * The game's variant (games.variant): volatility and line count; other keys (theme, art) are
 * the player app's business.
 */
export const slotVariantSchema = z.looseObject({
  volatility: z.enum(slotVolatilities).default('medium'),
  lines: z.number().int().min(slotMinLines).max(slotMaxLines).default(slotMaxLines),
});

/** A slot round's parameters: the player chooses nothing, the variant fixes these. */
export interface SlotParams {
  volatility: SlotVolatility;
  lines: number;
}

interface VolatilityDefinition {
  /** weight of each symbol on reels 1–5, in `slotSymbols` order; reel 1 has no wild */
  reelWeights: readonly (readonly number[])[];
  /** relative pays (shapes, scaled to the rtp) for 3, 4 and 5 in a row; 0: no pay */
  shapes: Record<PayingSymbol, readonly [number, number, number]>;
}

const volatilities: Record<SlotVolatility, VolatilityDefinition> = {
  low: {
    reelWeights: [
      [0, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [3, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [3, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [3, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [3, 2, 3, 4, 5, 6, 7, 7, 8, 8],
    ],
    shapes: {
      seven: [20, 80, 300],
      crown: [15, 50, 200],
      diamond: [10, 40, 150],
      bell: [8, 25, 100],
      bar: [6, 20, 80],
      cherry: [5, 15, 50],
      lemon: [4, 10, 30],
      orange: [3, 8, 25],
      plum: [3, 8, 25],
    },
  },
  medium: {
    reelWeights: [
      [0, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [2, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [2, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [2, 2, 3, 4, 5, 6, 7, 7, 8, 8],
      [2, 2, 3, 4, 5, 6, 7, 7, 8, 8],
    ],
    shapes: {
      seven: [50, 200, 1000],
      crown: [25, 100, 400],
      diamond: [20, 80, 300],
      bell: [15, 50, 200],
      bar: [10, 30, 100],
      cherry: [5, 15, 60],
      lemon: [4, 12, 40],
      orange: [0, 10, 30],
      plum: [0, 10, 30],
    },
  },
  high: {
    reelWeights: [
      [0, 1, 2, 3, 4, 5, 6, 6, 6, 6],
      [1, 1, 2, 3, 4, 5, 6, 6, 6, 6],
      [1, 1, 2, 3, 4, 5, 6, 6, 6, 6],
      [1, 1, 2, 3, 4, 5, 6, 6, 6, 6],
      [1, 1, 2, 3, 4, 5, 6, 6, 6, 6],
    ],
    shapes: {
      seven: [100, 1000, 5000],
      crown: [50, 300, 1500],
      diamond: [40, 200, 1000],
      bell: [25, 100, 400],
      bar: [15, 50, 200],
      cherry: [8, 40, 150],
      lemon: [0, 30, 100],
      orange: [0, 25, 80],
      plum: [0, 25, 80],
    },
  },
};

const payingSymbols = slotSymbols.filter((symbol): symbol is PayingSymbol => symbol !== 'wild');
const wildIndex = 0;

/**
 * A reel strip: symbol i appears weight_i times, its k-th copy at the key (k + ½) / weight_i,
 * sorted by key (ties in symbol order), so each symbol is spread evenly around the reel.
 */
export function slotStrip(weights: readonly number[]): SlotSymbol[] {
  const entries: Array<{ key: number; symbolIndex: number }> = [];
  weights.forEach((weight, symbolIndex) => {
    for (let copy = 0; copy < weight; copy += 1) {
      entries.push({ key: (copy + 0.5) / weight, symbolIndex });
    }
  });
  entries.sort((left, right) => left.key - right.key || left.symbolIndex - right.symbolIndex);
  return entries.map(({ symbolIndex }) => slotSymbols[symbolIndex] ?? 'plum');
}

const stripCache = new Map<SlotVolatility, SlotSymbol[][]>();

export function slotStrips(volatility: SlotVolatility): SlotSymbol[][] {
  return cachedIn(stripCache, volatility, () =>
    volatilities[volatility].reelWeights.map(slotStrip),
  );
}

/** The symbol shapes per line bet for 3, 4, 5 in a row. */
export function slotShapes(volatility: SlotVolatility): Record<PayingSymbol, readonly number[]> {
  return volatilities[volatility].shapes;
}

/**
 * For each paying symbol and run length 3–5, the weight of lines showing exactly that run:
 * the probability is weight / Π strip lengths.
 */
export function slotRunWeights(volatility: SlotVolatility): {
  weights: Record<PayingSymbol, [bigint, bigint, bigint]>;
  denominator: bigint;
} {
  const reels = volatilities[volatility].reelWeights;
  const lengths = reels.map((weights) => BigInt(weights.reduce((sum, weight) => sum + weight, 0)));
  const denominator = lengths.reduce((product, length) => product * length, 1n);
  const weights = {} as Record<PayingSymbol, [bigint, bigint, bigint]>;
  for (const symbol of payingSymbols) {
    const symbolIndex = slotSymbols.indexOf(symbol);
    // atLeast[c] = weight of lines whose run of `symbol` is c or longer (over all five reels)
    const atLeast: bigint[] = [];
    for (let run = 1; run <= slotReelCount; run += 1) {
      let weight = 1n;
      reels.forEach((reel, reelIndex) => {
        const own = BigInt(reel[symbolIndex] ?? 0);
        const substitute = reelIndex === 0 ? 0n : BigInt(reel[wildIndex] ?? 0);
        weight *= reelIndex < run ? own + substitute : (lengths[reelIndex] ?? 0n);
      });
      atLeast[run] = weight;
    }
    const exactly = (run: number) => (atLeast[run] ?? 0n) - (atLeast[run + 1] ?? 0n);
    weights[symbol] = [exactly(3), exactly(4), exactly(5)];
  }
  return { weights, denominator };
}

const payCache = new Map<string, Record<PayingSymbol, [bigint, bigint, bigint]>>();

/** A line's win in units of the total bet for 3, 4, 5 in a row, at a line count and rtp. */
export function slotPayUnits(
  volatility: SlotVolatility,
  lines: number,
  rtp: string,
): Record<PayingSymbol, [bigint, bigint, bigint]> {
  return cachedIn(payCache, `${volatility}:${lines}:${rtp}`, () => {
    const { weights, denominator } = slotRunWeights(volatility);
    const shapes = slotShapes(volatility);
    const shapeUnits = (symbol: PayingSymbol, index: number) => unitsOf(shapes[symbol][index] ?? 0);
    let weightedSum = 0n;
    for (const symbol of payingSymbols) {
      weights[symbol].forEach((weight, index) => {
        weightedSum += weight * shapeUnits(symbol, index);
      });
    }
    const scale = rtpUnits(rtp) * denominator;
    const divisor = weightedSum * BigInt(lines);
    const pays = {} as Record<PayingSymbol, [bigint, bigint, bigint]>;
    for (const symbol of payingSymbols) {
      pays[symbol] = [0, 1, 2].map((index) => (shapeUnits(symbol, index) * scale) / divisor) as [
        bigint,
        bigint,
        bigint,
      ];
    }
    return pays;
  });
}

/** The paytable as the player sees it: multiples of the total bet, by symbol and run. */
export function slotPaytable(
  volatility: SlotVolatility,
  lines: number,
  rtp: string,
): Record<PayingSymbol, [string, string, string]> {
  const pays = slotPayUnits(volatility, lines, rtp);
  const table = {} as Record<PayingSymbol, [string, string, string]>;
  for (const symbol of payingSymbols) {
    table[symbol] = pays[symbol].map(formatMultiplier) as [string, string, string];
  }
  return table;
}

/** The largest multiplier a round can reach: the top five-in-a-row on every line. */
export function slotMaxMultiplier(volatility: SlotVolatility, lines: number, rtp: string): string {
  return formatMultiplier(slotPayUnits(volatility, lines, rtp).seven[2] * BigInt(lines));
}

export interface SlotLineWin {
  /** the payline's index in `slotPaylines` */
  line: number;
  symbol: PayingSymbol;
  count: number;
  /** of the total bet */
  multiplier: string;
}

export interface SlotOutcome {
  /** five reels of three symbols, top to bottom */
  reels: SlotSymbol[][];
  wins: SlotLineWin[];
}

/** The variant's settings as a slot round's parameters (the body's params must be empty). */
export function parseSlotParams(
  raw: unknown,
  variant: Record<string, unknown>,
): ParamsResult<SlotParams> {
  const parsed = parseWithSchema(slotParamsSchema, raw);
  if (!parsed.success) return parsed;
  const settings = slotVariantSchema.parse(variant);
  return { success: true, params: { volatility: settings.volatility, lines: settings.lines } };
}

export function slotWindow(floats: readonly number[], volatility: SlotVolatility): SlotSymbol[][] {
  if (floats.length < slotFloatCount) throw new RangeError('the slot needs one float per reel');
  const strips = slotStrips(volatility);
  const reels: SlotSymbol[][] = [];
  for (let reel = 0; reel < slotReelCount; reel += 1) {
    const strip = strips[reel] ?? [];
    const stop = Math.floor((floats[reel] ?? 0) * strip.length);
    const window: SlotSymbol[] = [];
    for (let row = 0; row < slotRowCount; row += 1) {
      window.push(strip[(stop + row) % strip.length] ?? 'plum');
    }
    reels.push(window);
  }
  return reels;
}

export function slotOutcome(
  floats: readonly number[],
  params: SlotParams,
  rtp: string,
): EngineResult<SlotOutcome> {
  const reels = slotWindow(floats, params.volatility);
  const pays = slotPayUnits(params.volatility, params.lines, rtp);
  const symbolAt = (line: readonly number[], reel: number) => reels[reel]?.[line[reel] ?? 0];
  const wins: SlotLineWin[] = [];
  let total = 0n;
  for (let line = 0; line < params.lines; line += 1) {
    const rows = slotPaylines[line] ?? [];
    const first = symbolAt(rows, 0);
    if (first === undefined || first === 'wild') continue;
    let count = 1;
    while (count < slotReelCount) {
      const next = symbolAt(rows, count);
      if (next !== first && next !== 'wild') break;
      count += 1;
    }
    if (count < 3) continue;
    const pay = pays[first][count - 3] ?? 0n;
    if (pay === 0n) continue;
    total += pay;
    wins.push({ line, symbol: first, count, multiplier: formatMultiplier(pay) });
  }
  return { outcome: { reels, wins }, multiplier: formatMultiplier(total) };
}
