import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { declineWelcomeBonus, signIn } from '../support/players.ts';

/** A real 1×1 PNG: the server checks receipts by their content, not their name. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signInNewPlayer(page: Page, app: RunningApp, prefix: string): Promise<string> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail(prefix), password: 'wallet-password-1' },
  });
  await declineWelcomeBonus(app, token);
  // the token is in place before the app's first script: one load, signed in (a guest's page cut
  // off mid-fetch by a second load can hold up that load's fetch of the same chunk for seconds)
  await signIn(page, token);
  return token;
}

/** A money-moving POST with its Idempotency-Key; throws unless 200. */
async function post<T>(app: RunningApp, path: string, token: string, body?: unknown): Promise<T> {
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

/** Tops the player up through the API: order, receipt, operator approval. */
async function depositThroughApi(app: RunningApp, token: string, amount: string): Promise<void> {
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Maria Ivanova',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng.toString('base64')}`,
  });
  await post(app, `/api/backoffice/v1/orders/${order.id}/approve`, await app.operatorToken());
}

test('the header shows the balance and the popover switches the primary currency', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'currency');

  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/\$0\.00/);
  await balance.click();
  const popover = page.getByTestId('balance-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByTestId('balance-popover-total')).toHaveText('$0.00');
  await expect(popover.getByRole('option', { name: /USD/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // no bonus accounts yet: the progress slot renders nothing
  await expect(popover.getByTestId('balance-bonus-progress')).toHaveCount(0);

  await popover.getByTestId('currency-option-EUR').click();
  await expect(balance).toHaveText(/€0\.00/);
  await expect(popover.getByRole('option', { name: /EUR/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const me = await app.api<{ currency: { primary: string } }>('/api/v1/me', { token });
  expect(me.currency.primary).toBe('EUR');

  // the popover's wallet button opens the wallet on the deposit tab
  await popover.getByTestId('balance-popover-wallet').click();
  await expect(page.getByTestId('wallet-modal')).toBeVisible();
  await expect(page.getByTestId('wallet-view-wallet')).toBeVisible();
  await expect(page).toHaveURL(/wallet=deposit/);
});

test('the wallet’s code is fetched once the page has loaded, and the wallet opens asking for none', async ({
  page,
  app,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  await signInNewPlayer(page, app, 'prefetch');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);
  // the page names the wallet's files (its chunk and what it imports beyond the first load)
  const files = await page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('layer-files')?.textContent ?? '{}') as {
          wallet?: string[];
        }
      ).wallet ?? [],
  );
  expect(files.some((file) => /^\/assets\/app-wallet-dialog-[\w-]+\.js$/.test(file))).toBe(true);
  // after the load, with no sign of intent, each is fetched (a modulepreload, not run)
  await expect
    .poll(() =>
      page.evaluate(
        (names) =>
          names.every((name) =>
            performance
              .getEntriesByName(new URL(name, window.location.href).href)
              .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0),
          ),
        files,
      ),
    )
    .toBe(true);
  const before = scripts.length;
  await page.getByTestId('header-top-up').click();
  await expect(page.getByTestId('wallet-modal')).toBeVisible();
  await expect(
    page.getByTestId('wallet-modal').locator('[data-testid^="wallet-method-"]').first(),
  ).toBeVisible();
  // opening it ran the fetched modules: none of its files was asked for again (other layers,
  // the web-push prompt say, may load meanwhile)
  expect(scripts.slice(before).filter((path) => files.includes(path))).toEqual([]);
});

test('a new player deposits by card: amount, details, receipt, pending, approved, balance', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'deposit');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  // the player's dollars come first: both dollar methods lead the 4 desktop slots
  const tiles = wallet.locator('[data-testid^="wallet-method-"]');
  await expect(tiles.nth(0)).toHaveAttribute('data-testid', 'wallet-method-wise-usd');
  await expect(tiles.nth(1)).toHaveAttribute('data-testid', 'wallet-method-visa-mastercard-usd');
  await wallet.getByTestId('wallet-method-visa-mastercard-usd').click();

  const amountForm = wallet.getByTestId('wallet-view-fiat-deposit');
  await expect(amountForm).toBeVisible();
  const amount = amountForm.getByLabel('Amount');
  await amount.fill('5');
  await amountForm.getByRole('button', { name: /Top up/ }).click();
  await expect(amountForm.getByRole('alert')).toHaveText(/minimum amount is \d+ USD/);
  await amount.fill('1a00');
  await expect(amount).toHaveValue('100');
  await amountForm.getByRole('button', { name: 'Top up $100.00' }).click();

  const details = wallet.getByTestId('wallet-view-fiat-deposit-details');
  await expect(details.getByTestId('wallet-details-total')).toHaveText('$100.00');
  await expect(details.getByTestId('wallet-details-card')).not.toBeEmpty();
  await expect(details.getByRole('timer')).toBeVisible();

  // closing mid top-up asks first; "continue" keeps the order page
  await page.keyboard.press('Escape');
  const exit = page.getByTestId('wallet-exit-confirmation');
  await expect(exit).toBeVisible();
  await exit.getByRole('button', { name: 'Continue top-up' }).click();
  await expect(details).toBeVisible();

  await details.getByRole('button', { name: 'I have paid' }).click();
  await details.getByRole('button', { name: 'Send receipt' }).click();
  await expect(details.getByText('This field is required').first()).toBeVisible();
  await details.getByLabel('Sender name, as in your bank').fill('Maria Ivanova');
  await details.getByLabel('Payment receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: receiptPng,
  });
  await details.getByRole('button', { name: 'Send receipt' }).click();
  await expect(wallet.getByTestId('wallet-view-pending')).toBeVisible();

  const history = await app.api<{ items: Array<{ id: string; status: string }> }>(
    '/api/v2/wallet/txns?is_pagination=true&offset=0&limit=10',
    { token },
  );
  const order = history.items[0];
  expect(order?.status).toBe('wait_for_confirmation');
  const approved = await fetch(`${app.baseUrl}/api/backoffice/v1/orders/${order?.id}/approve`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await app.operatorToken()}`,
      'idempotency-key': randomUUID(),
    },
  });
  expect(approved.status).toBe(200);

  // the pending view follows the order: success modal, fresh balance
  await expect(page.getByTestId('deposit-success-modal')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);
  await page.getByRole('button', { name: 'Let’s play' }).click();
  await expect(page).toHaveURL(/\/en\/?$/);

  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);
});

test('a withdrawal is checked against balance and fee, needs a complete profile, and can be cancelled', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'withdraw');
  await depositThroughApi(app, token, '100');
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);

  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  await wallet.getByRole('tab', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/wallet=withdraw/);
  await wallet.getByTestId('wallet-methods-more').click();
  await wallet.getByTestId('wallet-method-visa-mastercard-usd').click();

  const form = wallet.getByTestId('wallet-view-fiat-withdraw');
  await expect(form).toBeVisible();
  // 100 plus its fee is more than the balance
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('button', { name: /Withdraw/ }).click();
  await expect(form.getByText(/Not enough money on your balance/)).toBeVisible();
  await expect(form.getByText('This field is required').first()).toBeVisible();

  await form.getByLabel('Amount').fill('50');
  await form.getByLabel('Recipient name').fill('Maria Ivanova');
  await form.getByLabel('Card number').fill('4111 1111 1111 1111');
  await form.getByRole('button', { name: 'Withdraw $50.00' }).click();

  const confirm = page.getByTestId('wallet-withdraw-confirm');
  await expect(confirm).toContainText('Withdraw $50.00 with Visa / Mastercard?');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();

  // the withdraw-enabled check fails: the profile lacks name, gender and date of birth
  await expect(wallet.getByTestId('wallet-view-personal-data')).toBeVisible();
  await wallet.getByRole('button', { name: 'Back' }).last().click();
  await expect(wallet.getByTestId('wallet-view-wallet')).toBeVisible();
  await expect(page).toHaveURL(/wallet=withdraw/);

  // with a complete profile the withdrawal goes through and holds amount + fee
  await app.api('/api/v1/me', {
    method: 'PATCH',
    token,
    body: { firstName: 'Maria', lastName: 'Ivanova', gender: 'female', dateOfBirth: '1990-05-17' },
  });
  await wallet.getByTestId('wallet-methods-more').click();
  await wallet.getByTestId('wallet-method-visa-mastercard-usd').click();
  // leaving the withdrawal dropped its draft: the form starts empty again
  await expect(form.getByLabel('Amount')).toHaveValue('');
  await form.getByLabel('Amount').fill('50');
  await form.getByLabel('Recipient name').fill('Maria Ivanova');
  await form.getByLabel('Card number').fill('4111111111111111');
  await form.getByRole('button', { name: 'Withdraw $50.00' }).click();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(wallet.getByTestId('wallet-view-pending')).toBeVisible();
  await expect(page.getByTestId('header-balance')).not.toHaveText(/\$100\.00/);

  // history lists it; its details sheet cancels it while it is still pending
  await wallet.getByRole('button', { name: 'Go to history' }).click();
  const list = wallet.getByTestId('wallet-history-list');
  await list.getByRole('button', { name: /Withdrawal/ }).click();
  const sheet = page.getByTestId('wallet-history-details');
  await expect(sheet).toContainText('Pending');
  await sheet.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(sheet).toBeHidden();
  await expect(list.getByRole('button', { name: /Withdrawal/ })).toContainText('Refunded');
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);
});

test('a click right after switching tabs lands in the new tab, whose expanded list stays open', async ({
  page,
  app,
}) => {
  await signInNewPlayer(page, app, 'tab-switch');
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  await expect(wallet.getByTestId('wallet-methods-more')).toBeVisible();

  // The tab lives in the URL, which changes at once, while the router renders the new location
  // in a transition that a busy machine may not have committed yet. A click in that window is
  // the race the CI run hit: press the Withdraw tab and click "other (N)" before any task can run.
  const clickedIn = await wallet.evaluate(
    (modal) =>
      new Promise<string | null>((resolve) => {
        const tab = Array.from(modal.querySelectorAll<HTMLElement>('[role="tab"]')).find(
          (element) => element.textContent?.includes('Withdraw'),
        );
        tab?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
        // React flushes the press's urgent updates in a microtask; the router's transition
        // needs a later task, so this click comes before it.
        queueMicrotask(() =>
          queueMicrotask(() => {
            const more = modal.querySelector<HTMLElement>('[data-testid="wallet-methods-more"]');
            more?.click();
            resolve(more?.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby') ?? null);
          }),
        );
      }),
  );
  expect(clickedIn).toMatch(/withdraw/);
  await expect(page).toHaveURL(/wallet=withdraw/);

  const withdrawPanel = wallet.getByRole('tabpanel', { name: 'Withdraw' });
  await expect(withdrawPanel.getByTestId('wallet-method-visa-mastercard-usd')).toBeVisible();
  await expect(withdrawPanel.getByTestId('wallet-methods-more')).toHaveCount(0);
  await withdrawPanel.getByTestId('wallet-method-visa-mastercard-usd').click();
  await expect(wallet.getByTestId('wallet-view-fiat-withdraw')).toBeVisible();
});

test('the wallet leads with the player’s currency and its logos, switches currency from its balance bar, and pays out by Steam from Other', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  // a player in Russia: Steam is offered in the CIS only
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '77.88.8.8' });
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail('currency-first'), password: 'wallet-password-1' },
  });
  await signIn(page, token, '/en/?wallet=deposit');
  const wallet = page.getByTestId('wallet-modal');

  // the banner is the welcome step the first deposit gets, as the offers say
  const offers = await app.api<{
    items: Array<{
      conditions: { type: string; minDepositNumber: number | null; amountMultiplier: number };
    }>;
  }>('/api/v2/bonuses', { token });
  const first = offers.items.find(
    (offer) => offer.conditions.type === 'welcome' && offer.conditions.minDepositNumber === 1,
  );
  const banner = wallet.getByTestId('wallet-bonus-banner');
  await expect(banner).toHaveAttribute('data-kind', 'welcome');
  await expect(banner).toContainText(
    `+${Math.round((first?.conditions.amountMultiplier ?? 0) * 100)}%`,
  );
  await expect(banner).toContainText('Bonus on deposit 1');

  // nothing deposited yet: the bar asks for the currency; the dollar methods come first
  const bar = wallet.getByTestId('wallet-balance-bar');
  await expect(bar).toHaveAttribute('data-variant', 'choose-currency');
  const tiles = wallet.locator('[data-testid^="wallet-method-"]');
  await expect(tiles.first()).toHaveAttribute('data-testid', /-usd$/);
  // every tile shows its drawn logo, loaded from the app's own SVGs
  const logos = wallet.locator('[data-testid^="wallet-method-"] img');
  expect(await logos.count()).toBeGreaterThan(2);
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute('src', /^\/methods\/[a-z0-9-]+\.svg$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  }

  // choosing roubles converts the account and puts the rouble methods first
  await bar.getByRole('combobox').click();
  await page.getByRole('option', { name: 'RUB' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(/₽/);
  await expect(tiles.first()).toHaveAttribute('data-testid', /-rub$/);
  await expect(tiles.nth(1)).toHaveAttribute('data-testid', /-rub$/);

  // a rouble deposit (without the welcome bonus, which a withdrawal would cancel), then a
  // withdrawal to a Steam account, found under "Other"
  await declineWelcomeBonus(app, token);
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount: '1000',
    bankId: 'sber-rub',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Ivan Petrov',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng.toString('base64')}`,
  });
  await post(app, `/api/backoffice/v1/orders/${order.id}/approve`, await app.operatorToken());
  await app.api('/api/v1/me', {
    method: 'PATCH',
    token,
    body: { firstName: 'Ivan', lastName: 'Petrov', gender: 'male', dateOfBirth: '1991-02-03' },
  });
  await page.goto('/en/?wallet=withdraw');
  await expect(bar).toHaveAttribute('data-variant', 'balance');
  await expect(wallet.getByTestId('wallet-balance-amount')).toHaveText('1,000.00 ₽');
  const other = wallet.locator('section[aria-labelledby="wallet-group-sell-other"]');
  await expect(other.getByRole('heading')).toHaveText('Other');
  await other.getByTestId('wallet-method-steam-rub').click();

  const form = wallet.getByTestId('wallet-view-fiat-withdraw');
  await expect(form.getByTestId('wallet-method-header')).toContainText('200 – 15,000 ₽');
  await form.getByLabel('Amount').fill('500');
  await expect(form.getByTestId('wallet-withdraw-fee-rate')).toHaveText(' · 5%');
  await expect(form.getByTestId('wallet-withdraw-fee')).toHaveText('25.00 ₽');
  await form.getByLabel('Steam login').fill('ivan_petrov_91');
  await form.getByRole('button', { name: 'Withdraw 500.00 ₽' }).click();
  await page
    .getByTestId('wallet-withdraw-confirm')
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(wallet.getByTestId('wallet-view-pending')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/475\.00 ₽/);

  // the operator pays it out like any other withdrawal
  const sell = await app.api<{ items: Array<{ id: string; type: string; status: string }> }>(
    '/api/v2/wallet/txns?is_pagination=true&offset=0&limit=10',
    { token },
  );
  const withdrawal = sell.items.find((item) => item.type === 'sell');
  expect(withdrawal?.status).toBe('pending');
  const settled = await post<{ status: string }>(
    app,
    `/api/backoffice/v1/orders/${withdrawal?.id}/approve`,
    await app.operatorToken(),
  );
  expect(settled.status).toBe('completed');
});
