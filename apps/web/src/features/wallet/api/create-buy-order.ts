import type { CreateBuyOrderBody, FiatOrder } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { buyOrderQueryKey } from './get-buy-order';

export interface CreateBuyOrderInput {
  body: CreateBuyOrderBody;
  /** One key per submit attempt, reused when the same attempt is retried. */
  idempotencyKey: string;
}

export function createBuyOrder({ body, idempotencyKey }: CreateBuyOrderInput): Promise<FiatOrder> {
  return apiRequest('/api/v2/wallet/orders/buy', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Creates a fiat deposit order; errors are shown by the form (create_deposit_fail_*). */
export function useCreateBuyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuyOrder,
    meta: { handlesErrors: true },
    onSuccess: (order) => {
      queryClient.setQueryData(buyOrderQueryKey(order.id), order);
    },
  });
}
