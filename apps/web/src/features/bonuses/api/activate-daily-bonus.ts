import type { DailyBonusStatus } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bonusOffersQueryKey } from './get-bonus-offers';
import { dailyBonusQueryOptions } from './get-daily-bonus';

export function activateDailyBonus(idempotencyKey: string): Promise<DailyBonusStatus> {
  return apiRequest('/api/v2/bonuses/daily/use', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The 'use' button: arms today's everyday bonus for the next deposit (once per UTC day). */
export function useActivateDailyBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateDailyBonus,
    onSuccess: (status) => {
      queryClient.setQueryData(dailyBonusQueryOptions(true).queryKey, status);
      // the armed everyday offer is now the one the next deposit receives
      void queryClient.invalidateQueries({ queryKey: bonusOffersQueryKey });
    },
  });
}
