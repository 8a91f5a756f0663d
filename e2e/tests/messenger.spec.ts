import type { Browser } from '@playwright/test';
import { test as base, expect, type RunningApp, startApp } from '../support/app.ts';
import {
  harnessBotToken,
  harnessPublicKey,
  launchUrl,
  messengerEvents,
  mockMessenger,
  pressMessengerBackButton,
  signedInitData,
} from '../support/messenger-harness.ts';

// This file's server knows the harness bot (normal) and signs launches with its token.
const test = base.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const running = await startApp({
        MESSENGER_BOT_TOKEN: harnessBotToken,
        MESSENGER_BOTS: `${harnessBotToken.split(':')[0]}:normal`,
        MESSENGER_PUBLIC_KEY: harnessPublicKey,
      });
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

let nextUser = 900_000_000 + Math.floor(Math.random() * 1_000_000);

/** A phone-sized messenger webview with the mocked messenger, opened at a launch address. */
async function openMiniApp(
  browser: Browser,
  app: RunningApp,
  options: { version?: string; startParam?: string; botId?: string } = {},
) {
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await mockMessenger(page);
  nextUser += 1;
  const initData = signedInitData({
    user: { id: nextUser },
    ...(options.startParam ? { startParam: options.startParam } : {}),
  });
  const signIn = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/auth/messenger',
  );
  await page.goto(launchUrl(app.baseUrl, { initData, ...options }));
  return { page, context, signIn };
}

const names = (events: { name: string }[]) => events.map((event) => event.name);

test('the start-up expands, goes full screen on version 8, guards closing and swipes, and signs the messenger user in', async ({
  browser,
  app,
}) => {
  const { page, context, signIn } = await openMiniApp(browser, app);
  expect((await signIn).status()).toBe(200);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await expect(page.getByTestId('splash')).toHaveCount(0);

  const events = await messengerEvents(page);
  expect(names(events)).toEqual(
    expect.arrayContaining([
      'web_app_expand',
      'web_app_request_fullscreen',
      'web_app_setup_closing_behavior',
      'web_app_setup_swipe_behavior',
    ]),
  );
  // in the spec's order: expand, full screen, closing confirmation, swipes
  const order = ['web_app_expand', 'web_app_request_fullscreen', 'web_app_setup_closing_behavior'];
  const positions = order.map((name) => names(events).indexOf(name));
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(events).toContainEqual({
    name: 'web_app_setup_closing_behavior',
    params: { need_confirmation: true },
  });
  expect(events).toContainEqual({
    name: 'web_app_setup_swipe_behavior',
    params: { allow_vertical_swipe: false },
  });
  // the safe-area insets the messenger reported pad the page
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).paddingTop))
    .toBe('93px');
  await page.screenshot({ path: test.info().outputPath('phone-home.png') });
  await context.close();
});

test('below version 8 the mini-app stays out of full screen', async ({ browser, app }) => {
  const { page, context, signIn } = await openMiniApp(browser, app, { version: '7.10' });
  expect((await signIn).status()).toBe(200);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  const events = names(await messengerEvents(page));
  expect(events).toContain('web_app_expand');
  expect(events).not.toContain('web_app_request_fullscreen');
  await context.close();
});

test('a cashier start parameter opens the wallet on the deposit tab, with the messenger options', async ({
  browser,
  app,
}) => {
  const { page, context } = await openMiniApp(browser, app, { startParam: 'cashier' });
  await expect(page).toHaveURL(/[?&]wallet=deposit/);
  const wallet = page.getByTestId('wallet-modal');
  await expect(wallet).toBeVisible();
  // the messenger build's own deposit options
  await expect(wallet.getByTestId('crypto-bot-tile')).toBeVisible();
  await expect(wallet.getByTestId('x-rocket-tile')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-cashier.png') });
  await context.close();
});

test('a bot the server does not know shows only the invalid message', async ({ browser, app }) => {
  const { page, context, signIn } = await openMiniApp(browser, app, { botId: '7000000999' });
  expect((await signIn).status()).toBe(401);
  const screen = page.getByTestId('invalid-bot-screen');
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Invalid bot' })).toBeVisible();
  await expect(page.getByTestId('bottom-tab-bar')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('phone-invalid-bot.png') });
  await context.close();
});

