import type { BonusSettings, LoyaltySettingsBody } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bonusOffersQueryKey, bonusOffersQueryOptions } from './get-bonus-offers';

export function saveLoyaltySettings(body: LoyaltySettingsBody): Promise<BonusSettings> {
  return apiRequest('/api/v2/users/loyalty', {
    method: 'POST',
    body,
  });
}

/** Saves the bonus settings (spec §7 `POST /api/v2/users/loyalty`); the list keeps the answer. */
export function useSaveLoyaltySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoyaltySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(bonusOffersQueryOptions(true).queryKey, (offers) =>
        offers ? { ...offers, settings } : offers,
      );
      void queryClient.invalidateQueries({ queryKey: bonusOffersQueryKey });
    },
  });
}
