import {
  formatMoney,
  type SportLegStatus,
  type SportTicket,
  type SportTicketStatus,
} from '@casino/contract';
import { format as formatDate } from 'date-fns';
import { AlertTriangle, Radio, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { type TicketListStatus, useSportTickets } from '../api/sport-bets';
import { useOddsFormat } from '../hooks/use-odds-format';
import { displayOdds } from '../odds';
import { useSystemName } from '../slip/bet-slip';
import { CashoutControl } from './cashout';

const statusTone: Record<SportTicketStatus, string> = {
  pending: 'bg-brand-500/20 text-brand-200',
  accepted: 'bg-ink-700 text-ink-100',
  rejected: 'bg-danger-500/15 text-danger-300',
  won: 'bg-money-500/20 text-money-300',
  half_won: 'bg-money-500/15 text-money-300',
  lost: 'bg-ink-750 text-ink-300',
  half_lost: 'bg-ink-750 text-ink-300',
  void: 'bg-ink-700 text-ink-200',
  cashed_out: 'bg-gold-500/20 text-gold-300',
};

const legTone: Record<SportLegStatus, string> = {
  open: 'text-ink-300',
  won: 'text-money-400',
  half_won: 'text-money-400',
  lost: 'text-danger-400',
  half_lost: 'text-danger-400',
  void: 'text-ink-300',
};

function TicketCard({ ticket }: { ticket: SportTicket }) {
  const { t } = useTranslation();
  const [format] = useOddsFormat();
  const systemName = useSystemName();
  const open = ticket.status === 'pending' || ticket.status === 'accepted';
  const kind =
    ticket.type === 'system' && ticket.systemSize !== null
      ? systemName(ticket.systemSize, ticket.legs.length)
      : t(`BetSlip.ticket_kind.${ticket.type}`);
  return (
    <li
      data-testid="ticket"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      className="rounded-2xl border border-ink-700 bg-ink-850 p-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-bold text-ink-100">
            {kind}
            {ticket.lines > 1 ? (
              <span className="ml-1.5 text-xs font-medium text-ink-400">
                {t('BetSlip.lines', { count: ticket.lines })}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-ink-400">
            {formatDate(new Date(ticket.placedAt), 'dd.MM.yyyy HH:mm')} ·{' '}
            <span className="font-mono" title={ticket.id}>
              {ticket.id.slice(0, 8)}
            </span>
          </p>
        </div>
        <span
          data-testid="ticket-status"
          className={cn(
            'shrink-0 rounded-md px-2 py-0.5 text-[11px] font-bold uppercase',
            statusTone[ticket.status],
          )}
        >
          {t(`BetSlip.status.${ticket.status}`)}
        </span>
      </div>
      {ticket.status === 'rejected' && ticket.reason ? (
        <p className="mt-1 text-xs text-danger-300">{t(`BetSlip.reason.${ticket.reason}`)}</p>
      ) : null}
      <ul className="mt-3 flex flex-col divide-y divide-ink-750 rounded-xl bg-ink-800/60">
        {ticket.legs.map((leg) => (
          <li
            key={`${leg.marketId}:${leg.outcomeId}`}
            data-testid="ticket-leg"
            data-status={leg.status}
            className="flex items-start justify-between gap-2 px-3 py-2"
          >
            <div className="min-w-0">
              <p className="line-clamp-2 text-sm font-semibold break-words text-ink-100">
                {leg.outcomeName}
              </p>
              <p className="line-clamp-2 text-xs break-words text-ink-300">{leg.marketName}</p>
              <p className="flex items-start gap-1 text-xs text-ink-400">
                {leg.live ? (
                  <Radio
                    className="mt-0.5 size-3 shrink-0 text-danger-400"
                    aria-label={t('Sportsbook.live')}
                  />
                ) : null}
                <span className="line-clamp-2 break-words" title={leg.eventName}>
                  {leg.eventName}
                </span>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-sm font-bold text-ink-100 tabular-nums">
                {displayOdds(leg.odds, format)}
              </p>
              <p className={cn('text-[11px] font-semibold uppercase', legTone[leg.status])}>
                {t(`BetSlip.leg_status.${leg.status}`)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-ink-400">{t('BetSlip.stake')}</dt>
          <dd className="font-semibold text-ink-100 tabular-nums">
            {formatMoney(ticket.stake, ticket.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-400">{t('BetSlip.receipt.odds')}</dt>
          <dd className="font-semibold text-ink-100 tabular-nums">
            {displayOdds(ticket.odds, format)}
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-ink-400">
            {open ? t('BetSlip.potential_payout') : t('BetSlip.payout')}
          </dt>
          <dd
            data-testid="ticket-payout"
            className={cn(
              'font-bold tabular-nums',
              open ||
                (ticket.payout !== null &&
                  ticket.payout !== '0' &&
                  !/^0(\.0+)?$/.test(ticket.payout))
                ? 'text-money-400'
                : 'text-ink-300',
            )}
          >
            {ticket.status === 'rejected'
              ? '—'
              : formatMoney(
                  open ? ticket.potentialPayout : (ticket.payout ?? '0'),
                  ticket.currency,
                )}
          </dd>
        </div>
      </dl>
      {/^0(\.0+)?$/.test(ticket.cashedOut) ? null : (
        <p className="mt-1 text-xs text-gold-300">
          {t('BetSlip.cashed_out_so_far', {
            amount: formatMoney(ticket.cashedOut, ticket.currency),
          })}
        </p>
      )}
      {ticket.status === 'accepted' && ticket.cashoutAvailable ? (
        <div className="mt-3">
          <CashoutControl ticket={ticket} />
        </div>
      ) : null}
    </li>
  );
}

const listStatuses: readonly TicketListStatus[] = ['open', 'settled'];

/** My bets: the player's tickets, open and settled, newest first, with cash-out where offered. */
export function MyBets({ signedIn, signIn }: { signedIn: boolean; signIn: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketListStatus>('open');
  const tickets = useSportTickets(status, signedIn);
  if (!signedIn) {
    return (
      <EmptyState
        icon={Receipt}
        title={t('BetSlip.my_bets_sign_in_title')}
        text={t('BetSlip.my_bets_sign_in_text')}
        action={<Button onClick={signIn}>{t('Sportsbook.sign_in')}</Button>}
      />
    );
  }
  const items = tickets.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('BetSlip.my_bets')}
        className="mb-4 flex gap-1 rounded-xl bg-ink-850 p-1 sm:w-fit"
      >
        {listStatuses.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            data-testid={`my-bets-tab-${value}`}
            onClick={() => setStatus(value)}
            className={cn(
              'min-h-9 flex-1 cursor-pointer rounded-lg px-4 text-sm font-semibold sm:flex-none',
              status === value ? 'bg-ink-700 text-ink-100' : 'text-ink-300 hover:text-ink-100',
            )}
          >
            {t(`BetSlip.list.${value}`)}
          </button>
        ))}
      </div>
      {tickets.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <div className="h-40 animate-pulse rounded-2xl bg-ink-850" />
          <div className="h-40 animate-pulse rounded-2xl bg-ink-850" />
        </div>
      ) : tickets.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title={t('BetSlip.list.error_title')}
          text={t('Sportsbook.error_text')}
          action={
            <Button variant="secondary" onClick={() => void tickets.refetch()}>
              {t('Sportsbook.retry')}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={t(`BetSlip.list.empty_${status}_title`)}
          text={t(`BetSlip.list.empty_${status}_text`)}
        />
      ) : (
        <>
          <div className="@container">
            <ul data-testid="tickets" className="grid gap-3 @3xl:grid-cols-2">
              {items.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} />
              ))}
            </ul>
          </div>
          {tickets.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                disabled={tickets.isFetchingNextPage}
                onClick={() => void tickets.fetchNextPage()}
              >
                {t('Sportsbook.show_more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
