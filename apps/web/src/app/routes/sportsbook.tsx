import { CalendarClock, Radio, Trophy, Volleyball } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { findSportById, sportSlug, sports } from '@/features/sportsbook/sports';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';

const liveLimit = 100;
const soonLimit = 12;
const leagueSampleSize = 100;

/** `/sportsbook`: live now (by sport), starting soon, top leagues; sport tabs above. */
export function SportsbookPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const basePath = localized('/sportsbook');
  const sportsQuery = useSports();
  const live = useEvents({ live: true }, liveLimit);
  const soon = useEvents({ live: false }, soonLimit);
  // The leagues with the most matches ahead: counted over the next hundred events.
  const ahead = useEvents({ live: false }, leagueSampleSize);
  const liveEvents = live.data?.pages.flatMap((page) => page.items) ?? [];
  const soonEvents = soon.data?.pages.flatMap((page) => page.items) ?? [];
  const liveSportIds = sports
    .filter((sport) => liveEvents.some((event) => event.sportId === sport.id))
    .map((sport) => sport.id);
  const withLive = (sportsQuery.data ?? []).filter((sport) => sport.liveCount > 0);
  const subscribed = [
    ...new Set([
      ...liveSportIds,
      ...withLive.map((sport) => sport.id),
      ...soonEvents.map((e) => e.sportId),
    ]),
  ];
  const aheadEvents = ahead.data?.pages.flatMap((page) => page.items) ?? [];
  const topLeagues = groupByLeague(aheadEvents)
    .sort((first, second) => second.events.length - first.events.length)
    .slice(0, 8);

  return (
    <div>
      <SportsbookHeader
        title={t('Pages.sportsbook.title')}
        subtitle={t('Pages.sportsbook.subtitle')}
        icon={<Volleyball className="size-5" aria-hidden="true" />}
        favoritesPath={localized('/sportsbook/favorites')}
      />
      <SportTabs basePath={basePath} current={null} counts={sportsQuery.data} />
      <SportLiveChannels sportIds={subscribed} />

      <SportSection
        testId="live-now"
        title={t('Sportsbook.live_now')}
        icon={<Radio className="size-4 text-danger-400" aria-hidden="true" />}
      >
        {live.isPending ? (
          <EventListSkeleton />
        ) : live.isError ? (
          <EventsError onRetry={() => void live.refetch()} />
        ) : liveEvents.length === 0 ? (
          <EmptyState
            icon={Radio}
            title={t('Sportsbook.no_live_title')}
            text={t('Sportsbook.no_live_text')}
          />
        ) : (
          liveSportIds.map((sportId) => {
            const sport = findSportById(sportId);
            const events = liveEvents.filter((event) => event.sportId === sportId);
            return (
              <div key={sportId} className="flex flex-col gap-2">
                {sport ? (
                  <Link
                    to={`${basePath}/${sportSlug(sport)}`}
                    className="flex w-fit items-center gap-2 text-sm font-semibold text-ink-100 hover:text-brand-300"
                  >
                    <SportIcon sport={sport.key} className="size-4 text-money-400" />
                    {t(`Pages.sportsbook.sport.${sport.key}`)}
                    <span className="text-xs text-ink-400 tabular-nums">{events.length}</span>
                  </Link>
                ) : null}
                {groupByLeague(events).map((group) => (
                  <LeagueCard
                    key={group.league.id}
                    group={group}
                    basePath={basePath}
                    sportId={sportId}
                  />
                ))}
              </div>
            );
          })
        )}
      </SportSection>

      {/* below the live list, shown once it is in: the list is taller than its skeleton, and
          these sections drawn under the skeleton would be pushed down the screen as it came */}
      <div className={cn('@container', live.isPending && 'hidden')}>
        <div className="grid gap-x-6 @5xl:grid-cols-[minmax(0,1fr)_18rem]">
          <SportSection
            testId="starting-soon"
            title={t('Sportsbook.starting_soon')}
            icon={<CalendarClock className="size-4 text-brand-300" aria-hidden="true" />}
          >
            {soon.isPending ? (
              <EventListSkeleton rows={3} />
            ) : soon.isError ? (
              <EventsError onRetry={() => void soon.refetch()} />
            ) : soonEvents.length === 0 ? (
              <EmptyState
                icon={CalendarClock}
                title={t('Sportsbook.no_upcoming_title')}
                text={t('Sportsbook.no_upcoming_text')}
              />
            ) : (
              groupByLeague(soonEvents).map((group) => (
                <LeagueCard
                  key={group.league.id}
                  group={group}
                  basePath={basePath}
                  sportId={group.events[0]?.sportId}
                />
              ))
            )}
          </SportSection>
          <SportSection
            testId="top-leagues"
            title={t('Sportsbook.top_leagues')}
            icon={<Trophy className="size-4 text-gold-400" aria-hidden="true" />}
          >
            {ahead.isPending ? (
              <div aria-busy="true" className="h-48 animate-pulse rounded-2xl bg-ink-850" />
            ) : topLeagues.length === 0 ? null : (
              <ul className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850">
                {topLeagues.map(({ league, events }) => {
                  const sport = findSportById(events[0]?.sportId ?? 0);
                  if (!sport) return null;
                  return (
                    <li key={league.id} className="border-t border-ink-750 first:border-t-0">
                      <Link
                        to={`${basePath}/${sportSlug(sport)}?league=${encodeURIComponent(league.id)}`}
                        className="flex min-h-11 items-center gap-2.5 px-3 py-2 text-sm hover:bg-ink-800"
                      >
                        <SportIcon sport={sport.key} className="size-4 shrink-0 text-ink-400" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-ink-100">
                            {league.name}
                          </span>
                          <span className="block truncate text-xs text-ink-400">
                            {league.category.name}
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </SportSection>
        </div>
      </div>
    </div>
  );
}
