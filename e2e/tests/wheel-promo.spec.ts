import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, type RunningApp, test } from '../support/app.ts';
import { registerPlayer, signIn } from '../support/players.ts';

// The wheel with its motion (the runs' default is reduced motion, playwright.config.ts): the
// button says "Spinning…" while it turns, and a spent wheel shakes.
test.use({ reducedMotion: 'no-preference' });

/**
 * A refusal shake lasts 500 ms, which a loaded machine can let pass between the click and the
 * first look: the page marks the shaker `data-shook` the moment a shake starts.
 */
async function noteShakes(shaker: Locator): Promise<void> {
  await shaker.evaluate((element) => {
    const observer = new MutationObserver(() => {
      if (element.getAttribute('data-shaking') === 'true')
        element.setAttribute('data-shook', 'true');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-shaking'] });
  });
}

interface OperatorPrize {
  amountUsd: string;
  balanceType: 'main' | 'other';
  offerId?: string | null;
  weight: number;
  promoCode: string | null;
}

/** The 15 prizes of these tests: only the 5 USD main prize can be won, so a spin is known ahead. */
const prizeTable: OperatorPrize[] = [
  '0',
  '0.5',
  '1',
  '2',
  '5',
  '10',
  '25',
  '50',
  '100',
  '250',
  '500',
  '1000',
  '2500',
  '5000',
  '10000',
].map((amountUsd) => ({
  amountUsd,
  balanceType: 'main',
  weight: amountUsd === '5' ? 1 : 0,
  promoCode: null,
}));

/**
 * Puts this test's prize table in place and gives back a function restoring the operator's
 * table, so the other tests of the worker see the wheel they expect.
 */
async function usePrizeTable(app: RunningApp): Promise<() => Promise<void>> {
  const token = await app.operatorToken();
  const before = await app.api<{ items: OperatorPrize[] }>('/api/backoffice/v1/wheel/prizes', {
    token,
  });
  await app.api('/api/backoffice/v1/wheel/prizes', {
    method: 'PUT',
    body: { items: prizeTable },
    token,
  });
  return async () => {
    await app.api('/api/backoffice/v1/wheel/prizes', {
      method: 'PUT',
      body: {
        items: before.items.map(({ amountUsd, balanceType, offerId, weight, promoCode }) => ({
          amountUsd,
          balanceType,
          // an 'other' prize names the offer its bonus takes; a main prize names none
          ...(offerId ? { offerId } : {}),
          weight,
          promoCode,
        })),
      },
      token,
    });
  };
}

async function signInNewPlayer(page: Page, app: RunningApp, prefix: string): Promise<string> {
  const token = await registerPlayer(app, prefix, 'wheel-password-1');
  await signIn(page, token);
  return token;
}

test('a player spins the daily wheel once: the prize lands on the balance, then rotation used', async ({
  page,
  app,
}) => {
  // the spin itself takes 5.5 s, and the test walks through the wheel twice
  test.setTimeout(120_000);
  const restore = await usePrizeTable(app);
  try {
    const token = await signInNewPlayer(page, app, 'wheel');
    await expect(page.getByTestId('header-balance')).toHaveText(/\$0\.00/);

    // the wheel replaces the bonuses tab while today's spin is open
    await page.getByTestId('header-wheel').click();
    const modal = page.getByTestId('wheel-modal');
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/wheel=1/);
    await expect(modal.getByTestId('wheel-slice')).toHaveCount(15);
    // the operator's first prize (0) is rotated to the end
    await expect(modal.getByTestId('wheel-slice').first()).toHaveAttribute('data-label', '$0.5');
    await expect(modal.getByTestId('wheel-slice').last()).toHaveAttribute('data-label', '$0');

    await modal.getByTestId('wheel-spin').click();
    await expect(modal.getByTestId('wheel-spin')).toHaveText('Spinning…');
    const result = modal.getByTestId('wheel-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result.getByTestId('wheel-result-amount')).toHaveText('$5.00');
    await expect(result).toHaveAttribute('data-balance-type', 'main');
    await expect(result).toContainText('Credited to your main balance.');
    await expect(page.getByTestId('header-balance')).toHaveText(/\$5\.00/);

    // spun: the wheel itself now refuses with a shake
    await noteShakes(modal.getByTestId('wheel-shaker'));
    await modal.getByRole('button', { name: 'Rotation used' }).click();
    await expect(modal.getByTestId('wheel-shaker')).toHaveAttribute('data-shook', 'true');

    // closing refreshes the wheel data: the header offers the bonuses tab again
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('header-wheel')).toHaveCount(0);

    // opened again, today's spin reads 'rotation used' and cannot be spun
    const spins: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v2/turbine_of_luck')) {
        spins.push(request.url());
      }
    });
    await page.goto('/en/?wheel=1');
    // a full page load: the prizes, then the status
    await expect(modal.getByTestId('wheel-spin')).toHaveText('Rotation used', { timeout: 20_000 });
    await expect(modal.getByRole('timer')).toBeVisible();
    await noteShakes(modal.getByTestId('wheel-shaker'));
    await modal.getByTestId('wheel-spin').click();
    await expect(modal.getByTestId('wheel-shaker')).toHaveAttribute('data-shook', 'true');
    expect(spins).toEqual([]);

    // and the server agrees: a second spin today is refused
    const second = await fetch(`${app.baseUrl}/api/v2/turbine_of_luck`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { detail: string }).detail).toBe('turbine_not_available');
    const balance = await app.api<{ fiat: { value: string } }>('/api/v1/balance', { token });
    expect(balance.fiat.value).toMatch(/^5(\.0+)?$/);
  } finally {
    await restore();
  }
});

