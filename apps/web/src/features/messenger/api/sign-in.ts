import type { AuthTokenResponse, MessengerAuthBody } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** POST /api/v1/auth/messenger: the launch's messenger user signs in (or gets an account). */
export function signInWithMessenger(body: MessengerAuthBody): Promise<AuthTokenResponse> {
  return apiRequest<AuthTokenResponse>('/api/v1/auth/messenger', { method: 'POST', body });
}

/** The server does not know the bot the mini-app was opened in. */
export function isInvalidBotError(error: unknown): boolean {
  return isApiError(error) && error.detail === 'invalid_bot';
}
