import type { FairnessState } from '@casino/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const fairnessQueryKey = ['originals', 'fairness'] as const;

export function getFairness(signal?: AbortSignal): Promise<FairnessState> {
  return apiRequest('/api/v2/fairness', { signal });
}

export function fairnessQueryOptions() {
  return queryOptions({
    queryKey: fairnessQueryKey,
    queryFn: ({ signal }) => getFairness(signal),
  });
}

/** The active seed pair (server seed hidden behind its hash), the next nonce, the revealed pair. */
export function useFairness() {
  return useQuery(fairnessQueryOptions());
}
