import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { declineWelcomeBonus } from '../support/players.ts';
import { type Frame, isSubscribed, recordFrames } from '../support/realtime-frames.ts';

/** A real 1×1 PNG: the server checks receipts by their content. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const connectCommands = (frames: readonly Frame[]) =>
  frames.filter((frame) => frame.direction === 'sent' && frame.payload.includes('"connect":'));

async function approve(app: RunningApp, orderId: string): Promise<void> {
  await app.api(`/api/backoffice/v1/orders/${orderId}/approve`, {
    method: 'POST',
    token: await app.operatorToken(),
    headers: { 'idempotency-key': randomUUID() },
  });
}

test('an operator approval closes the pending deposit and updates the header balance live', async ({
  page,
  app,
}) => {
  const email = uniqueEmail('realtime');
  const password = 'realtime-password-1';
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password },
  });
  await declineWelcomeBonus(app, token);
  const { globalId } = await app.api<{ globalId: string }>('/api/v1/me', { token });
  const frames = recordFrames(page);

  // A guest connects without a token and sees the latest bets.
  await page.goto('/en/');
  await expect(page.getByTestId('splash')).toBeHidden();
  await expect(page.getByTestId('latest-bets')).toBeVisible();
  await expect.poll(() => isSubscribed(frames, 'broadcast:last_bet')).toBe(true);
  expect(connectCommands(frames).every((frame) => !frame.payload.includes('"token"'))).toBe(true);
  // Survives only as long as the page does: any reload or navigation would drop it.
  await page.evaluate(() => {
    (window as unknown as { realtimeMarker: string }).realtimeMarker = 'same page';
  });

  // Signing in switches the connection to the player, on the same page.
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);
  await expect.poll(() => isSubscribed(frames, `transaction#${globalId}`)).toBe(true);
  await expect.poll(() => isSubscribed(frames, `balance#${globalId}`)).toBe(true);
  expect(connectCommands(frames).at(-1)?.payload).toContain('"token"');

  // A card deposit up to the receipt: the wallet waits for the operator.
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  await wallet.getByTestId('wallet-methods-more').click();
  await wallet.getByTestId('wallet-method-visa-mastercard-usd').click();
  const amountForm = wallet.getByTestId('wallet-view-fiat-deposit');
  await amountForm.getByLabel('Amount').fill('100');
  await amountForm.getByRole('button', { name: 'Top up $100.00' }).click();
  const details = wallet.getByTestId('wallet-view-fiat-deposit-details');
  await details.getByRole('button', { name: 'I have paid' }).click();
  await details.getByLabel('Sender name, as in your bank').fill('Maria Ivanova');
  await details.getByLabel('Payment receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: receiptPng,
  });
  await details.getByRole('button', { name: 'Send receipt' }).click();
  const pending = wallet.getByTestId('wallet-view-pending');
  await expect(pending).toBeVisible();

  // From here the order poll and the balance endpoint answer nothing, so only the realtime
  // events can close the view and move the balance.
  let heldRequests = 0;
  await page.route(/\/api\/v1\/(balance|wallet\/orders\/buy\/)/, () => {
    heldRequests += 1;
  });

  const history = await app.api<{ items: Array<{ id: string; status: string }> }>(
    '/api/v2/wallet/txns?is_pagination=true&offset=0&limit=10',
    { token },
  );
  const order = history.items[0];
  expect(order?.status).toBe('wait_for_confirmation');
  await approve(app, order?.id ?? '');

  await expect(pending).toBeHidden();
  await expect(page.getByTestId('deposit-success-modal')).toContainText('$100.00');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);
  expect(
    await page.evaluate(() => (window as unknown as { realtimeMarker?: string }).realtimeMarker),
  ).toBe('same page');
  // the held requests were really asked for: without the events nothing would have changed
  expect(heldRequests).toBeGreaterThan(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a guest on a phone sees the latest-bets widget empty, within the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const frames = recordFrames(page);
  await page.goto('/en/');
  const widget = page.getByTestId('latest-bets');
  await expect(widget).toBeVisible();
  await expect(widget).toContainText('No bets yet');
  await expect(widget.getByTestId('latest-bet-row')).toHaveCount(0);
  await expect.poll(() => isSubscribed(frames, 'broadcast:last_bet')).toBe(true);
  const box = await widget.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the latest-bets widget shows bets as the server pushes them: newest first, ten at most', async ({
  page,
}) => {
  // The connection goes to the real server; the test adds `broadcast:last_bet` pushes of its own
  // (no game publishes bets yet), exactly as the server frames them.
  // Every connection the page opened gets the push (a reconnect may have replaced the first
  // one; a closed one just drops it, and the widget shows a repeated bet once).
  const sockets: Array<{ send: (message: string) => void }> = [];
  const pushToPage = (data: unknown) => {
    const frame = JSON.stringify({ push: { channel: 'broadcast:last_bet', pub: { data } } });
    for (const socket of sockets) {
      try {
        socket.send(frame);
      } catch {
        // that connection is gone
      }
    }
  };
  await page.routeWebSocket(/\/connection\/websocket/, (socket) => {
    const server = socket.connectToServer();
    sockets.push(socket);
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => socket.send(message));
  });
  const frames = recordFrames(page);
  await page.goto('/en/');
  const widget = page.getByTestId('latest-bets');
  await expect(widget).toContainText('No bets yet');
  await expect.poll(() => isSubscribed(frames, 'broadcast:last_bet')).toBe(true);

  const bet = (index: number) => ({
    id: `bet-${index}`,
    gameId: 'dice',
    gameTitle: `Dice ${index}`,
    player: 'Jo***n',
    bet: '10.00',
    multiplier: '2.50',
    payout: index % 2 === 0 ? '25.00' : '0.00',
    currency: 'USD',
    timestamp: new Date(Date.UTC(2026, 10, 21, 8, 0, index)).toISOString(),
  });
  pushToPage(bet(1));
  const rows = widget.getByTestId('latest-bet-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Dice 1');
  await expect(rows.first()).toContainText('Jo***n');
  await expect(rows.first()).toContainText('$10.00');
  await expect(rows.first()).toContainText('×2.50');
  await expect(widget).not.toContainText('No bets yet');

  // a malformed publication is ignored, a repeated one shown once
  pushToPage({ id: 'broken' });
  pushToPage(bet(1));
  for (let index = 2; index <= 12; index += 1) pushToPage(bet(index));
  await expect(rows.first()).toContainText('Dice 12');
  await expect(rows.first()).toContainText('$25.00');
  await expect(rows).toHaveCount(10);
  await expect(rows.last()).toContainText('Dice 3');
});

test('a tournament win reaches the player as a success toast with a cup', async ({ page, app }) => {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail('tournament'), password: 'realtime-password-1' },
  });
  const { globalId } = await app.api<{ globalId: string }>('/api/v1/me', { token });
  // Tournaments come with a later issue: the test adds the server's push on the player's channel.
  let pushToPage: ((channel: string, data: unknown) => void) | undefined;
  await page.routeWebSocket(/\/connection\/websocket/, (socket) => {
    const server = socket.connectToServer();
    pushToPage = (channel, data) =>
      socket.send(JSON.stringify({ push: { channel, pub: { data } } }));
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => socket.send(message));
  });
  const frames = recordFrames(page);
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/');
  const channel = `tournaments#${globalId}`;
  await expect.poll(() => isSubscribed(frames, channel)).toBe(true);

  pushToPage?.(channel, {
    type: 'win',
    tournamentId: 'autumn-cup',
    name: 'Autumn Cup',
    place: 2,
    prize: { value: '250.00', currency: 'USDT' },
  });
  const toast = page.locator('[data-sonner-toast][data-type="success"]');
  await expect(toast).toContainText('You won a tournament prize!');
  await expect(toast).toContainText('Autumn Cup: place 2, prize 250.00 USDT');
  await expect(toast.locator('svg.lucide-trophy')).toBeVisible();
});

/** A new player signed in on `page` (the app keeps the session token), on the home page. */
async function signedInPlayer(page: Page, app: RunningApp, frames: readonly Frame[]) {
  const email = uniqueEmail('session');
  const password = 'realtime-password-1';
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password },
  });
  await declineWelcomeBonus(app, token);
  const { globalId } = await app.api<{ globalId: string }>('/api/v1/me', { token });
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/');
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect.poll(() => isSubscribed(frames, `balance#${globalId}`)).toBe(true);
  return { email, password, token, globalId };
}

