import { formatMoney, type LateDepositNotice } from '@casino/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { toast } from '@/lib/toast';
import { limitsQueryKey } from './api/limits';

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

/**
 * The realtime notice (`transaction#`): a toast that stays a while, and the limits, their usage
 * and the late deposits read again for the profile. Loaded when a notice arrives, so none of it
 * weighs on the first load.
 */
export function showLateDeposit(notice: LateDepositNotice, t: TFunction, queryClient: QueryClient) {
  toast.warning(lateDepositMessage(notice, t), { duration: 15_000 });
  void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
}
