import {
  formatMoney,
  type LateDepositNotice,
  type PlayerLimitHistoryEntry,
} from '@casino/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLocale } from '@/lib/use-locale';
import { useLateDeposits, useLimitHistory } from '../api/limits';
import { lateDepositMessage } from '../late-deposit-message';

function useDate() {
  const locale = useLocale();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
}

/** One change as a sentence: what changed, and its state (pending until, by the operator). */
function HistoryRow({ entry }: { entry: PlayerLimitHistoryEntry }) {
  const { t } = useTranslation();
  const date = useDate();
  const amount = (value: string) =>
    entry.currency === null
      ? t('responsibleGambling.minutes', { minutes: value })
      : formatMoney(value, entry.currency);
  // a first limit shows what it is, a removal what it was, a change both
  const amounts = [entry.from, entry.to].flatMap((value) =>
    value === null ? [] : [amount(value)],
  );
  const notes: string[] = [];
  if (entry.event === 'increase_requested' || entry.event === 'removal_requested') {
    notes.push(t('responsibleGambling.history.pending_until', { when: date(entry.effectiveAt) }));
  }
  if (entry.by === 'operator') notes.push(t('responsibleGambling.history.by_operator'));
  return (
    <li
      className="flex flex-col gap-0.5 border-b border-ink-700/60 py-2 last:border-b-0 sm:flex-row sm:gap-3"
      data-testid="limit-history-entry"
    >
      <time className="shrink-0 text-xs text-ink-300 sm:w-40" dateTime={entry.at}>
        {date(entry.at)}
      </time>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-ink-100">
          {t(`responsibleGambling.types.${entry.type}`)} ·{' '}
          {t(`responsibleGambling.periods.${entry.period}`)}
        </p>
        <p className="text-ink-200">
          {t(`responsibleGambling.history.events.${entry.event}`)}
          {entry.event === 'cancelled' ? null : `: ${amounts.join(' → ')}`}
          {notes.length > 0 ? <span className="text-ink-300"> · {notes.join(' · ')}</span> : null}
        </p>
      </div>
    </li>
  );
}

/** The changes, newest first (what the history disclosure shows). */
export function LimitHistoryList({ entries }: { entries: readonly PlayerLimitHistoryEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return <p className="text-sm text-ink-300">{t('responsibleGambling.empty')}</p>;
  }
  return (
    <ul className="flex flex-col" data-testid="limit-history">
      {entries.map((entry) => (
        <HistoryRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/** "History of changes": closed at first, read from the server once opened, 10 at a time. */
export function LimitHistory() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useLimitHistory(open);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 text-left text-sm font-semibold text-ink-100"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="limit-history-toggle"
      >
        {t('responsibleGambling.history.title')}
        <ChevronDown
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div className="mt-2">
          {history.isPending ? (
            <Spinner className="size-5" />
          ) : history.isError ? (
            <p className="text-sm text-danger-400">{t('Shared.temporary_difficulties')}</p>
          ) : (
            <LimitHistoryList entries={entries} />
          )}
          {history.hasNextPage ? (
            <Button
              className="mt-2"
              size="sm"
              variant="secondary"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('responsibleGambling.history.more')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The deposits credited past a limit or during an exclusion, each as its notice said. */
export function LateDepositsList({ deposits }: { deposits: readonly LateDepositNotice[] }) {
  const { t } = useTranslation();
  const date = useDate();
  if (deposits.length === 0) return null;
  return (
    <div
      className="rounded-xl border border-danger-500/40 bg-danger-500/10 p-3"
      data-testid="late-deposits"
    >
      <ul className="flex flex-col gap-1 text-sm text-ink-200">
        {deposits.map((deposit) => (
          <li key={`${deposit.at}:${deposit.amount}`}>
            <time className="text-xs text-ink-300" dateTime={deposit.at}>
              {date(deposit.at)}
            </time>{' '}
            {lateDepositMessage(deposit, t)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LateDeposits() {
  const deposits = useLateDeposits();
  return <LateDepositsList deposits={deposits.data ?? []} />;
}
