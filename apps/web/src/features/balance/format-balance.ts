import { applyDisplayFormat } from '@casino/contract';

/**
 * Balance figures arrive as decimal strings and stay strings here: a float would round money.
 * Shortening truncates (never rounds up), so the header never shows more than the player has.
 */

const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

function splitDecimal(value: string): { sign: string; whole: string; fraction: string } {
  const match = decimalPattern.exec(value.trim());
  if (!match) return { sign: '', whole: '0', fraction: '' };
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  return { sign: match[1] ?? '', whole, fraction: match[3] ?? '' };
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1234567.5" at precision 2 → "1,234,567.50" (extra decimals are cut, missing ones padded). */
export function formatFullAmount(value: string, precision: number): string {
  const { sign, whole, fraction } = splitDecimal(value);
  const decimals = fraction.slice(0, precision).padEnd(precision, '0');
  return `${sign}${groupThousands(whole)}${precision > 0 ? `.${decimals}` : ''}`;
}

const compactUnits = [
  { digits: 12, suffix: 'T' },
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
  { digits: 3, suffix: 'K' },
] as const;

/**
 * "12345.67" → "12.3K", "1999999" → "1.9M", "999.99" → "999.99": one decimal at most, cut
 * rather than rounded, and a trailing ".0" dropped.
 */
export function formatCompactAmount(value: string, precision: number): string {
  const { sign, whole } = splitDecimal(value);
  const unit = compactUnits.find((candidate) => whole.length > candidate.digits);
  if (!unit) return formatFullAmount(value, precision);
  const head = whole.slice(0, whole.length - unit.digits);
  const tenth = whole.charAt(whole.length - unit.digits);
  return `${sign}${groupThousands(head)}${tenth === '0' ? '' : `.${tenth}`}${unit.suffix}`;
}

/**
 * How many characters of number fit the header at a viewport width: phones have room for a
 * short figure next to the top-up button, tablets for more, desktops for any realistic balance.
 */
export function balanceCharacterBudget(viewportWidthPx: number): number {
  if (viewportWidthPx >= 1024) return Number.POSITIVE_INFINITY;
  if (viewportWidthPx >= 640) return 12;
  return 7;
}

/** The header's figure: the full amount when it fits the width, else the compact one. */
export function formatHeaderBalance(input: {
  value: string;
  precision: number;
  displayFormat: string;
  viewportWidthPx: number;
}): string {
  const full = formatFullAmount(input.value, input.precision);
  const amount =
    full.length <= balanceCharacterBudget(input.viewportWidthPx)
      ? full
      : formatCompactAmount(input.value, input.precision);
  return applyDisplayFormat(input.displayFormat, amount);
}

/** Wagering progress as a whole percentage in 0…100, computed on minor-unit integers. */
export function wagerProgressPercent(current: string, total: string): number {
  const scale = Math.max(
    splitDecimal(current).fraction.length,
    splitDecimal(total).fraction.length,
  );
  const toMinor = (decimal: string) => {
    const { sign, whole, fraction } = splitDecimal(decimal);
    const minor = BigInt(whole + fraction.padEnd(scale, '0'));
    return sign === '-' ? -minor : minor;
  };
  const totalMinor = toMinor(total);
  if (totalMinor <= 0n) return 100;
  const currentMinor = toMinor(current);
  if (currentMinor <= 0n) return 0;
  if (currentMinor >= totalMinor) return 100;
  return Number((currentMinor * 100n) / totalMinor);
}
