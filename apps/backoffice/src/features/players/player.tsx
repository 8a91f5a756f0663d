import {
  type LimitHistoryEntry,
  operatorPlayerLimitsSchema,
  type PlayerAuditEntry,
  type PlayerBonus,
  type PlayerOrder,
  type PlayerOverview,
  type PlayerPosting,
  type PlayerRound,
  type PlayerSignIn,
  type PlayerSportTicket,
  playerExclusionsSchema,
  playerOverviewSchema,
  playerPostingsResponseSchema,
  playerRoundsResponseSchema,
  rgFlagPageSchema,
} from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { Can } from '@/components/require.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { Field, Select } from '@/components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { api, toQueryString } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime, useTimeZone } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import {
  BetFactor,
  ExclusionAction,
  PaymentRestrictionsAction,
  PlayerActions,
  SetLimitAction,
} from './actions.tsx';
import { PlayerBadges } from './badges.tsx';
import { KeysetList } from './keyset-list.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 truncate">{children}</dd>
    </div>
  );
}

const statusTones: Record<string, BadgeTone> = {
  completed: 'good',
  confirmed: 'good',
  credited: 'good',
  paid: 'good',
  settled: 'good',
  won: 'good',
  active: 'info',
  open: 'info',
  pending: 'warn',
  wait_for_confirmation: 'warn',
  awaiting_second_approval: 'warn',
  dispute: 'warn',
  cancelled: 'neutral',
  expired: 'neutral',
  rejected: 'bad',
  declined: 'bad',
  lost: 'bad',
};

function Status({ value }: { value: string }) {
  return <Badge tone={statusTones[value] ?? 'neutral'}>{value.replaceAll('_', ' ')}</Badge>;
}

function Amount({ value, currency }: { value: string; currency: string }) {
  return (
    <span className={value.startsWith('-') ? 'text-red-700' : undefined}>
      {formatMoney(value, currency)}
    </span>
  );
}

function ProfileTab({ player }: { player: PlayerOverview }) {
  const formatDateTime = useFormatDateTime();
  const canRestrictions = useCan('PUT', '/players/:globalId/payment-restrictions');
  const { buyBanned, fiatBanned } = player.paymentRestrictions;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader title="Profile" />
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 p-4 text-sm sm:grid-cols-3">
          <Detail label="Name">
            {[player.firstName, player.lastName].filter(Boolean).join(' ') || '—'}
          </Detail>
          <Detail label="Date of birth">{player.dateOfBirth ?? '—'}</Detail>
          <Detail label="Gender">{player.gender ?? '—'}</Detail>
          <Detail label="Registered">{formatDateTime(player.createdAt)}</Detail>
          <Detail label="Country (registration)">{player.country ?? 'Unknown'}</Detail>
          <Detail label="Language">{player.language}</Detail>
          <Detail label="Primary currency">{player.primaryCurrency}</Detail>
          <Detail label="First deposit">{formatDateTime(player.firstDepositAt)}</Detail>
          <Detail label="Deposits">{player.depositCount}</Detail>
          <Detail label="Ban">
            {player.banReason ? `Since ${formatDateTime(player.bannedAt)}` : 'Not banned'}
          </Detail>
        </dl>
        <div className="flex flex-col gap-3 border-t border-line p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <div>
              <div className="text-xs text-muted">Payment restrictions</div>
              <div className="font-medium" data-testid="payment-restrictions">
                {buyBanned || fiatBanned
                  ? [buyBanned && 'No deposits', fiatBanned && 'No fiat orders']
                      .filter(Boolean)
                      .join(' · ')
                  : 'None'}
              </div>
            </div>
            {canRestrictions ? <PaymentRestrictionsAction player={player} /> : null}
          </div>
          <BetFactor player={player} />
        </div>
      </Card>
      <Card data-testid="balances">
        <CardHeader title="Balances" description="Per account and currency" />
        {player.accounts.length === 0 ? (
          <EmptyState>No money yet.</EmptyState>
        ) : (
          <div className="grid grid-cols-2 gap-4 p-4">
            {player.accounts.map((account) => (
              <Stat
                key={`${account.currency}-${account.kind}`}
                label={`${account.kind.replace('_', ' ')} · ${account.currency}`}
                value={formatMoney(account.balance, account.currency)}
              />
            ))}
          </div>
        )}
      </Card>
      <Card className="lg:col-span-3">
        <CardHeader title="Latest sign-ins" />
        <SignInTable rows={player.lastSignIns} />
      </Card>
    </div>
  );
}

