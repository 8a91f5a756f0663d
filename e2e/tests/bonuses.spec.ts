import type { Locator, Page, Response } from '@playwright/test';
import { test as base, expect, type RunningApp, startApp } from '../support/app.ts';
import { depositByCard, registerPlayer, signIn } from '../support/players.ts';

/**
 * This file changes the welcome offers (the demo's first step asks for 35× wagering, far too
 * long for a browser test), so it runs on a server and database of its own: the worker fixture
 * is overridden, which puts these tests in a worker of their own.
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

/**
 * The first welcome step becomes a quick one: 100 % of the deposit up to 50 USD, wagered once,
 * bets up to 5 USD; the demo's first-step offer is switched off so this one is the step.
 */
async function useQuickFirstStep(app: RunningApp): Promise<void> {
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
  await app.api('/api/backoffice/v1/bonuses/offers', {
    token,
    body: {
      type: 'welcome',
      title: { en: 'Quick welcome' },
      isEnabled: true,
      minDepositNumber: 1,
      amountMultiplier: 1,
      maxAmountUsd: '50',
      minDepositUsd: '10',
      wager: 1,
      wagerMaxBetUsd: '5',
      deadlineHours: 24,
      gamesWagers: [],
    },
  });
}

const isRoundCall = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/api/v2/games/pulsar-dice/rounds';

/** One dice round at the page's controls; the server's answer must be a settled round. */
async function playRound(page: Page, game: Locator): Promise<void> {
  const answer = page.waitForResponse(isRoundCall);
  await game.getByTestId('original-play').click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await expect(game.getByTestId('original-play')).toBeEnabled();
}

/** Opens the header balance popover, which holds the bonus bars (wallet spec §2). */
async function openBalancePopover(page: Page): Promise<Locator> {
  await page.getByTestId('header-balance').click();
  const popover = page.getByTestId('balance-popover');
  await expect(popover).toBeVisible();
  return popover;
}

