import { truncateDecimals } from './bet-amount';

/** "1234.5" USD → "$1,234.50": the games show money in the app's one format. */
export { formatMoney } from '@casino/contract';

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "2.0000" → "2.00×", "1234.5" → "1,234.50×": two decimals, cut. */
export function formatMultiplier(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(6) : value;
  const [whole = '0', fraction = ''] = truncateDecimals(text, 2).split('.');
  return `${groupThousands(whole)}.${fraction.padEnd(2, '0')}×`;
}

/** A share in 0..1 as a percentage with up to 4 decimals: 0.495 → "49.5%". */
export function formatPercent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(4))}%`;
}

/** A multiplier for a narrow label: "1000×", "26×", "1.1×", "0.2×" (two significant decimals at most). */
export function formatShortMultiplier(value: string | number): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (number >= 100) return `${Math.floor(number)}×`;
  if (number >= 10) return `${Number(number.toFixed(1))}×`;
  return `${Number(number.toFixed(2))}×`;
}
