import type { WalletCurrency } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const walletCurrenciesQueryKey = ['wallet', 'currencies'] as const;

export function getWalletCurrencies(signal?: AbortSignal): Promise<WalletCurrency[]> {
  return apiRequest('/api/v1/wallet/currencies', {
    signal,
  });
}

/** The currencies the player may choose as primary; fetched when the popover first opens. */
export function walletCurrenciesQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: walletCurrenciesQueryKey,
    queryFn: ({ signal }) => getWalletCurrencies(signal),
    enabled,
    staleTime: 24 * 60 * 60 * 1000,
    refetchOnWindowFocus: true,
  });
}

export function useWalletCurrencies(enabled: boolean) {
  return useQuery(walletCurrenciesQueryOptions(enabled));
}
