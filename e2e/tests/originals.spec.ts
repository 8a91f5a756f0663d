import { randomUUID } from 'node:crypto';
import type { Locator, Page, Response } from '@playwright/test';
import { expect, type RunningApp, test, uniqueEmail } from '../support/app.ts';
import { isSubscribed, recordFrames } from '../support/realtime-frames.ts';

// The games with their motion (the runs' default is reduced motion, playwright.config.ts): the
// limbo counter, the mines reveals and the plinko ball play as players see them.
test.use({ reducedMotion: 'no-preference' });

/** A real 1×1 PNG: the server checks receipts by their content. */
const receiptPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A round as `POST /api/v2/games/{id}/rounds` (and its actions) answer it. */
interface Round {
  id: string;
  gameId: string;
  engine: string;
  state: 'open' | 'settled';
  currency: string;
  bet: string;
  payout: string;
  multiplier: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  nonce: number;
  serverSeedHash: string;
  serverSeed: string | null;
}

function post<T>(app: RunningApp, path: string, token: string, body?: unknown): Promise<T> {
  return app.api<T>(path, {
    method: 'POST',
    body,
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
}

interface Player {
  token: string;
  email: string;
}

/** A new player without money, signed in on `page` (the token is where the app keeps it). */
async function newPlayer(page: Page, app: RunningApp, prefix = 'originals'): Promise<Player> {
  const email = uniqueEmail(prefix);
  const { token } = await app.api<{ token: string }>('/api/v1/auth/register', {
    body: { email, password: 'originals-password-1' },
  });
  await page.goto('/en/');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  return { token, email };
}

/**
 * `amount` USD deposited by card and approved by the operator. Answers the balance the header
 * shows afterwards, read back from the server in cents: a deposit may bring a bonus along, and
 * the header shows the total.
 */
async function deposit(app: RunningApp, token: string, amount: string): Promise<number> {
  const order = await post<{ id: string }>(app, '/api/v2/wallet/orders/buy', token, {
    amount,
    bankId: 'visa-mastercard-usd',
  });
  await post(app, `/api/v1/wallet/orders/buy/${order.id}/paid`, token, {
    name: 'Maria Ivanova',
    fileName: 'receipt.png',
    fileContent: `data:image/png;base64,${receiptPng}`,
  });
  await post(app, `/api/backoffice/v1/orders/${order.id}/approve`, await app.operatorToken());
  const balance = await app.api<{ total: { primaryValue: string } }>('/api/v1/balance', { token });
  const cents = toCents(balance.total.primaryValue);
  expect(cents).toBeGreaterThanOrEqual(toCents(amount));
  return cents;
}

/** A new player with 100 USD deposited; answers the balance the header starts from. */
async function fundedPlayer(page: Page, app: RunningApp): Promise<{ startCents: number }> {
  const player = await newPlayer(page, app);
  return { startCents: await deposit(app, player.token, '100') };
}

function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Cents as the header and the games write dollars: "$1,234.50". */
function dollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

/** A multiplier as the games write it: two decimals, cut, with "×" ("1.9800" → "1.98×"). */
function multiplierText(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(6) : value;
  const [whole = '0', fraction = ''] = text.split('.');
  return `${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(2, '0').slice(0, 2)}×`;
}

/** The header's balance, waited for until it reads exactly `cents`. */
async function expectBalance(page: Page, cents: number): Promise<void> {
  await expect(page.getByTestId('header-balance-amount')).toHaveText(dollars(cents));
}

const isRoundCall = (gameId: string, response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname.startsWith(`/api/v2/games/${gameId}/rounds`);

/**
 * Does what `act` does in the page and returns the round the server answered with: a new
 * round, or (mines) a move on an open one. The answer is observed, never replaced.
 */
async function roundFrom(page: Page, gameId: string, act: () => Promise<void>): Promise<Round> {
  const answer = page.waitForResponse((response) => isRoundCall(gameId, response));
  await act();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  const round = (await response.json()) as Round;
  expect(round.gameId).toBe(gameId);
  return round;
}

/** Opens a game page and sets the stake with the page's own field. */
async function openGame(page: Page, gameId: string, engine: string, bet: string): Promise<Locator> {
  await page.goto(`/en/games/${gameId}`);
  const game = page.getByTestId('original-game');
  await expect(game).toHaveAttribute('data-engine', engine);
  await game.getByLabel('Bet amount').fill(bet);
  return game;
}

/** The history's newest row: what the round was, its multiplier and payout. */
async function expectHistoryRow(game: Locator, count: number, round: Round, summary: string) {
  const rows = game.getByTestId('round-history-item');
  await expect(rows).toHaveCount(count);
  await expect(rows.first()).toContainText(summary);
  await expect(rows.first()).toContainText(multiplierText(round.multiplier));
  await expect(rows.first()).toContainText(dollars(toCents(round.payout)));
}

test('a new player finds a dice game despite a typo, tops up, plays it, sees the balance and the lobby’s latest bets move live, and verifies a round', async ({
  page,
  context,
  app,
}) => {
  // the longest journey of the suite (search, top-up, two tabs, three rounds, rotation and
  // verification): three times the usual budget, for a busy machine
  test.slow();
  const player = await newPlayer(page, app, 'dicer');
  const name = player.email.split('@')[0] ?? '';
  const masked = `${name.slice(0, 2)}***${name.at(-1)}`;

  // The lobby stays open in a second tab: its latest bets can only move by realtime pushes.
  const lobby = await context.newPage();
  const lobbyFrames = recordFrames(lobby);
  await lobby.goto('/en/');
  const latestBets = lobby.getByTestId('latest-bets');
  await expect(latestBets).toContainText('No bets yet');
  await expect.poll(() => isSubscribed(lobbyFrames, 'broadcast:last_bet')).toBe(true);
  let lobbyLoads = 0;
  lobby.on('load', () => {
    lobbyLoads += 1;
  });

  // Search with one wrong letter ("Pulsat" for "Pulsar") and open the game from the results.
  await page.goto('/en/');
  await expectBalance(page, 0);
  await page.getByTestId('header-search').click();
  const search = page.getByTestId('game-search-dialog');
  await search.getByTestId('search-input').fill('Pulsat Dice');
  await expect(search.getByTestId('search-heading')).toHaveText('Search result');
  const tile = search.getByTestId('game-tile').filter({ hasText: 'Pulsar Dice' });
  await expect(tile).toHaveCount(1);
  await tile.getByRole('link').click();
  await expect(page.getByTestId('game-search-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/games\/pulsar-dice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pulsar Dice' })).toBeVisible();

  const game = page.getByTestId('original-game');
  await expect(game).toHaveAttribute('data-engine', 'dice');
  await expect(game.getByTestId('round-history')).toContainText(
    'Your rounds of this game appear here.',
  );

  // Without money the stake is refused beside the field, with a way to top up; nothing is
  // played.
  const bet = game.getByLabel('Bet amount');
  await bet.fill('1.00');
  await game.getByTestId('original-play').click();
  const refusal = game.getByRole('alert');
  await expect(refusal).toContainText('Not enough money on your balance');
  await expect(refusal.getByRole('link', { name: 'Top up' })).toHaveAttribute(
    'href',
    '/en/games/pulsar-dice?wallet=deposit',
  );
  await expect(game.getByTestId('round-history-item')).toHaveCount(0);
  await expectBalance(page, 0);

  // The operator approves a deposit meanwhile: the header follows without a reload.
  const startCents = await deposit(app, player.token, '100');
  await expectBalance(page, startCents);

  // Three rounds at 1.00 over 50.50 with the page's controls; each one moves the header by
  // exactly the stake and the payout, shows its roll and reaches the lobby tab.
  await bet.fill('1.00');
  const over = game.getByRole('button', { name: 'Over', exact: true });
  await over.click();
  await expect(over).toHaveAttribute('aria-pressed', 'true');
  await game.getByLabel('Roll over').fill('50.50');
  await game.getByLabel('Roll over').blur();
  let balance = startCents;
  const rounds: Round[] = [];
  for (let played = 1; played <= 3; played += 1) {
    const round = await roundFrom(page, 'pulsar-dice', () =>
      game.getByTestId('original-play').click(),
    );
    rounds.push(round);
    expect(round).toMatchObject({ state: 'settled', bet: '1.00', nonce: played - 1 });
    expect(round.params).toMatchObject({ target: 50.5, direction: 'over' });
    const roll = round.outcome.roll as number;
    expect(toCents(round.payout) > 0).toBe(roll > 50.5);

    balance += toCents(round.payout) - 100;
    await expectBalance(page, balance);
    await expect(game.getByTestId('dice-result')).toHaveText(roll.toFixed(2));
    await expectHistoryRow(game, played, round, `Roll ${roll.toFixed(2)} · over 50.50`);
    await expect(game.getByTestId('original-play')).toBeEnabled();

    const rows = latestBets.getByTestId('latest-bet-row');
    await expect(rows).toHaveCount(played);
    await expect(rows.first()).toContainText('Pulsar Dice');
    await expect(rows.first()).toContainText(masked);
    await expect(rows.first()).toContainText('$1.00');
    await expect(rows.first()).toContainText(`$${round.payout}`);
    // the multiplier as the games write it, two decimals ("×1.98", never "×1.9800")
    const shown = multiplierText(round.multiplier).slice(0, -1).replace('.', '\\.');
    await expect(rows.first()).toContainText(new RegExp(`×${shown}(?!\\d)`));
  }
  await expect(latestBets.getByTestId('latest-bet-row').first()).not.toContainText(name);
  // the lobby tab was never loaded again: only pushes can have filled it
  expect(lobbyLoads).toBe(0);
  await expect(game.getByTestId('fairness-nonce')).toHaveText('3');

  // Rotating reveals the server seed the three rounds were played with.
  const fairness = game.getByTestId('fairness-panel');
  const committedHash = rounds[0]?.serverSeedHash ?? 'missing';
  expect(rounds.every((round) => round.serverSeedHash === committedHash)).toBe(true);
  expect(rounds.every((round) => round.serverSeed === null)).toBe(true);
  await expect(fairness.getByTestId('fairness-server-seed-hash')).toContainText(committedHash);
  await fairness.getByRole('button', { name: 'Rotate seed pair' }).click();
  const previous = fairness.getByTestId('fairness-previous');
  await expect(previous).toContainText('rounds: 3');
  await expect(previous).toContainText(committedHash);
  await expect(game.getByTestId('fairness-nonce')).toHaveText('0');
  await expect(fairness.getByTestId('fairness-server-seed-hash')).not.toContainText(committedHash);
  const revealed = (await previous.innerText()).match(/\b[0-9a-f]{64}\b/g) ?? [];
  const serverSeed = revealed.find((value) => value !== committedHash);
  expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);

  // The last round, recomputed in the browser from the revealed seed.
  const last = rounds[2];
  if (!last) throw new Error('the third round is missing');
  const lastRoll = (last.outcome.roll as number).toFixed(2);
  await game.getByRole('link', { name: 'Verify round #2' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/fairness\\?round=${last.id}$`));
  const seed = page.getByTestId('verify-server-seed');
  await expect(seed).toHaveValue(serverSeed ?? 'missing');
  const result = page.getByTestId('verify-result');
  await expect(result.getByTestId('verify-hash-check')).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('verify-round-check')).toHaveText(
    'Round #2 had exactly this result.',
  );
  await expect(result).toContainText(lastRoll);
  await expect(result.getByTestId('verify-multiplier')).toHaveText(multiplierText(last.multiplier));

  // Another nonce is another roll; a tampered seed no longer matches the commitment.
  const nonce = page.getByLabel('Nonce');
  await nonce.fill('1');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText(((rounds[1]?.outcome.roll as number) ?? -1).toFixed(2));
  await nonce.fill('2');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'true');
  const value = await seed.inputValue();
  await seed.fill(`${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`);
  await expect(result.getByTestId('verify-hash-check')).toHaveAttribute('data-ok', 'false');
  await expect(result.getByTestId('verify-round-check')).toHaveAttribute('data-ok', 'false');

  // Back in the lobby, the game leads the player's last played row.
  await page.goto('/en/');
  await expect(page.getByTestId('last-played-row').getByTestId('game-tile').first()).toContainText(
    'Pulsar Dice',
  );
});

test('limbo: the counter stops on the server’s result and the balance follows the round', async ({
  page,
  app,
}) => {
  const { startCents } = await fundedPlayer(page, app);
  const game = await openGame(page, 'orbit-limbo', 'limbo', '1.00');
  await expectBalance(page, startCents);
  await game.getByLabel('Target multiplier').fill('2');
  await game.getByLabel('Target multiplier').blur();
  await expect(game.getByLabel('Target multiplier')).toHaveValue('2.00');
  await expect(game.getByTestId('limbo-chance')).toHaveText('49.5%');

  const round = await roundFrom(page, 'orbit-limbo', () =>
    game.getByTestId('original-play').click(),
  );
  expect(round).toMatchObject({ state: 'settled', bet: '1.00', params: { target: 2 } });
  const result = round.outcome.result as number;
  expect(round.payout).toBe(result >= 2 ? '2.00' : '0.00');
  await expect(game.getByTestId('limbo-result')).toHaveText(multiplierText(result));
  await expectBalance(page, startCents - 100 + toCents(round.payout));
  await expectHistoryRow(game, 1, round, `Result ${result.toFixed(2)}× · target 2.00×`);
});

test('mines: tiles are revealed one by one, then the round is cashed out or ends on a mine', async ({
  page,
  app,
}) => {
  const { startCents } = await fundedPlayer(page, app);
  const game = await openGame(page, 'orbit-mines', 'mines', '1.00');
  await expectBalance(page, startCents);
  await game.getByLabel('Mines', { exact: true }).selectOption('3');

  const opened = await roundFrom(page, 'orbit-mines', () =>
    game.getByTestId('original-play').click(),
  );
  expect(opened).toMatchObject({
    state: 'open',
    bet: '1.00',
    payout: '0.00',
    params: { mines: 3 },
  });
  expect(opened.outcome.mines).toBeNull();
  // the stake leaves the balance as the round opens
  await expectBalance(page, startCents - 100);
  const cashOut = game.getByTestId('mines-cashout');
  await expect(cashOut).toHaveText('Pick a tile');
  await expect(cashOut).toBeDisabled();
  await expect(game.getByLabel('Mines', { exact: true })).toBeDisabled();

  let round = opened;
  for (const tile of [12, 6, 18]) {
    round = await roundFrom(page, 'orbit-mines', () =>
      game.getByTestId(`mines-tile-${tile}`).click(),
    );
    if (round.state === 'settled') {
      // a mine: the round is lost and the board shows where all three were
      expect(round.outcome.hit).toBe(tile);
      expect(round.payout).toBe('0.00');
      const mines = round.outcome.mines as number[];
      expect(mines).toHaveLength(3);
      for (const mine of mines) {
        await expect(game.getByTestId(`mines-tile-${mine}`)).toHaveAttribute('data-state', 'mine');
      }
      await expect(game.getByTestId('mines-board').locator('[data-state="mine"]')).toHaveCount(3);
      await expect(game.getByTestId('mines-win')).toHaveCount(0);
      break;
    }
    expect(round.outcome.revealed).toContain(tile);
    await expect(game.getByTestId(`mines-tile-${tile}`)).toHaveAttribute('data-state', 'gem');
    await expect(game.getByTestId('mines-current')).toHaveText(multiplierText(round.multiplier));
    // at a 1.00 stake the payout is the multiplier, cut to cents
    await expect(cashOut).toHaveText(`Cash out ${dollars(toCents(round.multiplier))}`);
  }

  if (round.state === 'open') {
    round = await roundFrom(page, 'orbit-mines', () => cashOut.click());
    expect(round.state).toBe('settled');
    expect(round.outcome.hit).toBeNull();
    expect(toCents(round.payout)).toBeGreaterThan(100);
    const win = game.getByTestId('mines-win');
    await expect(win).toContainText(multiplierText(round.multiplier));
    await expect(win).toContainText(dollars(toCents(round.payout)));
  }

  const revealed = (round.outcome.revealed as number[]).length;
  await expectBalance(page, startCents - 100 + toCents(round.payout));
  await expectHistoryRow(game, 1, round, `Gems ${revealed} · mines 3`);
  // the board is free for the next round
  await expect(game.getByTestId('original-play')).toHaveText('Bet');
  await expect(game.getByLabel('Mines', { exact: true })).toBeEnabled();
});

/** "1000×", "26×", "1.1×", "0.2×": the plinko buckets' labels. */
function shortMultiplier(value: string): string {
  const number = Number(value);
  if (number >= 100) return `${Math.floor(number)}×`;
  if (number >= 10) return `${Number(number.toFixed(1))}×`;
  return `${Number(number.toFixed(2))}×`;
}

test('plinko: the ball falls into the server’s bucket and pays its multiplier', async ({
  page,
  app,
}) => {
  const { startCents } = await fundedPlayer(page, app);
  const game = await openGame(page, 'orbit-plinko', 'plinko', '1.00');
  await expectBalance(page, startCents);
  await game.getByLabel('Rows', { exact: true }).selectOption('8');
  await game.getByRole('button', { name: 'Low', exact: true }).click();
  await expect(game.getByTestId('plinko-board')).toHaveAttribute(
    'aria-label',
    'Plinko board with 8 rows',
  );
  await expect(
    game.getByTestId('plinko-board').locator('[data-testid^="plinko-bucket-"]'),
  ).toHaveCount(9);

  const round = await roundFrom(page, 'orbit-plinko', () =>
    game.getByTestId('original-play').click(),
  );
  expect(round).toMatchObject({ state: 'settled', bet: '1.00', params: { rows: 8, risk: 'low' } });
  const { path, bucket } = round.outcome as { path: number[]; bucket: number };
  expect(path).toHaveLength(8);
  expect(bucket).toBe(path.reduce((sum, step) => sum + step, 0));
  // the bucket the ball lands in is labelled with the multiplier the round paid
  await expect(game.getByTestId(`plinko-bucket-${bucket}`)).toHaveText(
    shortMultiplier(round.multiplier),
  );
  await expectBalance(page, startCents - 100 + toCents(round.payout));
  await expectHistoryRow(game, 1, round, `Rows 8 · bucket ${bucket + 1}`);
});

test('keno: the drawn numbers light up, the hits count and the paytable row pays', async ({
  page,
  app,
}) => {
  const { startCents } = await fundedPlayer(page, app);
  const game = await openGame(page, 'orbit-keno', 'keno', '1.00');
  await expectBalance(page, startCents);
  const picks = [3, 11, 19, 27, 35];
  await expect(game.getByTestId('original-play')).toBeDisabled();
  for (const value of picks) await game.getByTestId(`keno-number-${value}`).click();
  await expect(game.getByTestId('keno-board').locator('[aria-pressed="true"]')).toHaveCount(5);
  await expect(game.getByTestId('keno-paytable').getByRole('listitem')).toHaveCount(6);

  const round = await roundFrom(page, 'orbit-keno', () =>
    game.getByTestId('original-play').click(),
  );
  expect(round).toMatchObject({ state: 'settled', bet: '1.00', params: { picks } });
  const { drawn, hits } = round.outcome as { drawn: number[]; hits: number };
  expect(drawn).toHaveLength(10);
  expect(hits).toBe(drawn.filter((value) => picks.includes(value)).length);

  const board = game.getByTestId('keno-board');
  await expect(board.locator('[data-drawn="true"]')).toHaveCount(10);
  for (const value of drawn) {
    const number = game.getByTestId(`keno-number-${value}`);
    await expect(number).toHaveAttribute('data-drawn', 'true');
    // not only by colour: a screen reader hears whether it was drawn or a hit
    await expect(number).toHaveAccessibleName(
      `${value}, ${picks.includes(value) ? 'hit' : 'drawn'}`,
    );
  }
  await expect(board.locator('[data-drawn="true"][aria-pressed="true"]')).toHaveCount(hits);
  await expectBalance(page, startCents - 100 + toCents(round.payout));
  await expectHistoryRow(game, 1, round, `Hits ${hits} of 5`);
});

test('slot: the reels stop on the server’s symbols and the winning lines pay', async ({
  page,
  app,
}) => {
  const { startCents } = await fundedPlayer(page, app);
  const game = await openGame(page, 'orbit-reels', 'slot', '1.00');
  await expectBalance(page, startCents);
  await expect(game).toContainText('Total bet $1.00 on 20 lines');

  const round = await roundFrom(page, 'orbit-reels', () =>
    game.getByTestId('original-play').click(),
  );
  expect(round).toMatchObject({ state: 'settled', bet: '1.00' });
  const { reels, wins } = round.outcome as {
    reels: string[][];
    wins: { line: number; symbol: string; count: number; multiplier: string }[];
  };
  expect(reels).toHaveLength(5);
  // once the last reel stops the round is in the history: every cell shows the server's symbol
  await expect(game.getByTestId('round-history-item')).toHaveCount(1);
  for (const [reel, column] of reels.entries()) {
    for (const [row, symbol] of column.entries()) {
      await expect(game.getByTestId(`slot-cell-${reel}-${row}`)).toHaveAttribute(
        'data-symbol',
        symbol,
      );
    }
  }
  const result = game.getByTestId('slot-result');
  if (wins.length > 0) {
    await expect(result).toContainText(multiplierText(round.multiplier));
    await expect(result).toContainText(dollars(toCents(round.payout)));
    await expect(result.getByRole('listitem')).toHaveCount(wins.length);
  } else {
    expect(round.payout).toBe('0.00');
    await expect(result).toHaveText('');
  }
  await expectBalance(page, startCents - 100 + toCents(round.payout));
  await expectHistoryRow(game, 1, round, `Winning lines: ${wins.length}`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the game fits the screen, its controls are reachable and a round plays', async ({
    page,
    app,
  }) => {
    const { startCents } = await fundedPlayer(page, app);
    const game = await openGame(page, 'orbit-dice', 'dice', '1.00');
    await expectBalance(page, startCents);

    const play = game.getByTestId('original-play');
    const controls = [
      game.getByLabel('Bet amount'),
      game.getByRole('button', { name: 'Double the bet' }),
      game.getByRole('button', { name: 'Under', exact: true }),
      game.getByLabel('Roll over'),
      game.getByTestId('dice-result'),
      play,
    ];
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await game.getByRole('button', { name: 'Double the bet' }).click();
    await expect(game.getByLabel('Bet amount')).toHaveValue('2.00');
    const round = await roundFrom(page, 'orbit-dice', () => play.tap());
    expect(round).toMatchObject({ state: 'settled', bet: '2.00' });
    await expect(game.getByTestId('dice-result')).toHaveText(
      (round.outcome.roll as number).toFixed(2),
    );
    await expectBalance(page, startCents - 200 + toCents(round.payout));
    await expect(game.getByTestId('round-history-item')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
