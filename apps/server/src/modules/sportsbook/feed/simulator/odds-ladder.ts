/**
 * The odds ladder and the margin: fair probabilities become the decimal prices a player backs.
 *
 * Margin method: proportional ("multiplicative") — every outcome's fair probability is scaled by
 * (1 + margin), so each price is fair ÷ (1 + margin) and the book sums to 1 + margin before
 * rounding. Rounding goes DOWN to the ladder (the next price at or below), so a price is never
 * above the margined one and at most one ladder step below it: the book only gains by it.
 */

/** The ladder's bands in hundredths: from `from` (inclusive) to the next band, steps of `step`. */
const ladderBands: ReadonlyArray<{ from: number; step: number }> = [
  { from: 101, step: 1 },
  { from: 200, step: 2 },
  { from: 300, step: 5 },
  { from: 400, step: 10 },
  { from: 600, step: 20 },
  { from: 1000, step: 50 },
  { from: 2000, step: 100 },
  { from: 3000, step: 200 },
  { from: 5000, step: 500 },
  { from: 10_000, step: 1000 },
];
const ladderTopHundredths = 100_000;

/** Every price on the ladder, in hundredths, ascending (1.01 … 1000). */
export const ladderHundredths: readonly number[] = (() => {
  const prices: number[] = [];
  for (const [index, band] of ladderBands.entries()) {
    const end = ladderBands[index + 1]?.from ?? ladderTopHundredths + 1;
    for (let price = band.from; price < end; price += band.step) prices.push(price);
  }
  return prices;
})();

/**
 * The ladder price at or below `odds`, in hundredths; null below 1.01 (off the ladder: the
 * outcome cannot be offered). Prices above 1000 are offered at 1000.
 */
export function roundDownToLadder(odds: number): number | null {
  // a hair of tolerance so 1.9 computed as 1.8999999999 still rounds to 1.90
  const hundredths = Math.floor(odds * 100 + 1e-7);
  if (!(hundredths >= 101)) return null;
  if (hundredths >= ladderTopHundredths) return ladderTopHundredths;
  let low = 0;
  let high = ladderHundredths.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((ladderHundredths[middle] ?? 0) <= hundredths) low = middle;
    else high = middle - 1;
  }
  return ladderHundredths[low] ?? null;
}

export function formatHundredths(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** Margins per market type, pre-match and in play (fractions: 0.05 is a 5% book). */
export interface MarginPolicy {
  prematch: number;
  live: number;
  /** per market type id, overriding the defaults */
  byMarketType?: Readonly<Record<number, { prematch: number; live: number }>>;
}

export const defaultMarginPolicy: MarginPolicy = {
  prematch: 0.05,
  live: 0.07,
  byMarketType: {
    // many outcomes, little liquidity: books take more
    41: { prematch: 0.15, live: 0.2 },
    8: { prematch: 0.07, live: 0.09 },
  },
};

export function marginFor(policy: MarginPolicy, typeId: number, live: boolean): number {
  const own = policy.byMarketType?.[typeId];
  if (own !== undefined) return live ? own.live : own.prematch;
  return live ? policy.live : policy.prematch;
}

/**
 * One outcome's price from its fair probability: null when it cannot be offered (no chance, or a
 * price under 1.01 once the margin is on).
 */
export function priceOutcome(probability: number, margin: number): number | null {
  if (!(probability > 0)) return null;
  return roundDownToLadder(1 / (probability * (1 + margin)));
}
