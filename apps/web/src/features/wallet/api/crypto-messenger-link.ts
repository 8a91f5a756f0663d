import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/me/messenger {initData}`: links the signed-in player to the messenger account
 * that opened the mini-app, so crypto-bot withdrawals know whom to pay.
 */
export function linkMessengerAccount(initData: string): Promise<unknown> {
  return apiRequest('/api/v1/me/messenger', { method: 'POST', body: { initData } });
}
