import type { AuthTokenResponse, RegisterBody } from '@casino/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setAuthToken } from '@/lib/auth-token';

export function register(body: RegisterBody): Promise<AuthTokenResponse> {
  return apiRequest('/api/v1/auth/register', {
    method: 'POST',
    body,
  });
}

/** Stores the token (the session cookie comes with the answer), then calls `onSuccess`. */
export function useRegister(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: register,
    meta: { handlesErrors: true },
    onSuccess: ({ token }) => {
      setAuthToken(token);
      options.onSuccess?.();
    },
  });
}
