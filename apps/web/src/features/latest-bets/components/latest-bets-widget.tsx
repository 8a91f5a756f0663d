import { formatMoney, type LastBet, lastBetChannel } from '@casino/contract';
import { Activity, Dices } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { useRealtimeChannel } from '@/lib/realtime/realtime-provider';
import { addLatestBet, formatBetMultiplier, isZeroAmount } from '../latest-bets';

/** The latest settled bets of everyone, live from `broadcast:last_bet` (guests too). */
export function useLatestBets(): LastBet[] {
  const [bets, setBets] = useState<LastBet[]>([]);
  const onBet = useCallback((bet: LastBet) => setBets((current) => addLatestBet(current, bet)), []);
  useRealtimeChannel(lastBetChannel, 'last_bet', onBet);
  return bets;
}

// Phones: game and payout on top, player, bet and multiplier below. From `sm` up: one column
// per field.
const rowGrid =
  'grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-0.5 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.7fr)_minmax(0,1fr)]';

function Amount({ value, currency }: { value: string; currency: string }) {
  return <span className="tabular-nums">{formatMoney(value, currency)}</span>;
}

function LatestBetRow({ bet }: { bet: LastBet }) {
  const { t } = useTranslation();
  const won = !isZeroAmount(bet.payout);
  return (
    <li
      data-testid="latest-bet-row"
      className={cn(
        rowGrid,
        'rounded-xl bg-ink-800/50 px-3 py-2.5 text-sm',
        // A new row slides in and glows once; nothing moves for those who asked for less motion.
        'transition-[translate,opacity,background-color] duration-500 ease-out motion-reduce:transition-none',
        'starting:-translate-y-2 starting:bg-brand-500/25 starting:opacity-0',
      )}
    >
      <span className="min-w-0 truncate font-semibold text-ink-100 max-sm:col-span-2">
        {bet.gameTitle}
      </span>
      <span className="min-w-0 truncate text-ink-300 max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs">
        {bet.player}
      </span>
      <span className="text-ink-200 max-sm:col-start-2 max-sm:row-start-2 max-sm:text-xs">
        <span className="sr-only">{t('LatestBets.bet')}: </span>
        <Amount value={bet.bet} currency={bet.currency} />
      </span>
      <span className="text-ink-200 tabular-nums max-sm:col-start-3 max-sm:row-start-2 max-sm:justify-self-end max-sm:text-xs">
        <span className="sr-only">{t('LatestBets.multiplier')}: </span>×
        {formatBetMultiplier(bet.multiplier)}
      </span>
      <span
        className={cn(
          'font-semibold max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end sm:text-right',
          won ? 'text-money-400' : 'text-ink-400',
        )}
      >
        <span className="sr-only">{t('LatestBets.payout')}: </span>
        <Amount value={bet.payout} currency={bet.currency} />
      </span>
    </li>
  );
}

export function LatestBetsWidget({ className }: { className?: string }) {
  const { t } = useTranslation();
  const bets = useLatestBets();
  return (
    <section
      data-testid="latest-bets"
      aria-labelledby="latest-bets-title"
      className={cn('rounded-2xl border border-ink-700 bg-ink-850 p-3 sm:p-4', className)}
    >
      <div className="mb-3 flex items-center justify-between gap-3 px-1">
        <h2 id="latest-bets-title" className="text-xl font-bold text-ink-100">
          {t('LatestBets.title')}
        </h2>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-money-500/10 px-2.5 py-1 text-xs font-semibold text-money-400">
          <Activity className="size-3.5 animate-pulse-few" aria-hidden="true" />
          {t('LatestBets.live')}
        </span>
      </div>
      {bets.length === 0 ? (
        <EmptyState
          icon={Dices}
          title={t('LatestBets.empty')}
          text={t('LatestBets.empty_text')}
          className="py-8"
        />
      ) : (
        <>
          <div
            className={cn(
              rowGrid,
              'px-3 pb-2 text-xs font-semibold tracking-wide text-ink-400 uppercase max-sm:hidden',
            )}
            aria-hidden="true"
          >
            <span>{t('LatestBets.game')}</span>
            <span>{t('LatestBets.player')}</span>
            <span>{t('LatestBets.bet')}</span>
            <span>{t('LatestBets.multiplier')}</span>
            <span className="text-right">{t('LatestBets.payout')}</span>
          </div>
          <ol className="flex flex-col gap-1" aria-live="polite">
            {bets.map((bet) => (
              <LatestBetRow key={bet.id} bet={bet} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
