import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { declineWelcomeBonus, signIn } from '../support/players.ts';

/** A real 1×1 PNG: the server checks receipts and dispute images by their content. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const receiptBody = {
  name: 'Maria Ivanova',
  fileName: 'receipt.png',
  fileContent: `data:image/png;base64,${receiptPng.toString('base64')}`,
};

interface HistoryItem {
  id: string;
  type: string;
  status: string;
  timestamp: string;
}

async function signInNewPlayer(page: Page, app: RunningApp, prefix: string): Promise<string> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail(prefix), password: 'wallet-password-1' },
  });
  await declineWelcomeBonus(app, token);
  // the token is in place before the app's first script: one load, signed in (not a guest's first)
  await signIn(page, token);
  return token;
}

/** A money-moving POST: every one carries its own Idempotency-Key. */
function post<T>(app: RunningApp, path: string, token: string, body?: unknown): Promise<T> {
  return app.api<T>(path, {
    method: 'POST',
    body,
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
}

async function operatorPost<T>(app: RunningApp, path: string, body?: unknown): Promise<T> {
  return post<T>(app, path, await app.operatorToken(), body);
}

/** A card deposit through the API up to the receipt: the order waits for the operator. */
async function paidCardOrder(app: RunningApp, token: string, amount: string): Promise<string> {
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, receiptBody);
  return order.id;
}

async function depositThroughApi(app: RunningApp, token: string, amount: string): Promise<void> {
  const orderId = await paidCardOrder(app, token, amount);
  await operatorPost(app, `/api/backoffice/v1/orders/${orderId}/approve`);
}

async function history(app: RunningApp, token: string): Promise<HistoryItem[]> {
  const page = await app.api<{ items: HistoryItem[] }>(
    '/api/v2/wallet/txns?is_pagination=true&offset=0&limit=10',
    { token },
  );
  return page.items;
}

/** Picks a method on the open tab, expanding the "other (N)" slot when it hides it. */
async function chooseMethod(wallet: Locator, methodId: string): Promise<void> {
  const method = wallet.getByTestId(`wallet-method-${methodId}`);
  await expect(wallet.getByTestId('wallet-view-wallet')).toBeVisible();
  if ((await method.count()) === 0) await wallet.getByTestId('wallet-methods-more').click();
  await method.click();
}

test('a withdrawal holds amount + fee at once, and the operator completes it', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'withdraw-complete');
  await depositThroughApi(app, token, '100');
  await app.api('/api/v1/me', {
    method: 'PATCH',
    token,
    body: { firstName: 'Maria', lastName: 'Ivanova', gender: 'female', dateOfBirth: '1990-05-17' },
  });
  await page.goto('/en/?wallet=withdraw');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);

  const wallet = page.getByTestId('wallet-modal');
  await chooseMethod(wallet, 'visa-mastercard-usd');
  const form = wallet.getByTestId('wallet-view-fiat-withdraw');
  await form.getByLabel('Amount').fill('50');
  await form.getByLabel('Recipient name').fill('Maria Ivanova');
  await form.getByLabel('Card number').fill('4111111111111111');
  await form.getByRole('button', { name: 'Withdraw $50.00' }).click();
  await page
    .getByTestId('wallet-withdraw-confirm')
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(wallet.getByTestId('wallet-view-pending')).toBeVisible();

  // the hold: 50 plus the 4 % fee leave the balance right away
  await expect(page.getByTestId('header-balance')).toHaveText(/\$48\.00/);
  await wallet.getByRole('button', { name: 'Go to history' }).click();
  const withdrawal = wallet.getByTestId('wallet-history-list').getByRole('button', {
    name: /Withdrawal/,
  });
  await expect(withdrawal).toContainText('Pending');
  await expect(withdrawal).toContainText('$50.00');

  const order = (await history(app, token)).find((item) => item.type === 'sell');
  expect(order?.status).toBe('pending');
  const settled = await operatorPost<{ status: string }>(
    app,
    `/api/backoffice/v1/orders/${order?.id}/approve`,
  );
  expect(settled.status).toBe('completed');

  await page.reload();
  await expect(withdrawal).toContainText('Completed');
  await expect(withdrawal).not.toContainText('Pending');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$48\.00/);
});

test('a player disputes a deposit waiting for confirmation; the operator settles it', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'dispute');
  const orderId = await paidCardOrder(app, token, '100');
  await page.goto('/en/?wallet=history');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

  const wallet = page.getByTestId('wallet-modal');
  const item = wallet.getByTestId(`wallet-history-item-${orderId}`);
  await expect(item).toContainText('Being checked');
  await item.click();
  const sheet = page.getByTestId('wallet-history-details');
  await sheet.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(sheet).toBeHidden();

  const form = wallet.getByTestId('wallet-view-open-dispute');
  await form.getByRole('button', { name: 'Open dispute' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  // the amount is asked only when the player wants the amount actually paid credited
  await expect(form.getByLabel('Amount you actually paid')).toHaveCount(0);
  await form.getByLabel('Credit the amount I actually paid').check();
  await form.getByLabel('Amount you actually paid').fill('80');
  await form.getByLabel('Sender name, as in your bank').fill('Maria Ivanova');
  await form.getByLabel('Payment receipt').setInputFiles({
    name: 'transfer.png',
    mimeType: 'image/png',
    buffer: receiptPng,
  });
  await form.getByLabel(/Comment/).fill('I sent 80 USD by mistake');
  await form.getByRole('button', { name: 'Open dispute' }).click();

  const pending = wallet.getByTestId('wallet-view-pending');
  await expect(pending).toContainText('Dispute opened');
  const order = await app.api<{ status: string }>(`/api/v1/wallet/orders/buy/${orderId}`, {
    token,
  });
  expect(order.status).toBe('disputed');
  await pending.getByRole('button', { name: 'Go to history' }).click();
  await expect(item).toContainText('Disputed');

  const resolved = await operatorPost<{ status: string; creditedAmount: string }>(
    app,
    `/api/backoffice/v1/orders/${orderId}/resolve-dispute`,
    { outcome: 'approve', amount: '80' },
  );
  expect(resolved).toMatchObject({ status: 'completed', creditedAmount: '80.00' });
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$80\.00/);
  await expect(item).toContainText('Completed');
  await expect(item).toContainText('+$80.00');
});

