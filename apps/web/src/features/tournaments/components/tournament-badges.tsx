import type { TournamentStatus } from '@casino/contract';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const statusStyles: Record<TournamentStatus, string> = {
  running: 'bg-money-500/15 text-money-400 ring-money-500/30',
  upcoming: 'bg-brand-500/15 text-brand-300 ring-brand-500/30',
  finished: 'bg-ink-700 text-ink-300 ring-ink-600',
  paid: 'bg-ink-700 text-ink-300 ring-ink-600',
};

export function TournamentStatusBadge({ status }: { status: TournamentStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="tournament-status"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-[11px] font-bold tracking-wide uppercase ring-1',
        statusStyles[status],
      )}
    >
      {status === 'running' ? (
        <span className="size-1.5 rounded-full bg-money-400" aria-hidden="true" />
      ) : null}
      {t(`Tournaments.status.${status}`)}
    </span>
  );
}

export function VipBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="tournament-vip"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-gold-500/15 px-2.5 py-0.5 text-[11px] font-bold tracking-wide text-gold-300 uppercase ring-1 ring-gold-500/30"
    >
      <Crown className="size-3" aria-hidden="true" />
      {t('Tournaments.vip_badge')}
    </span>
  );
}
