import type { Billing } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

export const billingQueryKey = ['me', 'billing'] as const;

export function getBilling(signal?: AbortSignal): Promise<Billing> {
  return apiRequest('/api/v1/me/billing', { signal });
}

export function billingQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => getBilling(signal),
    enabled: signedIn,
  });
}

export function useBilling() {
  const signedIn = useIsSignedIn();
  return useQuery(billingQueryOptions(signedIn));
}
