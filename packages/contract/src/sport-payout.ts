/**
 * The payout arithmetic of sport tickets, exact in minor units (issue 20). Odds are decimal
 * strings with at most four decimals, handled as integers scaled by 10⁴, so nothing is lost to
 * floating point. A ticket stakes `stake ÷ lines` on each of its lines (combinations); each line
 * pays floor(line stake × the product of its legs' factors), and the ticket pays the sum.
 */

export const oddsScale = 10_000n;

/** Decimal odds ("1.85") as an integer scaled by 10⁴ (18500n); throws on a malformed value. */
export function scaledOdds(odds: string): bigint {
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(odds);
  if (!match) throw new Error(`malformed odds: ${odds}`);
  return BigInt(match[1] ?? '0') * oddsScale + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** Every combination of `size` indices out of 0..n-1, in lexicographic order. */
export function combinations(n: number, size: number): number[][] {
  const result: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === size) {
      result.push([...current]);
      return;
    }
    for (let i = start; i <= n - (size - current.length); i += 1) {
      current.push(i);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return result;
}

/** The stake of each line, or null when the stake does not divide into whole minor units. */
export function lineStakeMinor(stakeMinor: bigint, lines: number): bigint | null {
  if (lines <= 0 || stakeMinor <= 0n) return null;
  const count = BigInt(lines);
  return stakeMinor % count === 0n ? stakeMinor / count : null;
}

/**
 * What the ticket pays when every leg wins at `odds` (stake included): Σ over the lines of
 * floor(line stake × Π odds). Null when the stake does not divide evenly into the lines.
 */
export function potentialPayoutMinor(
  stakeMinor: bigint,
  odds: readonly string[],
  folds: readonly number[],
): bigint | null {
  const scaled = odds.map(scaledOdds);
  const lines = folds.flatMap((k) => combinations(scaled.length, k));
  const unit = lineStakeMinor(stakeMinor, lines.length);
  if (unit === null) return null;
  let total = 0n;
  for (const line of lines) {
    let numerator = unit;
    let denominator = 1n;
    for (const index of line) {
      numerator *= scaled[index] ?? 0n;
      denominator *= oddsScale;
    }
    total += numerator / denominator;
  }
  return total;
}

/** A ticket's odds for display: payout ÷ stake, to 2 decimals, rounded down ("3.42"). */
export function ticketOddsDisplay(potentialPayoutMinor: bigint, stakeMinor: bigint): string {
  if (stakeMinor <= 0n) return '1.00';
  const hundredths = (potentialPayoutMinor * 100n) / stakeMinor;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
