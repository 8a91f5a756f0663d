import { useNavigate } from 'react-router';
import { type Column, DataTable, type FilterDefinition } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatMoney, useFormatDateTime, useTimeZone } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import type { ResourceItem } from '@/lib/resources.ts';
import { PlayerBadges } from './badges.tsx';
import type { playerResources } from './resources.ts';

type PlayerListItem = ResourceItem<typeof playerResources.players>;

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const filters: FilterDefinition[] = [
  { field: 'query', label: 'Search', type: 'text', placeholder: 'E-mail, name or globalId' },
  { field: 'vip', label: 'VIP', type: 'select', options: yesNo },
  { field: 'banned', label: 'Banned', type: 'select', options: yesNo },
  { field: 'verified', label: 'Verified', type: 'select', options: yesNo },
  { field: 'country', label: 'Country', type: 'text', placeholder: 'MT' },
  { field: 'registered', label: 'Registered from', type: 'date', operator: 'gte' },
  { field: 'registered', label: 'Registered to', type: 'date', operator: 'lte' },
];

function fullName(player: Pick<PlayerListItem, 'firstName' | 'lastName'>): string {
  return [player.firstName, player.lastName].filter(Boolean).join(' ');
}

export function PlayersPage() {
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const timeZone = useTimeZone();
  const canExport = useCan('GET', '/players/export.csv');
  const canOpen = useCan('GET', '/players/:globalId');
  const columns: Column<PlayerListItem>[] = [
    {
      id: 'player',
      header: 'Player',
      cell: (player) => (
        <div className="min-w-48">
          <div className="font-medium">{player.email}</div>
          <div className="text-xs text-muted">
            <span className="tabular">#{player.globalId}</span>
            {fullName(player) ? ` · ${fullName(player)}` : ''}
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (player) => <PlayerBadges player={player} />,
    },
    { id: 'country', header: 'Country', cell: (player) => player.country ?? '—' },
    {
      id: 'balance',
      header: 'Balance',
      sortField: 'balance',
      numeric: true,
      cell: (player) => formatMoney(player.balance, player.primaryCurrency),
    },
    {
      id: 'registered',
      header: 'Registered',
      sortField: 'registered',
      cell: (player) => (
        <span className="whitespace-nowrap">{formatDateTime(player.createdAt)}</span>
      ),
    },
    {
      id: 'lastSeen',
      header: 'Last seen',
      sortField: 'lastSeen',
      cell: (player) => (
        <span className="whitespace-nowrap">{formatDateTime(player.lastSeenAt)}</span>
      ),
    },
  ];
  return (
    <Page title="Players" description="Search by part of the e-mail or name, or an exact globalId.">
      <Card>
        <DataTable<PlayerListItem>
          resource="players"
          columns={columns}
          filters={filters}
          permanentFilters={[{ field: 'timeZone', operator: 'eq', value: timeZone }]}
          initialSorters={[{ field: 'registered', order: 'desc' }]}
          rowKey={(player) => player.globalId}
          syncWithLocation
          {...(canOpen
            ? { onRowClick: (player: PlayerListItem) => navigate(`/players/${player.globalId}`) }
            : {})}
          {...(canExport
            ? { csv: { filename: 'players.csv', serverPath: '/players/export.csv' } }
            : {})}
          empty="No player matches."
        />
      </Card>
    </Page>
  );
}
