import { combinations, decimalFraction, lineStakeMinor } from './sport-payout.ts';

/**
 * The part of a settled sport ticket's stake that was wagered (issue 20): what counts for a
 * bonus's wagering (× the offer's sport percent) and a tournament's 'wagered' score — the stake
 * less what came back as a pure refund.
 *
 * A ticket stakes `stake ÷ lines` on each line (combination of legs). A line's refunded share is
 * the product of its legs' void factors: a line whose every leg is void is refunded whole, a
 * single on a half-void quarter line half, while a line with one void leg among decided ones
 * still played in full (the void leg counts at odds 1, the others decide it). Dead heats do not
 * reduce it (the stake played, at reduced odds). So a void ticket counts nothing, a half-void
 * single counts half its stake, and an accumulator counts its whole stake unless every leg is
 * void. Each line's wagered part is rounded down to the minor unit. The open legs of a decided
 * ticket (a system line already decided by a losing leg) count as not void.
 */
export function sportWageredStakeMinor(
  stakeMinor: bigint,
  folds: readonly number[],
  voidFactors: readonly string[],
): bigint {
  const lines = folds.flatMap((k) => combinations(voidFactors.length, k));
  const unit = lineStakeMinor(stakeMinor, lines.length);
  if (unit === null) return 0n;
  const factors = voidFactors.map(decimalFraction);
  let wagered = 0n;
  for (const line of lines) {
    let numerator = 1n;
    let denominator = 1n;
    for (const index of line) {
      const factor = factors[index];
      if (!factor) throw new Error('a line names a missing leg');
      numerator *= factor.numerator;
      denominator *= factor.denominator;
    }
    // unit × (1 − Π void factors), rounded down
    wagered += (unit * (denominator - numerator)) / denominator;
  }
  return wagered;
}
