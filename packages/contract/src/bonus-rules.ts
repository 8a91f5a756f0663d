/**
 * The bonus engine's arithmetic (wallet spec §3 "Bonus offer", §9 bonus steps), pure and exact:
 * money is integer minor units (`bigint`) of one currency, factors (amountMultiplier, wager,
 * maxAmountMultiplier …) are decimal numbers or strings with at most `maxFactorDecimals`
 * decimals, never multiplied as floats. The server applies these rules; the app may show them.
 *
 * Rounding always favours the house by at most one minor unit: what the player receives is
 * rounded down, what the player must wager is rounded up.
 */

/** Factors carry at most this many decimals (0.000001 = one millionth). */
export const maxFactorDecimals = 6;

const factorPattern = /^(0|[1-9]\d{0,11})(?:\.(\d{1,6}))?$/;

/** An exact non-negative factor: `units / 10^scale`. */
export interface Factor {
  units: bigint;
  scale: number;
}

/**
 * Reads a factor from a decimal string ("0.05", "35", "1.500000") or a finite non-negative
 * number (written with at most six decimals). Throws a RangeError for anything else.
 */
export function parseFactor(value: string | number): Factor {
  const text = typeof value === 'number' ? numberToDecimal(value) : value;
  const match = factorPattern.exec(text);
  if (!match) throw new RangeError(`not a factor: ${String(value)}`);
  const fraction = match[2] ?? '';
  return {
    units: BigInt(`${match[1] ?? '0'}${fraction}`),
    scale: fraction.length,
  };
}

function numberToDecimal(value: number): string {
  if (!Number.isFinite(value) || value < 0 || value >= 1e12) {
    throw new RangeError(`not a factor: ${value}`);
  }
  // toFixed keeps the exact decimal digits a number was written with (up to six of them)
  const fixed = value.toFixed(maxFactorDecimals);
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** A factor as a plain decimal string without trailing zeros ("0.05", "35"). */
export function formatFactor(value: string | number): string {
  const { units, scale } = parseFactor(value);
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** A factor as a JavaScript number (display and the wire; never for money math). */
export function factorToNumber(value: string | number): number {
  return Number(formatFactor(value));
}

/** `amountMinor × factor`, rounded down or up to a whole minor unit. */
export function multiplyMinor(
  amountMinor: bigint,
  factor: string | number,
  rounding: 'down' | 'up',
): bigint {
  if (amountMinor < 0n) throw new RangeError('amounts are not negative');
  const { units, scale } = parseFactor(factor);
  const denominator = 10n ** BigInt(scale);
  const numerator = amountMinor * units;
  return rounding === 'down' ? numerator / denominator : ceilDivide(numerator, denominator);
}

function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

// ─── granting ───────────────────────────────────────────────────────────────────────────────

/**
 * Whether a deposit qualifies for an offer: `minDeposit ≤ amount ≤ maxDeposit`, each bound
 * absent meaning unbounded (all in the same currency).
 */
export function depositQualifies(
  amountMinor: bigint,
  minDepositMinor: bigint | null,
  maxDepositMinor: bigint | null,
): boolean {
  if (amountMinor <= 0n) return false;
  if (minDepositMinor !== null && amountMinor < minDepositMinor) return false;
  if (maxDepositMinor !== null && amountMinor > maxDepositMinor) return false;
  return true;
}

/**
 * The bonus a deposit earns: `deposit × amountMultiplier`, rounded down, capped at `maxAmount`
 * (the offer's 'up to' figure) when there is one.
 */
export function grantAmountMinor(
  depositMinor: bigint,
  amountMultiplier: string | number,
  maxAmountMinor: bigint | null,
): bigint {
  const earned = multiplyMinor(depositMinor, amountMultiplier, 'down');
  return maxAmountMinor === null ? earned : minOf(earned, maxAmountMinor);
}

/** The wagering requirement of a granted amount: `amount × wager`, rounded up. */
export function wagerRequirementMinor(amountMinor: bigint, wager: string | number): bigint {
  return multiplyMinor(amountMinor, wager, 'up');
}

/**
 * The most a completed bonus converts to main money: `amount × maxAmountMultiplier`, rounded
 * down; null (no cap) when the offer sets none.
 */
export function conversionCapMinor(
  amountMinor: bigint,
  maxAmountMultiplier: string | number | null,
): bigint | null {
  return maxAmountMultiplier === null
    ? null
    : multiplyMinor(amountMinor, maxAmountMultiplier, 'down');
}

/**
 * What completing a bonus moves: `convert` = min(bonus balance, cap) goes to main money, the
 * rest of the bonus balance is forfeited to the house. Together they are the whole balance.
 */
export function completionAmounts(
  balanceMinor: bigint,
  capMinor: bigint | null,
): { convertMinor: bigint; forfeitMinor: bigint } {
  if (balanceMinor < 0n) throw new RangeError('a balance is not negative');
  const convertMinor = capMinor === null ? balanceMinor : minOf(balanceMinor, capMinor);
  return { convertMinor, forfeitMinor: balanceMinor - convertMinor };
}

// ─── wagering ───────────────────────────────────────────────────────────────────────────────

/**
 * A game's contribution to wagering in percent: with no list every game counts 100 %; with a
 * list, the listed percent, and 0 for a game not on it.
 */
export function contributionPercent(
  gamesWagers: ReadonlyArray<{ gameId: string; percent: number }>,
  gameId: string,
): number {
  if (gamesWagers.length === 0) return 100;
  return gamesWagers.find((entry) => entry.gameId === gameId)?.percent ?? 0;
}

/** What a stake adds to wagering: `stake × percent / 100`, rounded down. */
export function wagerContributionMinor(stakeMinor: bigint, percent: number): bigint {
  if (stakeMinor < 0n) throw new RangeError('a stake is not negative');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`a contribution is a whole percent 0–100: ${percent}`);
  }
  return (stakeMinor * BigInt(percent)) / 100n;
}

