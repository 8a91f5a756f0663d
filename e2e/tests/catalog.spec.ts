import type { Locator, Page } from '@playwright/test';
import { demo, expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import {
  declineWelcomeBonus,
  depositByCard,
  registerPlayer,
  signInAs,
} from '../support/players.ts';

/** An existing player signed in (through the API: these tests are not about the form). */
async function signIn(
  page: Page,
  app: RunningApp,
  credentials: { email: string; password: string },
  path: string,
) {
  await signInAs(page, app, credentials, path);
  await expect(page.getByTestId('header-avatar')).toBeVisible();
}

/** A new player, signed in on `page` the way the app keeps a session (its token). */
async function signInNewPlayer(page: Page, app: RunningApp): Promise<void> {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email: uniqueEmail('hearts'), password: 'catalog-password-1' },
  });
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
}

/** Clicks a heart and waits until the server has stored (or dropped) the favourite. */
async function toggleHeart(page: Page, heart: Locator, to: boolean): Promise<void> {
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === (to ? 'POST' : 'DELETE') &&
      new URL(response.url()).pathname.startsWith('/api/v2/games/favorites'),
  );
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', String(to));
  expect((await stored).ok()).toBe(true);
}

test('a guest browses the home rows and a category, pages through it with show more', async ({
  page,
}) => {
  await page.goto('/en/');
  const rows = page.getByTestId('category-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  const popular = rows.filter({ hasText: 'Popular' });
  await expect(popular.getByTestId('game-tile').first()).toBeVisible();

  await popular.getByTestId('see-all').click();
  await expect(page).toHaveURL(/\/en\/categories\/popular\/games$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Popular' })).toBeVisible();
  const grid = page.getByTestId('game-grid');
  await expect(grid.getByTestId('game-tile')).toHaveCount(30);
  const shown = page.getByTestId('games-shown');
  await expect(shown).toHaveText(/^Showing 30 of \d+$/);
  const total = Number((await shown.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(30);

  await page.getByTestId('show-more').click();
  const expected = Math.min(60, total);
  await expect(grid.getByTestId('game-tile')).toHaveCount(expected);
  await expect(shown).toHaveText(`Showing ${expected} of ${total}`);

  // the sort lives in the address and reorders the list
  await page.getByLabel('Sort').click();
  await page.getByRole('option', { name: 'A–Z' }).click();
  await expect(page).toHaveURL(/sort=title/);
  await expect(grid.getByTestId('game-tile')).toHaveCount(30);
  const titles = (await grid.getByTestId('game-tile-title').allTextContents()).slice(0, 10);
  expect(titles).toEqual(
    [...titles].sort((left, right) => left.localeCompare(right, 'en', { sensitivity: 'base' })),
  );
});

test('a guest finds a game despite a typo and is sent to sign in when opening it', async ({
  page,
}) => {
  await page.goto('/en/');
  await page.getByTestId('header-search').click();
  const dialog = page.getByTestId('game-search-dialog');
  const input = dialog.getByTestId('search-input');
  await expect(input).toHaveAttribute('placeholder', 'Enter at least 3 characters');
  await expect(dialog.getByTestId('search-heading')).toHaveText('All games');
  await expect(dialog.getByTestId('game-tile').first()).toBeVisible();

  // two characters do not search yet
  await input.fill('or');
  await page.waitForTimeout(600);
  await expect(dialog.getByTestId('search-heading')).toHaveText('All games');

  // a letter missing from "Orbit"
  await input.fill('Orbt Dice');
  await expect(dialog.getByTestId('search-heading')).toHaveText('Search result');
  const tile = dialog.getByTestId('game-tile').filter({ hasText: 'Orbit Dice' }).first();
  await expect(tile).toBeVisible();

  await tile.getByRole('link').click();
  await expect(page.getByTestId('game-search-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/auth=login/);
  const signInDialog = page.getByRole('dialog');
  await signInDialog.getByLabel('E-mail').fill(demo.player.email);
  await signInDialog.getByLabel('Password').fill(demo.player.password);
  await signInDialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/games\/orbit-dice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orbit Dice' })).toBeVisible();
});

test('typing in the search clears the chosen category filter', async ({ page }) => {
  await page.goto('/en/');
  await page.getByTestId('header-search').click();
  const dialog = page.getByTestId('game-search-dialog');
  const slots = dialog.getByRole('button', { name: 'Slots', exact: true });
  await slots.click();
  await expect(slots).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByTestId('search-input').fill('orbit');
  await expect(slots).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByRole('button', { name: 'All categories' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a guest clicking a heart is sent to the sign-in step', async ({ page }) => {
  await page.goto('/en/categories/originals/games');
  await page.getByTestId('game-tile').first().getByTestId('favorite-toggle').click();
  await expect(page).toHaveURL(/\/en\/categories\/originals\/games\?auth=login$/);
  await expect(page.getByRole('dialog').getByLabel('E-mail')).toBeVisible();
});

test('a player favourites a game, keeps it across a reload, and removes it from favourites', async ({
  page,
  app,
}) => {
  await signIn(page, app, demo.vip, '/en/categories/originals/games');
  const tile = page.getByTestId('game-tile').filter({ hasText: 'Orbit Mines' }).first();
  const heart = tile.getByTestId('favorite-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(
    page
      .getByTestId('game-tile')
      .filter({ hasText: 'Orbit Mines' })
      .first()
      .getByTestId('favorite-toggle'),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/en/games/favorites');
  const favorite = page.getByTestId('game-grid').getByTestId('game-tile');
  await expect(favorite).toHaveCount(1);
  await expect(favorite).toContainText('Orbit Mines');
  await favorite.getByTestId('favorite-toggle').click();
  await expect(page.getByText('No favourite games yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No favourite games yet')).toBeVisible();
});

test('a guest opening /games/favorites gets the sign-in step', async ({ page }) => {
  await page.goto('/en/games/favorites');
  await expect(page).toHaveURL(/auth=login/);
  await expect(page).toHaveURL(/redirect_path=%2Fen%2Fgames%2Ffavorites/);
});

test('a game blacklisted for the player’s currency is dimmed with the reason and will not start', async ({
  page,
  app,
}) => {
  const operator = await app.operatorToken();
  const rule = await app.api<{ id: number }>('/api/backoffice/v1/games/blacklists', {
    body: { gameId: 'orbit-keno', currency: 'USD' },
    token: operator,
  });
  try {
    await signIn(page, app, demo.player, '/en/categories/originals/games');
    const tile = page.getByTestId('game-tile').filter({ hasText: 'Orbit Keno' }).first();
    await expect(tile).toContainText('Not available in your currency');
    await expect(
      page.getByTestId('game-tile').filter({ hasText: 'Orbit Dice' }).first(),
    ).not.toContainText('Not available');

    await tile.getByRole('link').click();
    await expect(page).toHaveURL(/\/en\/games\/orbit-keno$/);
    await expect(page.getByText('This game is not available in your currency.')).toBeVisible();
  } finally {
    await app.api(`/api/backoffice/v1/games/blacklists/${rule.id}`, {
      method: 'DELETE',
      token: operator,
    });
  }
});

test('hearts given in the search modal and on a game page survive a reload and fill the favourites page, newest first', async ({
  page,
  app,
}) => {
  await signInNewPlayer(page, app);
  await page.goto('/en/');
  await expect(page.getByTestId('header-avatar')).toBeVisible();

  // a heart on a search result ("Krakn" is missing a letter)
  await page.getByTestId('header-search').click();
  const search = page.getByTestId('game-search-dialog');
  await search.getByTestId('search-input').fill('Krakn Keno');
  await expect(search.getByTestId('search-heading')).toHaveText('Search result');
  const keno = search.getByTestId('game-tile').filter({ hasText: 'Kraken Keno' }).first();
  await toggleHeart(page, keno.getByTestId('favorite-toggle'), true);
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);

  // a heart on a game's own page
  await page.goto('/en/games/orbit-limbo');
  await expect(page.getByTestId('original-game')).toBeVisible();
  const pageHeart = page.getByTestId('game-page').getByTestId('favorite-toggle');
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
  await toggleHeart(page, pageHeart, true);

  await page.reload();
  await expect(page.getByTestId('original-game')).toBeVisible();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/en/games/favorites');
  const favorites = page.getByTestId('game-grid').getByTestId('game-tile');
  await expect(favorites).toHaveCount(2);
  await expect(favorites.getByTestId('game-tile-title')).toHaveText(['Orbit Limbo', 'Kraken Keno']);
  for (const heart of await favorites.getByTestId('favorite-toggle').all()) {
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }

  // the search modal knows the heart as well, and taking it back there empties it here
  await page.getByTestId('header-search').click();
  await search.getByTestId('search-input').fill('Kraken Keno');
  await expect(search.getByTestId('search-heading')).toHaveText('Search result');
  await toggleHeart(page, keno.getByTestId('favorite-toggle'), false);
  await page.keyboard.press('Escape');
  await expect(favorites).toHaveCount(1);
  await expect(favorites).toContainText('Orbit Limbo');
  await page.reload();
  await expect(favorites).toHaveCount(1);
  await expect(favorites).toContainText('Orbit Limbo');
});

test('on a phone, a player who has deposited gets the first game row on the first screen', async ({
  page,
  app,
}) => {
  const viewport = { width: 390, height: 844 };
  await page.setViewportSize(viewport);
  const token = await registerPlayer(app, 'phone-lobby', 'catalog-password-1');
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);

  // before the first deposit the lobby still introduces the casino, with the top-up as its step
  await page.goto('/en/');
  const welcome = page.getByTestId('home-welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Top up' })).toBeVisible();
  await expect(welcome).not.toContainText(/sportsbook|live tables/i);

  await declineWelcomeBonus(app, token);
  await depositByCard(app, token, '50');
  await page.reload();
  const firstRow = page.getByTestId('category-row').first();
  await expect(firstRow.getByTestId('game-tile').first()).toBeVisible();
  await expect(page.getByTestId('home-welcome')).toHaveCount(0);
  // the whole first row (heading and tiles) is on the first screen, well within one and a half
  const box = await firstRow.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(1.5 * viewport.height);
});

test('a home row renders its tiles as it is scrolled or tabbed through: every game of its first page is reached', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const first = await app.api<{ items: Array<{ id: string }> }>(
    '/api/v2/games?category=popular&limit=30&offset=0',
  );
  const expected = first.items.map((game) => game.id);
  expect(expected).toHaveLength(30);
  await page.goto('/en/');
  const row = page.getByTestId('category-row').filter({ hasText: 'Popular' });
  const tiles = row.getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  // a phone's strip shows three tiles: it renders them, the next screen and one more, not all 30
  await expect(tiles).toHaveCount(7);
  const ids = () =>
    tiles.evaluateAll((list) => list.map((tile) => tile.getAttribute('data-game-id')));

  // the keyboard: focus on the last rendered tile's heart scrolls it into view, which renders the
  // tiles after it, and the next Tab lands on the next tile
  await tiles.nth(6).getByTestId('favorite-toggle').focus();
  await expect.poll(() => tiles.count()).toBeGreaterThan(7);
  await page.keyboard.press('Tab');
  await expect(tiles.nth(7).getByRole('link')).toBeFocused();

  // scrolled a screen at a time, the strip always holds the next screen of tiles beyond the one
  // it shows, until every game is there
  const strip = tiles.first().locator('xpath=../..');
  for (let screen = 1; screen <= 10; screen++) {
    await strip.evaluate((element) => {
      element.style.scrollBehavior = 'auto';
      element.style.scrollSnapType = 'none';
      element.scrollLeft += element.clientWidth;
    });
    await expect
      .poll(async () => {
        const count = await tiles.count();
        const ahead = await strip.evaluate(
          (element) => element.scrollWidth - element.scrollLeft - 2 * element.clientWidth,
        );
        return count === 30 || ahead >= -1;
      })
      .toBe(true);
  }
  await expect(tiles).toHaveCount(30);
  expect(await ids()).toEqual(expected);
});
