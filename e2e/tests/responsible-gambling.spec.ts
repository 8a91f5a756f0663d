import { randomUUID } from 'node:crypto';
import { expect, test, uniqueEmail } from '../support/app.ts';
import { declineWelcomeBonus, signInAs } from '../support/players.ts';

test('a player sets a deposit limit, is refused past it, and asks for an increase that waits', async ({
  page,
  app,
}) => {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail('limits'), password: 'limits-password-1' },
  });
  await declineWelcomeBonus(app, token);
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/profile');

  // the player sets a daily deposit limit of 50 USD in the profile
  const section = page.getByTestId('responsible-gambling');
  await expect(section.getByText('You have no limits yet.')).toBeVisible();
  // a mistyped amount is refused under its field, before anything is sent
  await section.getByLabel('Amount in your currency').fill('12.345');
  await section.getByRole('button', { name: 'Set limit' }).click();
  await expect(section.getByRole('alert')).toHaveText('Enter a valid amount');
  await expect(section.getByText('You have no limits yet.')).toBeVisible();
  await section.getByLabel('Amount in your currency').fill('50');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await section.getByRole('button', { name: 'Set limit' }).click();
  const limit = section.getByTestId('limit-deposit-day');
  await expect(limit.getByTestId('limit-usage')).toHaveText('$0.00 of $50.00 used');

  // 40 USD deposited (an order the operator approves), then the deposit form asks for 20 more
  const order = await app.api<{ id: string }>('/api/v2/wallet/orders/buy', {
    body: { amount: '40', bankId: 'visa-mastercard-usd' },
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
  await app.api(`/api/backoffice/v1/orders/${order.id}/approve`, {
    body: {},
    token: await app.operatorToken(),
    headers: { 'idempotency-key': randomUUID() },
  });
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  const method = wallet.getByTestId('wallet-method-visa-mastercard-usd');
  await expect(wallet.getByTestId('wallet-view-wallet')).toBeVisible();
  if ((await method.count()) === 0) await wallet.getByTestId('wallet-methods-more').click();
  await method.click();
  const amountForm = wallet.getByTestId('wallet-view-fiat-deposit');
  await amountForm.getByLabel('Amount').fill('20');
  await amountForm.getByRole('button', { name: /Top up/ }).click();
  await expect(
    page.getByText(
      'Your responsible-gambling limit does not allow this: 40.00 of 50.00 USD used.',
      { exact: false },
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // an increase waits its 24-hour cooling-off, shown as pending; the player can cancel it
  await page.goto('/en/profile');
  await expect(limit.getByTestId('limit-usage')).toContainText('$40.00 of $50.00 used');
  await limit.getByRole('button', { name: 'Change' }).click();
  await limit.getByRole('textbox').fill('100');
  await limit.getByRole('button', { name: 'Save' }).click();
  await expect(limit.getByTestId('limit-pending')).toContainText(
    /Raise to \$100\.00 pending until tomorrow at/,
  );
  await expect(limit.getByText('$50.00', { exact: true })).toBeVisible();

  // the history of changes, read once opened: the pending raise first, then the limit set
  await section.getByTestId('limit-history-toggle').click();
  const entries = section.getByTestId('limit-history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Raise requested: $50.00 → $100.00');
  await expect(entries.nth(0)).toContainText('pending until');
  await expect(entries.nth(1)).toContainText('Deposit limit · 24 hours');
  await expect(entries.nth(1)).toContainText('Set: $50.00');
});

test('a 24-hour time-out signs the player out on every page, and signing in again says until when', async ({
  page,
  app,
  browser,
  baseURL,
}) => {
  const credentials = { email: uniqueEmail('timeout'), password: 'time-out-password-1' };
  await app.api('/api/v1/auth/register', { body: credentials });
  // two pages, each with a session of its own (two browsers of the player)
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await signInAs(other, app, credentials, '/en/');
  await expect(other.getByTestId('header-avatar')).toBeVisible();
  await signInAs(page, app, credentials, '/en/profile');

  const section = page.getByTestId('exclusion');
  await section.getByRole('button', { name: '24 hours' }).click();
  await section.getByRole('button', { name: 'Continue' }).click();
  const confirm = section.getByTestId('exclusion-confirm');
  await expect(confirm).toContainText('You will be signed out on every device');
  await confirm.getByRole('button', { name: 'Confirm and sign out' }).click();

  // this page: signed out, told until when
  await expect(page.getByText(/^You are on a time-out until /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('header-avatar')).toHaveCount(0);

  // the other page: its session ended too, and the sign-in dialog opens by itself
  await expect(other.getByText('Your session has ended. Please log in again.')).toBeVisible();
  const dialog = other.getByRole('dialog');
  await expect(dialog.getByLabel('E-mail')).toBeVisible({ timeout: 20_000 });
  await expect(other.getByTestId('header-avatar')).toHaveCount(0);

  // signing in again is refused with the end of the time-out
  await dialog.getByLabel('E-mail').fill(credentials.email);
  await dialog.getByLabel('Password').fill(credentials.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/You are on a time-out until .*\d{4}/);
  await expect(other.getByTestId('header-avatar')).toHaveCount(0);
  await otherContext.close();
});

test('a reality check stops auto-bet until the player continues', async ({ page, app }) => {
  const email = uniqueEmail('reality');
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'reality-password-1' },
  });
  await declineWelcomeBonus(app, token);
  const order = await app.api<{ id: string }>('/api/v2/wallet/orders/buy', {
    body: { amount: '100', bankId: 'visa-mastercard-usd' },
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
  await app.api(`/api/backoffice/v1/orders/${order.id}/approve`, {
    body: {},
    token: await app.operatorToken(),
    headers: { 'idempotency-key': randomUUID() },
  });
  // the shortest interval, 15 minutes, set in the profile
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/en/profile');
  const section = page.getByTestId('responsible-gambling');
  await section.getByTestId('reality-check-interval').selectOption('15');
  await expect(section.getByTestId('reality-check-interval')).toHaveValue('15');

  // auto-bet on dice: rounds keep coming
  await page.goto('/en/games/pulsar-dice');
  const game = page.getByTestId('original-game');
  await expect(game).toHaveAttribute('data-engine', 'dice');
  await game.getByLabel('Bet amount').fill('0.10');
  const isRound = (url: string, method: string) =>
    method === 'POST' && new URL(url).pathname.startsWith('/api/v2/games/pulsar-dice/rounds');
  const played = () =>
    page.waitForResponse(
      (response) =>
        isRound(response.url(), response.request().method()) && response.status() === 200,
    );
  const first = played();
  await game.getByTestId('dice-auto').click();
  await first;
  await played();

  // 16 minutes of this session went by (the server's clock decides: the session is seeded back)
  await app.sql(
    `WITH shifted AS (
       UPDATE player_play_sessions s SET started_at = s.started_at - interval '16 minutes'
       FROM users u WHERE u.id = s.user_id AND u.email = $1
       RETURNING s.user_id
     )
     UPDATE player_play_session_totals t
     SET session_started_at = t.session_started_at - interval '16 minutes'
     FROM shifted WHERE t.user_id = shifted.user_id`,
    [email],
  );
  // the next auto-bet is refused and the modal opens with the session's time and result
  const modal = page.getByTestId('reality-check');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('You have been playing for 16 min in this session.');
  await expect(modal.getByTestId('reality-check-net')).toHaveText(/\$/);
  await expect(game.getByTestId('dice-auto')).toHaveText('Auto-bet paused');

  // while it is open auto-bet sends nothing
  let sentWhileOpen = 0;
  page.on('request', (request) => {
    if (isRound(request.url(), request.method())) sentWhileOpen += 1;
  });
  await expect(modal.getByTestId('reality-check-continue')).toBeEnabled();
  const requestsSeen = sentWhileOpen;

  // "Continue": the modal closes and auto-bet carries on
  const resumed = played();
  await modal.getByTestId('reality-check-continue').click();
  await expect(modal).toBeHidden();
  await resumed;
  expect(requestsSeen).toBe(0);
  await game.getByTestId('dice-auto').click();
  await expect(game.getByTestId('dice-auto')).toHaveText('Auto-bet');
});
