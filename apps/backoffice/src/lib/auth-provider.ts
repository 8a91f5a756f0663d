import type { AuthProvider } from '@refinedev/core';
import { ApiError, api } from './api.ts';
import { fetchMe } from './me.ts';

/**
 * Refine's auth provider: the session is the httpOnly `operator_session` cookie the sign-in sets
 * (path /api/backoffice), so the browser never holds the token. The sign-in page itself runs the
 * two steps (password, then the TOTP code); `check` asks the server who is signed in.
 */
export const authProvider: AuthProvider = {
  async login() {
    // the sign-in page calls the API itself (two steps); Refine only needs to know it is done
    return { success: true, redirectTo: '/' };
  },
  async logout() {
    await api('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    try {
      await fetchMe();
      return { authenticated: true };
    } catch (error) {
      if (error instanceof ApiError && error.detail === 'totp_enrolment_required') {
        return { authenticated: true };
      }
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },
  async onError(error) {
    if (error instanceof ApiError && error.statusCode === 401) {
      return { logout: true, redirectTo: '/login' };
    }
    return {};
  },
  async getIdentity() {
    return fetchMe().catch(() => null);
  },
};
