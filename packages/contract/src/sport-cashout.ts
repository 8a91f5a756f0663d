import type { SportBetType, SportLegStatus } from './sport-bet-rules.ts';
import {
  decimalFraction,
  type Fraction,
  legFactor,
  oddsScale,
  scaledOdds,
} from './sport-payout.ts';

/**
 * Cash-out of sport tickets (issue 20), exact in minor units: what a ticket is worth now, from
 * the live prices of its open legs, and what the book offers for it.
 *
 * - An open leg wins with probability ≈ the book's implied probability of its outcome with the
 *   margin removed: (1 / its current odds) ÷ Σ (1 / current odds) over its market's active
 *   outcomes (proportional normalisation, so the market's probabilities sum to 1).
 * - A settled leg counts its factor: void_factor v of the stake back, the rest settled by the
 *   result, a win paying odds × dead_heat_factor: v + (1 − v) × (won ? odds × dhf : 0) (a void
 *   leg 1, a lost one 0).
 * - A single or an accumulator is one line: its fair value is
 *   stake × Π settled factors × Π over open legs (accepted odds × p_win), an exact fraction.
 * - The quote is floor(fair value × (1 − margin)) while a leg is open (the margin is the
 *   operator's, in basis points), floor(fair value) once every leg is decided, and never more
 *   than the potential payout.
 * - Systems are not offered cash-out: their lines share legs, and a partial cash-out would have
 *   to scale every line's stake apart; `cashoutQuoteMinor` answers null for them.
 *
 * A partial cash-out of `amount` out of a quote `Q` keeps stake × (Q − amount) / Q at risk,
 * floored (`partialCashoutStakes`); the stake that leaves is accounted to the minor unit.
 */

function gcd(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right < 0n ? -right : right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function fraction(numerator: bigint, denominator: bigint): Fraction {
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

function times(left: Fraction, right: Fraction): Fraction {
  return fraction(left.numerator * right.numerator, left.denominator * right.denominator);
}

/** A plain decimal string ("0.5", "0.33333333", "1") as an exact fraction in lowest terms. */
export function exactDecimal(value: string): Fraction {
  const { numerator, denominator } = decimalFraction(value);
  return fraction(numerator, denominator);
}

/** Compares two fractions: negative, zero or positive as `left` is below, equal to or above `right`. */
export function compareFractions(left: Fraction, right: Fraction): number {
  const difference = left.numerator * right.denominator - right.numerator * left.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * The probability that an outcome priced `selectedOdds` wins, from its market's current prices
 * (`marketOdds`: every active outcome's, the selected one included) with the margin removed.
 */
export function winProbability(selectedOdds: string, marketOdds: readonly string[]): Fraction {
  const selected = scaledOdds(selectedOdds);
  const prices = marketOdds.map(scaledOdds);
  if (!prices.includes(selected)) {
    throw new Error('the selected outcome must be among its market’s prices');
  }
  // (1 / s) ÷ Σ (1 / m_i) = Π m_j ÷ (s × Σ_i Π_{j≠i} m_j)
  let product = 1n;
  for (const price of prices) product *= price;
  let sumOfOthers = 0n;
  for (const price of prices) sumOfOthers += product / price;
  return fraction(product, selected * sumOfOthers);
}

/** A settled leg's factor, v + (1 − v) × (won ? odds × dhf : 0), in lowest terms. */
export function settledLegFactor(leg: {
  status: Exclude<SportLegStatus, 'open'>;
  odds: string;
  voidFactor: string;
  deadHeatFactor: string;
}): Fraction {
  const { numerator, denominator } = legFactor(leg);
  return fraction(numerator, denominator);
}

/** A leg as cash-out values it: open with its win probability now, or settled. */
export type CashoutLeg =
  | {
      status: 'open';
      /** the price the leg was accepted at */
      odds: string;
      /** its probability of winning now (`winProbability`) */
      winProbability: Fraction;
    }
  | {
      status: Exclude<SportLegStatus, 'open'>;
      odds: string;
      voidFactor: string;
      deadHeatFactor: string;
    };

/** The fair value of a single or an accumulator staking `stakeMinor` on its one line. */
export function fairValue(stakeMinor: bigint, legs: readonly CashoutLeg[]): Fraction {
  let value = fraction(stakeMinor, 1n);
  for (const leg of legs) {
    const factor =
      leg.status === 'open'
        ? times(fraction(scaledOdds(leg.odds), oddsScale), leg.winProbability)
        : settledLegFactor(leg);
    value = times(value, factor);
  }
  return value;
}

/** Basis points in a whole (10,000 = 100 %). */
export const basisPointsScale = 10_000n;

export interface CashoutQuoteInput {
  type: SportBetType;
  /** the stake at risk now */
  stakeMinor: bigint;
  /** what every leg winning pays on that stake */
  potentialPayoutMinor: bigint;
  legs: readonly CashoutLeg[];
  /** the operator's cash-out margin, 0–10,000 basis points */
  marginBasisPoints: number;
}

/** What cashing the whole ticket out pays now; null for a system (never offered). */
export function cashoutQuoteMinor(input: CashoutQuoteInput): bigint | null {
  if (input.type === 'system') return null;
  const margin = BigInt(input.marginBasisPoints);
  if (margin < 0n || margin > basisPointsScale) throw new RangeError('margin out of range');
  const value = fairValue(input.stakeMinor, input.legs);
  const anyOpen = input.legs.some((leg) => leg.status === 'open');
  const kept = anyOpen ? basisPointsScale - margin : basisPointsScale;
  const quote = (value.numerator * kept) / (value.denominator * basisPointsScale);
  return quote < input.potentialPayoutMinor ? quote : input.potentialPayoutMinor;
}

export interface PartialCashoutStakes {
  /** the stake that stays at risk, and its bonus money part */
  keptStakeMinor: bigint;
  keptBonusStakeMinor: bigint;
  /** the stake that leaves with the cash-out, and its bonus money part */
  releasedStakeMinor: bigint;
  releasedBonusStakeMinor: bigint;
}

/**
 * The stakes after cashing out `amountMinor` of a quote of `quoteMinor` (0 < amount < quote):
 * stake × (quote − amount) / quote stays, floored, and the bonus money part likewise; what
 * leaves is the rest, so kept + released is the stake to the minor unit.
 */
export function partialCashoutStakes(input: {
  stakeMinor: bigint;
  bonusStakeMinor: bigint;
  amountMinor: bigint;
  quoteMinor: bigint;
}): PartialCashoutStakes {
  const { stakeMinor, bonusStakeMinor, amountMinor, quoteMinor } = input;
  if (amountMinor <= 0n || amountMinor >= quoteMinor) {
    throw new RangeError('a partial cash-out takes more than nothing and less than the quote');
  }
  const remaining = quoteMinor - amountMinor;
  const keptStakeMinor = (stakeMinor * remaining) / quoteMinor;
  const keptBonusStakeMinor = (bonusStakeMinor * remaining) / quoteMinor;
  return {
    keptStakeMinor,
    keptBonusStakeMinor,
    releasedStakeMinor: stakeMinor - keptStakeMinor,
    releasedBonusStakeMinor: bonusStakeMinor - keptBonusStakeMinor,
  };
}
