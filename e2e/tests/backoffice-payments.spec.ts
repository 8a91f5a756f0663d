import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { createOperator, signInOperator } from '../support/backoffice.ts';
import { declineWelcomeBonus, signIn } from '../support/players.ts';

/** A real 1×1 PNG: the server checks receipts by their content. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function post<T>(app: RunningApp, path: string, token: string, body?: unknown): Promise<T> {
  return app.api<T>(path, {
    method: 'POST',
    body,
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
}

async function newPlayer(app: RunningApp, prefix: string) {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail(prefix), password: 'payments-password-1' },
  });
  await declineWelcomeBonus(app, token);
  const me = await app.api<{ globalId: string | number }>('/api/v1/me', { token });
  return { token, globalId: String(me.globalId) };
}

/** A card deposit up to the receipt: the order waits for the operator. */
async function paidCardOrder(app: RunningApp, token: string, amount: string): Promise<string> {
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Maria <i>Ivanova</i>',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng.toString('base64')}`,
  });
  return order.id;
}

async function operatorPage(page: Page, path: string) {
  await page.goto(`/backoffice${path}`);
  await expect(page.getByTestId('table-total')).toBeVisible();
}

test('a deposit with its receipt reaches the open queue live; approving it shows the money in the player’s open tab', async ({
  page,
  browser,
  app,
}) => {
  const player = await newPlayer(app, 'bo-deposit');
  await signIn(page, player.token);
  await page.goto('/en/');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

  const operatorContext = await browser.newContext({ baseURL: app.baseUrl });
  const operator = await operatorContext.newPage();
  try {
    await signInOperator(operator);
    await operatorPage(operator, '/payments/deposits');
    await expect(
      operator.getByRole('heading', { name: 'Deposits awaiting approval' }),
    ).toBeVisible();
    const row = operator.getByRole('row').filter({ hasText: player.globalId });
    await expect(row).toHaveCount(0);

    // the player pays and uploads the receipt: the queue shows it without a reload
    await paidCardOrder(app, player.token, '125');
    await expect(row).toHaveCount(1);
    // what the player typed is shown as text
    await expect(row).toContainText('Maria <i>Ivanova</i>');
    await expect(row).toContainText('$125.00');
    await row.getByRole('button', { name: 'View' }).click();
    const receipt = operator.getByRole('dialog').getByRole('img');
    await expect(receipt).toBeVisible();
    // the receipt's picture (a 1×1 PNG) decoded: the image is visible as soon as its box is laid
    // out, before the picture has arrived
    await expect
      .poll(() =>
        receipt.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(1);
    await operator.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Approve' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(operator.getByText('Deposit credited')).toBeVisible();
    await expect(row).toHaveCount(0);

    // the player's open tab: the balance arrives by its realtime event
    await expect(page.getByTestId('header-balance')).toHaveText(/\$125\.00/);
  } finally {
    await operatorContext.close();
  }
});

test('four-eyes: a large withdrawal approved by one operator waits; the same one cannot approve it again; a second one pays it', async ({
  browser,
  app,
}) => {
  const player = await newPlayer(app, 'bo-four-eyes');
  const orderId = await paidCardOrder(app, player.token, '900');
  await post(app, `/api/backoffice/v1/orders/${orderId}/approve`, await app.operatorToken());
  await app.api('/api/v1/me', {
    method: 'PATCH',
    token: player.token,
    body: { firstName: 'Maria', lastName: 'Ivanova', gender: 'female', dateOfBirth: '1990-05-17' },
  });
  const sell = await post<{ id: string }>(app, '/api/v2/wallet/orders/sell', player.token, {
    amount: '700',
    bankId: 'visa-mastercard-usd',
    details: { name: 'Maria Ivanova', card: '4111111111111111' },
  });

  const first = await createOperator(app, ['finance']);
  const second = await createOperator(app, ['finance']);
  const contextA = await browser.newContext({ baseURL: app.baseUrl });
  const contextB = await browser.newContext({ baseURL: app.baseUrl });
  try {
    const pageA = await contextA.newPage();
    await signInOperator(pageA, first);
    await operatorPage(pageA, '/payments/withdrawals');
    const rowA = pageA.getByRole('row').filter({ hasText: player.globalId });
    await expect(rowA).toContainText('$700.00');
    await rowA.getByRole('button', { name: 'Approve' }).click();
    await pageA.getByRole('dialog').getByRole('button', { name: 'Approve payout' }).click();
    await expect(pageA.getByText('awaiting a second operator’s approval')).toBeVisible();
    // still held: approving again is refused with the server's clear message
    await rowA.getByRole('button', { name: 'Approve' }).click();
    await pageA.getByRole('dialog').getByRole('button', { name: 'Approve payout' }).click();
    await expect(pageA.getByRole('dialog').getByRole('alert')).toHaveText(
      /A second operator must approve this/,
    );
    await pageA.keyboard.press('Escape');

    // the approvals queue: A sees their request, without an Approve button
    await operatorPage(pageA, '/payments/approvals');
    const requestA = pageA.getByRole('row').filter({ hasText: player.globalId });
    await expect(requestA).toContainText(first.email);
    await expect(requestA.getByTestId('own-request')).toBeVisible();
    await expect(requestA.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // B approves: paid; A's open queue empties live
    const pageB = await contextB.newPage();
    await signInOperator(pageB, second);
    await operatorPage(pageB, '/payments/approvals');
    const requestB = pageB.getByRole('row').filter({ hasText: player.globalId });
    await expect(requestB).toContainText(first.email);
    await requestB.getByRole('button', { name: 'Approve' }).click();
    await pageB.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(pageB.getByText('Withdrawal paid')).toBeVisible();
    await expect(requestB).toHaveCount(0);
    await expect(requestA).toHaveCount(0);

    const orders = await app.api<{ items: { id: string; status: string }[] }>(
      `/api/backoffice/v1/orders?playerGlobalId=${player.globalId}&type=sell`,
      { token: await app.operatorToken() },
    );
    expect(orders.items.find((item) => item.id === sell.id)?.status).toBe('completed');
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('a dispute shows the player’s message (as text) and image; the operator credits the amount actually paid', async ({
  page,
  app,
}) => {
  const player = await newPlayer(app, 'bo-dispute');
  const orderId = await paidCardOrder(app, player.token, '100');
  await post(app, `/api/v1/wallet/orders/buy/${orderId}/dispute`, player.token, {
    payload: {
      image: {
        name: 'Maria Ivanova',
        fileName: 'transfer.png',
        fileContent: `data:image/png;base64,${receiptPng.toString('base64')}`,
      },
      acceptOption: 'CHANGE_INVOICE',
      amount: '80',
      comment: 'I sent <b>80</b> by mistake',
    },
  });

  await signInOperator(page);
  await operatorPage(page, '/payments/disputes');
  const row = page.getByRole('row').filter({ hasText: player.globalId });
  await expect(row).toContainText('I sent <b>80</b> by mistake');
  await row.getByRole('button', { name: 'Image' }).click();
  await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  // what the player asks for: the amount they say they sent, in the row and in the dialog
  await expect(row).toContainText('Says $80.00 was sent: change the invoice');
  await row.getByRole('button', { name: 'Credit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('the player says $80.00 was sent');
  await expect(dialog.getByLabel('Amount received (USD)')).toHaveValue('80');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  await expect(page.getByText('Dispute settled: credited')).toBeVisible();
  await expect(row).toHaveCount(0);
  const orders = await app.api<{ items: { id: string; status: string; creditedAmount: string }[] }>(
    `/api/backoffice/v1/orders?playerGlobalId=${player.globalId}`,
    { token: await app.operatorToken() },
  );
  expect(orders.items.find((item) => item.id === orderId)).toMatchObject({
    status: 'completed',
    creditedAmount: '80.00',
  });
});
