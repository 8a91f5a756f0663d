import {
  backofficeOrderListResponseSchema,
  historyCountCap,
  roundsPageSchema,
  transactionHistoryResponseSchema,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { fundedPlayer, playableOriginal, playRound } from './support/originals.ts';

// Issue 21 item 6: the round history pages by cursor over (created_at, nonce, id), counts at most
// historyCountCap entries from the page on, and keeps `offset` working.
let testApp: TestApp;
let player: Awaited<ReturnType<typeof fundedPlayer>>;
let gameId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  player = await fundedPlayer(testApp, 10_000n);
  gameId = await playableOriginal(testApp, 'limbo');
  const played = await playRound(
    testApp,
    player,
    gameId,
    { bet: '1.00', params: { target: 1_000_000 } },
    'history-pages-round',
  );
  expect(played.statusCode, played.body).toBe(200);
});
afterAll(async () => {
  await testApp.close();
});

/** `count` more rounds like the played one; every `tie`-th shares its neighbour's instant. */
async function copyRounds(count: number, from: number) {
  await sql`
    INSERT INTO game_rounds (user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor,
      payout_minor, multiplier, rtp, params, outcome, state, created_at, settled_at)
    SELECT r.user_id, r.game_id, r.seed_id, r.nonce + g, r.client_seed, r.currency, r.bet_minor,
      r.payout_minor, r.multiplier, r.rtp, r.params, r.outcome, r.state,
      r.created_at - (g / 3) * interval '1 millisecond', r.settled_at
    FROM game_rounds r, generate_series(${from}::int, ${from + count - 1}::int) g
    WHERE r.user_id = ${player.userId} AND r.nonce = 0`.execute(testApp.db);
}

async function roundsPage(query: string) {
  const response = await testApp.app.inject({
    url: `/api/v2/games/${gameId}/rounds${query}`,
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return roundsPageSchema.strict().parse(response.json());
}

test('the cursor walks every round once, in the order offsets give, with ties at one instant', async () => {
  await copyRounds(22, 1); // 23 rounds, three to an instant
  const byOffset: string[] = [];
  for (let offset = 0; offset < 23; offset += 5) {
    byOffset.push(
      ...(await roundsPage(`?limit=5&offset=${offset}`)).items.map((round) => round.id),
    );
  }
  const byCursor: string[] = [];
  const offsets: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await roundsPage(`?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.meta).toMatchObject({ total: 23, totalCapped: false, limit: 5 });
    offsets.push(page.meta.offset);
    byCursor.push(...page.items.map((round) => round.id));
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  expect(offsets).toEqual([0, 5, 10, 15, 20]);
  expect(byCursor).toEqual(byOffset);
  expect(new Set(byCursor).size).toBe(23);
  // newest instant first (copy g is g / 3 ms older), the greater nonce first within one
  const nonces = (await roundsPage('?limit=23')).items.map((round) => round.nonce);
  const expected = Array.from({ length: 23 }, (_, nonce) => nonce).sort(
    (a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a,
  );
  expect(nonces).toEqual(expected);
});

test('past the cap the total is a flagged lower bound, and the next page is still found', async () => {
  await copyRounds(historyCountCap + 10, 23); // 1,033 rounds
  const first = await roundsPage('?limit=10');
  expect(first.meta).toMatchObject({ offset: 0, total: historyCountCap, totalCapped: true });
  // spec §9's rule still finds a next page: total exceeds offset + limit
  expect(first.meta.total).toBeGreaterThan(first.meta.offset + first.meta.limit);
  const deep = await roundsPage('?limit=10&offset=1020');
  expect(deep.meta).toMatchObject({ total: 1033, totalCapped: false });
  expect(deep.items).toHaveLength(10);
  const last = await roundsPage(`?limit=10&cursor=${deep.meta.nextCursor}`);
  expect(last.meta).toMatchObject({ offset: 1030, total: 1033, nextCursor: null });
  const tail = await roundsPage('?limit=10&offset=1030');
  expect(last.items).toEqual(tail.items);
  expect(last.items).toHaveLength(3);
});

test('a cursor of another list or a forged one is a validation error', async () => {
  const walletPage = transactionHistoryResponseSchema.parse(
    (
      await testApp.app.inject({ url: '/api/v2/wallet/txns?limit=1', headers: bearer(player) })
    ).json(),
  );
  expect(walletPage.meta.nextCursor).toBeNull();
  const forged = Buffer.from(JSON.stringify([0, '2026-01-01T00:00:00.000000', '1', 'x'])).toString(
    'base64url',
  );
  for (const cursor of [forged, 'bm90LWEtY3Vyc29y', 'a'.repeat(401)]) {
    const response = await testApp.app.inject({
      url: `/api/v2/games/${gameId}/rounds?cursor=${cursor}`,
      headers: bearer(player),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toBe('validation_error');
  }
});

test("the back office's order list pages by cursor like by offset, every order once", async () => {
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  // 13 orders, pairs at one instant (the id breaks the tie)
  await sql`
    INSERT INTO fiat_orders (user_id, type, status, method_id, currency, amount_minor,
      expires_at, created_at, updated_at)
    SELECT ${player.userId}, 'buy', 'declined', 'visa-mastercard-usd', 'USD', 1000 + g,
      now(), now() - (g / 2) * interval '1 second', now()
    FROM generate_series(1, 13) g`.execute(testApp.db);
  async function list(query: string) {
    const response = await testApp.app.inject({
      url: `/api/backoffice/v1/orders?type=buy&limit=4${query}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return backofficeOrderListResponseSchema.strict().parse(response.json());
  }
  const byOffset: string[] = [];
  for (let offset = 0; offset < 13; offset += 4) {
    byOffset.push(...(await list(`&offset=${offset}`)).items.map((order) => order.id));
  }
  const byCursor: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(cursor ? `&cursor=${cursor}` : '');
    expect(page.meta).toMatchObject({ total: 13, totalCapped: false });
    byCursor.push(...page.items.map((order) => order.id));
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  expect(byCursor).toEqual(byOffset);
  expect(new Set(byCursor).size).toBe(13);
});
