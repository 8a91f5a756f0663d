import { randomBytes, randomUUID } from 'node:crypto';
import {
  type LimitRefusalPayload,
  lateDepositNoticeSchema,
  lateDepositsSchema,
  limitRefusalPayloadSchema,
  type PlaceSportBetBody,
  type PlayerLimitHistoryEntry,
  type PlayerLimits,
  playerLimitHistoryPageSchema,
  playerLimitsSchema,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  betRequest,
  createProvider,
  launch,
  registerGame,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';
import { playableOriginal } from './support/originals.ts';
import { preMatchOneXTwo } from './support/sport-tickets.ts';

/**
 * Responsible-gambling limits (issue 22) on a real PostgreSQL: the player's API (set, lower,
 * raise with its cooling-off, cancel, remove), the one rule engine on every money path —
 * deposit orders of each rail (20 simultaneous orders never cross the limit), a late crypto
 * credit (credited and flagged), originals on the instant and the general path, provider bets
 * through the seamless wallet, sport tickets through the pre-match batch and the general path,
 * simultaneous rounds against a wager limit — and the ledger check after the money moved.
 *
 * The clock starts at the real time: stake limits read the ledger, whose rows carry the
 * database's time.
 */
const clock = manualClock(new Date());
const hourMs = 3_600_000;

let testApp: TestApp;
let admin: SignedIn;
let world: BonusWorld;
let crypto: CryptoWorld;
let diceId: string;

interface Player extends RegisteredPlayer {
  userId: string;
}

/** The operator signs in again: the tests move the clock past a session's lifetime. */
async function signInOperator() {
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
  crypto = new CryptoWorld(testApp.app, admin);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sandboxAutoApproveSeconds: 0 } });
  await signInOperator();
  diceId = await playableOriginal(testApp, 'dice');
  // no welcome bonus: a bonus would send every round to the general path anyway
  await world.disableOffers(['welcome', 'everyday', 'promo', 'deposit']);
});
afterAll(async () => {
  await testApp?.close();
});

