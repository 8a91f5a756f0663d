import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { type Sport, sportSlug, sports } from '../sports';
import { SportIcon } from './sport-icon';

function SportCard({ sport, href }: { sport: Sport; href: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={href}
      className="group flex items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-3 transition-colors hover:border-brand-500/50 hover:bg-ink-800"
    >
      <span
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-xl',
          sport.kind === 'esport'
            ? 'bg-brand-500/15 text-brand-300'
            : 'bg-money-500/15 text-money-400',
        )}
      >
        <SportIcon sport={sport.key} className="size-5" />
      </span>
      <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink-100">
        {t(`Pages.sportsbook.sport.${sport.key}`)}
      </span>
      <ChevronRight
        className="size-4 text-ink-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ink-200"
        aria-hidden="true"
      />
    </Link>
  );
}

/** Sports and e-sports, each linking to `{base}/{slug}`. */
export function SportList({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const groups = [
    { kind: 'sport', title: t('Pages.sportsbook.sports') },
    { kind: 'esport', title: t('Pages.sportsbook.esports') },
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <section key={group.kind} aria-label={group.title}>
          <h2 className="mb-3 text-sm font-bold tracking-wide text-ink-300 uppercase">
            {group.title}
          </h2>
          <div className="grid grid-cols-1 gap-2.5 sm:grid-cols-2 xl:grid-cols-3">
            {sports
              .filter((sport) => sport.kind === group.kind)
              .map((sport) => (
                <SportCard key={sport.id} sport={sport} href={`${basePath}/${sportSlug(sport)}`} />
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}
