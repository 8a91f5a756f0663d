import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/profile/api/get-me';
import { isApiError, isNetworkError } from '@/lib/api-error';
import { clearAuthToken, getAuthToken, getSessionGeneration, isSigningOut } from '@/lib/auth-token';
import { classifyGlobalError, globalErrors } from '@/lib/global-errors';
import { notifyApiError } from '@/lib/notify';
import { seedBootData } from './boot-data';

/** How often a query is retried when the server could not be reached at all. */
const networkRetries = 2;

/**
 * One place decides what an error means for the whole app: a ban replaces the app, a region
 * block and a lost connection open blocking modals, a dead token turns the player into a guest
 * (told that the session ended, unless they are signing out).
 * Queries that failed on the region block are remembered so the modal clears when they pass.
 */
export function createQueryClient(): QueryClient {
  const regionBlockedQueries = new Set<string>();

  const applyGlobalEffect = (error: unknown): boolean => {
    const effect = classifyGlobalError(error);
    if (!effect) return false;
    switch (effect.kind) {
      case 'ban':
        globalErrors.showBan(effect.ban);
        return true;
      case 'region':
        globalErrors.showRegion(effect.region);
        return true;
      case 'connection':
        globalErrors.showConnectionLost();
        return true;
      case 'session-expired':
        // A request sent before the player signed in again (a slow one of the ended session)
        // is refused for that session: the new one stays.
        if (getAuthToken() && !sentInEarlierSession(error)) {
          // Ended elsewhere (signed out on another device, revoked, expired), not by signing out
          // here: the player is told, and asked to sign in again.
          if (!isSigningOut()) globalErrors.showSessionEnded();
          clearAuthToken();
          queryClient.removeQueries({ queryKey: meQueryKey });
        }
        return true;
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (classifyGlobalError(error)?.kind === 'region')
          regionBlockedQueries.add(query.queryHash);
        applyGlobalEffect(error);
      },
      onSuccess: (_data, query) => {
        if (regionBlockedQueries.delete(query.queryHash) && regionBlockedQueries.size === 0) {
          globalErrors.clearRegion();
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const handledGlobally = applyGlobalEffect(error);
        if (!handledGlobally && !mutation.meta?.handlesErrors) notifyApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isNetworkError(error) && failureCount < networkRetries,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  // the answers the server put in the page (the language list, a guest's home banners)
  seedBootData(queryClient);
  return queryClient;
}

function sentInEarlierSession(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.sessionGeneration !== null &&
    error.sessionGeneration !== getSessionGeneration()
  );
}

/** The region modal's Retry: ask again; the modal clears once the blocked requests pass. */
export async function retryAfterRegionBlock(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({
    type: 'all',
    predicate: (query) => query.state.status === 'error',
  });
  const stillBlocked = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => classifyGlobalError(query.state.error)?.kind === 'region');
  if (!stillBlocked) globalErrors.clearRegion();
}
