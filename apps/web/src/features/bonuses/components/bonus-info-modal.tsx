import { bonusPercent, formatBonusMoney, type UserBonus } from '@casino/contract';
import { Gift, Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useLocalizedPath } from '@/lib/use-locale';
import { BonusConditionsList } from './bonus-conditions';
import { WagerProgress } from './wager-progress';

function BonusHeadline({ bonus }: { bonus: UserBonus }) {
  const { t } = useTranslation();
  const percent = bonus.conditions ? bonusPercent(bonus.conditions.amountMultiplier) : 0;
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-linear-to-br from-brand-600/30 via-ink-800 to-gold-500/10 p-4 ring-1 ring-brand-500/30">
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-500/20 text-gold-300">
        <Gift className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-ink-200">{bonus.title}</p>
        <p className="text-2xl font-extrabold text-ink-100 tabular-nums">
          {formatBonusMoney(bonus.amount, bonus.currency)}
        </p>
        {percent > 0 || bonus.freespins.total > 0 ? (
          <p className="text-xs font-medium text-gold-300">
            {[
              percent > 0 ? t('Bonuses.percent', { percent }) : null,
              bonus.freespins.total > 0
                ? t('Bonuses.free_spins_count', { count: bonus.freespins.total })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Wallet spec §2 "Bonus info modals": one bonus (its figures and conditions) or several (a short
 * line each). Shown when new bonuses arrive and from a bonus card's conditions button.
 */
export function BonusInfoModal({
  bonuses,
  open,
  onOpenChange,
  reason,
}: {
  bonuses: readonly UserBonus[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `new`: just granted; `details`: the player asked for the conditions */
  reason: 'new' | 'details';
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const single = bonuses.length === 1 ? bonuses[0] : undefined;
  // The primary action takes the focus, not the first link inside the conditions.
  const primaryRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const title =
    reason === 'details'
      ? t('Bonuses.info.conditions_title')
      : single
        ? t('Bonuses.info.new_one')
        : t('Bonuses.info.new_many', { count: bonuses.length });

  return (
    <Dialog open={open && bonuses.length > 0} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        data-testid="bonus-info-modal"
        className="max-w-lg"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          primaryRef.current?.focus();
        }}
      >
        {single ? (
          <div data-testid="bonus-info-single" className="flex flex-col gap-4">
            <BonusHeadline bonus={single} />
            {single.status === 'pending' ? (
              <p className="text-sm text-ink-300">{t('Bonuses.pending_note')}</p>
            ) : null}
            {single.status === 'active' ? (
              <WagerProgress wager={single.wager} currency={single.currency} />
            ) : null}
            {single.conditions ? <BonusConditionsList conditions={single.conditions} /> : null}
          </div>
        ) : (
          <ul data-testid="bonus-info-several" className="flex flex-col gap-2">
            {bonuses.map((bonus) => (
              <li
                key={bonus.id}
                className="flex items-center gap-3 rounded-xl bg-ink-800 p-3 ring-1 ring-ink-700"
              >
                <Sparkles className="size-5 shrink-0 text-gold-300" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-ink-100">{bonus.title}</p>
                  <p className="text-xs text-ink-300">
                    {t('Bonuses.info.wager_line', {
                      total: formatBonusMoney(bonus.wager.total, bonus.currency),
                    })}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-bold text-ink-100 tabular-nums">
                  {formatBonusMoney(bonus.amount, bonus.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {single ? (
            <Button variant="secondary" asChild>
              <Link
                to={localized(`/bonuses/${single.id}/games`)}
                onClick={() => onOpenChange(false)}
              >
                {t('Bonuses.to_games')}
              </Link>
            </Button>
          ) : null}
          {reason === 'new' ? (
            <Button asChild>
              <Link ref={primaryRef} to={localized('/bonuses')} onClick={() => onOpenChange(false)}>
                {t('Bonuses.info.to_bonuses')}
              </Link>
            </Button>
          ) : (
            <Button ref={primaryRef} onClick={() => onOpenChange(false)}>
              {t('Bonuses.info.ok')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
