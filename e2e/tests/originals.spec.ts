import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';

/** A real 1×1 PNG: the server checks receipts by their content. */
const receiptPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

interface RoundItem {
  id: string;
  bet: string;
  payout: string;
  nonce: number;
  serverSeed: string | null;
}

function post<T>(app: RunningApp, path: string, token: string, body?: unknown): Promise<T> {
  return app.api<T>(path, {
    method: 'POST',
    body,
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
}

/** A new player with `amount` USD on the balance, deposited by card and approved by the operator. */
async function fundedPlayer(page: Page, app: RunningApp, amount: string): Promise<string> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail('originals'), password: 'originals-password-1' },
  });
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Maria Ivanova',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng}`,
  });
  await post(app, `/api/backoffice/v1/orders/${order.id}/approve`, await app.operatorToken());
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  return token;
}

/** A dice title of the catalog, found the way the lobby finds it. */
async function diceGameId(app: RunningApp, token: string): Promise<string> {
  const page = await app.api<{ items: { id: string }[] }>('/api/v2/games?search=dice&limit=30', {
    token,
  });
  for (const game of page.items) {
    const session = await app.api<{ kind: string; engine?: string }>(
      `/api/v2/games/${game.id}/session`,
      { token },
    );
    if (session.kind === 'original' && session.engine === 'dice') return game.id;
  }
  throw new Error('no dice game in the catalog');
}

function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

test('a funded player rolls dice, sees balance and history move, rotates the seed and verifies a round', async ({
  page,
  app,
}) => {
  const token = await fundedPlayer(page, app, '100');
  const gameId = await diceGameId(app, token);
  await page.goto(`/en/games/${gameId}`);

  const game = page.getByTestId('original-game');
  await expect(game).toHaveAttribute('data-engine', 'dice');
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00/);
  await expect(game.getByTestId('round-history')).toContainText(
    'Your rounds of this game appear here.',
  );

  // a stake above the balance is refused beside the field, and nothing is played
  const bet = game.getByLabel('Bet amount');
  await bet.fill('500');
  await game.getByTestId('original-play').click();
  await expect(game.getByRole('alert')).toContainText('Not enough money on your balance');
  await expect(game.getByTestId('round-history-item')).toHaveCount(0);

  await bet.fill('1.00');
  const history = game.getByTestId('round-history-item');
  for (let played = 1; played <= 3; played += 1) {
    await game.getByTestId('original-play').click();
    await expect(history).toHaveCount(played);
    await expect(game.getByTestId('original-play')).toBeEnabled();
  }
  await expect(game.getByTestId('dice-result')).toHaveText(/^\d{1,3}\.\d{2}$/);

  // the header follows the ledger: 100 − 3 stakes + whatever the three rounds paid
  const rounds = await app.api<{ items: RoundItem[] }>(`/api/v2/games/${gameId}/rounds`, {
    token,
  });
  expect(rounds.items).toHaveLength(3);
  const paid = rounds.items.reduce((sum, round) => sum + toCents(round.payout), 0);
  await expect(page.getByTestId('header-balance')).toHaveText(
    new RegExp(dollars(10_000 - 300 + paid).replace(/[$.]/g, '\\$&')),
  );
  await expect(game.getByTestId('fairness-nonce')).toHaveText('3');

  // rotating reveals the server seed the three rounds were played with
  const fairness = game.getByTestId('fairness-panel');
  const committedHash = (await fairness.getByTestId('fairness-server-seed-hash').innerText())
    .split('\n')
    .at(-1);
  expect(committedHash).toMatch(/^[0-9a-f]{64}$/);
  await fairness.getByRole('button', { name: 'Rotate seed pair' }).click();
  const previous = fairness.getByTestId('fairness-previous');
  await expect(previous).toContainText('rounds: 3');
  await expect(previous).toContainText(committedHash ?? 'missing');
  await expect(game.getByTestId('fairness-nonce')).toHaveText('0');

  // verify the first round from its history entry
  const first = rounds.items.find((round) => round.nonce === 0);
  if (!first) throw new Error('the first round is missing');
  await history.getByRole('link', { name: 'Verify round #0' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/fairness\\?round=${first.id}$`));
  const result = page.getByTestId('verify-result');
  await expect(result.getByTestId('verify-hash-check')).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('verify-round-check')).toHaveText(
    'Round #0 had exactly this result.',
  );

  // a tampered seed no longer matches the commitment
  const seed = page.getByTestId('verify-server-seed');
  const revealed = await seed.inputValue();
  await seed.fill(`${revealed.slice(0, -1)}${revealed.endsWith('0') ? '1' : '0'}`);
  await expect(result.getByTestId('verify-hash-check')).toHaveAttribute('data-ok', 'false');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'false');
});
