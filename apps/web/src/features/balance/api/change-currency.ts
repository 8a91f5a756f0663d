import type { CurrencyCode } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { balanceQueryKey } from './get-balance';

/** The viewer's currency switch: `PATCH /api/v1/me` with `{currency: {primary}}`. */
export function changePrimaryCurrency(primary: CurrencyCode): Promise<unknown> {
  return apiRequest('/api/v1/me', { method: 'PATCH', body: { currency: { primary } } });
}

/**
 * Switches the primary currency, then refetches the balance. Queries of other features that
 * show money in the primary currency (the profile, the wheel prizes) are invalidated by the
 * app layer through `onChanged`, since features do not know each other's keys.
 */
export function useChangePrimaryCurrency(options: { onChanged?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrimaryCurrency,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
        options.onChanged?.(),
      ]);
    },
  });
}
