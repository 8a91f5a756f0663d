import type { Page } from '@playwright/test';
import { demo, expect, type RunningApp, test } from '../support/app.ts';
import {
  declineWelcomeBonus,
  depositByCard,
  postWithKey,
  registerPlayer,
  signIn,
} from '../support/players.ts';

/** Clicks `next` until the slide of `type` is the current one, then answers that slide. */
async function showSlide(page: Page, type: string) {
  const carousel = page.getByTestId('banner-carousel');
  const slide = carousel.locator(`[data-testid^="banner-slide-"][data-type="${type}"]`);
  await expect(slide).toHaveCount(1);
  for (let step = 0; step < 20; step += 1) {
    if ((await slide.getAttribute('data-current')) === 'true') break;
    await carousel.getByTestId('banner-next').click();
  }
  await expect(slide).toHaveAttribute('data-current', 'true');
  return slide;
}

test('a guest sees the public banners and tournaments, no VIP ones, and a sign-up banner opens the sign-up step', async ({
  page,
}) => {
  await page.goto('/en/');
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel).toBeVisible();
  await expect(carousel.locator('[data-type="registration"]')).toHaveCount(1);
  await expect(carousel.locator('[data-type="vip"]')).toHaveCount(0);

  // the sidebar lists the public tournaments only
  await expect(page.getByTestId('sidebar-tournament-originals-race')).toBeVisible();
  await expect(page.getByTestId('sidebar-tournament-vip-high-rollers')).toHaveCount(0);

  const registration = await showSlide(page, 'registration');
  await registration.click();
  await expect(page).toHaveURL(/auth=register/);
  await expect(page.getByRole('dialog')).toContainText('Registration');
  await page.keyboard.press('Escape');

  await page.goto('/en/tournaments');
  await expect(page.getByTestId('tournament-card-originals-race')).toBeVisible();
  await expect(page.getByTestId('tournament-card-weekend-jackpot')).toBeVisible();
  await expect(page.getByTestId('tournament-card-vip-high-rollers')).toHaveCount(0);
  // and the server refuses the VIP one, not only the page
  const response = await page.request.get('/api/v2/tournaments/vip-high-rollers');
  expect(response.status()).toBe(404);
});

test('a VIP player sees the VIP tournament in the sidebar and the VIP banner', async ({
  page,
  app,
}) => {
  const { token } = await app.api<{ token: string }>('/api/v1/auth/login', { body: demo.vip });
  await signIn(page, token);
  await expect(page.getByTestId('sidebar-tournament-vip-high-rollers')).toBeVisible();
  await expect(page.getByTestId('banner-carousel').locator('[data-type="vip"]')).toHaveCount(1);
  await page.getByTestId('sidebar-tournament-vip-high-rollers').click();
  await expect(page).toHaveURL(/\/en\/tournaments\/vip-high-rollers$/);
  await expect(page.getByTestId('tournament-detail')).toBeVisible();
  await expect(page.getByTestId('tournament-vip')).toBeVisible();
});

/** A funded player (100 USD by card, no welcome bonus) and its token. */
async function fundedPlayer(app: RunningApp, prefix: string): Promise<string> {
  const token = await registerPlayer(app, prefix, 'tournament-password-1');
  await declineWelcomeBonus(app, token);
  await depositByCard(app, token, '100');
  return token;
}

/** Plays `count` dice rounds of `bet`; answers the sum of their payouts in cents. */
async function diceRounds(app: RunningApp, token: string, count: number, bet: string) {
  const games = await app.api<{ items: Array<{ id: string; slug?: string }> }>(
    '/api/v2/games?search=pulsar&limit=5',
    { token },
  );
  const gameId = games.items[0]?.id;
  expect(gameId).toBeDefined();
  let payoutCents = 0;
  for (let round = 0; round < count; round += 1) {
    const settled = await postWithKey<{ payout: string }>(
      app,
      `/api/v2/games/${gameId}/rounds`,
      token,
      { bet, params: { target: 50.5, direction: 'over' } },
    );
    payoutCents += Math.round(Number(settled.payout) * 100);
  }
  return payoutCents;
}