test('an operator’s ban reaches the open tab at once: the ban screen appears without a click', async ({
  page,
  app,
}) => {
  const frames = recordFrames(page);
  const { globalId } = await signedInPlayer(page, app, frames);
  await expect(page.getByTestId('ban-screen')).toHaveCount(0);

  await app.api(`/api/backoffice/v1/players/${globalId}/ban`, {
    body: { reason: 'multiaccounting' },
    token: await app.operatorToken(),
  });

  // Nothing is clicked or reloaded: the closed connection makes the app ask who it is.
  const banScreen = page.getByTestId('ban-screen');
  await expect(banScreen).toBeVisible();
  await expect(banScreen.getByTestId('ban-reason')).toHaveAttribute(
    'data-reason',
    'multiaccounting',
  );
  await expect(banScreen).toContainText(globalId);
});

test('a session ended elsewhere: the open tab says so and opens the sign-in step', async ({
  page,
  app,
}) => {
  const frames = recordFrames(page);
  const { email, password, token, globalId } = await signedInPlayer(page, app, frames);

  // Revoked from outside the page (here: its token signed out through the API). That the
  // player's other sessions keep their connections is proven by the server's tests.
  await app.api('/api/v1/auth/logout', { method: 'POST', token });

  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  const dialog = page.getByRole('dialog');
  // The sign-in dialog's code loads on demand (fetched on idle beside the wallet's); on a loaded
  // machine its chunks can take longer than the default wait.
  await expect(dialog.getByLabel('E-mail')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/[?&]auth=login/);
  await expect(page.getByTestId('header-avatar')).toHaveCount(0);

  // Signing in again works as ever, and the notice goes.
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
  await expect.poll(() => isSubscribed(frames, `balance#${globalId}`)).toBe(true);
});

test('signing out in the tab says only that: no session-ended notice', async ({ page, app }) => {
  const frames = recordFrames(page);
  await signedInPlayer(page, app, frames);
  const guestConnects = () =>
    connectCommands(frames).filter((frame) => !frame.payload.includes('"token"')).length;
  const guestConnectsBefore = guestConnects();

  await page.goto('/en/profile');
  await page.getByTestId('profile-signout').click();
  await expect(page.getByText('You have signed out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // By the time the app is connected again as a guest, the server's close of the signed-out
  // session has come and gone.
  await expect.poll(guestConnects).toBeGreaterThan(guestConnectsBefore);
  await expect.poll(() => isSubscribed(frames, 'broadcast:last_bet')).toBe(true);
  await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
