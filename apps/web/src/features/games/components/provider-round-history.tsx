import { applyDisplayFormat, currencyDefinition, type ProviderRound } from '@casino/contract';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '@/components/history-panel';
import { cn } from '@/lib/cn';
import { historyTotalOptions } from '@/lib/history-total';
import { useProviderRounds } from '../api/get-provider-rounds';

/** "1234.5" USD → "$1,234.50": the decimal string as it came, grouped, in the currency's format. */
export function formatRoundAmount(value: string, currency: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return applyDisplayFormat(
    currencyDefinition(currency)?.displayFormat ?? `{amount} ${currency}`,
    fraction === undefined ? grouped : `${grouped}.${fraction}`,
  );
}

function isWin(round: ProviderRound): boolean {
  return round.state === 'settled' && /[1-9]/.test(round.payout);
}

function FreeBetBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="free-bet-badge"
      title={t('Pages.games.provider_rounds.free_bet_hint')}
      className="inline-flex shrink-0 items-center gap-1 rounded-md bg-brand-500/20 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-brand-200 uppercase"
    >
      <Gift className="size-3" aria-hidden="true" />
      {t('Pages.games.provider_rounds.free_bet')}
    </span>
  );
}

function ProviderRoundRow({ round }: { round: ProviderRound }) {
  const { t, i18n } = useTranslation();
  const time = new Date(round.createdAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const won = isWin(round);
  return (
    <li
      data-testid="provider-round-item"
      className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-0.5 border-b border-ink-700/60 px-3 py-2 text-xs last:border-b-0 sm:grid-cols-[4.5rem_minmax(0,1fr)_7rem_6rem]"
    >
      <span className="hidden font-mono text-ink-400 tabular-nums sm:block">{time}</span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span
            className={cn(
              'truncate',
              round.state === 'rolled_back' ? 'text-ink-400' : 'text-ink-200',
            )}
          >
            {t(`Pages.games.provider_rounds.state.${round.state}`)}
          </span>
          {round.freeBet ? <FreeBetBadge /> : null}
        </span>
        <span className="truncate font-mono text-[10px] text-ink-500" title={round.id}>
          {t('Pages.games.provider_rounds.round', { id: round.id })}
        </span>
      </span>
      <span
        className={cn(
          'text-right font-mono tabular-nums',
          round.freeBet ? 'text-brand-200' : 'text-ink-300',
          round.state === 'rolled_back' && 'line-through',
        )}
      >
        <span className="sr-only">{t('Pages.games.provider_rounds.bet')} </span>
        {formatRoundAmount(round.bet, round.currency)}
      </span>
      <span
        className={cn(
          'text-right font-mono font-semibold tabular-nums',
          won ? 'text-money-400' : 'text-ink-400',
        )}
      >
        <span className="sr-only">{t('Pages.games.provider_rounds.payout')} </span>
        {formatRoundAmount(round.payout, round.currency)}
      </span>
    </li>
  );
}

/**
 * The player's recent rounds of a provider's game, under its frame: what each round staked and
 * paid, whether it is still open or was cancelled, and a "Free bet" mark on rounds the provider
 * funded. Round ids are the provider's text and are only ever rendered as text.
 */
export function ProviderRoundHistory({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const rounds = useProviderRounds(gameId);
  return (
    <HistoryPanel
      testId="provider-round-history"
      title={t('Pages.games.provider_rounds.title')}
      total={
        rounds.data
          ? t('Pages.games.provider_rounds.total', historyTotalOptions(rounds.data.meta))
          : null
      }
      state={rounds.status}
      items={rounds.data?.items ?? []}
      emptyText={t('Pages.games.provider_rounds.empty')}
      renderRow={(round) => <ProviderRoundRow key={round.id} round={round} />}
      className="mt-4"
    />
  );
}
