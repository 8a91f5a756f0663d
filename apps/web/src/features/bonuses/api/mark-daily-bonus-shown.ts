import type { dailyBonusShownSchema } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { dailyBonusQueryOptions } from './get-daily-bonus';

export type DailyBonusShown = z.infer<typeof dailyBonusShownSchema>;

export function markDailyBonusShown(): Promise<DailyBonusShown> {
  return apiRequest('/api/v2/bonuses/daily/show', {
    method: 'PUT',
  });
}

/**
 * Spec §4: opening the bonus drawer signed in records that it was shown; the status then says
 * not to open it by itself again today.
 */
export function useMarkDailyBonusShown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDailyBonusShown,
    // Bookkeeping the player never asked for: a failure is not worth a toast.
    meta: { handlesErrors: true },
    onSuccess: ({ lastShowModalAt }) => {
      queryClient.setQueryData(dailyBonusQueryOptions(true).queryKey, (status) =>
        status ? { ...status, isShowModal: false, lastShowModalAt } : status,
      );
    },
  });
}
