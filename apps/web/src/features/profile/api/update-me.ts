import type { Profile, UpdateProfileBody } from '@casino/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function updateMe(body: UpdateProfileBody): Promise<Profile> {
  return apiRequest('/api/v1/me', { method: 'PATCH', body });
}

/** PATCH /api/v1/me; the answer is the fresh profile, so it replaces the cached one. */
export function useUpdateMe(options: { handlesErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    meta: { handlesErrors: options.handlesErrors ?? false },
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryKey, profile);
    },
  });
}
