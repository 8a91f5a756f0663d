import type { Locator, Page } from '@playwright/test';
import { test as appTest, expect, type RunningApp, startApp } from '../support/app.ts';
import { declineWelcomeBonus, depositByCard, registerPlayer, signIn } from '../support/players.ts';

/**
 * Betting on sport as a player does it, on the server's own match simulator: a single on a live
 * match with the slip asking before it takes a moved price, an accumulator of two other live
 * matches, the receipt following each ticket from pending (the in-play delay) to accepted, a
 * cash-out of the accumulator from My bets, and the single settled as its match ends. Once on a
 * phone (the slip is the tab bar's drawer) and once on a desktop (the side panel), side by side
 * (each on its own server).
 *
 * Fast by construction: the simulator plays at 40× with a football kick-off every half a real
 * minute (a match lasts 2.6 real minutes), and the single goes on the match that ends soonest but
 * still leaves time to place it, with play (not the break) ahead for its price to move; the
 * accumulator and the cash-out happen while that match plays out, on matches picked when the
 * player gets to them (another when a goal has suspended one). No fixed waits: every step waits
 * for what it needs to see. (Kick-offs every minute left
 * the tests waiting about 85 s for the single's match after their last step, every 30 s about
 * 37 s: 1.8 → 1.1 minutes each.)
 */

/** simulated seconds per real second */
const simulatorSpeed = 40;
/** the real time of a simulated minute */
const minuteMs = 60_000 / simulatorSpeed;
/** real time a football match of the simulator lasts from its kick-off: 90 minutes and the break */
const matchLengthMs = (90 + 15) * minuteMs;
/**
 * How long the single's 1x2 must stay open from the moment it is picked: the event page, the
 * price move waited for, the placement and its in-play delay, on a busy machine.
 */
const singleNeedsMs = 30_000;
/**
 * How long an accumulator leg's 1x2 must stay open from the moment it is picked: its placement
 * (the in-play delay, a goal's bet stop retried) and the cash-out.
 */
const legNeedsMs = 50_000;
/**
 * The single's price must move while the slip waits for it (30 s): at least 8 simulated minutes of
 * play (12 s) in the 16 from the moment it is picked (the event page, the slip opened).
 */
const singlePlay = { from: 2, to: 18, minutes: 8 };

