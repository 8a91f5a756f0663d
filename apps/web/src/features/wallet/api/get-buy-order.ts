import type { FiatOrder } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every buy order the player looked at; a completed transaction refreshes them all. */
export const buyOrdersQueryKeyPrefix = ['wallet', 'orders', 'buy'] as const;
export const buyOrderQueryKey = (orderId: string) => [...buyOrdersQueryKeyPrefix, orderId] as const;

/** How often an open order is re-read while the player waits on it. */
export const orderPollIntervalMs = 5000;

export function getBuyOrder(orderId: string, signal?: AbortSignal): Promise<FiatOrder> {
  return apiRequest(`/api/v1/wallet/orders/buy/${encodeURIComponent(orderId)}`, {
    signal,
  });
}

const settledStatuses: readonly FiatOrder['status'][] = [
  'completed',
  'declined',
  'timeouted',
  'refund',
];

/** An order the player is looking at: re-read until it settles, seeded with what we already know. */
export function buyOrderQueryOptions(orderId: string, initialOrder?: FiatOrder) {
  return queryOptions({
    queryKey: buyOrderQueryKey(orderId),
    queryFn: ({ signal }) => getBuyOrder(orderId, signal),
    initialData: initialOrder,
    refetchInterval: (query) =>
      query.state.data && settledStatuses.includes(query.state.data.status)
        ? false
        : orderPollIntervalMs,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useBuyOrder(orderId: string, initialOrder?: FiatOrder) {
  return useQuery(buyOrderQueryOptions(orderId, initialOrder));
}