test('the messenger back button shows off the home page and goes back', async ({
  browser,
  app,
}) => {
  const { page, context, signIn } = await openMiniApp(browser, app);
  expect((await signIn).status()).toBe(200);
  // whether the messenger's back button shows now (hidden until the app asks otherwise)
  const backButton = async () => {
    const last = (await messengerEvents(page))
      .filter((event) => event.name === 'web_app_setup_back_button')
      .at(-1)?.params as { is_visible: boolean } | undefined;
    return last?.is_visible ?? false;
  };
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  expect(await backButton()).toBe(false);

  await page.getByTestId('bottom-tab-bar').getByRole('link', { name: 'Sport' }).click();
  await expect(page).toHaveURL(/\/sportsbook/);
  await expect.poll(backButton).toBe(true);

  await pressMessengerBackButton(page);
  await expect(page).not.toHaveURL(/\/sportsbook/);
  await expect.poll(backButton).toBe(false);
  await expect(page.getByTestId('bottom-tab-bar')).toBeVisible();
  await context.close();
});

test('drawers and dialogs keep clear of the status bar and the messenger’s header (safe-area insets)', async ({
  browser,
  app,
}) => {
  const { page, context, signIn } = await openMiniApp(browser, app);
  expect((await signIn).status()).toBe(200);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  // the harness phone: a 47 px status bar plus the messenger's 46 px of controls in full screen
  const insetTop = 93;
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).paddingTop))
    .toBe(`${insetTop}px`);
  const tabBar = page.getByTestId('bottom-tab-bar');
  const menuButton = tabBar.getByRole('button', { name: 'Menu' });
  /**
   * The layer's close button (its top bar) starts below the inset; a full-height drawer's
   * background may still fill the space behind the status bar.
   */
  const expectClear = async (layer: ReturnType<typeof page.getByTestId>, name: string) => {
    await expect(layer).toBeVisible();
    const close = layer.getByRole('button', { name: 'Close' }).first();
    await expect(close).toBeVisible();
    // wait for the opening animation to end before measuring
    await expect
      .poll(async () => (await close.boundingBox())?.y ?? -1, { message: name })
      .toBeGreaterThanOrEqual(insetTop);
    await page.screenshot({ path: test.info().outputPath(`phone-inset-${name}.png`) });
  };

  await menuButton.click();
  const menu = page.getByTestId('mobile-menu');
  // the menu's code comes on demand with the first tap
  await expect(menu).toBeVisible({ timeout: 20_000 });
  await expectClear(menu, 'menu');
  await menu.getByTestId('nav-bonus-drawer').click();
  await expectClear(page.getByTestId('bonus-drawer'), 'bonus-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bonus-drawer')).toHaveCount(0);

  await menuButton.click();
  await menu.getByTestId('nav-crypto-guide').click();
  await expectClear(page.getByTestId('crypto-guide'), 'crypto-guide');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('crypto-guide')).toHaveCount(0);

  await menuButton.click();
  await menu.getByTestId('nav-portal').click();
  await expectClear(page.getByTestId('portal-drawer'), 'portal-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('portal-drawer')).toHaveCount(0);
  // the portal opens over the menu, which stays
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await tabBar.getByRole('button', { name: 'Wallet' }).click();
  await expectClear(page.getByTestId('wallet-modal'), 'wallet');
  await context.close();
});

test('a promo_<CODE> start parameter gives a new messenger player the code, shown in the promo modal', async ({
  browser,
  app,
}) => {
  const code = `MSGR${Date.now().toString(36).toUpperCase()}`;
  await app.api('/api/backoffice/v1/promocodes', {
    token: await app.operatorToken(),
    body: { code, kind: 'main', amountUsd: '7' },
  });
  const { page, context, signIn } = await openMiniApp(browser, app, {
    startParam: `promo_${code}`,
  });
  const response = await signIn;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ promo: `promo_${code}` });
  // the same modal as a code entered by hand: money added
  const modal = page.getByTestId('promo-modal-added');
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByText(code)).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('$7.00');
  await page.screenshot({ path: test.info().outputPath('phone-promo.png') });
  await context.close();
});
