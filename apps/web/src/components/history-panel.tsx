import { History } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Spinner } from './ui/spinner';

/**
 * A titled panel listing a player's recent rounds of a game (the originals' rounds, a provider
 * game's rounds): a spinner while loading, the shared "temporary difficulties" text on an error,
 * `emptyText` when there is nothing yet, else the rows in a scrolling list.
 */
export function HistoryPanel<Item extends { id: string }>({
  testId,
  title,
  total,
  state,
  items,
  emptyText,
  renderRow,
  className,
}: {
  testId: string;
  title: string;
  /** the count line beside the title, once known */
  total: string | null;
  state: 'pending' | 'error' | 'success';
  items: readonly Item[];
  emptyText: string;
  renderRow: (item: Item) => ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      data-testid={testId}
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-ink-700 bg-ink-850', className)}
    >
      <header className="flex items-center justify-between gap-2 border-b border-ink-700 px-4 py-3">
        <h2 id={titleId} className="flex items-center gap-2 text-sm font-bold text-ink-100">
          <History className="size-4 text-brand-300" aria-hidden="true" />
          {title}
        </h2>
        {total !== null ? <span className="text-xs text-ink-400">{total}</span> : null}
      </header>
      {state === 'pending' ? (
        <div className="grid place-items-center py-8 text-ink-300">
          <Spinner />
        </div>
      ) : state === 'error' ? (
        <p className="px-4 py-6 text-center text-sm text-ink-300">
          {t('Shared.temporary_difficulties')}
        </p>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-ink-300">{emptyText}</p>
      ) : (
        <ol className="max-h-80 overflow-y-auto scrollbar-thin">{items.map(renderRow)}</ol>
      )}
    </section>
  );
}
