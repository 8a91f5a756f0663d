import { demo, expect, test } from '../support/app.ts';

/**
 * The lazily loaded pages a visit may land on, drawn before their code: a game's page for a
 * player on a phone is drawn by the HTML (`web-game-paint.ts`) and replaced in place by the app's
 * first render, which waits for the page's code; the sportsbook's first render has its first
 * answers from the page itself and, on a phone, its first screen drawn by the HTML
 * (`web-sportsbook-paint.ts`).
 */
const gameId = 'orbit-dice';

test('on a phone the HTML draws a game’s page for a player, and the first render draws it in the same place', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await app.api<{ token: string }>('/api/v1/auth/login', { body: demo.player });
  await page.goto('/healthz');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);

  // the page as the HTML draws it, before any of the app's scripts ran
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/en/games/${gameId}`);
  const paint = page.locator('#game-paint');
  // the guard script ran (the CSP lets it run by its hash) and kept it: the browser has a token
  await expect(paint.locator('img')).toBeVisible();
  await expect(page.getByTestId('splash')).toBeHidden();
  const title = (await paint.locator('h1').textContent()) ?? '';
  expect(title.length).toBeGreaterThan(0);
  const drawnTitle = await paint.locator('h1').boundingBox();
  const drawnArt = await paint.locator('img').boundingBox();
  const art = await paint.locator('img').getAttribute('src');

  // the app's first render, the game's session held back: the same head and art in place
  await page.unroute('**/assets/*.js');
  let releaseSession = () => {};
  const sessionHeld = new Promise<void>((resolve) => {
    releaseSession = resolve;
  });
  await page.route(`**/api/v2/games/${gameId}/session`, async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.reload();
  const gamePage = page.getByTestId('game-page');
  await expect(gamePage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('#game-paint')).toHaveCount(0);
  expect(await gamePage.getByRole('heading', { level: 1 }).boundingBox()).toEqual(drawnTitle);
  const loadingArt = gamePage.locator(`img[src="${art}"]`);
  await expect(loadingArt).toBeVisible();
  expect(await loadingArt.boundingBox()).toEqual(drawnArt);

  // the session answers: the game replaces its art
  releaseSession();
  await expect(loadingArt).toHaveCount(0);
  await expect(gamePage.getByTestId('favorite-toggle')).toBeVisible();
});

test('a guest never gets a game’s page drawn: the splash, then the sign-in step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/en/games/${gameId}`);
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.locator('#game-paint')).toHaveCount(0);

  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page).toHaveURL(/\/en\/?\?auth=/);
});

test('the sportsbook’s first render has its sports and live list from the page, without asking', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/sport/sports' || url.search.includes('live=true')) {
      asked.push(`${url.pathname}${url.search}`);
    }
  });
  await page.goto('/en/sportsbook');
  const live = page.getByTestId('live-now');
  await expect(live).toBeVisible();
  await expect(live.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('starting-soon')).toBeVisible();
  expect(asked).toEqual([]);
});

test('on a phone the HTML draws the sportsbook’s first screen, and the first render draws it in the same place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // the page as the HTML draws it, before any of the app's scripts ran
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/en/sportsbook');
  const paint = page.locator('#sportsbook-paint');
  // the guard script ran (the CSP lets it run by its hash) and kept it
  await expect(paint.locator('h1')).toHaveText('Sportsbook');
  await expect(page.getByTestId('splash')).toBeHidden();
  const subtitle = paint.locator('h1 + p');
  const drawnSubtitle = await subtitle.boundingBox();
  const subtitleText = (await subtitle.textContent()) ?? '';
  expect(subtitleText.length).toBeGreaterThan(0);
  const firstTeam = paint.locator('li span.truncate').first();
  const drawnTeam = (await firstTeam.count()) > 0 ? await firstTeam.boundingBox() : null;
  const teamName = drawnTeam ? await firstTeam.textContent() : null;

  // the app's first render: the same texts in the same boxes
  await page.unroute('**/assets/*.js');
  await page.reload();
  const live = page.getByTestId('live-now');
  await expect(live).toBeVisible();
  await expect(page.locator('#sportsbook-paint')).toHaveCount(0);
  const appSubtitle = page.getByRole('heading', { level: 1 }).locator('+ p');
  await expect(appSubtitle).toHaveText(subtitleText);
  expect(await appSubtitle.boundingBox()).toEqual(drawnSubtitle);
  if (drawnTeam && teamName) {
    const appTeam = live.getByTestId('event-row').first().locator('span.truncate').first();
    await expect(appTeam).toHaveText(teamName);
    expect(await appTeam.boundingBox()).toEqual(drawnTeam);
  }
});

test('the sportsbook’s paint is taken out before the first paint when the browser keeps another odds format', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/healthz');
  await page.evaluate(() => localStorage.setItem('oddsFormat', 'american'));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/en/sportsbook');
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.locator('#sportsbook-paint')).toHaveCount(0);
});
