import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type RunningApp, uniqueEmail } from './app.ts';

/** Registers a new player through the API; returns the session token. */
export async function registerPlayer(
  app: RunningApp,
  prefix: string,
  password: string,
): Promise<string> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail(prefix), password },
  });
  return token;
}

/**
 * Turns the welcome bonus off for the player (POST /api/v2/users/loyalty), so a deposit credits
 * exactly the deposit: for specs about the wallet itself (bonuses.spec.ts covers the bonus).
 */
export async function declineWelcomeBonus(app: RunningApp, token: string): Promise<void> {
  await app.api('/api/v2/users/loyalty', {
    token,
    body: { isWelcomeEnabledFiat: false, isWelcomeEnabledCrypto: false },
  });
}

/** Puts the session token where the web app keeps it, then opens `path`. */
export async function signIn(page: Page, token: string, path = '/en/'): Promise<void> {
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto(path);
}

/** A real 1×1 PNG: the server checks receipts by their content, not their name. */
const receiptPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A money-moving POST with its Idempotency-Key; throws unless 200. */
export async function postWithKey<T>(
  app: RunningApp,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Tops the player up by card through the API: order, receipt, operator approval. */
export async function depositByCard(app: RunningApp, token: string, amount: string): Promise<void> {
  const order = await postWithKey<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await postWithKey(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Maria Ivanova',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng}`,
  });
  await postWithKey(
    app,
    `/api/backoffice/v1/orders/${order.id}/approve`,
    await app.operatorToken(),
  );
}
