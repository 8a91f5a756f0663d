import { type SportFeedHealth, sportFeedHealthSchema } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { EmptyState, QueryState } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { StatDate, useSports } from './shared.tsx';

/** The odds feed's health: producers, counts, holds, overdue events; refreshed every 5 s. */
export function FeedHealthPage() {
  const health = useQuery({
    queryKey: ['backoffice', 'sport', 'feed'],
    queryFn: async () => sportFeedHealthSchema.parse(await api('/sport/feed')),
    refetchInterval: 5_000,
  });
  return (
    <Page title="Feed health" description="The odds feed as the book receives it, every 5 seconds.">
      <QueryState query={health}>
        {(data) => <FeedHealthBody data={data as SportFeedHealth} />}
      </QueryState>
    </Page>
  );
}

function FeedHealthBody({ data }: { data: SportFeedHealth }) {
  const format = useFormatDateTime();
  const sports = useSports();
  const sportName = (id: number) => sports.data?.find((sport) => sport.id === id)?.name ?? id;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        {data.producers.map((producer) => (
          <Card key={producer.id} data-testid={`producer-${producer.id}`}>
            <CardHeader
              title={`${producer.name} producer`}
              actions={producer.up ? <Badge tone="good">Up</Badge> : <Badge tone="bad">Down</Badge>}
            />
            <div className="grid grid-cols-2 gap-4 p-4">
              <Stat
                label="Last heartbeat"
                value={format(producer.lastAliveAt, { seconds: true })}
              />
              <Stat label="Down since" value={format(producer.downSince, { seconds: true })} />
            </div>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader title="Book" />
        <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3 xl:grid-cols-6">
          <Stat label="Live events" value={data.events.live.toLocaleString('en')} />
          <Stat label="Upcoming events" value={data.events.upcoming.toLocaleString('en')} />
          <Stat
            label="Suspended markets"
            value={data.suspendedMarkets.toLocaleString('en')}
            hint="by the feed, a producer down or an operator"
          />
          <Stat
            label="Held by operators"
            value={data.operatorSuspended.markets.toLocaleString('en')}
            hint={`markets, and ${data.operatorSuspended.events} whole events`}
          />
          <Stat
            label="Newest message"
            value={<StatDate>{format(data.newestMessageAt, { seconds: true })}</StatDate>}
          />
          <Stat
            label="Overdue events"
            value={data.overdueEvents.count.toLocaleString('en')}
            hint="open, but the feed stopped updating them"
          />
        </div>
      </Card>
      <Card>
        <CardHeader
          title="Overdue events"
          description="Players no longer see them; their tickets wait for a manual settlement."
        />
        {data.overdueEvents.oldest.length === 0 ? (
          <EmptyState>No overdue events.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Event</th>
                  <th className="px-4 py-2 font-medium">Sport</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 font-medium whitespace-nowrap">Kick-off</th>
                  <th className="px-4 py-2 font-medium whitespace-nowrap">Last message</th>
                </tr>
              </thead>
              <tbody>
                {data.overdueEvents.oldest.map((event) => (
                  <tr key={event.id} className="border-b border-line last:border-0">
                    <td className="px-4 py-2">
                      <Link
                        className="text-accent-700 hover:underline"
                        to={`/sport/events/${event.id}`}
                      >
                        {event.home} – {event.away}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{sportName(event.sportId)}</td>
                    <td className="px-4 py-2">{event.status === 'live' ? 'Live' : 'Upcoming'}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{format(event.startsAt)}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{format(event.lastMessageAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card>
        <CardHeader title="Ingestion" description="This server process, since it started." />
        <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-5">
          <Stat label="Applied" value={data.ingestion.applied.toLocaleString('en')} />
          <Stat label="Duplicates" value={data.ingestion.duplicate.toLocaleString('en')} />
          <Stat label="Stale" value={data.ingestion.stale.toLocaleString('en')} />
          <Stat label="Unknown event" value={data.ingestion.unknownEvent.toLocaleString('en')} />
          <Stat label="Unknown sport" value={data.ingestion.unknownSport.toLocaleString('en')} />
        </div>
      </Card>
    </>
  );
}
