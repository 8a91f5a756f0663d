import {
  type BetLimits,
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
  unlistedCurrencyScale,
} from '@casino/contract';

/**
 * The stake stays a decimal string in the currency's ledger scale: the quick buttons work on
 * integer minor units, so halving 0.15 gives 0.07 (cut, never rounded up) and no float touches
 * the amount.
 */

/** What a player may type: digits with one dot or comma; the comma becomes a dot. */
export function normalizeBetInput(raw: string): string {
  return raw.replace(',', '.').replace(/[^\d.]/g, '');
}

export type BetProblem =
  | { key: 'Validation.invalid_amount' }
  | { key: 'Validation.minimum_amount'; amount: string }
  | { key: 'Validation.maximum_amount'; amount: string };

interface LimitsInMinor {
  scale: number;
  min: bigint;
  max: bigint;
}

function limitsInMinor(limits: BetLimits): LimitsInMinor {
  const scale = currencyScale(limits.currency, unlistedCurrencyScale);
  return {
    scale,
    min: parseDecimalToMinor(limits.minBet, scale) ?? 0n,
    max: parseDecimalToMinor(limits.maxBet, scale) ?? 0n,
  };
}

/** Why a typed stake cannot be sent, or null when it is within the game's limits. */
export function betProblem(value: string, limits: BetLimits): BetProblem | null {
  const { scale, min, max } = limitsInMinor(limits);
  const minor = parseDecimalToMinor(value, scale);
  if (minor === null || minor <= 0n) return { key: 'Validation.invalid_amount' };
  if (minor < min) return { key: 'Validation.minimum_amount', amount: limits.minBet };
  if (minor > max) return { key: 'Validation.maximum_amount', amount: limits.maxBet };
  return null;
}

function clampMinor(minor: bigint, { min, max }: LimitsInMinor): bigint {
  if (minor < min) return min;
  if (minor > max) return max;
  return minor;
}

/** The typed stake in minor units, or the minimum when it cannot be read. */
function currentMinor(value: string, limits: LimitsInMinor): bigint {
  const minor = parseDecimalToMinor(value, limits.scale);
  return minor === null || minor <= 0n ? limits.min : minor;
}

export type QuickBet = 'half' | 'double' | 'min' | 'max';

/** The quick buttons: ×½, ×2, min, max — always landing inside the limits. */
export function quickBet(action: QuickBet, value: string, limits: BetLimits): string {
  const inMinor = limitsInMinor(limits);
  const current = currentMinor(value, inMinor);
  const next = (() => {
    switch (action) {
      case 'half':
        return current / 2n;
      case 'double':
        return current * 2n;
      case 'min':
        return inMinor.min;
      case 'max':
        return inMinor.max;
    }
  })();
  return formatMinorToDecimal(clampMinor(next, inMinor), inMinor.scale);
}

/** The stake the game starts with: the minimum, written in the currency's scale. */
export function initialBet(limits: BetLimits): string {
  const inMinor = limitsInMinor(limits);
  return formatMinorToDecimal(inMinor.min, inMinor.scale);
}

/**
 * Stake × multiplier for the "profit on win" line, cut to the currency's scale. The multiplier
 * is a decimal string ("2.0000") or a number shown with at most 4 decimals.
 */
export function payoutFor(bet: string, multiplier: string | number, currency: string): string {
  const scale = currencyScale(currency, unlistedCurrencyScale);
  const betMinor = parseDecimalToMinor(bet, scale);
  const multiplierText =
    typeof multiplier === 'number' ? multiplier.toFixed(4) : truncateDecimals(multiplier, 4);
  const multiplierScaled = parseDecimalToMinor(multiplierText, 4);
  if (betMinor === null || multiplierScaled === null) return formatMinorToDecimal(0n, scale);
  return formatMinorToDecimal((betMinor * multiplierScaled) / 10_000n, scale);
}

/** "1.980198" → "1.9801": extra decimals cut, never rounded. */
export function truncateDecimals(value: string, decimals: number): string {
  const [whole = '', fraction] = value.split('.');
  const kept = fraction?.slice(0, Math.max(0, decimals)) ?? '';
  return kept ? `${whole}.${kept}` : whole;
}
