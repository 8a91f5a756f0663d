import { formatMoney, type LateDepositNotice } from '@casino/contract';
import type { TFunction } from 'i18next';

/**
 * What the player reads of a deposit credited past a deposit limit or during an exclusion: the
 * realtime notice's toast and the profile's list say the same.
 */
export function lateDepositMessage(notice: LateDepositNotice, t: TFunction): string {
  const amount = formatMoney(notice.amount, notice.currency);
  if (notice.limit === null) return t('responsibleGambling.late_deposit.excluded', { amount });
  return t('responsibleGambling.late_deposit.over_limit', {
    amount,
    limit: formatMoney(notice.limit.amount, notice.limit.currency),
    period: t(`responsibleGambling.periods.${notice.limit.period}`),
  });
}
