import { formatMoney, type SportTicket } from '@casino/contract';
import { useQueries } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { sportTicketQueryOptions } from '../api/sport-bets';
import { useOddsFormat } from '../hooks/use-odds-format';
import { displayOdds } from '../odds';
import { dispatchSlip } from './slip-store';
import { useSlipContext } from './use-slip-placement';

function ReceiptTicket({ ticket }: { ticket: SportTicket }) {
  const { t } = useTranslation();
  const [format] = useOddsFormat();
  const pending = ticket.status === 'pending';
  const rejected = ticket.status === 'rejected';
  return (
    <li
      data-testid="receipt-ticket"
      data-status={ticket.status}
      className={cn(
        'rounded-xl border p-3',
        pending && 'border-brand-500/40 bg-brand-500/10',
        rejected && 'border-danger-500/40 bg-danger-500/10',
        !pending && !rejected && 'border-money-500/40 bg-money-500/10',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-bold text-ink-100">
        {pending ? (
          <Spinner className="text-brand-300" />
        ) : rejected ? (
          <CircleX className="size-4 text-danger-400" aria-hidden="true" />
        ) : (
          <CircleCheck className="size-4 text-money-400" aria-hidden="true" />
        )}
        <span role="status">
          {pending
            ? t('BetSlip.receipt.pending')
            : rejected
              ? t('BetSlip.receipt.rejected')
              : t('BetSlip.receipt.accepted')}
        </span>
      </p>
      {pending ? (
        <div
          className="mt-2 h-1 overflow-hidden rounded-full bg-ink-700"
          role="progressbar"
          aria-label={t('BetSlip.receipt.pending')}
        >
          <div className="h-full w-full animate-pulse rounded-full bg-brand-400" />
        </div>
      ) : null}
      {rejected && ticket.reason ? (
        <p data-testid="receipt-reason" className="mt-1 text-xs text-ink-200">
          {t(`BetSlip.reason.${ticket.reason}`)}
        </p>
      ) : null}
      <ul className="mt-2 flex flex-col gap-0.5 text-xs text-ink-300">
        {ticket.legs.map((leg) => (
          <li key={`${leg.marketId}:${leg.outcomeId}`} className="flex justify-between gap-2">
            <span className="min-w-0 truncate">
              {leg.outcomeName} · {leg.eventName}
            </span>
            <span className="shrink-0 font-semibold text-ink-100 tabular-nums">
              {displayOdds(leg.odds, format)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-xs">
        <dt className="text-ink-400">{t('BetSlip.receipt.ticket')}</dt>
        <dd className="text-right font-mono text-ink-200" title={ticket.id}>
          {ticket.id.slice(0, 8)}
        </dd>
        <dt className="text-ink-400">{t('BetSlip.receipt.odds')}</dt>
        <dd className="text-right text-ink-100 tabular-nums">{displayOdds(ticket.odds, format)}</dd>
        <dt className="text-ink-400">{t('BetSlip.stake')}</dt>
        <dd className="text-right text-ink-100 tabular-nums">
          {formatMoney(ticket.stake, ticket.currency)}
        </dd>
        <dt className="text-ink-400">{t('BetSlip.potential_payout')}</dt>
        <dd className="text-right font-semibold text-money-400 tabular-nums">
          {formatMoney(ticket.potentialPayout, ticket.currency)}
        </dd>
      </dl>
    </li>
  );
}

/**
 * After a placement: each ticket followed to its decision (the ticket event on `transaction#`,
 * or a poll each second while pending), then "Keep selections" or "Clear".
 */
export function SlipReceipt({
  tickets,
  myBetsPath,
  onNavigate,
}: {
  tickets: SportTicket[];
  myBetsPath: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { reset } = useSlipContext();
  const followed = useQueries({
    queries: tickets.map((ticket) => ({
      ...sportTicketQueryOptions(ticket.id),
      initialData: ticket,
    })),
  });
  const current = followed.map((query, index) => query.data ?? (tickets[index] as SportTicket));
  const pending = current.some((ticket) => ticket.status === 'pending');
  return (
    <div data-testid="slip-receipt" className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {current.map((ticket) => (
          <ReceiptTicket key={ticket.id} ticket={ticket} />
        ))}
      </ul>
      <Link
        to={myBetsPath}
        onClick={onNavigate}
        className="text-center text-xs font-semibold text-brand-300 hover:underline"
      >
        {t('BetSlip.receipt.see_my_bets')}
      </Link>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={pending} onClick={reset} data-testid="receipt-keep">
          {t('BetSlip.receipt.keep')}
        </Button>
        <Button
          variant="outline"
          disabled={pending}
          data-testid="receipt-clear"
          onClick={() => {
            dispatchSlip({ type: 'clear' });
            reset();
          }}
        >
          {t('BetSlip.receipt.clear')}
        </Button>
      </div>
    </div>
  );
}
