import { type SportTickerItem, sportTickerPageSchema, sportTicketStatuses } from '@casino/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Field, InputField, Select } from '@/components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api, type QueryValue } from '@/lib/api.ts';
import { downloadText, toCsv } from '@/lib/csv.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useOperatorEvents } from '@/lib/realtime.ts';
import { humanize, sportOptions, TicketStatusBadge, useSports } from './shared.tsx';

interface TickerFilters {
  status: string;
  sportId: string;
  eventId: string;
  playerGlobalId: string;
  minStake: string;
  currency: string;
}

const noFilters: TickerFilters = {
  status: '',
  sportId: '',
  eventId: '',
  playerGlobalId: '',
  minStake: '',
  currency: '',
};

/**
 * The bet ticker: newest tickets first, filtered; the first page refreshes every 5 s (until the
 * operator realtime feed is merged), older pages load on demand (the server's cursor).
 */
export function BetsPage() {
  const format = useFormatDateTime();
  const sports = useSports();
  const [search] = useSearchParams();
  const [initial] = useState<TickerFilters>(() => ({
    ...noFilters,
    eventId: search.get('eventId') ?? '',
    playerGlobalId: search.get('playerGlobalId') ?? '',
  }));
  const [draft, setDraft] = useState<TickerFilters>(initial);
  const [filters, setFilters] = useState<TickerFilters>(initial);
  const query: Record<string, QueryValue> = {
    ...filters,
    currency: filters.minStake ? filters.currency || 'USD' : filters.currency,
    limit: 50,
  };
  const ticker = useInfiniteQuery({
    queryKey: ['backoffice', 'sport', 'bets', filters],
    queryFn: async ({ pageParam }) =>
      sportTickerPageSchema.parse(
        await api('/sport/bets', { query: { ...query, cursor: pageParam ?? undefined } }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  // live: a placed ticket (the operators' feed) reads the ticker again
  const queryClient = useQueryClient();
  useOperatorEvents(
    'sport.ticket',
    () => void queryClient.invalidateQueries({ queryKey: ['backoffice', 'sport', 'bets'] }),
  );
  const rows: SportTickerItem[] = ticker.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (field: keyof TickerFilters) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <Page title="Bet ticker" description="Newest tickets first, refreshed every 5 seconds.">
      <Card>
        <form
          onSubmit={apply}
          className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3"
          aria-label="Ticker filters"
        >
          <Field label="Status">
            {(props) => (
              <Select
                {...props}
                value={draft.status}
                onChange={set('status')}
                className="w-auto min-w-32"
              >
                <option value="">All</option>
                {sportTicketStatuses.map((status) => (
                  <option key={status} value={status}>
                    {humanize(status)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Sport">
            {(props) => (
              <Select
                {...props}
                value={draft.sportId}
                onChange={set('sportId')}
                className="w-auto min-w-32"
              >
                <option value="">All</option>
                {sportOptions(sports.data).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <InputField
            label="Event ID"
            value={draft.eventId}
            onChange={set('eventId')}
            inputMode="numeric"
            inputClassName="w-28"
          />
          <InputField
            label="Player global ID"
            value={draft.playerGlobalId}
            onChange={set('playerGlobalId')}
            inputMode="numeric"
            inputClassName="w-36"
          />
          <InputField
            label="Min stake"
            value={draft.minStake}
            onChange={set('minStake')}
            inputMode="decimal"
            inputClassName="w-24"
          />
          <InputField
            label="Currency"
            value={draft.currency}
            onChange={(event) => setDraft({ ...draft, currency: event.target.value.toUpperCase() })}
            placeholder="USD"
            inputClassName="w-20"
          />
          <Button type="submit" variant="primary">
            Apply
          </Button>
          <Button
            onClick={() => {
              setDraft(noFilters);
              setFilters(noFilters);
            }}
          >
            Clear
          </Button>
        </form>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="ticker">
            <thead>
              <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
                <th className="px-4 py-2 font-medium whitespace-nowrap">Placed</th>
                <th className="px-4 py-2 font-medium">Player</th>
                <th className="px-4 py-2 font-medium">Selections</th>
                <th className="px-4 py-2 font-medium">Type</th>
                <th className="px-4 py-2 text-right font-medium">Stake</th>
                <th className="px-4 py-2 text-right font-medium">Odds</th>
                <th className="px-4 py-2 text-right font-medium whitespace-nowrap">
                  Potential payout
                </th>
                <th className="px-4 py-2 text-right font-medium">Paid</th>
                <th className="px-4 py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((ticket) => (
                <tr key={ticket.id} className="border-b border-line align-top last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap text-muted">
                    {format(ticket.placedAt, { seconds: true })}
                  </td>
                  <td className="px-4 py-2">
                    <div className="tabular">{ticket.player.globalId}</div>
                    <div className="max-w-48 truncate text-xs text-muted">
                      {ticket.player.email}
                    </div>
                  </td>
                  <td className="px-4 py-2">
                    <ul className="flex min-w-64 flex-col gap-0.5">
                      {ticket.legs.map((leg) => (
                        <li key={`${leg.marketId}-${leg.outcomeId}`}>
                          <Link
                            to={`/sport/events/${leg.eventId}`}
                            className="text-accent-700 hover:underline"
                          >
                            {leg.eventName}
                          </Link>
                          <span className="text-muted">
                            {' '}
                            · {leg.marketName}: {leg.outcomeName} @{' '}
                            <span className="tabular">{leg.odds}</span>
                            {leg.live ? ' · live' : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {ticket.type === 'system' && ticket.systemSize
                      ? `System ${String(ticket.systemSize)}`
                      : humanize(ticket.type)}
                  </td>
                  <td className="tabular px-4 py-2 text-right whitespace-nowrap">
                    {formatMoney(ticket.stake, ticket.currency)}
                  </td>
                  <td className="tabular px-4 py-2 text-right">{ticket.odds}</td>
                  <td className="tabular px-4 py-2 text-right whitespace-nowrap">
                    {formatMoney(ticket.potentialPayout, ticket.currency)}
                  </td>
                  <td className="tabular px-4 py-2 text-right whitespace-nowrap">
                    {formatMoney(ticket.payout, ticket.currency)}
                  </td>
                  <td className="px-4 py-2">
                    <TicketStatusBadge status={ticket.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {ticker.isLoading ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : ticker.isError ? (
            <ErrorState error={ticker.error} />
          ) : rows.length === 0 ? (
            <EmptyState>No tickets match.</EmptyState>
          ) : null}
        </div>
        <div className="flex items-center justify-between border-t border-line px-4 py-2 text-xs text-muted">
          <span className="flex items-center gap-3">
            <span className="tabular">{rows.length} shown</span>
            {rows.length > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => exportTickets(rows)}>
                CSV of these
              </Button>
            ) : null}
          </span>
          {ticker.hasNextPage ? (
            <Button
              size="sm"
              loading={ticker.isFetchingNextPage}
              onClick={() => void ticker.fetchNextPage()}
            >
              Older tickets
            </Button>
          ) : null}
        </div>
      </Card>
    </Page>
  );
}

function exportTickets(rows: SportTickerItem[]) {
  downloadText(
    'sport-tickets.csv',
    toCsv([
      [
        'Ticket',
        'Placed',
        'Player',
        'Type',
        'Selections',
        'Currency',
        'Stake',
        'Odds',
        'Potential payout',
        'Paid',
        'Status',
      ],
      ...rows.map((ticket) => [
        ticket.id,
        ticket.placedAt,
        ticket.player.globalId,
        ticket.type,
        ticket.legs
          .map((leg) => `${leg.eventName} · ${leg.marketName}: ${leg.outcomeName} @ ${leg.odds}`)
          .join(' | '),
        ticket.currency,
        ticket.stake,
        ticket.odds,
        ticket.potentialPayout,
        ticket.payout,
        ticket.status,
      ]),
    ]),
  );
}
