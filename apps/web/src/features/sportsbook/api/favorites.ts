import type { SportFavoriteBody, SportFavorites } from '@casino/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIsSignedIn } from '@/lib/auth-token';
import { sportQueryKey } from './get-sports';

const favoritesQueryKey = [...sportQueryKey, 'favorites'] as const;

export function getSportFavorites(signal?: AbortSignal): Promise<SportFavorites> {
  return apiRequest('/api/v2/sport/favorites', { signal });
}

function favoritesQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => getSportFavorites(signal),
    enabled: signedIn,
  });
}

/** The player's favourite events and leagues; nothing for a guest. */
export function useSportFavorites() {
  const signedIn = useIsSignedIn();
  return useQuery(favoritesQueryOptions(signedIn));
}

export interface SportFavoriteChange extends SportFavoriteBody {
  favorite: boolean;
}

/** `PUT /api/v2/sport/favorites` adds, `DELETE …?type=&id=` removes (both idempotent). */
async function setSportFavorite({ type, id, favorite }: SportFavoriteChange): Promise<void> {
  if (favorite) {
    await apiRequest('/api/v2/sport/favorites', { method: 'PUT', body: { type, id } });
    return;
  }
  await apiRequest('/api/v2/sport/favorites', { method: 'DELETE', query: { type, id } });
}

function withChange(data: SportFavorites, change: SportFavoriteChange): SportFavorites {
  if (change.type === 'event') {
    const eventId = Number(change.id);
    const others = data.eventIds.filter((id) => id !== eventId);
    return {
      ...data,
      eventIds: change.favorite ? [...others, eventId] : others,
      events: change.favorite ? data.events : data.events.filter((event) => event.id !== eventId),
    };
  }
  return change.favorite
    ? data
    : { ...data, leagues: data.leagues.filter((league) => league.id !== change.id) };
}

/** The star flips at once; a failure puts it back; then the list is fetched again. */
export function useSetSportFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSportFavorite,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: favoritesQueryKey });
      const previous = queryClient.getQueryData<SportFavorites>(favoritesQueryKey);
      if (previous) queryClient.setQueryData(favoritesQueryKey, withChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(favoritesQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
  });
}
