import type { TransactionHistoryItem } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionsQueryKey } from './get-transactions';

/** Spec §4: sell items cancel through the fiat route, the others through the crypto route. */
export function cancelWithdrawal(input: {
  item: Pick<TransactionHistoryItem, 'id' | 'type'>;
  idempotencyKey: string;
}): Promise<unknown> {
  const { item } = input;
  const id = encodeURIComponent(item.id);
  return apiRequest(
    item.type === 'sell'
      ? `/api/v1/wallet/orders/sell/${id}/cancel`
      : `/api/v1/wallet/txns/cancel/${id}`,
    { method: 'POST', headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
}

export function useCancelWithdrawal(options: { onCancelled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: async () => {
      options.onCancelled?.();
      await queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    },
  });
}
