import { formatMoney as formatContractMoney } from '@casino/contract';
import { useMe } from './me.ts';

/** An amount (a decimal string of the currency) as the player app shows it: "$1,234.50". */
export function formatMoney(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  return formatContractMoney(amount, currency);
}

/** The operator's time zone: their setting, else the browser's. */
export function useTimeZone(): string {
  const { data: me } = useMe();
  return me?.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withSeconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withSeconds}`;
  let result = formatters.get(key);
  if (!result) {
    result = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    formatters.set(key, result);
  }
  return result;
}

/** "27 Nov 2026, 14:05" in the given time zone; "—" for no date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter(timeZone, options.seconds ?? false).format(date);
}

/** The formatter bound to the operator's time zone. */
export function useFormatDateTime() {
  const timeZone = useTimeZone();
  return (value: string | Date | null | undefined, options?: { seconds?: boolean }) =>
    formatDateTime(value, timeZone, options);
}
