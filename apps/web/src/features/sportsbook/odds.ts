import { formatOdds, type OddsFormat } from '@casino/contract';

export const oddsFormats = [
  'decimal',
  'fractional',
  'american',
] as const satisfies readonly OddsFormat[];

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (oddsFormats as readonly string[]).includes(value);
}

/**
 * Decimal odds (a string exactly as priced) as the player sees them. The ladder has two
 * decimals; a price the converters do not take (more decimals) is shown as the decimal it is
 * rather than rounded into another price.
 */
export function displayOdds(odds: string, format: OddsFormat): string {
  try {
    return formatOdds(odds, format);
  } catch {
    return odds;
  }
}

/** Decimal odds in ten-thousandths, exactly ("1.85" → 18500); null when not odds. */
function tenThousandths(odds: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(odds);
  if (!match) return null;
  return BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

export type OddsMovement = 'up' | 'down';

/** Which way a price moved (exact decimal comparison); null when it did not, or was not priced. */
export function oddsMovement(previous: string | null, next: string | null): OddsMovement | null {
  if (previous === null || next === null) return null;
  const before = tenThousandths(previous);
  const after = tenThousandths(next);
  if (before === null || after === null || before === after) return null;
  return after > before ? 'up' : 'down';
}
