import type { Locale, TransactionHistoryItem, TransactionStatus } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { type Locale as DateLocale, format } from 'date-fns';
import { dateLocaleQueryOptions } from './api/get-date-locale';

/** The language's date-fns locale once fetched (kept for the session); undefined until then. */
export function useDateLocale(locale: Locale): DateLocale | undefined {
  return useQuery(dateLocaleQueryOptions(locale)).data;
}

/** Spec §9 date formats: the list and the details sheet. */
export const historyListDateFormat = 'dd MMMM, HH:mm';
export const historyDetailsDateFormat = 'MMM dd, HH:mm';

export interface HistoryDay {
  /** `yyyy-MM-dd` in the player's time zone */
  day: string;
  items: TransactionHistoryItem[];
}

/** Items (newest first, as the API sends them) grouped by calendar day in local time. */
export function groupHistoryByDay(items: readonly TransactionHistoryItem[]): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const item of items) {
    const day = format(new Date(item.timestamp), 'yyyy-MM-dd');
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

/**
 * The label of a payment detail in the details sheet: the wallet's own words for the names it
 * knows (a translation key), else the name made readable ("account_ref" → "Account ref"), never
 * a raw lower-case identifier.
 */
export function paymentDetailLabel(name: string): { key: string; fallback: string } {
  const keys: Record<string, string> = {
    method: 'wallet.history_item.method',
    memo: 'wallet.crypto.memo',
    provider: 'wallet.history_item.provider',
  };
  const words = name.replaceAll('_', ' ').trim();
  const fallback = words.charAt(0).toLocaleUpperCase() + words.slice(1);
  return { key: keys[name] ?? `wallet.fields.${name}`, fallback };
}

export type HistoryStatusIcon = 'check' | 'clock' | 'info' | 'cross';

/** Spec §4 history icons. */
export function historyStatusIcon(status: TransactionStatus): HistoryStatusIcon {
  switch (status) {
    case 'completed':
    case 'refund':
      return 'check';
    case 'pending':
    case 'waiting':
      return 'clock';
    case 'wait_for_confirmation':
      return 'info';
    case 'declined':
    case 'timeouted':
    case 'disputed':
      return 'cross';
  }
}

const disputableStatuses: readonly TransactionStatus[] = [
  'timeouted',
  'pending',
  'declined',
  'wait_for_confirmation',
];

/** Spec §4: buy items with these statuses offer "open dispute". */
export function canOpenDispute(item: Pick<TransactionHistoryItem, 'type' | 'status'>): boolean {
  return item.type === 'buy' && disputableStatuses.includes(item.status);
}

/** A pending withdrawal the player may still cancel (until `cancellableUntil`). */
export function canCancelWithdrawal(
  item: Pick<TransactionHistoryItem, 'type' | 'status' | 'cancellableUntil'>,
  now: Date,
): boolean {
  if (item.type !== 'sell' && item.type !== 'withdraw') return false;
  if (item.status !== 'pending' || !item.cancellableUntil) return false;
  return new Date(item.cancellableUntil).getTime() > now.getTime();
}

/** Tapping a waiting deposit reopens its order page; anything else opens the details sheet. */
export function opensOrderPage(item: Pick<TransactionHistoryItem, 'type' | 'status'>): boolean {
  return item.type === 'buy' && item.status === 'waiting';
}

/** Spec §9: the next page loads within this many pixels of the list's bottom. */
export const historyScrollThresholdPx = 40;

export function isNearBottom(element: {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}): boolean {
  return (
    element.scrollHeight - element.scrollTop - element.clientHeight <= historyScrollThresholdPx
  );
}
