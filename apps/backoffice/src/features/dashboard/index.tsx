import {
  currencyCodes,
  type Dashboard,
  dashboardSchema,
  type ReportSummary,
  reportSummarySchema,
} from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, Route } from 'react-router';
import { Page } from '@/components/page.tsx';
import { RequirePage } from '@/components/require.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { InputField, Select } from '@/components/ui/field.tsx';
import { ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import {
  formatMoney,
  instantOfZonedInput,
  useFormatDateTime,
  useTimeZone,
  zonedInputValue,
} from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { useOperatorEvents } from '@/lib/realtime.ts';
import type { Feature } from '../types.ts';

const periods = [
  ['today', 'Today (since 00:00 UTC)'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
] as const;

function Figures({ summary }: { summary: ReportSummary }) {
  const money = (value: string) => formatMoney(value, summary.currency);
  const figures: [string, string, string, string?][] = [
    ['deposits', 'Deposits', money(summary.deposits)],
    ['withdrawals', 'Withdrawals', money(summary.withdrawals)],
    ['bets', 'Bets', money(summary.bets)],
    ['wins', 'Wins', money(summary.wins)],
    ['ggr', 'GGR', money(summary.ggr), 'Bets − wins'],
    ['bonusCost', 'Bonus cost', money(summary.bonusCost)],
    ['ngr', 'NGR', money(summary.ngr), 'GGR − bonus cost'],
    ['activePlayers', 'Active players', summary.activePlayers.toLocaleString('en'), 'Who staked'],
    ['betCount', 'Bet count', summary.betCount.toLocaleString('en'), 'Stakes placed'],
  ];
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-5 p-4 sm:grid-cols-3 xl:grid-cols-5">
      {figures.map(([key, label, value, hint]) => (
        <div key={key} data-testid={`figure-${key}`}>
          <Stat label={label} value={value} hint={hint} />
        </div>
      ))}
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

/** `YYYY-MM-DD` of an instant in the operator's calendar (the date inputs' format). */
function dayOf(date: Date, timeZone: string): string {
  return zonedInputValue(date.toISOString(), timeZone).slice(0, 10);
}

/** The instant a day of the operator's calendar starts, `days` days after the given one. */
function dayStart(day: string, timeZone: string, days = 0): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return instantOfZonedInput(`${date.toISOString().slice(0, 10)}T00:00`, timeZone) ?? '';
}

/** A custom period: [from 00:00, to 24:00) in the operator's browser calendar. */
function CustomPeriod({ currency }: { currency: string }) {
  const formatDateTime = useFormatDateTime();
  const timeZone = useTimeZone();
  const today = dayOf(new Date(), timeZone);
  const [draft, setDraft] = useState({
    from: dayOf(new Date(Date.now() - 6 * 86_400_000), timeZone),
    to: today,
  });
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const fromId = useId();
  const summary = useQuery({
    queryKey: ['backoffice', 'reports', 'summary', period, currency],
    enabled: period !== null,
    queryFn: async () =>
      reportSummarySchema.parse(
        await api('/reports/summary', { query: { ...(period ?? {}), currency } }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // whole days of the operator's time zone: from the first's start to the day after the last
    setPeriod({ from: dayStart(draft.from, timeZone), to: dayStart(draft.to, timeZone, 1) });
  };
  return (
    <Card data-testid="period-custom">
      <CardHeader
        title="Custom period"
        description={
          period
            ? `${formatDateTime(period.from)} – ${formatDateTime(period.to)}`
            : 'Whole days, at most 366.'
        }
        actions={
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={submit}
            aria-labelledby={fromId}
          >
            <span id={fromId} className="sr-only">
              Custom period
            </span>
            <InputField
              label="From"
              type="date"
              inputClassName="w-auto"
              max={draft.to}
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
            <InputField
              label="To"
              type="date"
              inputClassName="w-auto"
              min={draft.from}
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
            <Button type="submit" variant="primary" disabled={!draft.from || !draft.to}>
              Show
            </Button>
          </form>
        }
      />
      {summary.isFetching ? (
        <div className="p-4">
          <Spinner />
        </div>
      ) : summary.isError ? (
        <ErrorState error={summary.error} />
      ) : summary.data ? (
        <Figures summary={summary.data} />
      ) : null}
    </Card>
  );
}

function DashboardPage() {
  const [currency, setCurrency] = useState('USD');
  const currencyId = useId();
  const canSummary = useCan('GET', '/reports/summary');
  const dashboard = useQuery({
    queryKey: ['backoffice', 'dashboard', currency],
    queryFn: async () =>
      dashboardSchema.parse(await api('/reports/dashboard', { query: { currency } })),
    refetchInterval: 60_000,
  });
  // the queue counts stay current as the live feed says a queue changed
  useOperatorEvents('queues.changed', () => void dashboard.refetch());
  const currencySwitch = (
    <div className="flex items-center gap-2">
      <label htmlFor={currencyId} className="text-xs text-muted">
        Currency
      </label>
      <Select
        id={currencyId}
        className="w-auto"
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
      >
        {currencyCodes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <Page
      title="Dashboard"
      description={`Figures from the ledger, in ${currency} (postings in ${currency} only, no conversion).`}
      actions={currencySwitch}
    >
      {dashboard.isLoading ? (
        <Spinner />
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} />
      ) : dashboard.data ? (
        <>
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
                      <span className="tabular font-semibold">{dashboard.data.queues[key]}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <CardHeader title="Sportsbook" />
              <div className="p-4" data-testid="figure-sportOpenLiability">
                <Stat
                  label="Open liability"
                  value={formatMoney(dashboard.data.sportOpenLiability, dashboard.data.currency)}
                  hint="What open tickets would pay beyond their stakes"
                />
              </div>
            </Card>
          </div>
          {periods.map(([key, title]) => (
            <Card key={key} data-testid={`period-${key}`}>
              <CardHeader title={title} />
              <Figures summary={dashboard.data[key]} />
            </Card>
          ))}
        </>
      ) : null}
      {canSummary ? <CustomPeriod currency={currency} /> : null}
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
