import { test as base, expect, type RunningApp, startApp } from '../support/app.ts';
import { createOperator, signInOperator } from '../support/backoffice.ts';
import { registerPlayer, signIn } from '../support/players.ts';

/**
 * Promotions in the back office (issue 24). This file changes the welcome offers, so it runs on
 * a server and database of its own (the worker fixture is overridden, as bonuses.spec.ts does).
 */
const test = base.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const running = await startApp();
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

interface Offer {
  id: string;
  type: string;
  minDepositNumber: number | null;
  isEnabled: boolean;
}

test('a marketing operator creates a welcome offer and a player’s bonus drawer shows it', async ({
  page,
  browser,
  app,
}) => {
  // the demo's first step is switched off, so the new offer is the first step players see
  const token = await app.operatorToken();
  const offers = await app.api<{ items: Offer[] }>('/api/backoffice/v1/bonuses/offers', { token });
  for (const offer of offers.items) {
    if (offer.type === 'welcome' && offer.minDepositNumber === 1 && offer.isEnabled) {
      await app.api(`/api/backoffice/v1/bonuses/offers/${offer.id}`, {
        method: 'PATCH',
        token,
        body: { isEnabled: false },
      });
    }
  }

  const marketing = await createOperator(app, ['marketing']);
  await signInOperator(page, marketing);
  await page.getByRole('link', { name: 'Bonus offers' }).click();
  await expect(page.getByRole('heading', { name: 'Bonus offers' })).toBeVisible();
  await page.getByTestId('new-offer').click();
  const form = page.getByTestId('offer-form');

  // the contract's schema checks the form before it is sent: English title required
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();

  await form.getByLabel('Type').selectOption('welcome');
  await form.getByLabel('Deposit number').fill('1');
  await form.getByLabel('Title (en, required)').fill('Spring welcome 175');
  await form.getByLabel('Multiplier of the deposit').fill('1.75');
  await form.getByLabel('Count', { exact: true }).fill('77');
  await form.getByLabel('Stake of a spin, USD').fill('0.2');
  await form.getByLabel('Max bonus, USD').fill('300');
  await form.getByLabel('Wager (× bonus)').fill('30');
  await form.getByLabel('Deadline, hours').fill('48');
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Spring welcome 175' })).toContainText(
    '175 %',
  );

  // a player, in a browser of their own, finds it as the first step of the welcome bonus
  const playerContext = await browser.newContext({ baseURL: app.baseUrl });
  const player = await playerContext.newPage();
  const playerToken = await registerPlayer(app, 'promo', 'promotions-password-1');
  await signIn(player, playerToken, '/en/bonuses');
  await player.getByTestId('bonuses-open-drawer').click();
  const step = player.getByTestId('bonus-drawer').getByTestId('welcome-step-1');
  await expect(step).toHaveAttribute('data-state', 'available');
  await expect(step).toContainText('+175%');
  await expect(step).toContainText('+77 free spins');
  await playerContext.close();
});

test('a support operator sees no promotion screens; the banner preview draws the typed title on desktop and phone', async ({
  page,
  browser,
  app,
}) => {
  const support = await createOperator(app, ['support']);
  const supportContext = await browser.newContext({ baseURL: app.baseUrl });
  const supportPage = await supportContext.newPage();
  await signInOperator(supportPage, support);
  await expect(supportPage.getByRole('link', { name: "Players' bonuses" })).toBeVisible();
  await expect(supportPage.getByRole('link', { name: 'Banners' })).toHaveCount(0);
  await expect(supportPage.getByRole('link', { name: 'Bonus offers' })).toHaveCount(0);
  await supportContext.close();

  const marketing = await createOperator(app, ['marketing']);
  await signInOperator(page, marketing);
  await page.getByRole('link', { name: 'Banners' }).click();
  await page.getByTestId('new-banner').click();
  const title = 'Double up this weekend';
  await page.getByTestId('banner-title-en').fill(title);
  for (const frame of ['desktop', 'phone']) {
    const preview = page.frameLocator(`[data-testid="banner-preview-${frame}"]`);
    await expect(preview.getByTestId('banner-preview')).toBeVisible();
    await expect(preview.getByText(title)).toBeVisible();
  }
  // the phone frame lays the banner out at 390 px (16:9), the desktop one at 1440 px (3:1)
  const phoneSlide = await page
    .frameLocator('[data-testid="banner-preview-phone"]')
    .getByTestId('banner-preview')
    .evaluate(() => window.innerWidth);
  expect(phoneSlide).toBe(390);
});

test('an admin finds a game, switches it off and sees it among the disabled; the wheel shows each prize’s chance', async ({
  page,
}) => {
  await signInOperator(page);
  await page.getByRole('link', { name: 'Games' }).click();
  await page.getByLabel('Search').fill('arcade fever dice');
  await page.getByLabel('Search').press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'arcade-fever-dice' });
  await expect(page.getByTestId('table-total')).toHaveText('1 row');
  await row.click();
  await page.getByLabel('Enabled (players see and can start it)').uncheck();
  await page.getByLabel('RTP').fill('0.5');
  await page.getByRole('button', { name: 'Save game' }).click();
  // the contract's bounds are checked before the call
  await expect(page.getByText('Invalid rtp')).toBeVisible();
  await page.getByLabel('RTP').fill('0.95');
  await page.getByRole('button', { name: 'Save game' }).click();
  await expect(row).toContainText('Disabled');
  await expect(row).toContainText('95.00 %');

  await page.getByLabel('Search').fill('');
  await page.getByLabel('Search').press('Enter');
  await page.getByLabel('Status').selectOption('false');
  await expect(page.getByTestId('table-total')).toHaveText('1 row');
  await expect(page.getByRole('row').filter({ hasText: 'arcade-fever-dice' })).toBeVisible();

  await page.getByRole('link', { name: 'Wheel of luck' }).click();
  const weights = page.getByLabel(/^Prize \d+ weight$/);
  await expect(weights.first()).toBeVisible();
  const count = await weights.count();
  for (let index = 0; index < count; index += 1)
    await weights.nth(index).fill(index < 4 ? '1' : '0');
  await expect(page.getByTestId('wheel-probability-0')).toHaveText('25.00 %');
  await expect(page.getByTestId('wheel-probability-3')).toHaveText('25.00 %');
  await expect(page.getByTestId(`wheel-probability-${count - 1}`)).toHaveText('0 %');
});

test('a promo code’s countries that are not country codes are named under the field, by item', async ({
  page,
  app,
}) => {
  const marketing = await createOperator(app, ['marketing']);
  await signInOperator(page, marketing);
  await page.getByRole('link', { name: 'Promo codes' }).click();
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Code').fill(`COUNTRIES${Date.now() % 100_000}`);
  await dialog.getByLabel('Countries').fill('usa, <b>');
  await dialog.getByRole('button', { name: /Create/ }).click();
  await expect(dialog.getByText('item 1: Invalid country; item 2: Invalid country')).toBeVisible();
  await expect(dialog).toBeVisible();
});
