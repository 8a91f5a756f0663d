import { type BonusConditions, bonusPercent, formatBonusMoney } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { GamesTooltip } from './games-tooltip';

/**
 * An offer's conditions as label / value rows (spec §3 "Bonus offer"): percent and its 'up to'
 * cap, wagering, maximum bet, deadline in hours, minimum deposit, free spins and games. Rows
 * without a figure are left out.
 */
export function BonusConditionsList({
  conditions,
  className,
}: {
  conditions: BonusConditions;
  className?: string;
}) {
  const { t } = useTranslation();
  const money = (value: string) => formatBonusMoney(value, conditions.currency);
  const percent = bonusPercent(conditions.amountMultiplier);
  const rows: { id: string; label: string; value: React.ReactNode }[] = [];
  if (percent > 0) {
    rows.push({ id: 'percent', label: t('Bonuses.conditions.percent'), value: `${percent}%` });
  }
  if (conditions.maxAmount !== null) {
    rows.push({
      id: 'up-to',
      label: t('Bonuses.conditions.up_to'),
      value: money(conditions.maxAmount),
    });
  }
  if (conditions.minDeposit !== null) {
    rows.push({
      id: 'min-deposit',
      label: t('Bonuses.conditions.min_deposit'),
      value: money(conditions.minDeposit),
    });
  }
  rows.push({
    id: 'wager',
    label: t('Bonuses.conditions.wager'),
    value: t('Bonuses.conditions.wager_value', { wager: conditions.wager }),
  });
  if (conditions.wagerMaxBet !== null) {
    rows.push({
      id: 'max-bet',
      label: t('Bonuses.max_bet'),
      value: money(conditions.wagerMaxBet),
    });
  }
  rows.push({
    id: 'deadline',
    label: t('Bonuses.conditions.deadline'),
    value: t('Bonuses.conditions.deadline_value', { hours: conditions.deadlineHours }),
  });
  if (conditions.freespinsCount > 0) {
    rows.push({
      id: 'free-spins',
      label: t('Bonuses.free_spins'),
      value: t('Bonuses.conditions.free_spins_value', {
        count: conditions.freespinsCount,
        amount: money(conditions.freespinsAmount),
      }),
    });
  }
  rows.push({
    id: 'games',
    label: t('Bonuses.games'),
    value: <GamesTooltip games={conditions.gamesWagers} />,
  });

  return (
    <dl className={cn('grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2', className)}>
      {rows.map((row) => (
        <div
          key={row.id}
          data-testid={`bonus-condition-${row.id}`}
          className="flex items-center justify-between gap-3 rounded-lg bg-ink-800 px-3 py-2"
        >
          <dt className="text-xs font-medium text-ink-300">{row.label}</dt>
          <dd className="text-right font-semibold text-ink-100 tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
