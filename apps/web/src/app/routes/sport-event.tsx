import { Lock, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { EventsError } from '@/features/sportsbook/components/event-list';
import { FavoriteStar } from '@/features/sportsbook/components/favorite-star';
import { MarketGroups } from '@/features/sportsbook/components/market-groups';
import { Scoreboard } from '@/features/sportsbook/components/scoreboard';
import { SportIcon } from '@/features/sportsbook/components/sport-icon';
import { SportsbookHeader } from '@/features/sportsbook/components/sportsbook-header';
import { useLiveEvent } from '@/features/sportsbook/hooks/use-live-event';
import { groupMarkets } from '@/features/sportsbook/markets';
import { findSportBySlug, sportSlug } from '@/features/sportsbook/sports';
import { isApiError } from '@/lib/api-client';
import { useLocalizedPath } from '@/lib/use-locale';
import { NotFoundPage } from './not-found';

/** `/sportsbook/{slug}-{id}/{eventId}`: the scoreboard and every market, live. */
export function SportEventPage() {
  const { sportSlug: slug, eventId } = useParams();
  const sport = findSportBySlug(slug);
  const id = Number(eventId);
  if (!sport || !/^\d{1,15}$/.test(eventId ?? '') || id <= 0) return <NotFoundPage />;
  return <SportEventView key={id} sportKey={sport.key} sportPath={sportSlug(sport)} eventId={id} />;
}

function SportEventView({
  sportKey,
  sportPath,
  eventId,
}: {
  sportKey: Parameters<typeof SportIcon>[0]['sport'];
  sportPath: string;
  eventId: number;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const event = useLiveEvent(eventId);
  const back = {
    to: localized(`/sportsbook/${sportPath}`),
    label: t(`Pages.sportsbook.sport.${sportKey}`),
  };
  const title = event.data
    ? `${event.data.home.name} — ${event.data.away.name}`
    : t('Pages.sportsbook.title');
  const header = (
    <SportsbookHeader
      title={title}
      icon={<SportIcon sport={sportKey} className="size-5" />}
      back={back}
      favoritesPath={localized('/sportsbook/favorites')}
    />
  );

  if (event.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <div className="mb-5 h-44 animate-pulse rounded-2xl bg-ink-850" />
        <div className="flex flex-col gap-3">
          <div className="h-40 animate-pulse rounded-2xl bg-ink-850" />
          <div className="h-64 animate-pulse rounded-2xl bg-ink-850" />
        </div>
      </div>
    );
  }
  if (event.isError) {
    const notFound = isApiError(event.error) && event.error.status === 404;
    return (
      <div>
        {header}
        {notFound ? (
          <EmptyState
            icon={SearchX}
            title={t('Sportsbook.event_not_found_title')}
            text={t('Sportsbook.event_not_found_text')}
          />
        ) : (
          <EventsError onRetry={() => void event.refetch()} />
        )}
      </div>
    );
  }
  const data = event.data;
  const hasMarkets = groupMarkets(data.markets).length > 0;
  return (
    <div>
      {header}
      <Scoreboard event={data} actions={<FavoriteStar type="event" id={String(data.id)} />} />
      {hasMarkets ? (
        <MarketGroups event={data} />
      ) : (
        <EmptyState
          icon={Lock}
          title={
            data.status === 'ended' || data.status === 'cancelled'
              ? t(`Sportsbook.status.${data.status}`)
              : t('Sportsbook.no_markets_title')
          }
          text={t('Sportsbook.no_markets_text')}
        />
      )}
    </div>
  );
}
