import type { LimitsReview, PlaySession, Profile } from '@casino/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { playSessionQueryKey } from '@/lib/play-pause';

/** The play session is asked again this often (a new session, a check coming due). */
const playSessionRefreshMs = 60_000;

/**
 * The player's play session (`GET /api/v1/me/play-session`) while they have a reality-check
 * interval: refreshed every minute and whenever a stake is refused because a check is due.
 */
export function usePlaySession(enabled: boolean) {
  return useQuery({
    queryKey: playSessionQueryKey,
    queryFn: ({ signal }) => apiRequest<PlaySession>('/api/v1/me/play-session', { signal }),
    enabled,
    refetchInterval: enabled ? playSessionRefreshMs : false,
  });
}

/** "Continue": answers the due reality check; the answer is the session. */
export function useAcknowledgeRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PlaySession>('/api/v1/me/reality-check/ack', { method: 'POST' }),
    onSuccess: (session) => queryClient.setQueryData(playSessionQueryKey, session),
  });
}

/** Sets the reality-check interval (`PATCH /api/v1/me`); the answer is the profile. */
export function useSetRealityCheck(onProfile: (profile: Profile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (realityCheckMinutes: number | null) =>
      apiRequest<Profile>('/api/v1/me', { method: 'PATCH', body: { realityCheckMinutes } }),
    onSuccess: (profile) => {
      onProfile(profile);
      void queryClient.invalidateQueries({ queryKey: playSessionQueryKey });
    },
  });
}

/** The deposit-limit prompt declined, or the limits reviewed (`POST /api/v1/me/limits/review`). */
export function useLimitsReview(onAnswered: (answer: LimitsReview) => void) {
  return useMutation({
    mutationFn: (action: 'declined' | 'reviewed') =>
      apiRequest<LimitsReview>('/api/v1/me/limits/review', {
        method: 'POST',
        body: { action },
      }),
    onSuccess: onAnswered,
  });
}