async function newPlayer(fundMinor = 0n): Promise<Player> {
  const player = await registerPlayer(testApp.app);
  const { id: userId } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  if (fundMinor > 0n) {
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `rg-fund:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -fundMinor },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor: fundMinor },
      ],
    });
  }
  return { ...player, userId };
}

async function putLimit(
  player: SignedIn,
  type: string,
  period: string,
  amount: string | null,
): Promise<PlayerLimits> {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `/api/v1/me/limits/${type}/${period}`,
    headers: bearer(player),
    payload: { amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

async function limitsOf(player: SignedIn): Promise<PlayerLimits> {
  const response = await testApp.app.inject({ url: '/api/v1/me/limits', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

/** The player's limit history, every page of `size` followed by its cursor. */
async function historyOf(player: SignedIn, size: number): Promise<PlayerLimitHistoryEntry[][]> {
  const pages: PlayerLimitHistoryEntry[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${cursor}`;
    const response = await testApp.app.inject({
      url: `/api/v1/me/limits/history?limit=${size}${query}`,
      headers: bearer(player),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = playerLimitHistoryPageSchema.parse(response.json());
    pages.push(page.items);
    cursor = page.meta.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

/** The data published on the player's `transaction#` channel, oldest first. */
async function transactionEvents(player: Player): Promise<unknown[]> {
  const { rows } = await sql<{ data: unknown }>`
    SELECT h.data FROM realtime_history h
    WHERE h.channel = 'transaction#' || (SELECT global_id FROM users WHERE id = ${player.userId})
    ORDER BY h."offset"`.execute(testApp.db);
  return rows.map((row) => row.data);
}

function refusal(response: Parameters<typeof expectError>[0]): LimitRefusalPayload {
  const body = expectError(response, 'responsible_gambling_limit');
  return limitRefusalPayloadSchema.parse(body.payload);
}

/** A USD fiat order on a method that takes several open orders at once (Wise). */
function buyOrder(player: SignedIn, amount: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/orders/buy',
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: { amount, bankId: 'wise-usd', externalFields: { email: 'payer@example.com' } },
  });
}

async function depositOk(player: SignedIn, amount: string) {
  const order = await buyOrder(player, amount);
  expect(order.statusCode, order.body).toBe(200);
  const approved = await world.approve((order.json() as { id: string }).id);
  expect(approved.statusCode, approved.body).toBe(200);
}

function dice(player: SignedIn, bet: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${diceId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: { bet, params: { target: 50.5, direction: 'over' } },
  });
}

async function expectLedgerConsistent() {
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
}

describe('the player’s limits', () => {
  test('a first or lower limit applies at once; a raise or removal waits 24 h and can be cancelled', async () => {
    const player = await newPlayer();
    expect(await limitsOf(player)).toEqual([]);
    const set = await putLimit(player, 'deposit', 'day', '100');
    expect(set).toEqual([
      {
        type: 'deposit',
        period: 'day',
        currency: 'USD',
        amount: '100.00',
        used: '0.00',
        resetsAt: null,
        pending: null,
      },
    ]);
    expect((await putLimit(player, 'deposit', 'day', '80.5'))[0]?.amount).toBe('80.50');

    const now = clock.now();
    const raised = await putLimit(player, 'deposit', 'day', '200');
    expect(raised[0]).toMatchObject({
      amount: '80.50',
      pending: {
        amount: '200.00',
        effectiveAt: new Date(now.getTime() + 24 * hourMs).toISOString(),
      },
    });
    // cancelled: the amount in force stays
    const cancel = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/limits/deposit/day/pending',
      headers: bearer(player),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(playerLimitsSchema.parse(cancel.json())[0]).toMatchObject({
      amount: '80.50',
      pending: null,
    });
    const again = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/limits/deposit/day/pending',
      headers: bearer(player),
    });
    expectError(again, 'not_found');

    // a raise comes into force once its cooling-off is over, not a moment before
    await putLimit(player, 'deposit', 'day', '200');
    clock.advance(24 * hourMs - 1);
    expect((await limitsOf(player))[0]).toMatchObject({ amount: '80.50' });
    clock.advance(1);
    expect((await limitsOf(player))[0]).toMatchObject({ amount: '200.00', pending: null });

    // a removal too; a decrease meanwhile applies at once and drops the pending removal
    const removing = await putLimit(player, 'deposit', 'day', null);
    expect(removing[0]?.pending).toMatchObject({ amount: null });
    expect((await putLimit(player, 'deposit', 'day', '150'))[0]).toMatchObject({
      amount: '150.00',
      pending: null,
    });
    await putLimit(player, 'deposit', 'day', null);
    clock.advance(24 * hourMs);
    expect(await limitsOf(player)).toEqual([]);

    // session limits are minutes
    const session = await putLimit(player, 'session', 'day', '90');
    expect(session).toEqual([
      {
        type: 'session',
        period: 'day',
        currency: null,
        amount: '90',
        used: '0',
        resetsAt: null,
        pending: null,
      },
    ]);
    const changes = await testApp.db
      .selectFrom('player_limit_changes')
      .select('kind')
      .where('user_id', '=', player.userId)
      .orderBy('id')
      .execute();
    expect(changes.map((change) => change.kind)).toEqual([
      'applied',
      'applied',
      'pending',
      'cancelled',
      'pending',
      'matured',
      'pending',
      'applied',
      'pending',
      'applied',
    ]);
  });

  test('the history of changes: newest first, the player’s own only, pages without gaps or repeats', async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    await putLimit(other, 'deposit', 'day', '500');
    const setAt = clock.now();
    await putLimit(player, 'deposit', 'day', '100');
    clock.advance(60_000);
    const decreasedAt = clock.now();
    await putLimit(player, 'deposit', 'day', '80');
    clock.advance(60_000);
    const raisedAt = clock.now();
    await putLimit(player, 'deposit', 'day', '200');
    clock.advance(60_000);
    const cancelledAt = clock.now();
    const cancel = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/limits/deposit/day/pending',
      headers: bearer(player),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await putLimit(player, 'session', 'week', '600');

    const [all = []] = await historyOf(player, 50);
    expect(all.map(({ id: _id, ...entry }) => entry)).toEqual([
      expect.objectContaining({ type: 'session', period: 'week', event: 'set', to: '600' }),
      {
        type: 'deposit',
        period: 'day',
        event: 'cancelled',
        currency: 'USD',
        from: expect.any(String),
        to: expect.anything(),
        effectiveAt: expect.any(String),
        at: cancelledAt.toISOString(),
        by: 'player',
      },
      {
        type: 'deposit',
        period: 'day',
        event: 'increase_requested',
        currency: 'USD',
        from: '80.00',
        to: '200.00',
        effectiveAt: new Date(raisedAt.getTime() + 24 * hourMs).toISOString(),
        at: raisedAt.toISOString(),
        by: 'player',
      },
      {
        type: 'deposit',
        period: 'day',
        event: 'decreased',
        currency: 'USD',
        from: '100.00',
        to: '80.00',
        effectiveAt: decreasedAt.toISOString(),
        at: decreasedAt.toISOString(),
        by: 'player',
      },
      {
        type: 'deposit',
        period: 'day',
        event: 'set',
        currency: 'USD',
        from: null,
        to: '100.00',
        effectiveAt: setAt.toISOString(),
        at: setAt.toISOString(),
        by: 'player',
      },
    ]);
    // no operator's id, e-mail or reason reaches the player
    for (const entry of all) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'at',
          'by',
          'currency',
          'effectiveAt',
          'event',
          'from',
          'id',
          'period',
          'to',
          'type',
        ].sort(),
      );
    }
    // another player's change never appears
    expect(all.some((entry) => entry.to === '500.00')).toBe(false);
    // pages of 2 by cursor: the same entries, in the same order, none twice
    const pages = await historyOf(player, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));

    const forged = await testApp.app.inject({
      url: '/api/v1/me/limits/history?cursor=not-a-cursor',
      headers: bearer(player),
    });
    expectError(forged, 'validation_error');
    const guest = await testApp.app.inject({ url: '/api/v1/me/limits/history' });
    expect(guest.statusCode).toBe(401);
  });

  test('amounts are checked: positive, the currency’s decimals, a sane maximum; players only', async () => {
    const player = await newPlayer();
    for (const amount of ['0', '0.00', '1.001', '-5', '1e3', '1000000000.01', 'abc']) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/v1/me/limits/loss/week',
        headers: bearer(player),
        payload: { amount },
      });
      expectError(response, 'validation_error');
    }
    for (const amount of ['1.5', '0', '1441']) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/v1/me/limits/session/day',
        headers: bearer(player),
        payload: { amount },
      });
      expectError(response, 'validation_error');
    }
    const unknown = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/me/limits/bets/day',
      headers: bearer(player),
      payload: { amount: '5' },
    });
    expectError(unknown, 'validation_error');
    const guest = await testApp.app.inject({ url: '/api/v1/me/limits' });
    expectError(guest, 'unauthorized');
    const operator = await testApp.app.inject({ url: '/api/v1/me/limits', headers: bearer(admin) });
    expectError(operator, 'unauthorized');
    expect(await limitsOf(player)).toEqual([]);
  });
});

