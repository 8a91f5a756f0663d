import type { Balance } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

export const balanceQueryKey = ['balance'] as const;

export function getBalance(signal?: AbortSignal): Promise<Balance> {
  return apiRequest('/api/v1/balance', { signal });
}

export function balanceQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => getBalance(signal),
    enabled: signedIn,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in player's balance in the primary currency; disabled for guests. */
export function useBalance() {
  const signedIn = useIsSignedIn();
  return useQuery(balanceQueryOptions(signedIn));
}