test('the history groups operations by day, in the player’s language', async ({ page, app }) => {
  const token = await signInNewPlayer(page, app, 'history-days');
  await depositThroughApi(app, token, '20');
  await depositThroughApi(app, token, '30');
  const items = await history(app, token);
  expect(items).toHaveLength(2);
  const days = [...new Set(items.map((item) => format(new Date(item.timestamp), 'yyyy-MM-dd')))];

  const expectGrouped = async (locale: typeof enUS) => {
    const list = page.getByTestId('wallet-modal').getByTestId('wallet-history-list');
    await expect(list.locator('section > h3')).toHaveText(
      days.map((day) => format(new Date(`${day}T12:00:00`), 'dd MMMM', { locale })),
    );
    for (const item of items) {
      const heading = format(new Date(item.timestamp), 'dd MMMM', { locale });
      const section = list.locator('section').filter({
        has: page.locator('h3', { hasText: heading }),
      });
      await expect(section.getByTestId(`wallet-history-item-${item.id}`)).toContainText(
        format(new Date(item.timestamp), 'HH:mm'),
      );
    }
  };

  await page.goto('/en/?wallet=history');
  await expectGrouped(enUS);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('wallet-modal')).toBeHidden();
  await page.getByTestId('language-picker').first().click();
  await page.getByRole('button', { name: /Русский/ }).click();
  await expect(page).toHaveURL(/\/ru\/?$/);
  await page.goto('/ru/?wallet=history');
  await expectGrouped(ru);
  await expect(page.getByTestId('wallet-history-list').locator('section > h3').first()).toHaveText(
    /^\d{2} [а-я]+$/,
  );
});

test('a hosted-page method opens its page in a new tab; paying there credits the balance', async ({
  page,
  app,
  context,
}) => {
  await signInNewPlayer(page, app, 'hosted');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  await chooseMethod(wallet, 'wise-usd');

  const amountForm = wallet.getByTestId('wallet-view-fiat-deposit');
  await expect(amountForm.getByTestId('wallet-notice-card-provider')).toBeVisible();
  await amountForm.getByLabel('Amount').fill('25');
  await amountForm.getByRole('button', { name: 'Top up $25.00' }).click();

  const details = wallet.getByTestId('wallet-view-fiat-deposit-additional-details');
  await expect(details.getByTestId('wallet-notice-card-provider')).toBeVisible();
  await details.getByLabel('E-mail').fill('maria@example.com');
  const hostedPage = context.waitForEvent('page');
  await details.getByRole('button', { name: 'Continue' }).click();

  const checkout = await hostedPage;
  await checkout.waitForLoadState();
  expect(new URL(checkout.url()).pathname).toMatch(/^\/sandbox\/pay\//);
  await expect(wallet.getByTestId('wallet-external-invoice')).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(checkout.getByText('Payment received')).toBeVisible();
  await checkout.close();

  await expect(page.getByTestId('deposit-success-modal')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(/\$25\.00/);
});

test('required payment details are validated before the order is created with them', async ({
  page,
  app,
}) => {
  const token = await signInNewPlayer(page, app, 'details');
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  await chooseMethod(wallet, 'humo-uzs');

  const amountForm = wallet.getByTestId('wallet-view-fiat-deposit');
  await amountForm.getByLabel('Amount').fill('50000');
  await amountForm.getByRole('button', { name: 'Top up 50,000.00 soʻm' }).click();

  const form = wallet.getByTestId('wallet-view-fiat-deposit-additional-details');
  const phone = form.getByLabel('Phone number');
  const submit = form.getByRole('button', { name: 'Continue' });
  await submit.click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await phone.fill('12345');
  await submit.click();
  await expect(form.getByText('Enter a valid phone number')).toBeVisible();
  expect(await history(app, token)).toHaveLength(0);

  // typed the local way: the method's currency gives the country (UZ, +998)
  await phone.fill('91 234 56 78');
  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v2/wallet/orders/buy'),
  );
  await submit.click();
  expect((await created).postDataJSON()).toMatchObject({
    amount: '50000',
    bankId: 'humo-uzs',
    externalFields: { phone: '+998912345678' },
  });

  const detailsView = wallet.getByTestId('wallet-view-fiat-deposit-details');
  await expect(detailsView.getByTestId('wallet-details-total')).toContainText('50');
  await expect(detailsView.getByTestId('wallet-details-phone')).toHaveText('+998901234567');
  const [order] = await history(app, token);
  expect(order).toMatchObject({ type: 'buy', status: 'waiting' });
});
