import { demo, expect, test } from '../support/app.ts';
import { signInAs } from '../support/players.ts';

test('switching language changes the path prefix and texts, saves it, and survives reload', async ({
  page,
  app,
}) => {
  await signInAs(page, app, demo.player, '/en/sportsbook');
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await page.getByTestId('language-picker').first().click();
  await page.getByRole('button', { name: /Русский/ }).click();

  await expect(page).toHaveURL(/\/ru\/sportsbook$/);
  await expect(page.getByTestId('sidebar').getByText('Казино')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/ru\/sportsbook$/);
  await expect(page.getByTestId('sidebar').getByText('Казино')).toBeVisible();

  const { token } = await app.api<{ token: string }>('/api/v1/auth/login', { body: demo.player });
  await expect
    .poll(async () => (await app.api<{ language: string }>('/api/v1/me', { token })).language)
    .toBe('ru');
  // put it back for the other tests of this worker
  await app.api('/api/v1/me', { method: 'PATCH', body: { language: 'en' }, token });
});

test('a guest picking a language changes the path without any server call', async ({ page }) => {
  await page.goto('/en/');
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  await page.getByTestId('language-picker').first().click();
  await page.getByRole('button', { name: /Polski/ }).click();
  await expect(page).toHaveURL(/\/pl\/?$/);
  expect(patches).toEqual([]);
});

test('the sidebar toggles with the keyboard and keeps its state across a reload', async ({
  page,
}) => {
  await page.goto('/en/');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
});

test('a phone shows the bottom tab bar instead of the sidebar', async ({ browser, app }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: app.baseUrl,
  });
  const page = await context.newPage();
  await page.goto('/en/');
  await expect(page.getByTestId('bottom-tab-bar')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await context.close();
});

test('a banned player sees only the ban screen, and the terms stay reachable', async ({ page }) => {
  await page.goto('/en/?auth=login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(demo.banned.email);
  await dialog.getByLabel('Password').fill(demo.banned.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  const banScreen = page.getByTestId('ban-screen');
  await expect(banScreen).toBeVisible();
  await expect(banScreen.getByText('Several accounts belonging to one person')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  const termsLink = banScreen.getByRole('link', { name: /terms/i });
  await expect(termsLink).toHaveAttribute('target', '_blank');
  const href = await termsLink.getAttribute('href');
  await page.goto(href ?? '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('ban-screen')).toHaveCount(0);
});

test('a player from a restricted country gets the blocking region modal', async ({
  browser,
  app,
}) => {
  const operator = await app.operatorToken();
  await app.api('/api/backoffice/v1/settings/restricted-countries', {
    method: 'PUT',
    body: { countries: ['RU'] },
    token: operator,
  });
  try {
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      extraHTTPHeaders: { 'x-forwarded-for': '77.88.8.8' },
    });
    const page = await context.newPage();
    await page.goto('/en/');
    const modal = page.getByTestId('region-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByText('77.88.8.8')).toBeVisible();
    await expect(modal.getByRole('img', { name: 'RU' })).toBeVisible();
    await context.close();
  } finally {
    await app.api('/api/backoffice/v1/settings/restricted-countries', {
      method: 'PUT',
      body: { countries: [] },
      token: operator,
    });
  }
});

test('a lost connection shows the unstable-connection modal', async ({ page }) => {
  await page.goto('/en/');
  await expect(page.getByTestId('splash')).toBeHidden();
  await page.route('**/api/v1/**', (route) => route.abort('connectionreset'));
  await page.reload();
  const modal = page.getByTestId('unstable-connection-modal');
  await expect(modal).toBeVisible({ timeout: 30_000 });

  // once the network is back, Retry reloads the page and the modal is gone
  await page.unroute('**/api/v1/**');
  await modal.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByTestId('unstable-connection-modal')).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('every route of the spec renders, and none breaks the Content-Security-Policy', async ({
  page,
}) => {
  // every violation any page reports, kept across the navigations (the tab's session storage)
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  const paths = [
    '/en/',
    '/en/sportsbook',
    '/en/sportsbook/favorites',
    '/en/sportsbook/football-1',
    '/en/games/1',
    '/en/categories/slots/games',
    '/en/providers/1/games',
    '/en/promo-categories/1/games',
    '/en/tournaments',
    '/en/tournaments/1',
    '/en/policies/localhost',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.locator('main')).not.toBeEmpty();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  }
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => sessionStorage.getItem('csp-violations') ?? '[]')).toBe('[]');
});