const test = appTest.extend<object, { app: RunningApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const running = await startApp({
        SPORT_FEED: 'simulator',
        FEED_SIMULATOR_SPEED: String(simulatorSpeed),
        FEED_SIMULATOR_HORIZON_HOURS: '1',
        FEED_SIMULATOR_KICKOFF_MINUTES: '0.5',
      });
      // football's in-play delay down from 5 s to 2 s (an operator's setting): still long
      // enough to see the ticket pending
      await running.app.api('/api/backoffice/v1/sport/limits', {
        method: 'PUT',
        token: await running.app.operatorToken(),
        body: { sportId: 1, marketTypeId: null, betDelayMs: 2_000 },
      });
      await use(running.app);
      await running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test.describe.configure({ mode: 'parallel' });

interface FootballEvent {
  id: number;
  startsAt: string;
  score: { home: number; away: number } | null;
  mainMarket: {
    id: number;
    status: string;
    outcomes: { name: string; odds: string | null; active: boolean }[];
  } | null;
}

/** The real time left until a football match of the simulator ends (its final whistle). */
function msLeft(event: FootballEvent): number {
  return Date.parse(event.startsAt) + matchLengthMs - Date.now();
}

/** Goals between the sides. */
function goalMargin(event: FootballEvent): number {
  return Math.abs((event.score?.home ?? 0) - (event.score?.away ?? 0));
}

/**
 * The last minutes of a match are not for betting: its 1x2 suspends as soon as a price would
 * fall under 1.01 (a draw from about the 86th minute, a one-goal lead from the 82nd, a two-goal
 * lead well before). Counted as if one more goal widened the margin while the player bets: a
 * match picked late with a lead went to 5 : 1 before the single was placed, and its 1x2 never
 * opened again.
 */
function closingMs(event: FootballEvent): number {
  const minutes = [12, 25][goalMargin(event)] ?? 90;
  return minutes * minuteMs;
}

/**
 * Simulated minutes of play in a window from now (`from` to `to` simulated minutes ahead): the
 * simulator's schedule is fixed (the first half, a 15-minute break, the second half) and no price
 * moves in the break.
 */
function playWithin(event: FootballEvent, from: number, to: number): number {
  const now = (Date.now() - Date.parse(event.startsAt)) / minuteMs;
  const halves = [
    [0, 45],
    [60, 105],
  ] as const;
  return halves.reduce(
    (sum, [start, end]) => sum + Math.max(0, Math.min(end, now + to) - Math.max(start, now + from)),
    0,
  );
}

/** Football matches with their 1x2 open, in play and (`upcoming`) the next to kick off. */
async function openMatches(app: RunningApp, upcoming: number): Promise<FootballEvent[]> {
  const pages = await Promise.all(
    [['true', 100] as const, ...(upcoming > 0 ? [['false', upcoming] as const] : [])].map(
      ([live, limit]) =>
        app.api<{ items: FootballEvent[] }>(
          `/api/v2/sport/events?sportId=1&live=${live}&limit=${limit}`,
        ),
    ),
  );
  return pages
    .flatMap((page) => page?.items ?? [])
    .filter((event) => event.mainMarket?.status === 'active')
    .sort((a, b) => msLeft(a) - msLeft(b));
}

/** Polls the matches until `choose` finds one. */
async function pollMatch(
  app: RunningApp,
  upcoming: number,
  choose: (event: FootballEvent) => boolean,
): Promise<FootballEvent> {
  let found: FootballEvent | undefined;
  await expect
    .poll(
      async () => {
        found = (await openMatches(app, upcoming)).find(choose);
        return found;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeDefined();
  return found as FootballEvent;
}

/**
 * The single's match: in play, ending soonest of those that leave time to place it and with play
 * (not the break) ahead. One kicks off every 30 s: it ends within about a minute and a half,
 * mostly within one.
 */
function pickSingle(app: RunningApp): Promise<FootballEvent> {
  return pollMatch(
    app,
    0,
    (event) =>
      msLeft(event) - closingMs(event) >= singleNeedsMs &&
      playWithin(event, singlePlay.from, singlePlay.to) >= singlePlay.minutes,
  );
}

/**
 * An accumulator leg, picked when the player gets to it (scores have moved since the single): in
 * play or kicking off soon, open long enough, and none of `taken`.
 */
function pickLeg(app: RunningApp, taken: ReadonlySet<number>): Promise<FootballEvent> {
  return pollMatch(
    app,
    2,
    (event) => !taken.has(event.id) && msLeft(event) - closingMs(event) >= legNeedsMs,
  );
}

/**
 * Adds an outcome of an event's main market to the slip, from the event's page: the longest
 * price (it moves with nearly every simulated minute) or the shortest (it hardly moves, so a
 * cash-out quote holds).
 */
async function pickMainOutcome(
  page: Page,
  event: FootballEvent,
  price: 'longest' | 'shortest',
  timeout = 10_000,
): Promise<void> {
  const market = event.mainMarket as NonNullable<FootballEvent['mainMarket']>;
  const priced = market.outcomes
    .filter((outcome) => outcome.active && outcome.odds !== null)
    .sort((a, b) => Number(a.odds) - Number(b.odds));
  const wanted = price === 'longest' ? priced.at(-1) : priced[0];
  await page.goto(`/en/sportsbook/soccer-1/${event.id}`);
  await expect(page.getByTestId('scoreboard')).toBeVisible();
  const outcome = page
    .locator(`[data-testid="market"][data-market-id="${market.id}"]`)
    .getByTestId('outcome-button')
    .filter({ hasText: wanted?.name ?? '' })
    .first();
  await expect(outcome).toBeEnabled({ timeout });
  await outcome.click();
  await expect(outcome).toHaveAttribute('aria-pressed', 'true');
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

/**
 * Places what the slip holds: takes any price change first, retries a refusal for moved odds, and
 * places again (the slip kept) when the ticket is rejected after the in-play delay — a simulated
 * goal's bet stop during the delay rightly rejects it. A ticket never accepted still fails.
 */
async function place(slip: Locator): Promise<void> {
  await expect(async () => {
    if (await slip.getByTestId('slip-receipt').isVisible()) {
      const status = await slip.getByTestId('receipt-ticket').first().getAttribute('data-status');
      if (status === 'accepted') return;
      await slip.getByTestId('receipt-keep').click({ timeout: 30_000 });
    }
    const accept = slip.getByTestId('slip-accept-changes');
    if (await accept.isVisible()) await accept.click();
    await slip.getByTestId('slip-place').click();
    await expect(slip.getByTestId('slip-receipt')).toBeVisible({ timeout: 5_000 });
    // pending through the in-play delay, then decided (accepted, as the policy takes any price)
    await expect(slip.getByTestId('receipt-ticket').first()).toHaveAttribute(
      'data-status',
      /accepted|rejected/,
      { timeout: 30_000 },
    );
    await expect(slip.getByTestId('receipt-ticket').first()).toHaveAttribute(
      'data-status',
      'accepted',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 90_000 });
  await expect(slip.getByTestId('receipt-ticket').first().getByText('Bet accepted')).toBeVisible();
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
      // the single's match ends within 2 minutes of being picked, mostly well before (pickSingle)
      test.setTimeout(180_000);
      const token = await registerPlayer(app, `sport-${name}`, 'sport-betting-password-1');
      await declineWelcomeBonus(app, token);
      await depositByCard(app, token, '100');
      await signIn(page, token, '/en/sportsbook');

      // The single: the 1x2 of the match ending soonest (picked again when a goal suspended it
      // for good before the player got to it: a lopsided score late on)
      let single: FootballEvent | undefined;
      await expect(async () => {
        single = await pickSingle(app);
        await pickMainOutcome(page, single, 'longest');
      }).toPass({ timeout: 60_000 });
      const match = single as FootballEvent;
      let slip = await openSlip(page, phone);
      await expect(slip.getByTestId('slip-selection')).toHaveCount(1);

      // Policy "ask me every time": the next price move waits for "Accept changes", shown old → new.
      await slip.getByTestId('slip-policy').selectOption('none');
      await expect(slip.getByTestId('slip-accept-changes')).toBeVisible({ timeout: 30_000 });
      await expect(slip.getByTestId('slip-odds')).toHaveAttribute('data-movement', /up|down/);
      await slip.getByTestId('slip-accept-changes').click();
      await expect(slip.getByTestId('slip-odds')).toHaveAttribute('data-movement', /up|down/);
      // then the player lets any price through and stakes 2
      await slip.getByTestId('slip-policy').selectOption('any');
      await slip.getByTestId('stake-input').fill('2');
      await place(slip);
      await slip.getByTestId('receipt-clear').click();
      await expect(slip.getByTestId('slip-selection')).toHaveCount(0);

      // The accumulator: the 1x2 of two other matches, further from their end (another one when
      // a goal has suspended the one picked: a lead of two at the break)
      const taken = new Set([match.id]);
      for (let legs = 0; legs < 2; ) {
        const leg = await pickLeg(app, taken);
        taken.add(leg.id);
        const added = await pickMainOutcome(page, leg, 'shortest', 5_000).then(
          () => true,
          () => false,
        );
        if (added) legs += 1;
      }
      slip = await openSlip(page, phone);
      await expect(slip.getByTestId('slip-selection')).toHaveCount(2);
      await slip.getByTestId('slip-tab-accumulator').click();
      await slip.getByTestId('stake-input').fill('3');
      await expect(slip.getByTestId('slip-total-stake')).toHaveText('$3.00');
      await place(slip);
      await slip.getByTestId('receipt-clear').click();
      await expect(slip.getByTestId('slip-selection')).toHaveCount(0);

      // My bets: both open; the accumulator is cashed out (a new quote when the price moved
      // below the one quoted, or a leg is held).
      await page.goto('/en/sportsbook/my-bets');
      const tickets = page.getByTestId('ticket');
      await expect(tickets).toHaveCount(2);
      const accumulator = tickets.filter({ hasText: 'Accumulator' });
      await expect(async () => {
        if (await accumulator.getByTestId('cashout-confirm').isHidden()) {
          await accumulator.getByTestId('cashout-button').click({ timeout: 3_000 });
        }
        await expect(accumulator.getByTestId('cashout-amount')).toBeVisible({ timeout: 3_000 });
        await accumulator.getByTestId('cashout-confirm').click({ timeout: 3_000 });
        await expect(page.getByText(/^Cashed out \$/)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 40_000 });
      await expect(accumulator).toHaveCount(0);

      // The single settles when its match ends (won or lost), and shows under Settled.
      await page.getByTestId('my-bets-tab-settled').click();
      // (a ticket rejected after the in-play delay and placed again is listed here too)
      const settled = page.locator('[data-testid="ticket"]:not([data-status="rejected"])');
      await expect(settled.filter({ hasText: 'Accumulator' })).toHaveAttribute(
        'data-status',
        'cashed_out',
      );
      await expect(settled.filter({ hasText: 'Single' })).toHaveAttribute(
        'data-status',
        /^(won|lost|half_won|half_lost|void)$/,
        { timeout: Math.max(15_000, msLeft(match) + 15_000) },
      );
    });
  });
}
