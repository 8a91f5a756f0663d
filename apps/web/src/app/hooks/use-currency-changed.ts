import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gamesQueryKey } from '@/features/games/api/get-games';
import { meQueryKey } from '@/features/profile/api/get-me';
import { bonusesQueryKeyPrefix, wheelQueryKeyPrefix } from '@/lib/query-keys';

/**
 * What a switch of the primary currency refetches besides the balance (the balance feature
 * refetches that itself): the profile, the wheel's prizes (spec §4), the bonus offers shown in
 * the currency, and the game tiles, which a blacklist may block per currency.
 */
export function useCurrencyChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: wheelQueryKeyPrefix }),
      queryClient.invalidateQueries({ queryKey: bonusesQueryKeyPrefix }),
      queryClient.invalidateQueries({ queryKey: gamesQueryKey }),
    ]);
  }, [queryClient]);
}
