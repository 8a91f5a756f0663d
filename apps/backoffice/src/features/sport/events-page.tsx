import { sportOperatorEventSchema } from '@casino/contract';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useFormatDateTime } from '@/lib/format.ts';
import { defineResource, type ResourceItem } from '@/lib/resources.ts';
import {
  EventStatusBadge,
  eventStatusOptions,
  scoreText,
  sportOptions,
  useSports,
} from './shared.tsx';

export const sportEventsResource = defineResource({
  path: '/sport/events',
  item: sportOperatorEventSchema,
});
type EventRow = ResourceItem<typeof sportEventsResource>;

/** Every event the book holds: filters, search, sort, server pages; a row opens the event. */
export function EventsPage() {
  const format = useFormatDateTime();
  const navigate = useNavigate();
  const sports = useSports();
  const columns: Column<EventRow>[] = [
    {
      id: 'id',
      header: 'ID',
      sortField: 'id',
      cell: (row) => <span className="tabular text-muted">{row.id}</span>,
      csv: (row) => row.id,
    },
    {
      id: 'event',
      header: 'Event',
      cell: (row) => (
        <div className="min-w-48">
          <div className="font-medium">
            {row.home} – {row.away}
          </div>
          <div className="text-xs text-muted">
            {row.sportName} · {row.league.category.name} · {row.league.name}
          </div>
        </div>
      ),
      csv: (row) => `${row.home} – ${row.away}`,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          <EventStatusBadge status={row.status} />
          {row.suspended ? <Badge tone="warn">Held</Badge> : null}
          {row.overdue ? <Badge tone="bad">Overdue</Badge> : null}
        </div>
      ),
      csv: (row) => row.status,
    },
    {
      id: 'score',
      header: 'Score',
      cell: (row) => <span className="tabular">{scoreText(row.score)}</span>,
    },
    {
      id: 'startsAt',
      header: 'Kick-off',
      sortField: 'startsAt',
      className: 'whitespace-nowrap',
      cell: (row) => format(row.startsAt),
      csv: (row) => row.startsAt,
    },
    {
      id: 'markets',
      header: 'Markets',
      numeric: true,
      cell: (row) => (
        <span title="active / suspended / settled of all">
          <span className="text-emerald-700">{row.markets.active}</span>
          {' / '}
          <span className={row.markets.suspended > 0 ? 'text-amber-700' : ''}>
            {row.markets.suspended}
          </span>
          {' / '}
          {row.markets.settled}
          <span className="text-muted"> of {row.markets.total}</span>
        </span>
      ),
      csv: (row) => row.markets.total,
    },
    {
      id: 'updatedAt',
      header: 'Last message',
      sortField: 'updatedAt',
      className: 'whitespace-nowrap text-muted',
      cell: (row) => format(row.updatedAt, { seconds: true }),
      csv: (row) => row.updatedAt,
    },
  ];
  return (
    <Page
      title="Events and markets"
      description="Every event the feed brought, whatever its state."
    >
      <Card>
        <DataTable<EventRow>
          resource="sportEvents"
          columns={columns}
          syncWithLocation
          initialSorters={[{ field: 'startsAt', order: 'asc' }]}
          filters={[
            {
              field: 'query',
              label: 'Search',
              type: 'text',
              placeholder: 'Team, league, event id',
            },
            {
              field: 'sportId',
              label: 'Sport',
              type: 'select',
              options: sportOptions(sports.data),
            },
            { field: 'status', label: 'Status', type: 'select', options: eventStatusOptions },
            {
              field: 'held',
              label: 'Operator hold',
              type: 'select',
              options: [
                { value: 'true', label: 'Held' },
                { value: 'false', label: 'Not held' },
              ],
            },
            {
              field: 'starts',
              label: 'Kick-off from',
              type: 'date',
              operator: 'gte',
              send: 'instant',
            },
            {
              field: 'starts',
              label: 'Kick-off to',
              type: 'date',
              operator: 'lte',
              send: 'instant',
            },
          ]}
          csv={{ filename: 'sport-events.csv' }}
          onRowClick={(row) => navigate(`/sport/events/${row.id}`)}
          empty="No events match."
        />
      </Card>
    </Page>
  );
}
