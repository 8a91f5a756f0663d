import { expect, type RunningApp, test } from '../support/app.ts';
import { declineWelcomeBonus, postWithKey, registerPlayer, signIn } from '../support/players.ts';

interface CryptoDeposit {
  address: string | null;
  memo: string | null;
  minAmount: string;
}

/** The sandbox chain watcher: the operator reports a transfer seen on chain. */
async function reportTransfer(
  app: RunningApp,
  transfer: {
    currency: string;
    txHash: string;
    address: string;
    amount: string;
    confirmations: number;
  },
): Promise<{ status: string }> {
  return postWithKey(app, '/api/backoffice/v1/crypto/incoming', await app.operatorToken(), {
    outputIndex: 0,
    ...transfer,
  });
}

const txHash = () =>
  Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A new player with the welcome bonus declined (a deposit credits exactly itself), signed in. */
async function newPlayer(app: RunningApp, page: import('@playwright/test').Page, prefix: string) {
  const token = await registerPlayer(app, prefix, 'crypto-password-1');
  await declineWelcomeBonus(app, token);
  await signIn(page, token);
  return token;
}

async function openWalletMethod(page: import('@playwright/test').Page, tab: string, code: string) {
  await page.getByTestId('header-top-up').click();
  const wallet = page.getByTestId('wallet-modal');
  if (tab !== 'Deposit') await wallet.getByRole('tab', { name: tab }).click();
  const tile = wallet.getByTestId(`crypto-method-${code}`);
  if (!(await tile.isVisible())) await wallet.getByTestId('crypto-methods-more').click();
  await tile.click();
  return wallet;
}

test('a player opens the USDT-TRC20 deposit, sees the address and QR; a reported transfer credits the balance live, once', async ({
  page,
  app,
}) => {
  const token = await newPlayer(app, page, 'crypto-deposit');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

  const wallet = await openWalletMethod(page, 'Deposit', 'USDTTRC20');
  const view = wallet.getByTestId('wallet-view-crypto-deposit');
  // the method's deposit bonus (demo data: +5 % on USDT-TRC20) is on its badge
  await expect(view).toBeVisible();
  await expect(view).toContainText('Tron');
  const address = (await view.getByTestId('crypto-deposit-address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  // the same stable address the API gives the player
  const deposit = await postWithKey<CryptoDeposit>(app, '/api/v1/wallet/txns/deposit', token, {
    currency: 'USDTTRC20',
  });
  expect(deposit.address).toBe(address);
  await expect(view).toContainText(`${Number(deposit.minAmount).toFixed(2)} USDT`);
  await expect(view.getByTestId('crypto-deposit-bonus')).toContainText('+5%');
  await expect(view.getByTestId('crypto-deposit-qr')).toBeVisible();
  const download = page.waitForEvent('download');
  await view.getByTestId('crypto-save-qr').click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);

  // seen on chain, not yet confirmed: nothing moves
  const hash = txHash();
  const seen = await reportTransfer(app, {
    currency: 'USDTTRC20',
    txHash: hash,
    address,
    amount: '25',
    confirmations: 1,
  });
  expect(seen.status).toBe('confirming');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

  // confirmed: the header follows without a reload (25 USDT at 1:1 plus the 5 % deposit bonus);
  // a repeated report credits nothing more
  const confirmed = await reportTransfer(app, {
    currency: 'USDTTRC20',
    txHash: hash,
    address,
    amount: '25',
    confirmations: 20,
  });
  expect(confirmed.status).toBe('credited');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$26\.25/);
  await reportTransfer(app, {
    currency: 'USDTTRC20',
    txHash: hash,
    address,
    amount: '25',
    confirmations: 40,
  });
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$26\.25/);
});

test('a crypto withdrawal to a bad address shows the error; a good one goes pending and the operator completes it', async ({
  page,
  app,
}) => {
  const token = await newPlayer(app, page, 'crypto-withdraw');
  await app.api('/api/v1/me', {
    method: 'PATCH',
    token,
    body: { firstName: 'Maria', lastName: 'Ivanova', gender: 'female', dateOfBirth: '1990-05-17' },
  });
  const deposit = await postWithKey<CryptoDeposit>(app, '/api/v1/wallet/txns/deposit', token, {
    currency: 'USDTTRC20',
  });
  await reportTransfer(app, {
    currency: 'USDTTRC20',
    txHash: txHash(),
    address: deposit.address ?? '',
    amount: '100',
    confirmations: 20,
  });
  // 100 USDT and its 5 % deposit bonus
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText(/\$105\.00/);

  const wallet = await openWalletMethod(page, 'Withdraw', 'USDTTRC20');
  const view = wallet.getByTestId('wallet-view-crypto-withdraw');
  await expect(view).toBeVisible();
  // the right shape but a broken checksum: only the server can tell
  await view.getByTestId('crypto-withdraw-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
  await view.getByTestId('crypto-withdraw-amount').fill('50');
  await expect(view).toContainText('1.00 USDT');
  await expect(view.getByTestId('crypto-withdraw-submit')).toBeEnabled();
  await view.getByTestId('crypto-withdraw-submit').click();
  const confirm = page.getByTestId('wallet-withdraw-confirm');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  // the active deposit bonus burns on a withdrawal: the player chooses to go on
  await page
    .getByTestId('wallet-bonus-burn')
    .getByRole('button', { name: 'Withdraw anyway' })
    .click();
  await expect(view.getByText(/Invalid address/)).toBeVisible();
  // refused before anything moved: the bonus is still there
  await expect(page.getByTestId('header-balance')).toHaveText(/\$105\.00/);

  // a good address: pending; the bonus burns and 50 USDT + 1 USDT fee are held (105 − 5 − 51)
  await view.getByTestId('crypto-withdraw-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await view.getByTestId('crypto-withdraw-submit').click();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByTestId('wallet-bonus-burn')
    .getByRole('button', { name: 'Withdraw anyway' })
    .click();
  await expect(wallet.getByTestId('wallet-view-pending')).toBeVisible();
  await wallet.getByRole('button', { name: 'Go to history' }).click();
  const row = wallet
    .getByTestId('wallet-history-list')
    .getByRole('button', { name: /withdrawal/i });
  await expect(row).toContainText('Pending');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$49\.00/);

  // the operator pays it out; the history shows it completed
  const operator = await app.operatorToken();
  const list = await app.api<{ items: Array<{ id: string; address: string }> }>(
    '/api/backoffice/v1/crypto/withdrawals?status=pending',
    { token: operator },
  );
  const withdrawal = list.items.find(
    (item) => item.address === 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  );
  expect(withdrawal).toBeDefined();
  await postWithKey(
    app,
    `/api/backoffice/v1/crypto/withdrawals/${withdrawal?.id}/complete`,
    operator,
    { txHash: txHash() },
  );
  await expect(row).toContainText('Completed');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$49\.00/);
});
