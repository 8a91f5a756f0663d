import type { AuthTokenResponse, LoginBody, ReopenResponse } from '@casino/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setAuthToken } from '@/lib/auth-token';

export function login(body: LoginBody): Promise<AuthTokenResponse> {
  return apiRequest('/api/v1/auth/login', {
    method: 'POST',
    body,
  });
}

/** Stores the token (the session cookie comes with the answer), then calls `onSuccess`. */
export function useLogin(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: login,
    meta: { handlesErrors: true },
    onSuccess: ({ token }) => {
      setAuthToken(token);
      options.onSuccess?.();
    },
  });
}

/**
 * Asks to reopen an account whose self-exclusion ended (`POST /api/v1/auth/reopen`): answers
 * when it reopens (24 hours after the first request).
 */
export function useReopenAccount() {
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest<ReopenResponse>('/api/v1/auth/reopen', { method: 'POST', body }),
    meta: { handlesErrors: true },
  });
}