test('playing rounds moves the player up the live leaderboard; at the end the winner is paid and toasted', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const rival = await fundedPlayer(app, 'rival');
  const player = await fundedPlayer(app, 'climber');

  // a tournament on every game, running for an hour: most wagered wins 50 USD
  const id = `sprint-${Date.now().toString(36)}`;
  const startsAt = new Date(Date.now() - 1_000);
  const endsAt = new Date(Date.now() + 3_600_000);
  const operator = await app.operatorToken();
  await app.api('/api/backoffice/v1/tournaments', {
    token: operator,
    body: {
      id,
      descriptions: {
        en: {
          name: 'Sprint Cup',
          description: 'Wager the most',
          image: '/tournaments/originals-race.svg',
        },
      },
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      scoring: 'wagered',
      currency: 'USD',
      prizes: [
        { place: 1, amount: '50' },
        { place: 2, amount: '10' },
      ],
    },
  });

  await diceRounds(app, rival, 2, '1.00');
  await signIn(page, player, `/en/tournaments/${id}`);
  const board = page.getByTestId('tournament-leaderboard');
  await expect(board.getByTestId('tournament-leaderboard-row')).toHaveCount(1);
  await expect(page.getByTestId('tournament-my-place')).toContainText(
    'You are not on the leaderboard yet',
  );

  // three rounds of 1.00 out-wager the rival's two: the page follows without a reload
  const payoutCents = await diceRounds(app, player, 3, '1.00');
  await expect(board.getByTestId('tournament-leaderboard-row')).toHaveCount(2);
  await expect(board.locator('[data-me="true"]')).toContainText('3.00');
  await expect(page.getByTestId('tournament-my-place-value')).toHaveText('#1');

  // the operator brings the end forward to two seconds from now (no test waits out a real
  // tournament): the payout job scheduled for the new end pays place 1 once and the winner gets
  // the cup toast
  await app.api(`/api/backoffice/v1/tournaments/${id}`, {
    method: 'PATCH',
    token: operator,
    body: { endsAt: new Date(Date.now() + 2_000).toISOString() },
  });
  const toast = page.locator('[data-sonner-toast][data-type="success"]');
  await expect(toast).toContainText('You won a tournament prize!', { timeout: 60_000 });
  await expect(toast).toContainText('Sprint Cup');
  await expect(toast.locator('svg.lucide-trophy')).toBeVisible();
  const balance = await app.api<{ fiat: { value: string } }>('/api/v1/balance', {
    token: player,
  });
  // 100 − 3 stakes + the dice payouts + the 50 prize, exactly once
  expect(Math.round(Number(balance.fiat.value) * 100)).toBe(10_000 - 300 + payoutCents + 5_000);
});

test('a tournament page shows the prizes and the leaderboard first and its many games as one row until Show all', async ({
  page,
  app,
}) => {
  const token = await registerPlayer(app, 'games-row', 'tournament-password-1');
  await page.setViewportSize({ width: 1440, height: 900 });
  // the demo Originals Race counts every game of the catalogue, hundreds of them
  await signIn(page, token, '/en/tournaments/originals-race');
  const detail = page.getByTestId('tournament-detail');
  await expect(detail).toBeVisible();
  const total = Number(
    (await page.getByTestId('tournament-games-section').locator('h2 span').textContent()) ?? '0',
  );
  expect(total).toBeGreaterThan(100);

  // what a player comes for is on the first screen
  for (const testId of ['tournament-prizes', 'tournament-leaderboard', 'tournament-my-place']) {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box, testId).not.toBeNull();
    expect(box?.y ?? Number.POSITIVE_INFINITY, testId).toBeLessThan(900);
  }
  // the games come last, as one row of 8 tiles (the grid's width at 1440 px)
  const games = page.getByTestId('tournament-game');
  await expect(games).toHaveCount(8);
  const prizes = await page.getByTestId('tournament-prizes').boundingBox();
  const section = await page.getByTestId('tournament-games-section').boundingBox();
  expect(section?.y ?? 0).toBeGreaterThan((prizes?.y ?? 0) + (prizes?.height ?? 0));
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2 * 900);

  // the tile opens its game
  await expect(games.first().getByRole('link')).toHaveAttribute('href', /^\/en\/games\/[\w-]+$/);

  const toggle = page.getByTestId('tournament-games-toggle');
  await expect(toggle).toHaveText(`Show all (${total})`);
  await toggle.click();
  await expect(games).toHaveCount(total);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(games).toHaveCount(8);
});

test('on a phone the HTML paints a guest’s first banner where the carousel shows it, and never a player’s page', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // the page as the HTML draws it, before any of the app's scripts ran
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/en/');
  const heroPicture = page.locator('#guest-hero img').first();
  await expect(heroPicture).toBeVisible();
  // the hero's guard script ran (the page's CSP lets it run by its hash) and left the hero
  await expect(page.getByTestId('splash')).toBeHidden();
  const drawn = await heroPicture.boundingBox();
  const source = await heroPicture.getAttribute('src');

  // the app's first render: the same picture in the same place, the hero gone
  await page.unroute('**/assets/*.js');
  await page.reload();
  const slide = page.locator('[data-testid^="banner-slide-"]').first();
  await expect(slide).toHaveAttribute('data-current', 'true');
  const picture = slide.locator('img').first();
  await expect(picture).toHaveAttribute('src', source ?? '');
  expect(await picture.boundingBox()).toEqual(drawn);
  await expect(page.locator('#guest-hero')).toHaveCount(0);

  // a player whose session only the browser's storage holds gets the splash, not a guest's page
  const { token } = await app.api<{ token: string }>('/api/v1/auth/login', { body: demo.player });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.reload();
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.locator('#guest-hero')).toHaveCount(0);
});
