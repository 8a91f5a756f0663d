import { bonusWagerPercent, formatBonusMoney } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Wagered so far against the requirement, as figures and a bar (spec §3 wager{current,total}). */
export function WagerProgress({
  wager,
  currency,
  className,
}: {
  wager: { current: string; total: string };
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const percent = bonusWagerPercent(wager);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium text-ink-300">{t('Bonuses.wager')}</span>
        <span className="text-right text-ink-200 tabular-nums">
          <span data-testid="bonus-wager-figures">
            {t('Bonuses.wager_progress', {
              current: formatBonusMoney(wager.current, currency),
              total: formatBonusMoney(wager.total, currency),
            })}
          </span>{' '}
          <span className="font-semibold text-gold-300">{percent}%</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('Bonuses.wager')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="bonus-wager-bar"
        className="h-2 overflow-hidden rounded-full bg-ink-700"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-gold-500 to-gold-300 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