export interface WagerProgress {
  currentMinor: bigint;
  totalMinor: bigint;
}

/** Adds a contribution; the requirement is met once current reaches total. */
export function accrueWager(
  progress: WagerProgress,
  contributionMinor: bigint,
): WagerProgress & { met: boolean } {
  if (contributionMinor < 0n) throw new RangeError('a contribution is not negative');
  const currentMinor = progress.currentMinor + contributionMinor;
  return {
    currentMinor,
    totalMinor: progress.totalMinor,
    met: currentMinor >= progress.totalMinor,
  };
}

/** A rollback takes a contribution back, never below zero. */
export function revokeWager(progress: WagerProgress, contributionMinor: bigint): WagerProgress {
  const currentMinor = progress.currentMinor - contributionMinor;
  return { currentMinor: currentMinor < 0n ? 0n : currentMinor, totalMinor: progress.totalMinor };
}

// ─── stakes and payouts ─────────────────────────────────────────────────────────────────────

/**
 * Which money a stake takes while a bonus is active: main money first, bonus money for the
 * remainder. Null when main and bonus together hold less than the stake.
 */
export function splitStake(
  stakeMinor: bigint,
  mainBalanceMinor: bigint,
  bonusBalanceMinor: bigint,
): { mainMinor: bigint; bonusMinor: bigint } | null {
  if (stakeMinor <= 0n) throw new RangeError('a stake is positive');
  const main = mainBalanceMinor > 0n ? mainBalanceMinor : 0n;
  const bonus = bonusBalanceMinor > 0n ? bonusBalanceMinor : 0n;
  if (main + bonus < stakeMinor) return null;
  const mainMinor = minOf(main, stakeMinor);
  return { mainMinor, bonusMinor: stakeMinor - mainMinor };
}

/**
 * A payout goes back in the proportion its stake was taken: the bonus part is
 * floor(payout × bonusStake / stake), the rest is main money. The two parts always add up to the
 * payout: no minor unit is created or lost.
 */
export function splitPayout(
  payoutMinor: bigint,
  stakeMinor: bigint,
  bonusStakeMinor: bigint,
): { mainMinor: bigint; bonusMinor: bigint } {
  if (payoutMinor < 0n) throw new RangeError('a payout is not negative');
  if (stakeMinor <= 0n || bonusStakeMinor < 0n || bonusStakeMinor > stakeMinor) {
    throw new RangeError('the bonus part of a stake lies within the stake');
  }
  const bonusMinor = (payoutMinor * bonusStakeMinor) / stakeMinor;
  return { mainMinor: payoutMinor - bonusMinor, bonusMinor };
}

// ─── free spins ─────────────────────────────────────────────────────────────────────────────

/**
 * The most a bonus's free spins may win altogether: `freespinsMaxAmount`, and/or
 * `freespinsMaxAmountMultiplier × count × spin value` (the smaller when both are set); null
 * when neither is.
 */
export function freespinWinCapMinor(input: {
  count: number;
  spinAmountMinor: bigint;
  maxAmountMinor: bigint | null;
  maxAmountMultiplier: string | number | null;
}): bigint | null {
  const byMultiplier =
    input.maxAmountMultiplier === null
      ? null
      : multiplyMinor(
          BigInt(input.count) * input.spinAmountMinor,
          input.maxAmountMultiplier,
          'down',
        );
  if (input.maxAmountMinor === null) return byMultiplier;
  return byMultiplier === null ? input.maxAmountMinor : minOf(input.maxAmountMinor, byMultiplier);
}

/** The part of a free spin's payout credited: what still fits under the cap (the excess is not). */
export function creditableFreespinWinMinor(
  payoutMinor: bigint,
  wonSoFarMinor: bigint,
  capMinor: bigint | null,
): bigint {
  if (payoutMinor < 0n) throw new RangeError('a payout is not negative');
  if (capMinor === null) return payoutMinor;
  const room = capMinor - wonSoFarMinor;
  return room <= 0n ? 0n : minOf(payoutMinor, room);
}

// ─── ending ─────────────────────────────────────────────────────────────────────────────────

/**
 * While free spins are left a bonus runs on. Then it is lost when its money is gone (nothing
 * left to convert), and complete when its wagering is met.
 */
export function bonusOutcome(state: {
  wagerCurrentMinor: bigint;
  wagerTotalMinor: bigint;
  freespinsLeft: number;
  balanceMinor: bigint;
}): 'complete' | 'lost' | 'running' {
  if (state.freespinsLeft > 0) return 'running';
  if (state.balanceMinor <= 0n) return 'lost';
  if (state.wagerCurrentMinor >= state.wagerTotalMinor) return 'complete';
  return 'running';
}