test('a guest spins the logged-out wheel and is offered the sign-up step', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  const restore = await usePrizeTable(app);
  try {
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/turbine_of_luck/user')) statusCalls.push(request.url());
    });
    await page.goto('/en/');
    await page.getByTestId('header-wheel').click();
    const modal = page.getByTestId('wheel-modal');
    await expect(modal.getByTestId('logged-out-wheel')).toBeVisible();
    await expect(modal.getByTestId('wheel-slice')).toHaveCount(15);

    await modal.getByTestId('wheel-spin').click();
    const prompt = modal.getByTestId('wheel-sign-up-prompt');
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toContainText(/Your prize: \$[\d,.]+/);
    await prompt.getByTestId('wheel-sign-up').click();

    await expect(page).toHaveURL(/auth=register/);
    await expect(page).not.toHaveURL(/wheel=1/);
    await expect(page.getByRole('dialog').getByLabel('E-mail')).toBeVisible();
    expect(statusCalls).toEqual([]);
  } finally {
    await restore();
  }
});

test('a promo code entered on the bonuses page activates and its modal shows', async ({
  page,
  app,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await app.api('/api/backoffice/v1/promocodes', {
    body: { code, kind: 'main', amountUsd: '10', usesLimit: 100, perPlayerLimit: 1 },
    token: await app.operatorToken(),
  });
  await signInNewPlayer(page, app, 'promo');
  await page.goto('/en/bonuses');

  const form = page.getByTestId('promo-code-form');
  await form.getByLabel('Promo code').fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Activate' }).click();

  const modal = page.getByTestId('promo-modal-added');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Money added');
  await expect(modal).toContainText('$10.00 has been added to your main balance.');
  await expect(modal).toContainText(code);
  await expect(page.getByTestId('header-balance')).toHaveText(/\$10\.00/);

  // the modal reads the cookie the server set; closing clears it after the 300 ms delay
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'promo_info');
  expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({
    code,
    type: 'main',
    currency: 'USD',
  });
  await modal.getByRole('button', { name: 'Great' }).click();
  await expect(modal).toBeHidden();
  await expect
    .poll(async () => (await page.context().cookies()).some((entry) => entry.name === 'promo_info'))
    .toBe(false);

  // the same code twice is refused under the field
  await form.getByLabel('Promo code').fill(code);
  await form.getByRole('button', { name: 'Activate' }).click();
  await expect(form.getByRole('alert')).toHaveText('You have already used this promo code.');
});
