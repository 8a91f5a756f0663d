import { type Dashboard, dashboardSchema, type ReportSummary } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard } from 'lucide-react';
import { Link, Route } from 'react-router';
import { Page } from '@/components/page.tsx';
import { RequirePage } from '@/components/require.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { formatMoney } from '@/lib/format.ts';
import { useOperatorEvents } from '@/lib/realtime.ts';
import type { Feature } from '../types.ts';

const periods = [
  ['today', 'Today (UTC)'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
] as const;

function Figures({ summary }: { summary: ReportSummary }) {
  const money = (value: string) => formatMoney(value, summary.currency);
  return (
    <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3 xl:grid-cols-5">
      <Stat label="Deposits" value={money(summary.deposits)} />
      <Stat label="Withdrawals" value={money(summary.withdrawals)} />
      <Stat label="Bets" value={money(summary.bets)} hint={`${summary.betCount} stakes`} />
      <Stat label="Wins" value={money(summary.wins)} />
      <Stat label="GGR" value={money(summary.ggr)} />
      <Stat label="Bonus cost" value={money(summary.bonusCost)} />
      <Stat label="NGR" value={money(summary.ngr)} />
      <Stat label="Active players" value={summary.activePlayers.toLocaleString('en')} />
    </div>
  );
}

const queueLinks: [keyof Dashboard['queues'], string, string][] = [
  ['depositsAwaitingApproval', 'Deposits awaiting approval', '/payments/deposits'],
  ['disputes', 'Disputes', '/payments/disputes'],
  ['fiatWithdrawalsToPay', 'Fiat withdrawals to pay', '/payments/withdrawals'],
  ['cryptoWithdrawalsToPay', 'Crypto withdrawals to pay', '/payments/withdrawals'],
  ['unmatchedCryptoTransfers', 'Unmatched crypto transfers', '/payments/crypto-unmatched'],
  ['adjustmentsAwaitingApproval', 'Adjustments awaiting approval', '/payments/approvals'],
];

function DashboardPage() {
  const dashboard = useQuery({
    queryKey: ['backoffice', 'dashboard', 'USD'],
    queryFn: async () =>
      dashboardSchema.parse(await api('/reports/dashboard', { query: { currency: 'USD' } })),
  });
  // the queue counts stay current as the live feed says a queue changed
  useOperatorEvents('queues.changed', () => void dashboard.refetch());
  if (dashboard.isLoading) return <Spinner />;
  if (dashboard.isError) return <ErrorState error={dashboard.error} />;
  const data = dashboard.data as Dashboard;
  return (
    <Page title="Dashboard" description={`Figures from the ledger, in ${data.currency}.`}>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Pending queues" />
          <ul className="grid gap-px bg-line sm:grid-cols-2">
            {queueLinks.map(([key, label, path]) => (
              <li key={key} className="bg-surface">
                <Link
                  to={path}
                  className="flex items-center justify-between px-4 py-3 hover:bg-canvas"
                  data-testid={`queue-${key}`}
                >
                  <span>{label}</span>
                  <span className="tabular font-semibold">{data.queues[key]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <CardHeader title="Sportsbook" />
          <div className="p-4">
            <Stat
              label="Open liability"
              value={formatMoney(data.sportOpenLiability, data.currency)}
              hint="What open tickets would pay beyond their stakes"
            />
          </div>
        </Card>
      </div>
      {periods.map(([key, title]) => (
        <Card key={key} data-testid={`period-${key}`}>
          <CardHeader title={title} />
          <Figures summary={data[key]} />
        </Card>
      ))}
    </Page>
  );
}

export const dashboardFeature: Feature = {
  id: 'dashboard',
  nav: [
    {
      group: 'Overview',
      label: 'Dashboard',
      path: '/dashboard',
      icon: LayoutDashboard,
      requires: ['GET', '/reports/dashboard'],
    },
  ],
  routes: (
    <Route
      path="dashboard"
      element={
        <RequirePage method="GET" path="/reports/dashboard">
          <DashboardPage />
        </RequirePage>
      }
    />
  ),
};