test('a new player’s first deposit claims welcome step 1; playing moves the bar; wagering converts it', async ({
  page,
  app,
}) => {
  // the longest journey here: offers, a deposit, two rounds and five page loads
  test.setTimeout(120_000);
  await useQuickFirstStep(app);
  const token = await registerPlayer(app, 'bonus', 'bonuses-password-1');
  await signIn(page, token, '/en/bonuses');

  // no bonus yet; the drawer's first step is the one a deposit claims
  await expect(page.getByText('You have no bonuses yet')).toBeVisible();
  await page.getByTestId('bonuses-open-drawer').click();
  await expect(page).toHaveURL(/[?&]bonus10/);
  const drawer = page.getByTestId('bonus-drawer');
  const firstStep = drawer.getByTestId('welcome-step-1');
  await expect(firstStep).toHaveAttribute('data-state', 'available');
  await expect(firstStep).toContainText('+100%');
  await expect(firstStep).toContainText('up to $50.00');
  await expect(drawer.getByTestId('welcome-step-2')).toHaveAttribute('data-state', 'disabled');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // the first deposit: the bonus arrives live, announced by the info modal
  await depositByCard(app, token, '10');
  const notice = page.getByTestId('bonus-info-modal');
  await expect(notice).toContainText('You have a new bonus!', { timeout: 15_000 });
  await expect(notice).toContainText('Quick welcome');
  await expect(notice).toContainText('$10.00');
  await notice.getByRole('link', { name: 'My bonuses' }).click();
  await expect(notice).toBeHidden();

  const card = page.getByTestId('bonuses-current').getByTestId('bonus-card');
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('bonus-title')).toHaveText('Quick welcome');
  await expect(card.getByTestId('bonus-percent')).toHaveText('100% bonus');
  await expect(card.getByTestId('bonus-balance')).toContainText('$10.00');
  await expect(card.getByTestId('bonus-max-bet')).toContainText('$5.00');
  await expect(card.getByTestId('bonus-wager-figures')).toHaveText('$0.00 of $10.00');
  await expect(card.getByTestId('bonus-wager-bar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card.getByTestId('bonus-games-link')).toHaveAttribute(
    'href',
    /\/en\/bonuses\/[0-9a-f-]+\/games$/,
  );

  // the step is claimed now and the next one opens
  await page.getByTestId('bonuses-open-drawer').click();
  await expect(drawer.getByTestId('welcome-step-1')).toHaveAttribute('data-state', 'claimed');
  await expect(drawer.getByTestId('welcome-step-2')).toHaveAttribute('data-state', 'available');
  await page.keyboard.press('Escape');

  // the header popover shows the bonus with its progress
  let popover = await openBalancePopover(page);
  const popoverBar = popover.getByTestId('balance-bonus-progress').getByRole('progressbar');
  await expect(popoverBar).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('Escape');

  // a dice round at the maximum bet wagers half of the requirement
  await page.goto('/en/games/pulsar-dice');
  const game = page.getByTestId('original-game');
  await expect(game).toHaveAttribute('data-engine', 'dice');
  await game.getByLabel('Bet amount').fill('5.00');
  await playRound(page, game);
  popover = await openBalancePopover(page);
  await expect(
    popover.getByTestId('balance-bonus-progress').getByRole('progressbar'),
  ).toHaveAttribute('aria-valuenow', '50');
  await page.keyboard.press('Escape');

  await page.goto('/en/bonuses');
  await expect(card.getByTestId('bonus-wager-figures')).toHaveText('$5.00 of $10.00');
  await expect(card.getByTestId('bonus-wager-bar')).toHaveAttribute('aria-valuenow', '50');

  // the second round meets the requirement: the bonus becomes main money
  await page.goto('/en/games/pulsar-dice');
  await game.getByLabel('Bet amount').fill('5.00');
  await playRound(page, game);
  await page.goto('/en/bonuses');
  const finished = page.getByTestId('bonuses-finished').getByTestId('bonus-card');
  await expect(finished).toHaveAttribute('data-status', 'completed');
  await expect(finished.getByTestId('bonus-status')).toHaveText('Completed');
  await expect(finished.getByTestId('bonus-converted')).toContainText('$10.00');
  await expect(finished.getByTestId('bonus-games-link')).toBeVisible();
  await expect(page.getByTestId('bonuses-current')).toHaveCount(0);
  popover = await openBalancePopover(page);
  await expect(popover.getByTestId('balance-bonus-progress')).toHaveCount(0);

  const bonuses = await app.api<{ items: { status: string; convertedAmount: string | null }[] }>(
    '/api/v2/bonuses/user',
    { token },
  );
  expect(bonuses.items).toEqual([
    expect.objectContaining({ status: 'completed', convertedAmount: '10.00' }),
  ]);
});

test('on a phone the bonuses page and the drawer fit the screen', async ({ page, app }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const token = await registerPlayer(app, 'bonus-phone', 'bonuses-password-1');
  await depositByCard(app, token, '10');
  await signIn(page, token, '/en/bonuses');

  const card = page.getByTestId('bonus-card');
  await expect(card).toHaveAttribute('data-status', 'active');
  const box = await card.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 1_000) <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // the bottom tab bar leads here; the page's button opens the drawer as a bottom sheet
  await page.getByTestId('bonuses-open-drawer').click();
  const drawer = page.getByTestId('bonus-drawer');
  await expect(drawer.getByTestId('welcome-step-1')).toHaveAttribute('data-state', 'claimed');
  const sheet = await drawer.boundingBox();
  expect(sheet?.width).toBe(375);
  await drawer.getByTestId('welcome-step-2').getByRole('button', { name: 'Deposit' }).click();
  await expect(page.getByTestId('wallet-modal')).toBeVisible();
  await expect(page).toHaveURL(/wallet=deposit/);
});
