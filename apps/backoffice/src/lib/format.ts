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

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone. */
function wallParts(date: Date, timeZone: string) {
  let parts = partFormatters.get(timeZone);
  if (!parts) {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, parts);
  }
  const value = (type: string) =>
    Number(parts.formatToParts(date).find((part) => part.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const wall = wallParts(date, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as a `datetime-local` input's value (`2026-11-27T14:05`) on the wall clock of the
 * operator's time zone; '' for none.
 */
export function zonedInputValue(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const wall = wallParts(date, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * A `datetime-local` value read on the wall clock of the operator's time zone, as an ISO
 * instant; null for an empty or malformed value. A wall time a clock change skips moves forward by
 * the change (02:30 on a spring-forward night is 03:30); one it repeats is the earlier of the two.
 */
export function instantOfZonedInput(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(
    year as number,
    (month as number) - 1,
    day as number,
    hour as number,
    minute as number,
    second as number,
  );
  // the offset at the guess, then at the instant it gives (they differ only across a change)
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  const second_ = asUtc - zoneOffsetMs(new Date(first), timeZone);
  const earlier = Math.min(first, second_);
  const chosen =
    zonedInputValue(new Date(earlier).toISOString(), timeZone) === local.slice(0, 16)
      ? earlier
      : Math.max(first, second_);
  return new Date(chosen).toISOString();
}
