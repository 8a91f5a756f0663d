import {
  hasNextHistoryPage,
  historyPageSizeDefault,
  type TransactionHistoryResponse,
  transactionHistoryResponseSchema,
} from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const transactionsQueryKey = ['wallet', 'txns'] as const;

export function getTransactions(
  offset: number,
  signal?: AbortSignal,
): Promise<TransactionHistoryResponse> {
  return apiRequest('/api/v2/wallet/txns', {
    query: { is_pagination: 'true', offset, limit: historyPageSizeDefault },
    schema: transactionHistoryResponseSchema,
    signal,
  });
}

/** History pages of 10; the next one exists while total exceeds limit + offset (spec §9). */
export function transactionsQueryOptions(enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: transactionsQueryKey,
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      hasNextHistoryPage(last.meta) ? last.meta.offset + last.meta.limit : undefined,
    enabled,
    refetchOnWindowFocus: true,
  });
}

export function useTransactions(enabled = true) {
  return useInfiniteQuery(transactionsQueryOptions(enabled));
}
