import type { Page } from '@playwright/test';
import { test as appTest, expect, type RunningApp, startApp } from '../support/app.ts';

/**
 * The sportsbook as a guest sees it, on the server's own seeded match simulator: football, a
 * live match, its prices moving (flashed) and a market suspended (greyed at once). The
 * simulator runs fast here so prices move within seconds; the suspension comes from the
 * operator's route, which reaches the page over the same live channel as the feed's.
 */
const test = appTest.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      // A football match is in play from the server's start on, whenever a test looks
      // (`matchInPlay`): at 20x with the demo's kick-off every 5 minutes there was none in its
      // first hour of play for 75 s of every 5 minutes, longer than `matchInPlay` waits; a
      // kick-off every 2 minutes overlaps them (a withdrawn fixture is never followed by another).
      // An hour of upcoming matches, not the demo's day: a short first burst leaves the machine
      // to the other specs' servers.
      const running = await startApp({
        SPORT_FEED: 'simulator',
        FEED_SIMULATOR_SPEED: '20',
        FEED_SIMULATOR_KICKOFF_MINUTES: '2',
        FEED_SIMULATOR_HORIZON_HOURS: '1',
      });
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

interface LiveEvent {
  id: number;
  clock: { period: string; elapsedSeconds: number | null; running: boolean } | null;
}

/**
 * Simulated minutes of play a running football match has before its next pause (the break at
 * 45:00, the final whistle at 90:00): no price moves in a pause.
 */
function playAhead(clock: NonNullable<LiveEvent['clock']>): number {
  const minutes = (clock.elapsedSeconds ?? 0) / 60;
  return minutes < 45 ? 45 - minutes : 90 - minutes;
}

/**
 * A football match in play with at least 15 simulated minutes before its next pause (45 s at
 * 20x: prices keep moving while the test waits for a flash), the one with the most. With a
 * kick-off every 2 minutes (40 simulated) some match is always in 0–30 or 45–75 minutes; a
 * withdrawn fixture leaves a gap of 30 s at most. (The first such match in the list was often
 * the oldest, about to go to the break: 45 s without a price move.)
 */
async function matchInPlay(app: RunningApp): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(
      async () => {
        const page = await app.api<{ items: LiveEvent[] }>(
          '/api/v2/sport/events?sportId=1&live=true&limit=100',
        );
        const candidates = page.items.flatMap((event) =>
          event.clock?.running === true &&
          event.clock.elapsedSeconds !== null &&
          playAhead(event.clock) >= 15
            ? [{ id: event.id, ahead: playAhead(event.clock) }]
            : [],
        );
        found = candidates.sort((a, b) => b.ahead - a.ahead)[0]?.id;
        return found;
      },
      { timeout: 60_000 },
    )
    .toBeDefined();
  return found as number;
}

async function openLiveFootballMatch(page: Page, app: RunningApp): Promise<void> {
  await page.goto('/en/sportsbook');
  await expect(page.getByTestId('splash')).toBeHidden();
  await page
    .getByRole('navigation', { name: 'All sports' })
    .getByRole('link', { name: /Football/ })
    .click();
  await expect(page).toHaveURL(/\/en\/sportsbook\/soccer-1$/);
  const eventId = await matchInPlay(app);
  const row = page.getByTestId('sport-live').locator(`[data-event-id="${eventId}"]`);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/en/sportsbook/soccer-1/${eventId}$`));
  await expect(page.getByTestId('scoreboard')).toBeVisible();
}

for (const { name, viewport } of viewports) {
  test.describe(`a guest on a ${name}`, () => {
    test.use({ viewport });

    test('follows a live football match: prices flash as they move, a suspended market greys out', async ({
      page,
      app,
    }) => {
      // starting the page, finding a match in play and seeing it move take longer than a click
      test.setTimeout(150_000);
      await openLiveFootballMatch(page, app);
      await expect(page.getByTestId('scoreboard').getByText('Live')).toBeVisible();
      const markets = page.getByTestId('market');
      await expect(markets.first()).toBeVisible();

      // A price change arrives over sport_event:{id} and flashes green or red.
      await expect(page.locator('[data-testid="outcome-button"][data-flash]').first()).toBeVisible({
        timeout: 45_000,
      });

      // An operator suspends an active market; the page greys it out at once.
      const active = page.locator('[data-testid="market"][data-status="active"]').first();
      // (a goal suspends every market for a few seconds: the next open one is taken)
      await expect(active).toBeVisible({ timeout: 30_000 });
      const marketId = await active.getAttribute('data-market-id');
      expect(marketId).not.toBeNull();
      await app.api(`/api/backoffice/v1/sport/markets/${marketId}/suspend`, {
        method: 'POST',
        token: await app.operatorToken(),
      });
      const suspended = page.locator(`[data-testid="market"][data-market-id="${marketId}"]`);
      await expect(suspended).toHaveAttribute('data-status', 'suspended', { timeout: 15_000 });
      await expect(suspended.getByText('Suspended')).toBeVisible();
      const buttons = suspended.getByTestId('outcome-button');
      await expect(buttons.first()).toBeDisabled();
      for (const button of await buttons.all()) await expect(button).toBeDisabled();
    });
  });
}
