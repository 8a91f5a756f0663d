import type { FiatPaymentMethod } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const fiatConditionsQueryKey = ['wallet', 'orders', 'conditions'] as const;

export function getFiatConditions(signal?: AbortSignal): Promise<FiatPaymentMethod[]> {
  return apiRequest('/api/v2/wallet/orders/conditions', {
    signal,
  });
}

/** Fiat methods with their buy and sell conditions; not retried (wallet spec §7). */
export function fiatConditionsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: fiatConditionsQueryKey,
    queryFn: ({ signal }) => getFiatConditions(signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function useFiatConditions(enabled = true) {
  return useQuery(fiatConditionsQueryOptions(enabled));
}

/** One method by id from the cached list. */
export function useFiatMethod(methodId: string, enabled = true) {
  const conditions = useFiatConditions(enabled);
  return {
    ...conditions,
    method: conditions.data?.find((method) => method.id === methodId) ?? null,
  };
}
