import { type LastBet, latestBetsKept } from '@casino/contract';

function settledAtMs(bet: LastBet): number {
  const time = Date.parse(bet.timestamp);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The list after one more bet from `broadcast:last_bet`: newest first, each bet once (a
 * redelivered bet replaces its copy), at most `limit` (spec §9: 10).
 */
export function addLatestBet(
  bets: readonly LastBet[],
  bet: LastBet,
  limit: number = latestBetsKept,
): LastBet[] {
  const others = bets.filter((existing) => existing.id !== bet.id);
  // A stable sort keeps arrival order between bets settled in the same millisecond.
  return [bet, ...others]
    .sort((first, second) => settledAtMs(second) - settledAtMs(first))
    .slice(0, limit);
}

/** "0", "0.00": the round was lost. */
export function isZeroAmount(value: string): boolean {
  return /^0*(\.0*)?$/.test(value.trim());
}

/**
 * A multiplier as the games show it: two decimals, cut, never rounded ("1.9800" → "1.98",
 * "24.7" → "24.70"). The channel sends the round's stored precision (four decimals).
 */
export function formatBetMultiplier(value: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  return `${match[1]}.${(match[2] ?? '').slice(0, 2).padEnd(2, '0')}`;
}
