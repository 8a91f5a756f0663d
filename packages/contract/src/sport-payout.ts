import type { SportLegStatus } from './sport-bet-rules.ts';

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

/**
 * Settlement (UOF semantics). A leg settled by the feed has a result (won or lost), a
 * `void_factor` v (0, 0.5 or 1: the part of its stake refunded) and a `dead_heat_factor` d (the
 * part of a win paid at the odds). Its factor is exact:
 *
 *   factor = v + (1 − v) × (won ? odds × d : 0)
 *
 * so a void leg counts 1 (a line drops one fold), a half-won quarter line (v = 0.5, won) pays
 * half back and half at the odds, a half-lost one (v = 0.5, lost) pays half back, and a dead
 * heat pays odds × d. A line pays floor(line stake × Π factors), rounded once, and the ticket the
 * sum of its lines.
 *
 * A leg's status follows from its result and void factor: v = 1 → `void`; v = 0.5 → `half_won`
 * or `half_lost`; v = 0 → `won` or `lost` (a dead-heat win is `won`).
 *
 * A ticket is decided when every line is: a line is decided once all its legs are settled, or as
 * soon as one of them pays nothing (a lost leg settles an accumulator at once; a system waits
 * until every line is decided, since its other lines may still win). The ticket's status:
 * - `lost` when it pays nothing;
 * - `void` when every leg is void (it pays back the stake);
 * - otherwise it is judged by the legs that paid (settled, neither void nor lost): `half_lost`
 *   if one of them is half-lost, else `half_won` if one of them is half-won, else `won`.
 * For a single that is its leg's status; for an accumulator, the weakest of its legs; a system
 * whose winning lines include a half-lost leg is `half_lost` even when it returns more than its
 * stake (the payout says how much came back).
 */

export type SettledLegStatus = Exclude<SportLegStatus, 'open'>;

/** A leg as a ticket holds it: open, or settled with the feed's factors (decimal strings). */
export type TicketLeg =
  | { status: 'open'; odds: string }
  | {
      status: SettledLegStatus;
      odds: string;
      /** '0', '0.5' or '1' (any number of trailing zeros) */
      voidFactor: string;
      /** in (0, 1] */
      deadHeatFactor: string;
    };

/** An exact non-negative fraction. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** A plain decimal string ("0.5", "1.00000000") as an exact fraction; throws when malformed. */
export function decimalFraction(value: string): Fraction {
  const match = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(value);
  if (!match) throw new Error(`malformed decimal: ${value}`);
  const fraction = match[2] ?? '';
  const denominator = 10n ** BigInt(fraction.length);
  return {
    numerator: BigInt(match[1] ?? '0') * denominator + BigInt(fraction || '0'),
    denominator,
  };
}

/** A settled leg's status from the feed's result and void factor. */
export function settledLegStatus(result: 'won' | 'lost', voidFactor: string): SettledLegStatus {
  const { numerator, denominator } = decimalFraction(voidFactor);
  if (numerator === denominator) return 'void';
  if (numerator === 0n) return result;
  if (numerator * 2n === denominator) return result === 'won' ? 'half_won' : 'half_lost';
  throw new Error(`a void factor is 0, 0.5 or 1, not ${voidFactor}`);
}

/** A settled leg's factor, exact: v + (1 − v) × (won ? odds × dead heat : 0). */
export function legFactor(leg: Exclude<TicketLeg, { status: 'open' }>): Fraction {
  const voidPart = decimalFraction(leg.voidFactor);
  if (voidPart.numerator > voidPart.denominator) {
    throw new Error(`a void factor is at most 1, not ${leg.voidFactor}`);
  }
  const won = leg.status === 'won' || leg.status === 'half_won';
  const deadHeat = decimalFraction(leg.deadHeatFactor);
  const odds = scaledOdds(leg.odds);
  // v = a/b, d = c/e, odds = o/10⁴: a/b + (b − a)/b × o/10⁴ × c/e
  const denominator = voidPart.denominator * deadHeat.denominator * oddsScale;
  const refunded = voidPart.numerator * deadHeat.denominator * oddsScale;
  const paid = won ? (voidPart.denominator - voidPart.numerator) * odds * deadHeat.numerator : 0n;
  return { numerator: refunded + paid, denominator };
}

export type TicketSettlement =
  | { decided: false }
  | {
      decided: true;
      payoutMinor: bigint;
      status: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
    };

/**
 * What a ticket pays from its legs as they stand (see above): undecided while a line waits for
 * a leg, else the payout (stake included) and the ticket's status. `stakeMinor` is the stake at
 * risk (it must divide evenly into the lines).
 */
export function settleTicket(
  stakeMinor: bigint,
  folds: readonly number[],
  legs: readonly TicketLeg[],
): TicketSettlement {
  const lines = folds.flatMap((k) => combinations(legs.length, k));
  const unit = lineStakeMinor(stakeMinor, lines.length);
  if (unit === null) throw new Error('the stake does not divide into the lines');
  const factors = legs.map((leg) => (leg.status === 'open' ? null : legFactor(leg)));
  let payoutMinor = 0n;
  for (const line of lines) {
    let numerator = unit;
    let denominator = 1n;
    let open = false;
    let zero = false;
    for (const index of line) {
      const factor = factors[index];
      if (factor === undefined) throw new Error('a line names a missing leg');
      if (factor === null) {
        open = true;
        continue;
      }
      if (factor.numerator === 0n) zero = true;
      numerator *= factor.numerator;
      denominator *= factor.denominator;
    }
    if (zero) continue;
    if (open) return { decided: false };
    payoutMinor += numerator / denominator;
  }
  return { decided: true, payoutMinor, status: ticketStatus(payoutMinor, legs) };
}

function ticketStatus(
  payoutMinor: bigint,
  legs: readonly TicketLeg[],
): 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' {
  if (payoutMinor === 0n) return 'lost';
  if (legs.every((leg) => leg.status === 'void')) return 'void';
  if (legs.some((leg) => leg.status === 'half_lost')) return 'half_lost';
  if (legs.some((leg) => leg.status === 'half_won')) return 'half_won';
  return 'won';
}
