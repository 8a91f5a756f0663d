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

/**
 * Puts the session token where the web app keeps it before the page's first script runs, then
 * opens `path`: one load of the app, not a guest load first. Only the tab's first document gets
 * it, so a later sign-out in the test stays signed out across reloads.
 */
export async function signIn(page: Page, token: string, path = '/en/'): Promise<void> {
  await page.addInitScript((value) => {
    // about:blank and other opaque origins have no storage
    if (window.location.origin === 'null') return;
    if (sessionStorage.getItem('e2e_token_placed') !== null) return;
    sessionStorage.setItem('e2e_token_placed', 'yes');
    localStorage.setItem('auth_token', value);
  }, token);
  await page.goto(path);
}

/** Signs an existing player in through the API (the test is not about the sign-in form). */
export async function signInAs(
  page: Page,
  app: RunningApp,
  credentials: { email: string; password: string },
  path = '/en/',
): Promise<void> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/login', { body: credentials });
  await signIn(page, token, path);
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
