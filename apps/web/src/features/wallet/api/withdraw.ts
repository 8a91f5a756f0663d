import type { CreateSellOrderBody, FiatSellOrder, WithdrawEnabledResponse } from '@casino/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { WithdrawDraft } from '../wallet-view';
import { createCryptoWithdrawal } from './crypto-withdraw';
import { transactionsQueryKey } from './get-transactions';

/**
 * `GET /api/v2/wallet/wager`: resolves when withdrawals are enabled (with `verificationRequired`),
 * else fails with `wager` / `personal_data_required`.
 */
export function checkWithdrawEnabled(): Promise<WithdrawEnabledResponse> {
  return apiRequest('/api/v2/wallet/wager');
}

export const savedDetailsQueryKey = (methodId: string) =>
  ['wallet', 'orders', 'sell', 'saved', methodId] as const;

export function savedDetailsQueryOptions(methodId: string) {
  return queryOptions({
    queryKey: savedDetailsQueryKey(methodId),
    queryFn: ({ signal }) =>
      apiRequest<Record<string, string>[]>('/api/v2/wallet/orders/sell/saved', {
        query: { bankId: methodId },
        signal,
      }),
    retry: false,
  });
}

/** The details of earlier withdrawals with this method; the first one prefills the form. */
export function useSavedDetails(methodId: string) {
  return useQuery(savedDetailsQueryOptions(methodId));
}

export function createSellOrder(input: {
  body: CreateSellOrderBody;
  idempotencyKey: string;
}): Promise<FiatSellOrder> {
  return apiRequest('/api/v2/wallet/orders/sell', {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

/** A fiat sell order or a crypto withdrawal, whichever the draft is; the flow shows the errors. */
export function useCreateWithdrawal(options: { onCreated?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draft,
      idempotencyKey,
    }: {
      draft: WithdrawDraft;
      idempotencyKey: string;
    }): Promise<{ id: string }> =>
      draft.kind === 'fiat'
        ? createSellOrder({ body: draft.body, idempotencyKey })
        : createCryptoWithdrawal({ body: draft.body, idempotencyKey }),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      options.onCreated?.();
      await queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    },
  });
}
