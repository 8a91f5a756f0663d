import type { PushCategory, PushSettings } from '@casino/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsSignedIn } from '@/lib/auth-token';
import { getPushSettings, updatePushCategories } from './push-api';

export const pushSettingsQueryKey = ['me', 'push-settings'] as const;

/** The player's push settings (`GET /api/v1/me/push_settings`). */
export function usePushSettings() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pushSettingsQueryKey,
    queryFn: getPushSettings,
    enabled: signedIn,
  });
}

export interface CategoryChange {
  category: PushCategory;
  enabled: boolean;
}

/**
 * One category on or off: the switch moves at once (optimistic); the server's answer replaces
 * the settings; a refusal puts that one switch back (the app's global toast shows the error).
 */
export function useSetPushCategory() {
  const queryClient = useQueryClient();
  const setCategory = (category: PushCategory, enabled: boolean) =>
    queryClient.setQueryData<PushSettings>(pushSettingsQueryKey, (settings) =>
      settings
        ? { ...settings, categories: { ...settings.categories, [category]: enabled } }
        : settings,
    );
  return useMutation({
    mutationFn: ({ category, enabled }: CategoryChange) =>
      updatePushCategories({ [category]: enabled }),
    onMutate: async ({ category, enabled }) => {
      await queryClient.cancelQueries({ queryKey: pushSettingsQueryKey });
      setCategory(category, enabled);
    },
    onSuccess: (settings, { category, enabled }) => {
      // another switch may have moved meanwhile: keep what the player sees for the others
      queryClient.setQueryData<PushSettings>(pushSettingsQueryKey, (current) => ({
        ...settings,
        categories: { ...(current?.categories ?? settings.categories), [category]: enabled },
      }));
    },
    // the error toast (the agreed body's message and reference) is the app's global one
    onError: (_error, { category, enabled }) => setCategory(category, !enabled),
  });
}
