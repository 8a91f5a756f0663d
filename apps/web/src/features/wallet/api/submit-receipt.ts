import type { FiatOrder, ReceiptBody } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { buyOrderQueryKey } from './get-buy-order';

export function submitReceipt(input: {
  orderId: string;
  body: ReceiptBody;
  idempotencyKey: string;
}): Promise<FiatOrder> {
  return apiRequest(`/api/v1/wallet/orders/buy/${encodeURIComponent(input.orderId)}/paid`, {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

/** Uploads the payment receipt; the order then waits for confirmation. */
export function useSubmitReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReceipt,
    onSuccess: (order) => {
      queryClient.setQueryData(buyOrderQueryKey(order.id), order);
    },
  });
}
