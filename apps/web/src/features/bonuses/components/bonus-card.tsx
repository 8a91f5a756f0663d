import {
  bonusPercent,
  formatBonusMoney,
  isCurrentUserBonus,
  type UserBonus,
  type UserBonusStatus,
} from '@casino/contract';
import { format } from 'date-fns';
import { Gamepad2, Gift, Info, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '@/components/countdown';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';
import { BonusInfoModal } from './bonus-info-modal';
import { CancelBonusDialog } from './cancel-bonus-dialog';
import { GamesTooltip } from './games-tooltip';
import { WagerProgress } from './wager-progress';

const statusStyles: Record<UserBonusStatus, string> = {
  active: 'bg-money-500/15 text-money-400 ring-money-500/30',
  pending: 'bg-gold-500/15 text-gold-300 ring-gold-500/30',
  completed: 'bg-brand-500/15 text-brand-300 ring-brand-500/30',
  expired: 'bg-ink-700 text-ink-300 ring-ink-600',
  forfeited: 'bg-ink-700 text-ink-300 ring-ink-600',
  lost: 'bg-danger-500/10 text-danger-400 ring-danger-500/25',
};

function StatusBadge({ status }: { status: UserBonusStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="bonus-status"
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-[11px] font-bold tracking-wide uppercase ring-1',
        statusStyles[status],
      )}
    >
      {t(`Bonuses.status.${status}`)}
    </span>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-xl bg-ink-800 px-3 py-2">
      <p className="text-[11px] font-medium text-ink-300">{label}</p>
      <div className="truncate text-sm font-semibold text-ink-100 tabular-nums">{children}</div>
    </div>
  );
}

/** Deadline: a countdown while active, the hours to come while pending, the end date after. */
function Deadline({ bonus }: { bonus: UserBonus }) {
  const { t } = useTranslation();
  if (bonus.status === 'active' && bonus.expiresAt) {
    return (
      <div data-testid="bonus-deadline" className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-ink-300">{t('Bonuses.deadline')}</span>
        <Countdown target={new Date(bonus.expiresAt)} className="[&>span]:min-w-9 [&>span]:py-1" />
      </div>
    );
  }
  if (bonus.status === 'pending') {
    return (
      <p data-testid="bonus-deadline" className="text-xs text-ink-300">
        {t('Bonuses.pending_note')}{' '}
        {bonus.conditions
          ? t('Bonuses.deadline_hours', { hours: bonus.conditions.deadlineHours })
          : null}
      </p>
    );
  }
  if (bonus.endedAt) {
    return (
      <p data-testid="bonus-deadline" className="text-xs text-ink-300">
        {t('Bonuses.ended_at', { date: format(new Date(bonus.endedAt), 'dd.MM.yyyy HH:mm') })}
      </p>
    );
  }
  return null;
}

/**
 * One of the player's bonuses (spec §4: the games link for every status): title, percent,
 * amount, balance, wagering bar, deadline, maximum bet, free spins, games; current ones can be
 * cancelled after a confirmation.
 */
export function BonusCard({ bonus }: { bonus: UserBonus }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const current = isCurrentUserBonus(bonus);
  const percent = bonus.conditions ? bonusPercent(bonus.conditions.amountMultiplier) : 0;
  const money = (value: string) => formatBonusMoney(value, bonus.currency);

  return (
    <article
      data-testid="bonus-card"
      data-status={bonus.status}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-4 sm:p-5',
        current
          ? 'border-ink-600 bg-linear-to-br from-ink-800 via-ink-850 to-ink-850'
          : 'border-ink-750 bg-ink-850/70',
      )}
    >
      <header className="flex items-start gap-3">
        <span
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-xl ring-1',
            current
              ? 'bg-brand-500/20 text-gold-300 ring-brand-500/40'
              : 'bg-ink-750 text-ink-300 ring-ink-600',
          )}
        >
          <Gift className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 data-testid="bonus-title" className="truncate text-base font-bold text-ink-100">
            {bonus.title}
          </h3>
          <p className="text-xs text-ink-300">
            {percent > 0 ? (
              <span data-testid="bonus-percent" className="font-semibold text-gold-300">
                {t('Bonuses.percent', { percent })}
              </span>
            ) : null}
            {percent > 0 ? ' · ' : null}
            <span data-testid="bonus-amount">
              {t('Bonuses.granted', { amount: money(bonus.amount) })}
            </span>
          </p>
        </div>
        <StatusBadge status={bonus.status} />
      </header>

      {bonus.status === 'active' || bonus.status === 'pending' ? (
        <WagerProgress wager={bonus.wager} currency={bonus.currency} />
      ) : null}

      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Fact label={t('Bonuses.balance')} testId="bonus-balance">
          {money(bonus.status === 'pending' ? bonus.amount : bonus.balance)}
        </Fact>
        <Fact label={t('Bonuses.max_bet')} testId="bonus-max-bet">
          {bonus.wagerMaxBet === null ? t('Bonuses.no_max_bet') : money(bonus.wagerMaxBet)}
        </Fact>
        {bonus.freespins.total > 0 ? (
          <Fact label={t('Bonuses.free_spins')} testId="bonus-free-spins">
            {t('Bonuses.free_spins_left', {
              left: bonus.freespins.left,
              total: bonus.freespins.total,
            })}
            <span className="block text-[11px] font-medium text-ink-300">
              {t('Bonuses.free_spins_each', { amount: money(bonus.freespins.amount) })}
            </span>
          </Fact>
        ) : null}
        {bonus.status === 'completed' && bonus.convertedAmount !== null ? (
          <Fact label={t('Bonuses.converted')} testId="bonus-converted">
            {money(bonus.convertedAmount)}
          </Fact>
        ) : null}
      </div>

      <Deadline bonus={bonus} />

      <footer className="flex flex-wrap items-center gap-2 border-t border-ink-750 pt-3">
        <div className="mr-auto">
          <GamesTooltip games={bonus.conditions?.gamesWagers ?? []} />
        </div>
        <Button variant="ghost" size="sm" onClick={() => setInfoOpen(true)}>
          <Info className="size-4" aria-hidden="true" />
          {t('Bonuses.conditions_button')}
        </Button>
        <Button variant="secondary" size="sm" asChild>
          <Link to={localized(`/bonuses/${bonus.id}/games`)} data-testid="bonus-games-link">
            <Gamepad2 className="size-4" aria-hidden="true" />
            {t('Bonuses.to_games')}
          </Link>
        </Button>
        {current ? (
          <Button variant="danger" size="sm" onClick={() => setCancelOpen(true)}>
            <XCircle className="size-4" aria-hidden="true" />
            {t('Bonuses.cancel')}
          </Button>
        ) : null}
      </footer>

      {current ? (
        <CancelBonusDialog bonus={bonus} open={cancelOpen} onOpenChange={setCancelOpen} />
      ) : null}
      <BonusInfoModal
        bonuses={[bonus]}
        open={infoOpen}
        onOpenChange={setInfoOpen}
        reason="details"
      />
    </article>
  );
}
