import type { FairnessState } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fairnessQueryKey } from './get-fairness';

export function setClientSeed(clientSeed: string): Promise<FairnessState> {
  return apiRequest('/api/v2/fairness/client-seed', {
    method: 'PUT',
    body: { clientSeed },
  });
}

/** The player's own client seed, used from the next round on. */
export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientSeed,
    onSuccess: (state) => queryClient.setQueryData(fairnessQueryKey, state),
  });
}
