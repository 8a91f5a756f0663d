import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { beginSignOut, clearAuthToken } from '@/lib/auth-token';

export async function logout(): Promise<void> {
  await apiRequest('/api/v1/auth/logout', { method: 'POST' });
}

/**
 * Ends the session on the server and forgets everything cached for this player. The local
 * session ends even when the server cannot be reached. `onSignedOut` runs first so the page
 * leaves protected routes before they notice the missing token.
 */
export function useLogout(options: { onSignedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { handlesErrors: true },
    onMutate: beginSignOut,
    onSettled: () => {
      options.onSignedOut?.();
      clearAuthToken({ byPlayer: true });
      queryClient.clear();
    },
  });
}
