import {
  type ManualSettlement,
  manualSettlementSchema,
  type SportLiability,
  type SportOperatorEventDetail,
  type SportOperatorMarket,
  sportLiabilitySchema,
  sportOperatorEventDetailSchema,
} from '@casino/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '@/components/page.tsx';
import { Can } from '@/components/require.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardHeader, Stat } from '@/components/ui/card.tsx';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog.tsx';
import { Field, InputField, Select } from '@/components/ui/field.tsx';
import { ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { EventStatusBadge, humanize, MarketStatusBadge, StatDate, scoreText } from './shared.tsx';

const eventKey = (id: number) => ['backoffice', 'sport', 'event', id] as const;

/**
 * One event as operators trade it: every market with the feed's price, the override and what
 * players see, the liability per outcome, and the actions the operator's roles allow (hold or
 * give back a market or the whole event, override a price, settle, void or unsettle by hand).
 * Refreshed every 5 s.
 */
export function EventPage() {
  const id = Number(useParams().id);
  const event = useQuery({
    queryKey: eventKey(id),
    queryFn: async () => sportOperatorEventDetailSchema.parse(await api(`/sport/events/${id}`)),
    refetchInterval: 5_000,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const canLiability = useCan('GET', '/sport/liability');
  const liability = useQuery({
    queryKey: ['backoffice', 'sport', 'liability', id],
    queryFn: async () =>
      sportLiabilitySchema.parse(await api('/sport/liability', { query: { eventId: id } })),
    refetchInterval: 5_000,
    enabled: canLiability && Number.isSafeInteger(id) && id > 0,
  });
  if (event.isLoading) return <Spinner />;
  if (event.isError || !event.data) return <ErrorState error={event.error} />;
  return <EventBody event={event.data} liability={liability.data} />;
}

function EventBody({
  event,
  liability,
}: {
  event: SportOperatorEventDetail;
  liability: SportLiability | undefined;
}) {
  const format = useFormatDateTime();
  const [confirm, setConfirm] = useState<boolean>(false);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
  const verb = event.suspended ? 'resume' : 'suspend';
  const open = event.status === 'live' || event.status === 'not_started';
  return (
    <Page
      title={
        <span className="flex flex-wrap items-center gap-2">
          {event.home} – {event.away}
          <EventStatusBadge status={event.status} />
          {event.suspended ? <Badge tone="warn">Event held</Badge> : null}
          {event.overdue ? <Badge tone="bad">Overdue</Badge> : null}
        </span>
      }
      description={`${event.sportName} · ${event.league.category.name} · ${event.league.name}`}
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to="/sport/events">
              <ArrowLeft className="size-4" /> Events
            </Link>
          </Button>
          <Can method="GET" path="/sport/bets">
            <Button asChild size="sm">
              <Link to={`/sport/bets?eventId=${event.id}`}>Tickets</Link>
            </Button>
          </Can>
          {open || event.suspended ? (
            <Can method="POST" path={`/sport/events/:id/${verb}`}>
              <Button
                size="sm"
                variant={event.suspended ? 'primary' : 'danger'}
                onClick={() => setConfirm(true)}
                data-testid="event-hold"
              >
                {event.suspended ? <LockOpen className="size-4" /> : <Lock className="size-4" />}
                {event.suspended ? 'Resume event' : 'Suspend event'}
              </Button>
            </Can>
          ) : null}
        </>
      }
    >
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={event.suspended ? 'Resume the event?' : 'Suspend every market of the event?'}
        description={
          event.suspended
            ? 'Players see the feed’s state again (markets held one by one stay held).'
            : 'Players see every market suspended, whatever the feed sends, until you resume it.'
        }
        confirmLabel={event.suspended ? 'Resume' : 'Suspend'}
        tone={event.suspended ? 'primary' : 'danger'}
        onConfirm={async () => {
          await api(`/sport/events/${event.id}/${verb}`, { method: 'POST' });
          toast.success(event.suspended ? 'Event resumed' : 'Event suspended');
          await refresh();
        }}
      />
      <Card>
        <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3 xl:grid-cols-6">
          <Stat label="Kick-off" value={<StatDate>{format(event.startsAt)}</StatDate>} />
          <Stat label="Score" value={scoreText(event.score)} />
          <Stat
            label="Markets"
            value={`${event.markets.active} open of ${event.markets.total}`}
            hint={`${event.markets.suspended} suspended · ${event.markets.settled} settled`}
          />
          <Stat
            label="Worst-case liability"
            value={liability ? formatMoney(liability.total, liability.currency) : '—'}
          />
          <Stat label="Producer" value={humanize(event.producer)} hint={event.feedId} />
          <Stat
            label="Last message"
            value={<StatDate>{format(event.updatedAt, { seconds: true })}</StatDate>}
          />
        </div>
      </Card>
      {event.marketList.length === 0 ? (
        <Card>
          <p className="p-4 text-sm text-muted">The feed has sent no markets for this event.</p>
        </Card>
      ) : (
        event.marketList.map((market) => (
          <MarketCard key={market.id} market={market} liability={liability} onChanged={refresh} />
        ))
      )}
    </Page>
  );
}

type Action = 'hold' | 'price' | 'settle' | 'void' | 'unsettle' | null;

function MarketCard({
  market,
  liability,
  onChanged,
}: {
  market: SportOperatorMarket;
  liability: SportLiability | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const [action, setAction] = useState<Action>(null);
  const [priced, setPriced] = useState<SportOperatorMarket['outcomes'][number] | null>(null);
  const closed = market.feedStatus === 'settled' || market.feedStatus === 'cancelled';
  const marketLiability = liability?.markets.find((entry) => entry.marketId === market.id);
  const outcomeLiability = (outcomeId: string) =>
    marketLiability?.outcomes.find((entry) => entry.outcomeId === outcomeId);
  const canPrice = useCan('PUT', '/sport/markets/:id/outcomes/:outcomeId/price');
  const verb = market.suspended ? 'resume' : 'suspend';
  const close = () => setAction(null);
  return (
    <Card data-testid="bo-market" data-market-id={market.id} data-status={market.status}>
      <CardHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {market.name}
            <MarketStatusBadge status={market.status} />
            {market.feedStatus !== market.status ? (
              <span className="text-xs font-normal text-muted">
                feed: {humanize(market.feedStatus)}
              </span>
            ) : null}
            {market.suspended ? <Badge tone="warn">Held</Badge> : null}
          </span>
        }
        description={
          marketLiability
            ? `Liability ${formatMoney(marketLiability.liability, liability?.currency ?? 'USD')}`
            : undefined
        }
        actions={
          <>
            {!closed || market.suspended ? (
              <Can method="POST" path={`/sport/markets/:id/${verb}`}>
                <Button
                  size="sm"
                  variant={market.suspended ? 'primary' : 'secondary'}
                  onClick={() => setAction('hold')}
                >
                  {market.suspended ? 'Resume' : 'Suspend'}
                </Button>
              </Can>
            ) : null}
            <Can method="POST" path="/sport/markets/:id/settle">
              <Button size="sm" variant="ghost" onClick={() => setAction('settle')}>
                Settle
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAction('void')}>
                Void
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAction('unsettle')}>
                Unsettle
              </Button>
            </Can>
          </>
        }
      />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[640px] table-fixed text-left text-sm">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              <th className="w-[30%] px-4 py-2 font-medium">Outcome</th>
              <th className="px-4 py-2 text-right font-medium">Players see</th>
              <th className="px-4 py-2 text-right font-medium">Feed</th>
              <th className="px-4 py-2 text-right font-medium">Override</th>
              <th className="px-4 py-2 text-right font-medium">Liability</th>
              <th className="px-4 py-2 text-right font-medium">Tickets</th>
              <th className="px-4 py-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody>
            {market.outcomes.map((outcome) => {
              const exposure = outcomeLiability(outcome.id);
              return (
                <tr key={outcome.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-2">
                    {outcome.name}
                    {outcome.active ? null : (
                      <span className="ml-2 text-xs text-muted">inactive</span>
                    )}
                  </td>
                  <td className="tabular px-4 py-2 text-right font-medium">
                    {outcome.odds ?? '—'}
                  </td>
                  <td className="tabular px-4 py-2 text-right text-muted">
                    {outcome.feedOdds ?? '—'}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {canPrice && !closed ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          setPriced(outcome);
                          setAction('price');
                        }}
                      >
                        <span className="tabular">{outcome.overrideOdds ?? 'Set'}</span>
                      </Button>
                    ) : (
                      <span className="tabular">{outcome.overrideOdds ?? '—'}</span>
                    )}
                  </td>
                  <td className="tabular px-4 py-2 text-right">
                    {exposure ? formatMoney(exposure.liability, liability?.currency ?? 'USD') : '—'}
                  </td>
                  <td className="tabular px-4 py-2 text-right">{exposure?.tickets ?? 0}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {outcome.result ? (
                      resultText(outcome.result)
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={action === 'hold'}
        onOpenChange={(open) => setAction(open ? 'hold' : null)}
        title={market.suspended ? `Resume ${market.name}?` : `Suspend ${market.name}?`}
        description={
          market.suspended
            ? 'Players see the feed’s state of the market again.'
            : 'Players see the market suspended at once, whatever the feed sends.'
        }
        confirmLabel={market.suspended ? 'Resume' : 'Suspend'}
        tone={market.suspended ? 'primary' : 'danger'}
        onConfirm={async () => {
          await api(`/sport/markets/${market.id}/${verb}`, { method: 'POST' });
          toast.success(market.suspended ? 'Market resumed' : 'Market suspended');
          await onChanged();
        }}
      />
      {action === 'price' && priced ? (
        <PriceDialog market={market} outcome={priced} onClose={close} onChanged={onChanged} />
      ) : null}
      {action === 'settle' || action === 'void' || action === 'unsettle' ? (
        <SettlementDialog market={market} action={action} onClose={close} onChanged={onChanged} />
      ) : null}
    </Card>
  );
}

function resultText(result: NonNullable<SportOperatorMarket['outcomes'][number]['result']>) {
  if (result.voidFactor === '1') return <Badge>Void</Badge>;
  const half = result.voidFactor === '0.5' ? ' (half void)' : '';
  const deadHeat = result.deadHeatFactor !== '1' ? ` × ${result.deadHeatFactor}` : '';
  return (
    <Badge tone={result.result === 'won' ? 'good' : 'neutral'}>
      {humanize(result.result)}
      {half}
      {deadHeat}
    </Badge>
  );
}

function PriceDialog({
  market,
  outcome,
  onClose,
  onChanged,
}: {
  market: SportOperatorMarket;
  outcome: SportOperatorMarket['outcomes'][number];
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const [odds, setOdds] = useState(outcome.overrideOdds ?? outcome.feedOdds ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/sport/markets/${market.id}/outcomes/${encodeURIComponent(outcome.id)}/price`;
  const run = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    setError(null);
    try {
      await api(path, method === 'PUT' ? { method, body: { odds: odds.trim() } } : { method });
      toast.success(method === 'PUT' ? 'Price overridden' : 'Override removed');
      await onChanged();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Price of ${outcome.name}`}
      description={`${market.name}. Players see the override instead of the feed’s price (${outcome.feedOdds ?? 'none'}) until it is removed.`}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run('PUT');
        }}
      >
        <InputField
          label="Decimal odds (1.01–1000, on the ladder)"
          error={error ?? undefined}
          inputMode="decimal"
          value={odds}
          onChange={(event) => setOdds(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {outcome.overrideOdds !== null ? (
            <Button variant="danger" loading={busy} onClick={() => void run('DELETE')}>
              Remove override
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={busy}>
            Set price
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type OutcomeChoice = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

const choiceBody: Record<OutcomeChoice, { result: 'won' | 'lost'; voidFactor: 0 | 0.5 | 1 }> = {
  won: { result: 'won', voidFactor: 0 },
  lost: { result: 'lost', voidFactor: 0 },
  void: { result: 'lost', voidFactor: 1 },
  half_won: { result: 'won', voidFactor: 0.5 },
  half_lost: { result: 'lost', voidFactor: 0.5 },
};

/**
 * Settle, void or unsettle by hand, after a look at who decides the market now (the preview of
 * `GET markets/{id}/settlement`): the reason goes to the audit log.
 */
function SettlementDialog({
  market,
  action,
  onClose,
  onChanged,
}: {
  market: SportOperatorMarket;
  action: 'settle' | 'void' | 'unsettle';
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const preview = useQuery({
    queryKey: ['backoffice', 'sport', 'settlement', market.id],
    queryFn: async () =>
      manualSettlementSchema.parse(await api(`/sport/markets/${market.id}/settlement`)),
  });
  const [choices, setChoices] = useState<Record<string, OutcomeChoice>>(() =>
    Object.fromEntries(market.outcomes.map((outcome) => [outcome.id, 'lost' as OutcomeChoice])),
  );
  const titles = {
    settle: `Settle ${market.name}`,
    void: `Void ${market.name}`,
    unsettle: `Unsettle ${market.name}`,
  };
  const descriptions = {
    settle:
      'Your settlement stands over the feed’s decision until unsettled; every ticket on the market settles or resettles once.',
    void: 'Every ticket on the market is refunded for this leg.',
    unsettle:
      'Takes the operator’s settlement back: the market returns to the feed (its results, or open).',
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={titles[action]}
      description={descriptions[action]}
      confirmLabel={humanize(action)}
      tone={action === 'settle' ? 'primary' : 'danger'}
      reason={{ label: 'Reason (kept in the audit log)' }}
      onConfirm={async (reason) => {
        const result = manualSettlementSchema.parse(
          await api(`/sport/markets/${market.id}/${action}`, {
            method: 'POST',
            body:
              action === 'settle'
                ? {
                    reason,
                    outcomes: market.outcomes.map((outcome) => ({
                      outcomeId: outcome.id,
                      ...choiceBody[choices[outcome.id] ?? 'lost'],
                    })),
                  }
                : { reason },
          }),
        );
        toast.success(
          `${humanize(action)}d: ${result.tickets.settled} tickets settled, ${result.tickets.unsettled} reopened`,
        );
        await onChanged();
      }}
    >
      <SettlementPreview state={preview.data} loading={preview.isLoading} error={preview.error} />
      {action === 'settle' ? (
        <div className="flex flex-col gap-2">
          {market.outcomes.map((outcome) => (
            <Field key={outcome.id} label={outcome.name}>
              {(props) => (
                <Select
                  {...props}
                  value={choices[outcome.id]}
                  onChange={(event) =>
                    setChoices({ ...choices, [outcome.id]: event.target.value as OutcomeChoice })
                  }
                >
                  <option value="won">Won</option>
                  <option value="lost">Lost</option>
                  <option value="void">Void (refund)</option>
                  <option value="half_won">Half won, half refunded</option>
                  <option value="half_lost">Half lost, half refunded</option>
                </Select>
              )}
            </Field>
          ))}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function SettlementPreview({
  state,
  loading,
  error,
}: {
  state: ManualSettlement | undefined;
  loading: boolean;
  error: unknown;
}) {
  const format = useFormatDateTime();
  if (loading) return <Spinner />;
  if (error || !state) return <ErrorState error={error} />;
  return (
    <div
      className="rounded-md border border-line bg-canvas/60 px-3 py-2 text-sm"
      data-testid="settlement-preview"
    >
      {state.decidedBy === 'feed' || !state.settlement ? (
        <p>Now decided by the feed.</p>
      ) : (
        <>
          <p>
            Settled by an operator{state.settlement.voided ? ' (voided)' : ''} on{' '}
            {format(state.settlement.settledAt)}:{' '}
            <span className="text-muted">“{state.settlement.reason}”</span>
          </p>
          {state.settlement.voided ? null : (
            <p className="mt-1 text-xs text-muted">
              {state.settlement.outcomes
                .map(
                  (outcome) =>
                    `${outcome.outcomeId}: ${outcome.result}${outcome.voidFactor ? ` (void ${outcome.voidFactor})` : ''}`,
                )
                .join(' · ')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
