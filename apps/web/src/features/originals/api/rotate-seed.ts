import type { FairnessState } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fairnessQueryKey } from './get-fairness';
import { roundsQueryKeyPrefix } from './get-rounds';

export function rotateSeed(): Promise<FairnessState> {
  return apiRequest('/api/v2/fairness/rotate', { method: 'POST' });
}

/**
 * A new seed pair; the answer reveals the previous server seed, so the rounds played with it
 * can now be verified (their history entries gain the seed).
 */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSeed,
    onSuccess: async (state) => {
      queryClient.setQueryData(fairnessQueryKey, state);
      await queryClient.invalidateQueries({ queryKey: roundsQueryKeyPrefix });
    },
  });
}
