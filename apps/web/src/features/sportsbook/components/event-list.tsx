import type { SportEventSummary } from '@casino/contract';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { findSportById, sportSlug } from '../sports';
import { EventRow } from './event-row';
import { FavoriteStar } from './favorite-star';
import { SportIcon } from './sport-icon';

/** Where an event's page is: `/sportsbook/{slug}-{sportId}/{eventId}`. */
export function eventPath(basePath: string, event: Pick<SportEventSummary, 'id' | 'sportId'>) {
  const sport = findSportById(event.sportId);
  return `${basePath}/${sport ? sportSlug(sport) : `sport-${event.sportId}`}/${event.id}`;
}

interface LeagueGroup {
  league: SportEventSummary['league'];
  events: SportEventSummary[];
}

/** Events in their leagues, in the order the listing gave (live first, then by start). */
export function groupByLeague(events: readonly SportEventSummary[]): LeagueGroup[] {
  const groups = new Map<string, LeagueGroup>();
  for (const event of events) {
    const group = groups.get(event.league.id) ?? { league: event.league, events: [] };
    group.events.push(event);
    groups.set(event.league.id, group);
  }
  return [...groups.values()];
}

/** A league's card: its name under its category, the star, then its events. */
export function LeagueCard({
  group,
  basePath,
  sportId,
}: {
  group: LeagueGroup;
  basePath: string;
  sportId?: number;
}) {
  const sport = sportId === undefined ? null : findSportById(sportId);
  return (
    <section
      data-testid="league-card"
      aria-label={group.league.name}
      className="@container overflow-hidden rounded-2xl border border-ink-700 bg-ink-850"
    >
      <header className="flex items-center gap-2 border-b border-ink-700 bg-ink-800/60 py-1 pr-1 pl-3">
        {sport ? <SportIcon sport={sport.key} className="size-4 shrink-0 text-ink-400" /> : null}
        <h3 className="min-w-0 flex-1 truncate text-xs font-semibold text-ink-200">
          <span className="text-ink-400">{group.league.category.name} · </span>
          {group.league.name}
        </h3>
        <FavoriteStar type="league" id={group.league.id} />
      </header>
      <ul>
        {group.events.map((event) => (
          <EventRow key={event.id} event={event} href={eventPath(basePath, event)} />
        ))}
      </ul>
    </section>
  );
}

export function EventListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div
      aria-busy="true"
      className="@container overflow-hidden rounded-2xl border border-ink-700 bg-ink-850"
    >
      <div className="h-9 border-b border-ink-700 bg-ink-800/60" />
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={index}
          className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 border-t border-ink-750 px-3 py-3 first:border-t-0 @xl:grid-cols-[minmax(0,1fr)_16rem]"
        >
          <div className="flex flex-col gap-2">
            <div className="h-3 w-16 animate-pulse rounded bg-ink-750" />
            <div className="h-3.5 w-40 animate-pulse rounded bg-ink-750" />
            <div className="h-3.5 w-32 animate-pulse rounded bg-ink-750" />
          </div>
          <div className="col-span-2 grid grid-cols-3 gap-1.5 @xl:col-span-1">
            <div className="h-11 animate-pulse rounded-lg bg-ink-800" />
            <div className="h-11 animate-pulse rounded-lg bg-ink-800" />
            <div className="h-11 animate-pulse rounded-lg bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function EventsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={AlertTriangle}
      title={t('Sportsbook.error_title')}
      text={t('Sportsbook.error_text')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('Sportsbook.retry')}
        </Button>
      }
    />
  );
}

/** A titled block of the sportsbook pages. */
export function SportSection({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} aria-label={title} className="mb-8">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-bold tracking-wide text-ink-200 uppercase">
        {icon}
        {title}
      </h2>
      <div className="flex flex-col gap-3">{children}</div>
    </section>
  );
}
