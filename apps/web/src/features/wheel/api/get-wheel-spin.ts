import type { WheelSpinResult } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { wheelSpinsQueryKeyPrefix } from './get-wheel-spins';

export const wheelSpinQueryKey = (spinId: string) =>
  [...wheelSpinsQueryKeyPrefix, 'one', spinId] as const;

/** `GET /api/v2/turbine_of_luck/spins/{id}`: one of the player's spins, with its verification. */
export function getWheelSpin(spinId: string, signal?: AbortSignal): Promise<WheelSpinResult> {
  return apiRequest(`/api/v2/turbine_of_luck/spins/${encodeURIComponent(spinId)}`, {
    signal,
  });
}

/** One of the player's own spins, for the verifier's prefill (null: none asked for). */
export function useWheelSpin(spinId: string | null) {
  return useQuery({
    queryKey: wheelSpinQueryKey(spinId ?? ''),
    queryFn: ({ signal }) => getWheelSpin(spinId ?? '', signal),
    enabled: spinId !== null,
    retry: false,
  });
}
