import { LogIn, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSportFavorites } from '@/features/sportsbook/api/favorites';
import {
  EventListSkeleton,
  EventsError,
  groupByLeague,
  LeagueCard,
  SportSection,
} from '@/features/sportsbook/components/event-list';
import { FavoriteStar } from '@/features/sportsbook/components/favorite-star';
import { SportIcon } from '@/features/sportsbook/components/sport-icon';
import { SportLiveChannels } from '@/features/sportsbook/components/sport-live-channels';
import { SportsbookHeader } from '@/features/sportsbook/components/sportsbook-header';
import { findSportById, sportSlug } from '@/features/sportsbook/sports';
import { useIsSignedIn } from '@/lib/auth-token';
import { useLocalizedPath } from '@/lib/use-locale';
import { useSignInPath } from '@/lib/use-sign-in-path';

/** `/sportsbook/favorites`: the player's favourite events and leagues; guests are asked to sign in. */
export function SportFavoritesPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const signedIn = useIsSignedIn();
  const signInPath = useSignInPath();
  const favorites = useSportFavorites();
  const basePath = localized('/sportsbook');
  const header = (
    <SportsbookHeader
      title={t('Pages.sportsbook.favorites_title')}
      icon={<Star className="size-5" aria-hidden="true" />}
      back={{ to: basePath, label: t('Pages.sportsbook.all_sports') }}
      favoritesPath={localized('/sportsbook/favorites')}
    />
  );
  if (!signedIn) {
    return (
      <div>
        {header}
        <EmptyState
          icon={Star}
          title={t('Sportsbook.favorites_sign_in_title')}
          text={t('Sportsbook.favorites_sign_in_text')}
          action={
            <Button asChild>
              <Link to={signInPath(localized('/sportsbook/favorites'))}>
                <LogIn className="size-4" aria-hidden="true" />
                {t('Sportsbook.sign_in')}
              </Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (favorites.isPending) {
    return (
      <div>
        {header}
        <EventListSkeleton />
      </div>
    );
  }
  if (favorites.isError) {
    return (
      <div>
        {header}
        <EventsError onRetry={() => void favorites.refetch()} />
      </div>
    );
  }
  const { events, leagues } = favorites.data;
  if (events.length === 0 && leagues.length === 0) {
    return (
      <div>
        {header}
        <EmptyState
          icon={Star}
          title={t('Pages.sportsbook.favorites_empty_title')}
          text={t('Pages.sportsbook.favorites_empty_text')}
        />
      </div>
    );
  }
  return (
    <div>
      {header}
      <SportLiveChannels sportIds={events.map((event) => event.sportId)} />
      {leagues.length > 0 ? (
        <SportSection title={t('Sportsbook.favorite_leagues')}>
          <ul className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850">
            {leagues.map((league) => {
              const sport = findSportById(league.sportId);
              return (
                <li
                  key={league.id}
                  className="flex items-center border-t border-ink-750 pr-1 first:border-t-0"
                >
                  <Link
                    to={
                      sport
                        ? `${basePath}/${sportSlug(sport)}?league=${encodeURIComponent(league.id)}`
                        : basePath
                    }
                    className="flex min-h-11 min-w-0 flex-1 items-center gap-2.5 px-3 py-2 text-sm hover:bg-ink-800"
                  >
                    {sport ? (
                      <SportIcon sport={sport.key} className="size-4 shrink-0 text-ink-400" />
                    ) : null}
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink-100">{league.name}</span>
                      <span className="block truncate text-xs text-ink-400">
                        {league.category.name}
                      </span>
                    </span>
                  </Link>
                  <FavoriteStar type="league" id={league.id} />
                </li>
              );
            })}
          </ul>
        </SportSection>
      ) : null}
      {events.length > 0 ? (
        <SportSection title={t('Sportsbook.favorite_events')}>
          {groupByLeague(events).map((group) => (
            <LeagueCard
              key={group.league.id}
              group={group}
              basePath={basePath}
              sportId={group.events[0]?.sportId}
            />
          ))}
        </SportSection>
      ) : null}
    </div>
  );
}
