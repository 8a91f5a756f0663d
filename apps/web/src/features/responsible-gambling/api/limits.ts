import type {
  LateDepositNotice,
  LimitPeriod,
  LimitType,
  PlayerLimitHistoryPage,
  PlayerLimits,
} from '@casino/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';

export const limitsQueryKey = ['me', 'limits'] as const;
/** the profile's query (`GET /api/v1/me`, features/profile) */
const profileQueryKey = ['me'] as const;

function getLimits(signal?: AbortSignal): Promise<PlayerLimits> {
  return apiRequest<PlayerLimits>('/api/v1/me/limits', { signal });
}

/** The player's responsible-gambling limits with their usage (`GET /api/v1/me/limits`). */
export function useLimits() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: ({ signal }) => getLimits(signal),
    enabled: signedIn,
  });
}

export interface LimitChange {
  type: LimitType;
  period: LimitPeriod;
  /** null removes the limit (after the cooling-off) */
  amount: string | null;
}

/** Sets, lowers, raises or removes a limit; the answer is every limit, which replaces the cache. */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, period, amount }: LimitChange) =>
      apiRequest<PlayerLimits>(`/api/v1/me/limits/${type}/${period}`, {
        method: 'PUT',
        body: { amount },
      }),
    onSuccess: (limits, change) => {
      queryClient.setQueryData(limitsQueryKey, limits);
      void queryClient.invalidateQueries({ queryKey: limitHistoryQueryKey });
      // a deposit limit answers the deposit-limit prompt: the profile says so
      if (change.type === 'deposit') {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey, exact: true });
      }
    },
  });
}

/** Cancels a pending increase or removal. */
export function useCancelPendingLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, period }: Pick<LimitChange, 'type' | 'period'>) =>
      apiRequest<PlayerLimits>(`/api/v1/me/limits/${type}/${period}/pending`, {
        method: 'DELETE',
      }),
    onSuccess: (limits) => {
      queryClient.setQueryData(limitsQueryKey, limits);
      void queryClient.invalidateQueries({ queryKey: limitHistoryQueryKey });
    },
  });
}

export const limitHistoryQueryKey = ['me', 'limits', 'history'] as const;
export const lateDepositsQueryKey = ['me', 'limits', 'late-deposits'] as const;

/**
 * The history of the player's limit changes, newest first, a page of 10 at a time by cursor;
 * asked for only once the player opens it (`enabled`).
 */
export function useLimitHistory(enabled: boolean) {
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    queryKey: limitHistoryQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PlayerLimitHistoryPage>('/api/v1/me/limits/history', {
        query: { limit: 10, ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    enabled: signedIn && enabled,
  });
}

/** Deposits credited past a deposit limit or during an exclusion (the newest ten). */
export function useLateDeposits() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: lateDepositsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<LateDepositNotice[]>('/api/v1/me/limits/late-deposits', { signal }),
    enabled: signedIn,
  });
}
