import type { DisputeBody } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { buyOrderQueryKey } from './get-buy-order';
import { transactionsQueryKey } from './get-transactions';

export function openDispute(input: {
  orderId: string;
  body: DisputeBody;
  idempotencyKey: string;
}): Promise<unknown> {
  return apiRequest(`/api/v1/wallet/orders/buy/${encodeURIComponent(input.orderId)}/dispute`, {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSuccess: async (_answer, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: buyOrderQueryKey(input.orderId) }),
      ]);
    },
  });
}
