import type { Locator, Page } from '@playwright/test';
import { test as appTest, expect, type RunningApp, startApp } from '../support/app.ts';
import { declineWelcomeBonus, depositByCard, registerPlayer, signIn } from '../support/players.ts';

/**
 * Betting on sport as a player does it, on the server's own match simulator (fast, so a match
 * in its second half ends within a couple of minutes): a single on a live match with the slip
 * asking before it takes a moved price, an accumulator of two live events, the receipt
 * following each ticket from pending (the in-play delay) to accepted, a cash-out from My bets,
 * and the single settled as its match ends. Once on a phone (the slip is the tab bar's drawer)
 * and once on a desktop (the side panel).
 */
const test = appTest.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const running = await startApp({
        SPORT_FEED: 'simulator',
        FEED_SIMULATOR_SPEED: '20',
        FEED_SIMULATOR_HORIZON_HOURS: '2',
      });
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

interface LiveEvent {
  id: number;
  sportId: number;
  clock: { period: string; elapsedSeconds: number | null; running: boolean } | null;
  mainMarket: { id: number; status: string } | null;
}

/**
 * The football match in play nearest its end (second half, clock running): its 1x2 is the
 * single that settles while the test runs.
 */
async function matchNearItsEnd(app: RunningApp): Promise<LiveEvent> {
  let found: LiveEvent | undefined;
  await expect
    .poll(
      async () => {
        const page = await app.api<{ items: LiveEvent[] }>(
          '/api/v2/sport/events?sportId=1&live=true&limit=100',
        );
        found = page.items
          .filter(
            (event) =>
              event.clock?.running === true &&
              (event.clock.elapsedSeconds ?? 0) >= 46 * 60 &&
              (event.clock.elapsedSeconds ?? 0) < 85 * 60 &&
              event.mainMarket !== null,
          )
          .sort((a, b) => (b.clock?.elapsedSeconds ?? 0) - (a.clock?.elapsedSeconds ?? 0))[0];
        return found;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBeDefined();
  return found as LiveEvent;
}

/** The slip: the side panel on a desktop, the tab bar's drawer on a phone. */
async function openSlip(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByTestId('slip-tab-button').click();
    await expect(page.getByTestId('slip-drawer')).toBeVisible();
    return page.getByTestId('slip-drawer');
  }
  return page.getByTestId('slip-panel');
}

/** Places what the slip holds: takes any price change first, retries a refusal for moved odds. */
async function place(slip: Locator): Promise<void> {
  await expect(async () => {
    if (await slip.getByTestId('slip-receipt').isVisible()) return;
    const accept = slip.getByTestId('slip-accept-changes');
    if (await accept.isVisible()) await accept.click();
    await slip.getByTestId('slip-place').click();
    await expect(slip.getByTestId('slip-receipt')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  const ticket = slip.getByTestId('receipt-ticket').first();
  // pending through the in-play delay, then decided (accepted, as the policy takes any price)
  await expect(ticket).toHaveAttribute('data-status', 'accepted', { timeout: 30_000 });
  await expect(ticket.getByText('Bet accepted')).toBeVisible();
}

const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

for (const { name, viewport, phone } of viewports) {
  test.describe(`a player on a ${name}`, () => {
    test.use({ viewport });

    test('bets a single and an accumulator in play, handles an odds change, cashes out, gets settled', async ({
      page,
      app,
    }) => {
      // a match has to reach its end inside the test: the simulator runs at 20× here
      test.setTimeout(330_000);
      const token = await registerPlayer(app, `sport-${name}`, 'sport-betting-password-1');
      await declineWelcomeBonus(app, token);
      await depositByCard(app, token, '100');
      const match = await matchNearItsEnd(app);
      const mainMarketId = (match.mainMarket as { id: number }).id;

      // The single: the 1x2 of the match nearest its end.
      await signIn(page, token, `/en/sportsbook/soccer-1/${match.id}`);
      await expect(page.getByTestId('scoreboard')).toBeVisible();
      const market = page.locator(`[data-testid="market"][data-market-id="${mainMarketId}"]`);
      const outcome = market.locator('[data-testid="outcome-button"]:not([disabled])').first();
      await expect(outcome).toBeVisible({ timeout: 30_000 });
      await outcome.click();
      await expect(outcome).toHaveAttribute('aria-pressed', 'true');
      let slip = await openSlip(page, phone);
      await expect(slip.getByTestId('slip-selection')).toHaveCount(1);

      // Policy "ask me every time": the next price move waits for "Accept changes", shown old → new.
      await slip.getByTestId('slip-policy').selectOption('none');
      await expect(slip.getByTestId('slip-accept-changes')).toBeVisible({ timeout: 60_000 });
      await slip.getByTestId('slip-accept-changes').click();
      await expect(slip.getByTestId('slip-odds')).toHaveAttribute('data-movement', /up|down/);
      // then the player lets any price through and stakes 2
      await slip.getByTestId('slip-policy').selectOption('any');
      await slip.getByTestId('stake-input').fill('2');
      await place(slip);
      await slip.getByTestId('receipt-keep').click();

      // The accumulator: that selection and one of another live event, from the live overview.
      if (phone) await page.keyboard.press('Escape');
      await page.goto('/en/sportsbook');
      const other = page
        .locator(
          `[data-testid="live-now"] [data-testid="event-row"]:not([data-event-id="${match.id}"]) [data-testid="outcome-button"]:not([disabled])`,
        )
        .first();
      await expect(other).toBeVisible({ timeout: 30_000 });
      await other.click();
      slip = await openSlip(page, phone);
      await expect(slip.getByTestId('slip-selection')).toHaveCount(2);
      await slip.getByTestId('slip-tab-accumulator').click();
      await slip.getByTestId('stake-input').fill('3');
      await expect(slip.getByTestId('slip-total-stake')).toHaveText('$3.00');
      await place(slip);
      await slip.getByTestId('receipt-clear').click();
      await expect(slip.getByTestId('slip-selection')).toHaveCount(0);

      // My bets: both open; the accumulator is cashed out (a new quote while a leg is held).
      await page.goto('/en/sportsbook/my-bets');
      const tickets = page.getByTestId('ticket');
      await expect(tickets).toHaveCount(2);
      const accumulator = tickets.filter({ hasText: 'Accumulator' });
      await expect(async () => {
        await page.reload();
        await accumulator.getByTestId('cashout-button').click();
        await expect(accumulator.getByTestId('cashout-amount')).toBeVisible({ timeout: 3_000 });
        await accumulator.getByTestId('cashout-confirm').click();
        await expect(page.getByText(/^Cashed out \$/)).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await expect(tickets).toHaveCount(1);

      // The single settles when its match ends (won or lost), and shows under Settled.
      await page.getByTestId('my-bets-tab-settled').click();
      const settled = page.getByTestId('ticket');
      await expect(settled.filter({ hasText: 'Accumulator' })).toHaveAttribute(
        'data-status',
        'cashed_out',
      );
      await expect(settled.filter({ hasText: 'Single' })).toHaveAttribute(
        'data-status',
        /^(won|lost|half_won|half_lost|void)$/,
        { timeout: 200_000 },
      );
    });
  });
}
