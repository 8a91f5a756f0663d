import type { Round } from '@casino/contract';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HistoryPanel } from '@/components/history-panel';
import { cn } from '@/lib/cn';
import { historyTotalOptions } from '@/lib/history-total';
import { useLocalizedPath } from '@/lib/use-locale';
import { useRounds } from '../api/get-rounds';
import { formatMoney, formatMultiplier } from '../format';
import { roundSummary } from '../round-summary';

function isWin(round: Round): boolean {
  return round.state === 'settled' && Number(round.payout) > 0;
}

/** The latest results as coloured multiplier chips above the game. */
export function RecentResults({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const rounds = useRounds(gameId);
  const settled = (rounds.data?.items ?? []).filter((round) => round.state === 'settled');
  if (settled.length === 0) return null;
  return (
    <ol
      aria-label={t('Originals.recent_results')}
      className="flex min-w-0 items-center gap-1.5 overflow-hidden"
    >
      {settled.slice(0, 8).map((round) => (
        <li
          key={round.id}
          className={cn(
            'shrink-0 rounded-md px-2 py-0.5 font-mono text-[11px] font-bold tabular-nums',
            isWin(round) ? 'bg-money-500/20 text-money-400' : 'bg-ink-700 text-ink-300',
          )}
        >
          {formatMultiplier(round.multiplier)}
        </li>
      ))}
    </ol>
  );
}

function RoundRow({ round }: { round: Round }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedPath();
  const summary = roundSummary(round);
  const time = new Date(round.createdAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const won = isWin(round);
  return (
    <li
      data-testid="round-history-item"
      className="grid grid-cols-[minmax(0,1fr)_auto_auto_auto] items-center gap-x-3 gap-y-0.5 border-b border-ink-700/60 px-3 py-2 text-xs last:border-b-0 sm:grid-cols-[4.5rem_minmax(0,1fr)_6rem_4.5rem_6rem_auto]"
    >
      <span className="hidden font-mono text-ink-400 tabular-nums sm:block">{time}</span>
      <span className="min-w-0 truncate text-ink-200">
        {round.state === 'open' ? t('Originals.round_open') : t(summary.key, summary.params)}
      </span>
      <span className="hidden text-right font-mono text-ink-300 tabular-nums sm:block">
        {formatMoney(round.bet, round.currency)}
      </span>
      <span
        className={cn(
          'text-right font-mono font-semibold tabular-nums',
          won ? 'text-money-400' : 'text-ink-400',
        )}
      >
        {formatMultiplier(round.multiplier)}
      </span>
      <span
        className={cn('text-right font-mono tabular-nums', won ? 'text-money-400' : 'text-ink-400')}
      >
        {formatMoney(round.payout, round.currency)}
      </span>
      <Link
        to={localized(`/fairness?round=${encodeURIComponent(round.id)}`)}
        aria-label={t('Originals.verify_round', { nonce: round.nonce })}
        title={t('Originals.verify_round', { nonce: round.nonce })}
        className="grid size-7 place-items-center rounded-lg text-ink-300 transition-colors hover:bg-ink-700 hover:text-brand-300"
      >
        <ShieldCheck className="size-4" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The player's recent rounds of this game, each with a link to verify it. */
export function RoundHistory({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const rounds = useRounds(gameId);
  return (
    <HistoryPanel
      testId="round-history"
      title={t('Originals.history_title')}
      total={
        rounds.data ? t('Originals.history_total', historyTotalOptions(rounds.data.meta)) : null
      }
      state={rounds.status}
      items={rounds.data?.items ?? []}
      emptyText={t('Originals.history_empty')}
      renderRow={(round) => <RoundRow key={round.id} round={round} />}
    />
  );
}