describe('deposits', () => {
  beforeEach(signInOperator);

  test('a fiat order past the deposit limit is refused, open orders counting, with when it frees up', async () => {
    const player = await newPlayer();
    await putLimit(player, 'deposit', 'day', '100');
    const creditedAt = clock.now();
    await depositOk(player, '60');
    clock.advance(2 * hourMs);
    const refused = refusal(await buyOrder(player, '50'));
    expect(refused).toEqual({
      type: 'deposit',
      period: 'day',
      amount: '100.00',
      currency: 'USD',
      used: '60.00',
      resetsAt: new Date(creditedAt.getTime() + 24 * hourMs).toISOString(),
    });
    // an open order counts until it is credited or expires
    expect((await buyOrder(player, '40')).statusCode).toBe(200);
    expect(refusal(await buyOrder(player, '10')).used).toBe('100.00');
    const [limit] = await limitsOf(player);
    expect(limit).toMatchObject({ used: '100.00', amount: '100.00' });
    // the lowest remaining of several limits applies
    await putLimit(player, 'deposit', 'week', '90');
    expect(refusal(await buyOrder(player, '10'))).toMatchObject({
      period: 'week',
      amount: '90.00',
    });
    // a day later the deposit is out of the day, not of the week (the open order expired)
    clock.advance(24 * hourMs);
    expect(refusal(await buyOrder(player, '31'))).toMatchObject({
      period: 'week',
      used: '60.00',
    });
    expect((await buyOrder(player, '30')).statusCode).toBe(200);
    await expectLedgerConsistent();
  });

  test('20 simultaneous orders around the limit: none crosses it', async () => {
    const player = await newPlayer();
    await putLimit(player, 'deposit', 'day', '95');
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyOrder(player, '10')));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(accepted).toHaveLength(9);
    for (const answer of refused) expect(refusal(answer).type).toBe('deposit');
    // all of them credited: 90 of 95, and nothing more opens
    for (const answer of accepted) {
      const approved = await world.approve((answer.json() as { id: string }).id);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(usd('90'));
    expect((await limitsOf(player))[0]?.used).toBe('90.00');
    expect(refusal(await buyOrder(player, '10')).used).toBe('90.00');
    await expectLedgerConsistent();
  });

  test('crypto: no address past the limit, and a transfer that arrives anyway is credited and flagged', async () => {
    const player = await newPlayer();
    const address = await crypto.address(player, 'USDTTRC20');
    await putLimit(player, 'deposit', 'day', '20');
    const credited = await crypto.report({
      currency: 'USDTTRC20',
      txHash: randomBytes(32).toString('hex'),
      outputIndex: 0,
      address: address.address,
      amount: '25',
      confirmations: 100,
    });
    expect(credited.status).toBe('credited');
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(usd('25'));
    const flags = await testApp.db
      .selectFrom('player_protection_flags')
      .select(['kind', 'details'])
      .where('user_id', '=', player.userId)
      .execute();
    expect(flags).toEqual([
      {
        kind: 'deposit_over_limit',
        details: expect.objectContaining({ type: 'deposit', amount: '20.00', used: '25.00' }),
      },
    ]);
    expect((await limitsOf(player))[0]).toMatchObject({ used: '25.00', amount: '20.00' });
    // the player is told at once (transaction#, in the credit's transaction) …
    const notices = (await transactionEvents(player)).filter(
      (event) => typeof event === 'object' && event !== null && 'notice' in event,
    );
    expect(notices.map((event) => lateDepositNoticeSchema.parse(event))).toEqual([
      {
        notice: 'deposit_over_limit',
        amount: '25.00',
        currency: 'USD',
        limit: { period: 'day', amount: '20.00', currency: 'USD' },
        at: expect.any(String),
      },
    ]);
    // … and sees it afterwards in the profile
    const late = await testApp.app.inject({
      url: '/api/v1/me/limits/late-deposits',
      headers: bearer(player),
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(lateDepositsSchema.parse(late.json())).toEqual([notices[0]]);
    refusal(await crypto.depositCall(player, { currency: 'USDTTRC20' }));
    refusal(
      await crypto.depositCall(player, {
        currency: 'USDTTRC20',
        amount: '5',
        provider: 'cryptobot',
      }),
    );
    await expectLedgerConsistent();
  });

  test('crypto bot: an invoice past the limit is refused, open invoices counting', async () => {
    const player = await newPlayer();
    await putLimit(player, 'deposit', 'day', '30');
    const first = await crypto.depositCall(player, {
      currency: 'USDTTRC20',
      amount: '20',
      provider: 'cryptobot',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      refusal(
        await crypto.depositCall(player, {
          currency: 'USDTTRC20',
          amount: '20',
          provider: 'cryptobot',
        }),
      ),
    ).toMatchObject({ used: '20.00', amount: '30.00' });
  });
});

describe('stakes', () => {
  beforeEach(signInOperator);

  test('originals: a wager limit refuses the round past it, on the instant path a kept context included', async () => {
    const player = await newPlayer(usd('100'));
    // two rounds first (the first makes the seed pair on the general path, the second is
    // instant): this process keeps the player's context, which knows of no limit
    expect((await dice(player, '1')).statusCode).toBe(200);
    expect((await dice(player, '2')).statusCode).toBe(200);
    await putLimit(player, 'wager', 'day', '10');
    expect((await dice(player, '4')).statusCode).toBe(200);
    const refused = refusal(await dice(player, '4'));
    expect(refused).toMatchObject({ type: 'wager', period: 'day', amount: '10.00', used: '7.00' });
    expect(refused.resetsAt).not.toBeNull();
    expect((await dice(player, '3')).statusCode).toBe(200);
    refusal(await dice(player, '0.10'));
    expect((await limitsOf(player))[0]).toMatchObject({ used: '10.00' });
    await expectLedgerConsistent();
  });

  test('originals: a loss limit refuses a stake that could take the net loss past it', async () => {
    const player = await newPlayer(usd('100'));
    await putLimit(player, 'loss', 'week', '5');
    expect(refusal(await dice(player, '5.01'))).toMatchObject({
      type: 'loss',
      period: 'week',
      used: '0.00',
    });
    const played = await dice(player, '5');
    expect(played.statusCode, played.body).toBe(200);
    const payout = BigInt(Math.round(Number((played.json() as { payout: string }).payout) * 100));
    const lossMinor = usd('5') - payout;
    const [limit] = await limitsOf(player);
    // loss = stakes − wins in the window; a window that won counts as nothing used
    expect(usd(limit?.used ?? 'none')).toBe(lossMinor > 0n ? lossMinor : 0n);
    await expectLedgerConsistent();
  });

  test('20 simultaneous rounds against a wager limit: exactly the ones that fit are played', async () => {
    const player = await newPlayer(usd('100'));
    await putLimit(player, 'wager', 'day', '7');
    const answers = await Promise.all(Array.from({ length: 20 }, () => dice(player, '1')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(7);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect(refusal(answer).type).toBe('wager');
    }
    const bets = await testApp.db
      .selectFrom('game_rounds')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(Number(bets.count)).toBe(7);
    await expectLedgerConsistent();
  });

  test('provider bets: the seamless wallet answers RS_ERROR_USER_DISABLED past a wager limit', async () => {
    const provider: TestProvider = await createProvider(testApp, admin);
    const { gameCode, gameId } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(usd('100'));
    const globalId = (
      await testApp.db
        .selectFrom('users')
        .select('global_id')
        .where('id', '=', player.userId)
        .executeTakeFirstOrThrow()
    ).global_id.toString();
    const { token } = await launch(
      testApp,
      { userId: player.userId, globalId, session: player },
      gameId,
      'USD',
    );
    await putLimit(player, 'wager', 'day', '15');
    const bet = (amount: number) =>
      walletCall(
        testApp,
        provider,
        '/transaction/bet',
        betRequest({
          user: player.userId,
          token,
          transaction_uuid: randomUUID(),
          round: randomUUID(),
          game_code: gameCode,
          currency: 'USD',
          amount,
        }),
      );
    expect((await bet(1_000_000)).body.status).toBe('RS_OK'); // 10.00 USD
    const refused = await bet(600_000); // 6.00 USD
    expect(refused.body.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(usd('90'));
    expect((await bet(500_000)).body.status).toBe('RS_OK');
    await expectLedgerConsistent();
  });

  test('sport tickets: the pre-match batch and the general path refuse past a wager limit', async () => {
    const feedId = `sr:match:rg-${randomUUID().slice(0, 8)}`;
    const market = await preMatchOneXTwo(testApp, feedId);
    const single = (stake: string): PlaceSportBetBody => ({
      type: 'single',
      stake,
      oddsChange: 'none',
      selections: [{ ...market, outcomeId: '1', odds: '2.10' }],
    });
    const place = (player: SignedIn, stake: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/sport/bets',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: single(stake),
      });
    const player = await newPlayer(usd('100'));
    // a first ticket through the batch: this process keeps the player's context, no limit in it
    expect((await place(player, '5')).statusCode).toBe(201);
    await putLimit(player, 'wager', 'day', '12');
    expect((await place(player, '5')).statusCode).toBe(201);
    expect(refusal(await place(player, '5'))).toMatchObject({ type: 'wager', used: '10.00' });
    expect((await place(player, '2')).statusCode).toBe(201);
    await expectLedgerConsistent();
  });
});
