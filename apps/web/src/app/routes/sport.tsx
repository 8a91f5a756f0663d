import { CalendarClock, ChevronRight, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useEvents } from '@/features/sportsbook/api/get-events';
import { useSports } from '@/features/sportsbook/api/get-sports';
import {
  EventListSkeleton,
  EventsError,
  groupByLeague,
  LeagueCard,
  SportSection,
} from '@/features/sportsbook/components/event-list';
import { SportIcon } from '@/features/sportsbook/components/sport-icon';
import { SportLiveChannels } from '@/features/sportsbook/components/sport-live-channels';
import { SportTabs } from '@/features/sportsbook/components/sport-tabs';
import { SportsbookHeader } from '@/features/sportsbook/components/sportsbook-header';
import { findSportBySlug, sportSlug } from '@/features/sportsbook/sports';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';
import { NotFoundPage } from './not-found';

const pageSize = 30;

/** `/sportsbook/{slug}-{id}`: the sport's leagues (category → tournament) and events, live first. */
export function SportPage() {
  const { sportSlug: slug } = useParams();
  const sport = findSportBySlug(slug);
  if (!sport) return <NotFoundPage />;
  return <SportEvents key={sport.id} sportId={sport.id} />;
}

function SportEvents({ sportId }: { sportId: number }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const basePath = localized('/sportsbook');
  const [search] = useSearchParams();
  const leagueId = search.get('league') ?? undefined;
  const sport = findSportBySlug(useParams().sportSlug) ?? null;
  const sportsQuery = useSports();
  const live = useEvents({ sportId, leagueId, live: true }, 100);
  const upcoming = useEvents({ sportId, leagueId, live: false }, pageSize);
  // The league tree comes from the sport's next events, so leagues without any do not show.
  const sample = useEvents({ sportId, live: false }, 100);
  const liveEvents = live.data?.pages.flatMap((page) => page.items) ?? [];
  const upcomingEvents = upcoming.data?.pages.flatMap((page) => page.items) ?? [];
  const treeEvents = [...liveEvents, ...(sample.data?.pages.flatMap((page) => page.items) ?? [])];
  const categories = new Map<string, { name: string; leagues: Map<string, string> }>();
  for (const event of treeEvents) {
    const category = categories.get(event.league.category.id) ?? {
      name: event.league.category.name,
      leagues: new Map(),
    };
    category.leagues.set(event.league.id, event.league.name);
    categories.set(event.league.category.id, category);
  }
  if (!sport) return null;
  const sportPath = `${basePath}/${sportSlug(sport)}`;
  const loading = live.isPending || upcoming.isPending;
  const failed = live.isError || upcoming.isError;

  return (
    <div>
      <SportsbookHeader
        title={t(`Pages.sportsbook.sport.${sport.key}`)}
        icon={<SportIcon sport={sport.key} className="size-5" />}
        back={{ to: basePath, label: t('Pages.sportsbook.all_sports') }}
        favoritesPath={localized('/sportsbook/favorites')}
      />
      <SportTabs basePath={basePath} current={sport.id} counts={sportsQuery.data} />
      <SportLiveChannels sportIds={[sport.id]} />
      <div className="@container">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 @4xl:grid-cols-[15rem_minmax(0,1fr)]">
          <nav
            aria-label={t('Sportsbook.leagues')}
            className="@4xl:sticky @4xl:top-20 @4xl:self-start"
          >
            <h2 className="mb-2 text-xs font-bold tracking-wide text-ink-300 uppercase">
              {t('Sportsbook.leagues')}
            </h2>
            <div className="flex gap-2 overflow-x-auto pb-1 @4xl:flex-col @4xl:gap-3 @4xl:overflow-visible">
              <Link
                to={sportPath}
                aria-current={leagueId === undefined ? 'page' : undefined}
                className={cn(
                  'flex min-h-10 shrink-0 items-center rounded-lg px-3 text-sm whitespace-nowrap',
                  leagueId === undefined
                    ? 'bg-brand-500/15 font-semibold text-ink-100'
                    : 'bg-ink-850 text-ink-300 hover:text-ink-100 @4xl:bg-transparent',
                )}
              >
                {t('Sportsbook.all_leagues')}
              </Link>
              {[...categories].map(([categoryId, category]) => (
                <div key={categoryId} className="contents @4xl:block">
                  <p className="hidden px-3 pb-1 text-[11px] font-semibold text-ink-400 uppercase @4xl:block">
                    {category.name}
                  </p>
                  {[...category.leagues].map(([id, name]) => (
                    <Link
                      key={id}
                      to={`${sportPath}?league=${encodeURIComponent(id)}`}
                      aria-current={leagueId === id ? 'page' : undefined}
                      className={cn(
                        'flex min-h-10 shrink-0 items-center justify-between gap-2 rounded-lg px-3 text-sm whitespace-nowrap',
                        leagueId === id
                          ? 'bg-brand-500/15 font-semibold text-ink-100'
                          : 'bg-ink-850 text-ink-300 hover:text-ink-100 @4xl:bg-transparent',
                      )}
                    >
                      <span className="truncate">{name}</span>
                      <ChevronRight
                        className="hidden size-3.5 text-ink-500 @4xl:block"
                        aria-hidden="true"
                      />
                    </Link>
                  ))}
                </div>
              ))}
            </div>
          </nav>
          <div className="min-w-0">
            {loading ? (
              <EventListSkeleton rows={6} />
            ) : failed ? (
              <EventsError
                onRetry={() => {
                  void live.refetch();
                  void upcoming.refetch();
                }}
              />
            ) : liveEvents.length === 0 && upcomingEvents.length === 0 ? (
              <EmptyState
                icon={CalendarClock}
                title={t('Pages.sportsbook.no_events_title')}
                text={t('Pages.sportsbook.no_events_text')}
              />
            ) : (
              <>
                {liveEvents.length > 0 ? (
                  <SportSection
                    testId="sport-live"
                    title={t('Sportsbook.live')}
                    icon={<Radio className="size-4 text-danger-400" aria-hidden="true" />}
                  >
                    {groupByLeague(liveEvents).map((group) => (
                      <LeagueCard
                        key={group.league.id}
                        group={group}
                        basePath={basePath}
                        sportId={sport.id}
                      />
                    ))}
                  </SportSection>
                ) : null}
                {upcomingEvents.length > 0 ? (
                  <SportSection
                    testId="sport-upcoming"
                    title={t('Sportsbook.upcoming')}
                    icon={<CalendarClock className="size-4 text-brand-300" aria-hidden="true" />}
                  >
                    {groupByLeague(upcomingEvents).map((group) => (
                      <LeagueCard
                        key={group.league.id}
                        group={group}
                        basePath={basePath}
                        sportId={sport.id}
                      />
                    ))}
                    {upcoming.hasNextPage ? (
                      <Button
                        variant="secondary"
                        className="self-center"
                        disabled={upcoming.isFetchingNextPage}
                        onClick={() => void upcoming.fetchNextPage()}
                      >
                        {t('Sportsbook.show_more')}
                      </Button>
                    ) : null}
                  </SportSection>
                ) : null}
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
