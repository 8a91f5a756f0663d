import type { UserBonus } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bonusesQueryKeyPrefix } from '@/lib/query-keys';
import { userBonusesQueryOptions } from './get-user-bonuses';

export interface CancelUserBonusInput {
  bonusId: string;
  /** One key per confirmed cancel, reused when the same attempt is retried. */
  idempotencyKey: string;
}

export function cancelUserBonus({
  bonusId,
  idempotencyKey,
}: CancelUserBonusInput): Promise<UserBonus> {
  return apiRequest(`/api/v2/bonuses/user/${encodeURIComponent(bonusId)}/cancel`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Forfeits an active or pending bonus: its money goes back, the next pending one may start. The
 * answer replaces the bonus in the list at once; the rest of the bonus data is refetched.
 */
export function useCancelUserBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUserBonus,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(userBonusesQueryOptions(true).queryKey, (list) =>
        list
          ? {
              items: list.items.map((bonus) => (bonus.id === cancelled.id ? cancelled : bonus)),
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: bonusesQueryKeyPrefix });
    },
  });
}
