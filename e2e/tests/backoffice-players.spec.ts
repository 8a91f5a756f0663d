import type { Browser, Page } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { createOperator, type OperatorCredentials, signInOperator } from '../support/backoffice.ts';
import { declineWelcomeBonus, signIn } from '../support/players.ts';

/** A freshly registered player, signed in on a tab of their own (the player app). */
async function playerOnTab(browser: Browser, app: RunningApp, prefix: string) {
  const email = uniqueEmail(prefix);
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'bo-players-password-1' },
  });
  await declineWelcomeBonus(app, token);
  const { globalId } = await app.api<{ globalId: string }>('/api/v1/me', { token });
  const context = await browser.newContext({ baseURL: app.baseUrl });
  const tab = await context.newPage();
  await signIn(tab, token);
  await expect(tab.getByTestId('header-avatar')).toBeVisible();
  return { email, globalId, tab };
}

/** Finds the player by part of their e-mail on the Players screen and opens the 360° view. */
async function openPlayer(page: Page, email: string) {
  await page.getByRole('link', { name: 'Players', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible();
  await page.getByLabel('Search').fill(email.split('@')[0] ?? email);
  await page.getByLabel('Search').press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('table-total')).toHaveText('1 row');
  await row.click();
  await expect(page.getByTestId('player-email')).toHaveText(email);
}

test('an operator finds a new player, bans them with a reason (their open tab shows the ban at once) and lifts the ban', async ({
  page,
  browser,
  app,
}) => {
  const player = await playerOnTab(browser, app, 'bo-ban');
  const support = await createOperator(app, ['support']);
  await signInOperator(page, support);
  await openPlayer(page, player.email);

  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption('bonus_abuse');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('player-badges')).toContainText('Banned · Bonus abuse');

  // the player's open tab: refused at once, the ban screen with the reason and their id
  const banScreen = player.tab.getByTestId('ban-screen');
  await expect(banScreen).toBeVisible();
  await expect(banScreen.getByTestId('ban-reason')).toHaveAttribute('data-reason', 'bonus_abuse');
  await expect(banScreen).toContainText(player.globalId);

  await page.getByRole('button', { name: 'Unban', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unban', exact: true }).click();
  await expect(page.getByTestId('player-badges')).not.toContainText('Banned');
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();

  // unbanned: the player's app works again
  await player.tab.reload();
  await expect(player.tab.getByTestId('header-avatar')).toBeVisible();
  await expect(player.tab.getByTestId('ban-screen')).toHaveCount(0);

  // what the operator did is in the player's audit, with who did it
  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.getByRole('row');
  await expect(
    audit.filter({ hasText: 'player.ban' }).filter({ hasText: support.email }),
  ).toHaveCount(1);
  await expect(audit.filter({ hasText: 'player.unban' })).toHaveCount(1);
  await expect(audit.filter({ hasText: 'player.ban' })).toContainText('reason: bonus_abuse');
});

test('an operator signs one of the player’s sessions out from the Sessions tab', async ({
  page,
  browser,
  app,
}) => {
  const player = await playerOnTab(browser, app, 'bo-session');
  await signInOperator(page);
  await openPlayer(page, player.email);
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const active = page.getByRole('row').filter({ hasText: 'Active' });
  await expect(active).toHaveCount(1);
  await active.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(0);
  await expect(player.tab.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('a long order history: its tab counts 1,000 rows ahead and pages on past them', async ({
  page,
  app,
}) => {
  const email = uniqueEmail('bo-long');
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'bo-players-password-1' },
  });
  const { globalId } = await app.api<{ globalId: string }>('/api/v1/me', { token });
  // years of declined card deposits, one a day (the API would take an hour to make them)
  await app.sql(
    `INSERT INTO fiat_orders (user_id, type, status, method_id, currency, amount_minor,
       expires_at, created_at, updated_at)
     SELECT u.id, 'buy', 'declined', 'visa-mastercard-usd', 'USD', 1000 + g,
       now() - g * interval '1 day', now() - g * interval '1 day', now()
     FROM users u, generate_series(1, 1030) g WHERE u.global_id = $1`,
    [globalId],
  );
  await signInOperator(page);
  await openPlayer(page, email);
  await page.getByRole('tab', { name: 'Deposits & withdrawals' }).click();
  const total = page.getByTestId('table-total');
  await expect(total).toHaveText('1,000+ rows');
  await expect(page.getByRole('row').filter({ hasText: '10.01' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(total).toHaveText(/^1,0\d\d\+ rows$/);
  await expect(page.getByRole('row').filter({ hasText: '10.01' })).toHaveCount(0);
});

test('a read_only operator sees the player but no action that changes them', async ({
  page,
  browser,
  app,
}) => {
  const player = await playerOnTab(browser, app, 'bo-readonly');
  const readOnly: OperatorCredentials = await createOperator(app, ['read_only']);
  await signInOperator(page, readOnly);
  await openPlayer(page, player.email);
  await expect(page.getByRole('tab', { name: 'Ledger' })).toBeVisible();
  await expect(page.getByTestId('balances')).toBeVisible();
  for (const action of ['Ban', 'Unban', 'Make VIP', 'Mark verified', 'Adjust balance', 'Change']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(1);
  await expect(page.getByRole('row').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

test('a manual adjustment credits the player at once; one above the four-eyes threshold waits for a second operator', async ({
  page,
  browser,
  app,
}) => {
  const player = await playerOnTab(browser, app, 'bo-adjust');
  await signInOperator(page);
  await openPlayer(page, player.email);

  const adjust = async (amount: string, reason: string) => {
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
    await dialog.getByRole('button', { name: 'Adjust', exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await adjust('25', 'goodwill after an outage');
  await expect(page.getByTestId('balances')).toContainText('$25.00');
  await expect(page.getByText('Balance adjusted')).toBeVisible();
  // the player's open tab hears the new balance
  await expect(player.tab.getByTestId('header-balance')).toHaveText(/\$25\.00/);

  await adjust('750', 'tournament prize paid by hand');
  await expect(
    page.getByText('Adjustment of +$750.00 awaits a second operator’s approval'),
  ).toBeVisible();
  // nothing moved yet
  await expect(page.getByTestId('balances')).toContainText('$25.00');
  await expect(page.getByTestId('balances')).not.toContainText('$775.00');
  await expect(player.tab.getByTestId('header-balance')).toHaveText(/\$25\.00/);

  await page.getByRole('tab', { name: 'Ledger' }).click();
  const postings = page.getByRole('row').filter({ hasText: 'manual adjustment' });
  await expect(postings).toHaveCount(1);
  await expect(postings).toContainText('$25.00');

  // its asker withdraws it from the approvals queue: it leaves the queue, no money moves
  await page.goto('/backoffice/payments/approvals');
  const request = page.getByRole('row').filter({ hasText: 'tournament prize paid by hand' });
  await expect(request.getByTestId('own-request')).toBeVisible();
  await request.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Adjustment withdrawn')).toBeVisible();
  await expect(request).toHaveCount(0);
  await expect(player.tab.getByTestId('header-balance')).toHaveText(/\$25\.00/);
});
