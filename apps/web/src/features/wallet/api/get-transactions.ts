import {
  hasNextHistoryPage,
  historyPageSizeDefault,
  type TransactionHistoryResponse,
} from '@casino/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const transactionsQueryKey = ['wallet', 'txns'] as const;

/** A page: the first, or the one after `cursor` (the previous page's `meta.nextCursor`). */
export function getTransactions(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionHistoryResponse> {
  return apiRequest('/api/v2/wallet/txns', {
    query: {
      is_pagination: 'true',
      limit: historyPageSizeDefault,
      ...(cursor === null ? { offset: 0 } : { cursor }),
    },
    signal,
  });
}

/**
 * History pages of 10; the next one exists while total exceeds limit + offset (spec §9) and is
 * asked for by the cursor, which costs the server the same however deep the page.
 */
export function transactionsQueryOptions(enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: transactionsQueryKey,
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      hasNextHistoryPage(last.meta) ? (last.meta.nextCursor ?? undefined) : undefined,
    enabled,
    refetchOnWindowFocus: true,
  });
}

export function useTransactions(enabled = true) {
  return useInfiniteQuery(transactionsQueryOptions(enabled));
}
