import { test as appTest, expect, type RunningApp, startApp } from '../support/app.ts';
import { createOperator, signInOperator } from '../support/backoffice.ts';
import { registerPlayer, signIn } from '../support/players.ts';

/**
 * The back office's sportsbook trading (issue 24) on the server's own match simulator: a trading
 * operator holds a market of an upcoming match suspended from the event page, and a player whose
 * page of that match is open sees it suspended (no bet possible) without a reload; resumed, it
 * opens again. A read-only operator sees the event but no suspend button.
 */
const test = appTest.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      // an hour of fixtures is enough: the test takes an upcoming match (steady pre-match prices)
      const running = await startApp({
        SPORT_FEED: 'simulator',
        FEED_SIMULATOR_HORIZON_HOURS: '1',
      });
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

interface ListedEvent {
  id: number;
  startsAt: string;
}

/** An upcoming football match at least 10 minutes from kick-off (its markets stay pre-match). */
async function upcomingMatch(app: RunningApp): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(
      async () => {
        const page = await app.api<{ items: ListedEvent[] }>(
          '/api/v2/sport/events?sportId=1&live=false&limit=100',
        );
        found = page.items.find(
          (event) => Date.parse(event.startsAt) > Date.now() + 10 * 60_000,
        )?.id;
        return found;
      },
      { timeout: 60_000 },
    )
    .toBeDefined();
  return found as number;
}

test('a trading operator suspends a market; the player’s open page shows it suspended at once, then open again', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(120_000);
  const eventId = await upcomingMatch(app);

  // the player has the match open
  const playerContext = await browser.newContext({ baseURL: app.baseUrl });
  const playerPage = await playerContext.newPage();
  const token = await registerPlayer(app, 'bo-sport', 'bo-sport-password-1');
  await signIn(playerPage, token, `/en/sportsbook/soccer-1/${eventId}`);
  await expect(playerPage.getByTestId('scoreboard')).toBeVisible();
  const active = playerPage.locator('[data-testid="market"][data-status="active"]').first();
  await expect(active).toBeVisible();
  const marketId = (await active.getAttribute('data-market-id')) as string;
  const playerMarket = playerPage.locator(`[data-testid="market"][data-market-id="${marketId}"]`);
  await expect(playerMarket.getByTestId('outcome-button').first()).toBeEnabled();

  // the operator finds the match in the events list and opens it
  const operator = await createOperator(app, ['trading']);
  await signInOperator(page, operator);
  await page.getByRole('link', { name: 'Events and markets' }).click();
  await expect(page.getByRole('heading', { name: 'Events and markets' })).toBeVisible();
  await page.getByLabel('Search').fill(String(eventId));
  await page.getByLabel('Search').press('Enter');
  await expect(page.getByTestId('table-total')).toHaveText('1 row');
  await page.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/sport/events/${eventId}$`));

  const card = page.locator(`[data-testid="bo-market"][data-market-id="${marketId}"]`);
  await expect(card).toHaveAttribute('data-status', 'active');
  await card.getByRole('button', { name: 'Suspend', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'suspended');
  await expect(card.getByText('Held')).toBeVisible();

  // the player's page, never reloaded, shows the market suspended and refuses a bet on it
  await expect(playerMarket).toHaveAttribute('data-status', 'suspended', { timeout: 15_000 });
  for (const button of await playerMarket.getByTestId('outcome-button').all()) {
    await expect(button).toBeDisabled();
  }

  // resumed: open again on both
  await card.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(playerMarket).toHaveAttribute('data-status', 'active', { timeout: 15_000 });
  await expect(playerMarket.getByTestId('outcome-button').first()).toBeEnabled();
  await playerContext.close();

  // the event's tickets, in the ticker filtered by it (none were placed)
  await page.getByRole('link', { name: 'Tickets', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bet ticker' })).toBeVisible();
  await expect(page.getByLabel('Event ID')).toHaveValue(String(eventId));
  await expect(page.getByText('No tickets match.')).toBeVisible();
});

test('a read-only operator sees the event and its markets but no suspend button', async ({
  page,
  app,
}) => {
  const eventId = await upcomingMatch(app);
  const operator = await createOperator(app, ['read_only']);
  await signInOperator(page, operator);
  await page.goto(`/backoffice/sport/events/${eventId}`);
  const markets = page.getByTestId('bo-market');
  await expect(markets.first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settle' })).toHaveCount(0);
  // the sportsbook's screens it may read are in the navigation; what it may not change is not shown
  await expect(page.getByRole('link', { name: 'Feed health' })).toBeVisible();
  await page.getByRole('link', { name: 'Limits and cash-out' }).click();
  await expect(page.getByTestId('limits')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
});
