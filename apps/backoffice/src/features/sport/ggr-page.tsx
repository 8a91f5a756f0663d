import { type SportGgrReport, sportGgrReportSchema } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Page } from '@/components/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { EmptyState, QueryState } from '@/components/ui/states.tsx';
import { api } from '@/lib/api.ts';
import { downloadText, toCsv } from '@/lib/csv.ts';
import { formatMoney } from '@/lib/format.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

function defaultPeriod() {
  const today = new Date();
  const from = new Date(today.getTime() - 29 * 86_400_000);
  return { from: day(from), to: day(today) };
}

/** Whole UTC days, `to` included: the report's [from, to) instants. */
function periodQuery(period: { from: string; to: string }) {
  const to = new Date(`${period.to}T00:00:00Z`);
  return {
    from: `${period.from}T00:00:00Z`,
    to: new Date(to.getTime() + 86_400_000).toISOString(),
  };
}

/** Sportsbook GGR per sport and currency over a period of whole UTC days; CSV of the rows. */
export function GgrPage() {
  const [draft, setDraft] = useState(defaultPeriod);
  const [period, setPeriod] = useState(draft);
  const report = useQuery({
    queryKey: ['backoffice', 'sport', 'ggr', period],
    queryFn: async () =>
      sportGgrReportSchema.parse(await api('/sport/ggr', { query: periodQuery(period) })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };
  return (
    <Page
      title="Sportsbook GGR"
      description="Tickets closed (settled or cashed out) in the period, UTC days."
    >
      <Card>
        <form
          onSubmit={submit}
          className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3"
        >
          <InputField
            label="From"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            inputClassName="w-auto"
          />
          <InputField
            label="To (included)"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            inputClassName="w-auto"
          />
          <Button type="submit" variant="primary">
            Show
          </Button>
          {report.data ? (
            <Button className="ml-auto" onClick={() => exportCsv(report.data, period)}>
              CSV
            </Button>
          ) : null}
        </form>
        <QueryState query={report} spinnerClassName="flex justify-center py-8">
          {(data) => <GgrTable report={data as SportGgrReport} />}
        </QueryState>
      </Card>
    </Page>
  );
}

function exportCsv(report: SportGgrReport, period: { from: string; to: string }) {
  downloadText(
    `sport-ggr-${period.from}-${period.to}.csv`,
    toCsv([
      ['Sport', 'Currency', 'Tickets', 'Stakes', 'Payouts', 'Cash-outs', 'GGR'],
      ...report.rows.map((row) => [
        row.sport?.name ?? 'Multi-sport',
        row.currency,
        row.tickets,
        row.stakes,
        row.payouts,
        row.cashouts,
        row.ggr,
      ]),
    ]),
  );
}

function GgrTable({ report }: { report: SportGgrReport }) {
  if (report.rows.length === 0) return <EmptyState>No tickets closed in this period.</EmptyState>;
  return (
    <>
      <CardHeader title="By sport" description="A ticket across sports counts in Multi-sport." />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="ggr">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              <th className="px-4 py-2 font-medium">Sport</th>
              <th className="px-4 py-2 font-medium">Currency</th>
              <th className="px-4 py-2 text-right font-medium">Tickets</th>
              <th className="px-4 py-2 text-right font-medium">Stakes</th>
              <th className="px-4 py-2 text-right font-medium">Payouts</th>
              <th className="px-4 py-2 text-right font-medium">Cash-outs</th>
              <th className="px-4 py-2 text-right font-medium">GGR</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr
                key={`${row.bucket}-${row.sport?.id ?? 'multi'}-${row.currency}`}
                className="border-b border-line last:border-0"
              >
                <td className="px-4 py-2">{row.sport?.name ?? 'Multi-sport'}</td>
                <td className="px-4 py-2">{row.currency}</td>
                <td className="tabular px-4 py-2 text-right">{row.tickets.toLocaleString('en')}</td>
                <td className="tabular px-4 py-2 text-right">
                  {formatMoney(row.stakes, row.currency)}
                </td>
                <td className="tabular px-4 py-2 text-right">
                  {formatMoney(row.payouts, row.currency)}
                </td>
                <td className="tabular px-4 py-2 text-right">
                  {formatMoney(row.cashouts, row.currency)}
                </td>
                <td
                  className={`tabular px-4 py-2 text-right font-medium ${row.ggr.startsWith('-') ? 'text-red-700' : ''}`}
                >
                  {formatMoney(row.ggr, row.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
