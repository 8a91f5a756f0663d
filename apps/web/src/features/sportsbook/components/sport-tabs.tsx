import type { Sport as ApiSport } from '@casino/contract';
import { LayoutGrid } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { sportSlug, sports } from '../sports';
import { SportIcon } from './sport-icon';

/**
 * Sports then e-sports as a scrolling row of tabs, each with its live count; the first tab is the
 * overview. `current` is the open sport's id, null on the overview.
 */
export function SportTabs({
  basePath,
  current,
  counts,
}: {
  basePath: string;
  current: number | null;
  counts: readonly ApiSport[] | undefined;
}) {
  const { t } = useTranslation();
  const ordered = [
    ...sports.filter((sport) => sport.kind === 'sport'),
    ...sports.filter((sport) => sport.kind === 'esport'),
  ];
  const tab = (active: boolean) =>
    cn(
      'flex min-h-11 shrink-0 items-center gap-2 rounded-xl border px-3 text-sm font-semibold whitespace-nowrap transition-colors',
      active
        ? 'border-brand-500 bg-brand-500/15 text-ink-100'
        : 'border-ink-700 bg-ink-850 text-ink-300 hover:border-ink-600 hover:text-ink-100',
    );
  return (
    <nav aria-label={t('Pages.sportsbook.all_sports')} className="-mx-4 mb-5 px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]">
        <li>
          <Link
            to={basePath}
            className={tab(current === null)}
            aria-current={current === null ? 'page' : undefined}
          >
            <LayoutGrid className="size-4" aria-hidden="true" />
            {t('Pages.sportsbook.all_sports')}
          </Link>
        </li>
        {ordered.map((sport, index) => {
          const live = counts?.find((entry) => entry.id === sport.id)?.liveCount ?? 0;
          const firstEsport = sport.kind === 'esport' && ordered[index - 1]?.kind === 'sport';
          return (
            <li key={sport.id} className={cn(firstEsport && 'ml-2 border-l border-ink-700 pl-4')}>
              <Link
                to={`${basePath}/${sportSlug(sport)}`}
                className={tab(current === sport.id)}
                aria-current={current === sport.id ? 'page' : undefined}
              >
                <SportIcon
                  sport={sport.key}
                  className={cn(
                    'size-4',
                    sport.kind === 'esport' ? 'text-brand-300' : 'text-money-400',
                  )}
                />
                {t(`Pages.sportsbook.sport.${sport.key}`)}
                {live > 0 ? (
                  <span className="rounded-md bg-danger-500/15 px-1.5 text-[11px] font-bold text-danger-400 tabular-nums">
                    {live}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
