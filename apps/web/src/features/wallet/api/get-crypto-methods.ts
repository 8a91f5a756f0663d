import type { CryptoMethod } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const cryptoMethodsQueryKey = ['wallet', 'currencies', 'crypto'] as const;

export function getCryptoMethods(signal?: AbortSignal): Promise<CryptoMethod[]> {
  return apiRequest('/api/v1/wallet/currencies/crypto', {
    signal,
  });
}

/** Every enabled crypto method (wallet spec §3), with the player's deposit bonus and rate. */
export function cryptoMethodsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: cryptoMethodsQueryKey,
    queryFn: ({ signal }) => getCryptoMethods(signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function useCryptoMethods(enabled = true) {
  return useQuery(cryptoMethodsQueryOptions(enabled));
}
