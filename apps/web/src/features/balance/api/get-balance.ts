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
    // Realtime's balance events write it and every money movement here invalidates it (which
    // refetches whatever its age); an answer a few seconds old is not asked again when another
    // part mounts (the shell's balance after the start-up asked for it: app-shell.tsx).
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in player's balance in the primary currency; disabled for guests. */
export function useBalance() {
  const signedIn = useIsSignedIn();
  return useQuery(balanceQueryOptions(signedIn));
}