function SignInTable({ rows }: { rows: PlayerSignIn[] }) {
  const formatDateTime = useFormatDateTime();
  if (rows.length === 0) return <EmptyState>Never signed in.</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
            <th className="px-4 py-2 font-medium">Signed in</th>
            <th className="px-4 py-2 font-medium">Last seen</th>
            <th className="px-4 py-2 font-medium">IP</th>
            <th className="px-4 py-2 font-medium">Device</th>
            <th className="px-4 py-2 font-medium">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line last:border-0">
              <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(row.lastSeenAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">
                {row.ip ?? '—'}
                {row.country ? ` · ${row.country}` : ''}
              </td>
              <td className="max-w-72 truncate px-4 py-2 text-muted" title={row.userAgent ?? ''}>
                {row.userAgent ?? '—'}
              </td>
              <td className="px-4 py-2">
                {row.active ? <Badge tone="good">Active</Badge> : <Badge>Ended</Badge>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SessionsTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const canRevoke = useCan('DELETE', '/players/:globalId/sessions/:id');
  const queryClient = useQueryClient();
  const revoke = async (id: string) => {
    try {
      await api(`/players/${globalId}/sessions/${id}`, { method: 'DELETE' });
      toast.success('Session ended');
      await queryClient.invalidateQueries();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Could not end the session');
    }
  };
  const columns: Column<PlayerSignIn>[] = [
    { id: 'created', header: 'Signed in', cell: (row) => formatDateTime(row.createdAt) },
    { id: 'seen', header: 'Last seen', cell: (row) => formatDateTime(row.lastSeenAt) },
    {
      id: 'ip',
      header: 'IP',
      cell: (row) => `${row.ip ?? '—'}${row.country ? ` · ${row.country}` : ''}`,
    },
    {
      id: 'device',
      header: 'Device',
      className: 'max-w-72 truncate text-muted',
      cell: (row) => row.userAgent ?? '—',
    },
    {
      id: 'state',
      header: 'State',
      cell: (row) =>
        row.active ? (
          <Badge tone="good">Active</Badge>
        ) : (
          <Badge>{row.revokedAt ? `Ended ${formatDateTime(row.revokedAt)}` : 'Expired'}</Badge>
        ),
    },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        canRevoke && row.active ? (
          <Button size="sm" variant="ghost" onClick={() => void revoke(row.id)}>
            Sign out
          </Button>
        ) : null,
    },
  ];
  return (
    <Card>
      <DataTable<PlayerSignIn>
        resource="playerSessions"
        params={{ globalId }}
        columns={columns}
        empty="Never signed in."
      />
    </Card>
  );
}

function PostingsTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const [kind, setKind] = useState('');
  return (
    <Card>
      <div className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3">
        <Field label="Kind">
          {(props) => (
            <Select
              {...props}
              className="w-auto min-w-40"
              value={kind}
              onChange={(event) => setKind(event.target.value)}
            >
              <option value="">All</option>
              {postingKinds.map((option) => (
                <option key={option} value={option}>
                  {option.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <KeysetList<PlayerPosting>
        path={`/players/${globalId}/postings`}
        query={kind ? { kind } : {}}
        parse={(body) => playerPostingsResponseSchema.parse(body)}
        empty="No postings."
        columns={[
          {
            id: 'at',
            header: 'At',
            cell: (row) => formatDateTime(row.createdAt, { seconds: true }),
          },
          { id: 'kind', header: 'Kind', cell: (row) => row.kind.replaceAll('_', ' ') },
          {
            id: 'account',
            header: 'Account',
            cell: (row) => `${row.accountKind} · ${row.currency}`,
          },
          {
            id: 'amount',
            header: 'Amount',
            numeric: true,
            cell: (row) => <Amount value={row.amount} currency={row.currency} />,
          },
          {
            id: 'reference',
            header: 'Reference',
            cell: (row) => (
              <span className="font-mono text-xs text-muted">
                {row.reference ?? `tx ${row.transactionId}`}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The ledger's transaction types an operator filters by most. */
const postingKinds = [
  'deposit',
  'hold',
  'hold_post',
  'hold_void',
  'manual_adjustment',
  'exchange',
  'bet',
  'win',
  'sport_stake',
  'sport_win',
  'sport_refund',
  'sport_cashout',
  'sport_unsettle',
  'provider_bet',
  'provider_win',
  'provider_rollback',
  'bonus_grant',
  'bonus_convert',
  'bonus_forfeit',
  'freespin_win',
  'promo_credit',
  'wheel_prize',
  'tournament_prize',
];

function OrdersTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<PlayerOrder>[] = [
    { id: 'at', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'type',
      header: 'Type',
      cell: (row) => (
        <span className="capitalize">
          {row.type} <span className="text-muted">· {row.rail}</span>
        </span>
      ),
    },
    { id: 'method', header: 'Method', cell: (row) => row.method },
    { id: 'status', header: 'Status', cell: (row) => <Status value={row.status} /> },
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (row) => formatMoney(row.amount, row.currency),
    },
    {
      id: 'credited',
      header: 'Balance effect',
      numeric: true,
      // a withdrawal takes its amount off the balance (held, then paid)
      cell: (row) =>
        row.credited && row.creditedCurrency
          ? `${row.type === 'withdrawal' ? '−' : ''}${formatMoney(row.credited, row.creditedCurrency)}`
          : '—',
    },
    {
      id: 'id',
      header: 'Id',
      cell: (row) => <span className="font-mono text-xs text-muted">{row.id.slice(0, 8)}</span>,
    },
  ];
  return (
    <Card>
      <DataTable<PlayerOrder>
        resource="playerOrders"
        params={{ globalId }}
        columns={columns}
        filters={[
          {
            field: 'type',
            label: 'Type',
            type: 'select',
            options: [
              { value: 'deposit', label: 'Deposits' },
              { value: 'withdrawal', label: 'Withdrawals' },
            ],
          },
          {
            field: 'rail',
            label: 'Rail',
            type: 'select',
            options: [
              { value: 'fiat', label: 'Fiat' },
              { value: 'crypto', label: 'Crypto' },
            ],
          },
        ]}
        empty="No deposits or withdrawals."
      />
    </Card>
  );
}

function BonusesTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<PlayerBonus>[] = [
    { id: 'at', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
    { id: 'type', header: 'Type', cell: (row) => row.type.replaceAll('_', ' ') },
    { id: 'status', header: 'Status', cell: (row) => <Status value={row.status} /> },
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (row) => formatMoney(row.amount, row.currency),
    },
    {
      id: 'wager',
      header: 'Wagered',
      numeric: true,
      cell: (row) =>
        `${formatMoney(row.wagerCurrent, row.currency)} / ${formatMoney(row.wagerTotal, row.currency)}`,
    },
    {
      id: 'spins',
      header: 'Free spins',
      numeric: true,
      cell: (row) =>
        row.freespinsTotal > 0 ? `${row.freespinsLeft} / ${row.freespinsTotal}` : '—',
    },
    { id: 'expires', header: 'Expires', cell: (row) => formatDateTime(row.expiresAt) },
  ];
  return (
    <Card>
      <DataTable<PlayerBonus>
        resource="playerBonuses"
        params={{ globalId }}
        columns={columns}
        empty="No bonuses."
      />
    </Card>
  );
}

function RoundsTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  return (
    <Card>
      <KeysetList<PlayerRound>
        path={`/players/${globalId}/rounds`}
        query={{}}
        parse={(body) => playerRoundsResponseSchema.parse(body)}
        empty="No casino rounds."
        columns={[
          {
            id: 'at',
            header: 'At',
            cell: (row) => formatDateTime(row.createdAt, { seconds: true }),
          },
          { id: 'game', header: 'Game', cell: (row) => row.gameTitle ?? row.gameId },
          {
            id: 'bet',
            header: 'Bet',
            numeric: true,
            cell: (row) => (row.freespin ? 'Free spin' : formatMoney(row.bet, row.currency)),
          },
          {
            id: 'payout',
            header: 'Payout',
            numeric: true,
            cell: (row) => formatMoney(row.payout, row.currency),
          },
          { id: 'state', header: 'State', cell: (row) => <Status value={row.state} /> },
        ]}
      />
    </Card>
  );
}

function SportTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<PlayerSportTicket>[] = [
    { id: 'at', header: 'Placed', cell: (row) => formatDateTime(row.placedAt) },
    {
      id: 'type',
      header: 'Type',
      cell: (row) => (
        <span className="capitalize">
          {row.type}
          {row.live ? (
            <Badge className="ml-1.5" tone="info">
              Live
            </Badge>
          ) : null}
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (row) => <Status value={row.status} /> },
    { id: 'odds', header: 'Odds', numeric: true, cell: (row) => row.odds },
    {
      id: 'stake',
      header: 'Stake',
      numeric: true,
      cell: (row) => formatMoney(row.stake, row.currency),
    },
    {
      id: 'payout',
      header: 'Payout',
      numeric: true,
      cell: (row) =>
        row.payout === null
          ? `(${formatMoney(row.potentialPayout, row.currency)})`
          : formatMoney(row.payout, row.currency),
    },
  ];
  return (
    <Card>
      <DataTable<PlayerSportTicket>
        resource="playerSportTickets"
        params={{ globalId }}
        columns={columns}
        empty="No sportsbook tickets."
      />
    </Card>
  );
}

function ResponsibleGamblingTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const timeZone = useTimeZone();
  const canSetLimit = useCan('PUT', '/players/:globalId/limits/:type/:period');
  const canExclude = useCan('POST', '/players/:globalId/exclusions');
  const canFlags = useCan('GET', '/players/:globalId/rg/flags');
  const canHistory = useCan('GET', '/players/:globalId/limits/history');
  const canExclusions = useCan('GET', '/players/:globalId/exclusions');
  const limits = useQuery({
    queryKey: ['backoffice', 'player-limits', globalId],
    queryFn: async () => operatorPlayerLimitsSchema.parse(await api(`/players/${globalId}/limits`)),
  });
  const exclusions = useQuery({
    queryKey: ['backoffice', 'player-exclusions', globalId],
    queryFn: async () => playerExclusionsSchema.parse(await api(`/players/${globalId}/exclusions`)),
    enabled: canExclusions,
  });
  const flags = useQuery({
    queryKey: ['backoffice', 'player-rg-flags', globalId],
    queryFn: async () =>
      rgFlagPageSchema.parse(
        await api(`/players/${globalId}/rg/flags`, { query: { status: 'open' } }),
      ),
    enabled: canFlags,
  });
  const current = exclusions.data?.current;
  const historyColumns: Column<LimitHistoryEntry>[] = [
    { id: 'at', header: 'At', cell: (row) => formatDateTime(row.at) },
    { id: 'limit', header: 'Limit', cell: (row) => `${row.type} · ${row.period}` },
    { id: 'event', header: 'Change', cell: (row) => row.event.replaceAll('_', ' ') },
    {
      id: 'amounts',
      header: 'From → to',
      cell: (row) =>
        `${row.from ?? 'none'} → ${row.to ?? 'none'}${row.currency ? ` ${row.currency}` : ' min'}`,
    },
    {
      id: 'by',
      header: 'By',
      cell: (row) =>
        row.actor.kind === 'operator' ? (row.actor.name ?? 'operator') : row.actor.kind,
    },
    { id: 'reason', header: 'Reason', cell: (row) => row.reason ?? '' },
  ];
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader
          title="Limits"
          actions={
            <>
              <Can method="GET" path="/players/:globalId/rg/export.csv">
                <Button size="sm" asChild>
                  <a
                    href={`/api/backoffice/v1/players/${globalId}/rg/export.csv${toQueryString({ timeZone })}`}
                    download
                  >
                    <Download className="size-3.5" /> History CSV
                  </a>
                </Button>
              </Can>
              {canSetLimit ? <SetLimitAction globalId={globalId} /> : null}
            </>
          }
        />
        {limits.isLoading ? (
          <div className="p-4">
            <Spinner />
          </div>
        ) : limits.isError ? (
          <ErrorState error={limits.error} />
        ) : (limits.data ?? []).length === 0 ? (
          <EmptyState>No limits.</EmptyState>
        ) : (
          <div className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
            {(limits.data ?? []).map((limit) => (
              <Stat
                key={`${limit.type}-${limit.period}`}
                label={`${limit.type} · ${limit.period}`}
                value={
                  limit.currency ? formatMoney(limit.amount, limit.currency) : `${limit.amount} min`
                }
                hint={[
                  limit.used === null
                    ? null
                    : `used ${limit.currency ? formatMoney(limit.used, limit.currency) : `${limit.used} min`}`,
                  limit.pending
                    ? `→ ${limit.pending.amount ?? 'none'} from ${formatDateTime(limit.pending.effectiveAt)}`
                    : null,
                  limit.setBy.kind === 'operator'
                    ? `set by ${limit.setBy.name ?? 'operator'}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
          </div>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {canExclusions ? (
          <Card>
            <CardHeader
              title="Time-out and self-exclusion"
              actions={canExclude ? <ExclusionAction globalId={globalId} /> : null}
            />
            <div className="p-4 text-sm" data-testid="exclusion">
              {current ? (
                <span>
                  <Badge tone="bad">{current.kind.replace('_', '-')}</Badge> until{' '}
                  {current.until ? formatDateTime(current.until) : 'indefinitely'} (set by{' '}
                  {current.setBy} {formatDateTime(current.startedAt)})
                </span>
              ) : (
                'None in force.'
              )}
            </div>
          </Card>
        ) : null}
        {canFlags ? (
          <Card>
            <CardHeader title="Open responsible-gambling flags" />
            {(flags.data?.items ?? []).length === 0 ? (
              <EmptyState>No open flag.</EmptyState>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {(flags.data?.items ?? []).map((flag) => (
                  <li key={flag.id} className="flex justify-between gap-3 px-4 py-2">
                    <span>{flag.kind.replaceAll('_', ' ')}</span>
                    <span className="text-muted">{formatDateTime(flag.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}
      </div>
      {canHistory ? (
        <Card>
          <CardHeader title="Limit history" />
          <DataTable<LimitHistoryEntry>
            resource="playerLimitHistory"
            params={{ globalId }}
            columns={historyColumns}
            empty="No limit changes."
          />
        </Card>
      ) : null}
    </div>
  );
}

function AuditTab({ globalId }: { globalId: string }) {
  const formatDateTime = useFormatDateTime();
  const columns: Column<PlayerAuditEntry>[] = [
    {
      id: 'at',
      header: 'At',
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatDateTime(row.createdAt, { seconds: true })}
        </span>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => <code className="text-xs">{row.action}</code>,
    },
    { id: 'operator', header: 'Operator', cell: (row) => row.operatorEmail ?? row.operatorId },
    {
      id: 'details',
      header: 'Details',
      className: 'max-w-md',
      cell: (row) => <AuditDetails payload={row.payload} />,
    },
    { id: 'ip', header: 'IP', cell: (row) => row.ip ?? '—' },
  ];
  return (
    <Card>
      <DataTable<PlayerAuditEntry>
        resource="playerAudit"
        params={{ globalId }}
        columns={columns}
        empty="No operator has acted on this player."
      />
    </Card>
  );
}

/** An audit entry's payload as `key: value` text (React escapes it). */
function AuditDetails({ payload }: { payload: unknown }) {
  if (!payload || typeof payload !== 'object') return <span className="text-muted">—</span>;
  const entries = Object.entries(payload as Record<string, unknown>);
  if (entries.length === 0) return <span className="text-muted">—</span>;
  return (
    <span className="text-xs break-words text-muted">
      {entries
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join(' · ')}
    </span>
  );
}

const tabNames = [
  'profile',
  'postings',
  'sessions',
  'payments',
  'bonuses',
  'rounds',
  'sport',
  'rg',
  'audit',
] as const;

export function PlayerPage() {
  const { globalId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = tabNames.find((name) => name === search.get('tab')) ?? 'profile';
  const overview = useQuery({
    queryKey: ['backoffice', 'player', globalId],
    queryFn: async () => playerOverviewSchema.parse(await api(`/players/${globalId}`)),
  });
  const can = {
    postings: useCan('GET', '/players/:globalId/postings'),
    sessions: useCan('GET', '/players/:globalId/sessions'),
    payments: useCan('GET', '/players/:globalId/orders'),
    bonuses: useCan('GET', '/players/:globalId/bonuses'),
    rounds: useCan('GET', '/players/:globalId/rounds'),
    sport: useCan('GET', '/players/:globalId/sport-tickets'),
    rg: useCan('GET', '/players/:globalId/limits'),
    audit: useCan('GET', '/players/:globalId/audit'),
  };
  const back = (
    <Link
      to="/players"
      className="inline-flex items-center gap-1 text-xs text-muted hover:text-ink"
    >
      <ArrowLeft className="size-3" /> Players
    </Link>
  );
  if (overview.isLoading) return <Spinner />;
  if (overview.isError) {
    return (
      <div className="p-6">
        {back}
        <ErrorState error={overview.error} />
      </div>
    );
  }
  const player = overview.data as PlayerOverview;
  const name = [player.firstName, player.lastName].filter(Boolean).join(' ');
  return (
    <Page
      title={
        <span className="flex flex-col gap-1">
          {back}
          <span className="break-all" data-testid="player-email">
            {player.email}
          </span>
        </span>
      }
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="tabular">#{player.globalId}</span>
          {name ? <span>· {name}</span> : null}
          <span>· {formatMoney(player.balance, player.primaryCurrency)}</span>
          <span data-testid="player-badges">
            <PlayerBadges player={player} showUnverified />
          </span>
        </span>
      }
      actions={<PlayerActions player={player} />}
    >
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearch(next === 'profile' ? {} : { tab: next }, { replace: true })
        }
        tabs={[
          { value: 'profile', label: 'Profile', content: <ProfileTab player={player} /> },
          {
            value: 'postings',
            label: 'Ledger',
            hidden: !can.postings,
            content: <PostingsTab globalId={globalId} />,
          },
          {
            value: 'sessions',
            label: 'Sessions',
            hidden: !can.sessions,
            content: <SessionsTab globalId={globalId} />,
          },
          {
            value: 'payments',
            label: 'Deposits & withdrawals',
            hidden: !can.payments,
            content: <OrdersTab globalId={globalId} />,
          },
          {
            value: 'bonuses',
            label: 'Bonuses',
            hidden: !can.bonuses,
            content: <BonusesTab globalId={globalId} />,
          },
          {
            value: 'rounds',
            label: 'Casino rounds',
            hidden: !can.rounds,
            content: <RoundsTab globalId={globalId} />,
          },
          {
            value: 'sport',
            label: 'Sportsbook',
            hidden: !can.sport,
            content: <SportTab globalId={globalId} />,
          },
          {
            value: 'rg',
            label: 'Limits & RG',
            hidden: !can.rg,
            content: <ResponsibleGamblingTab globalId={globalId} />,
          },
          {
            value: 'audit',
            label: 'Audit',
            hidden: !can.audit,
            content: <AuditTab globalId={globalId} />,
          },
        ]}
      />
    </Page>
  );
}
