import { randomBytes, randomUUID } from 'node:crypto';
import {
  addCalendarMonths,
  type ExclusionRefusalPayload,
  exclusionRefusalPayloadSchema,
  exclusionSchema,
  type PlaceSportBetBody,
  playerExclusionsSchema,
} from '@casino/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
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
  createOperator,
  createTestApp,
  loginOperator,
  loginPlayer,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';
import { playableOriginal } from './support/originals.ts';
import { preMatchOneXTwo } from './support/sport-tickets.ts';

/**
 * Time-out and self-exclusion (issue 22) on a real PostgreSQL: sessions end with them, sign-in
 * answers 403 with the end, they can only be lengthened, an ended self-exclusion reopens only on
 * request and 24 hours later, the operator's view and an admin's exclusion on a player's behalf;
 * every money path refuses an excluded player — those with a session (an exclusion committed
 * while the player's request was on its way: the session was read before it ended) and the
 * seamless wallet (no session: "user disabled") — while wins of open rounds, open sport tickets
 * and late crypto transfers still credit (flagged, no deposit bonus); the national registry
 * sandbox at sign-up and sign-in.
 */
const clock = manualClock(new Date());
const dayMs = 86_400_000;

let testApp: TestApp;
let admin: SignedIn;
let world: BonusWorld;
let crypto: CryptoWorld;
let diceId: string;

interface Player extends RegisteredPlayer {
  userId: string;
  globalId: string;
}

async function signInOperator() {
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
  crypto = new CryptoWorld(testApp.app, admin);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sandboxAutoApproveSeconds: 0 } });
  await signInOperator();
  diceId = await playableOriginal(testApp, 'dice');
  await world.disableOffers(['welcome', 'everyday', 'promo', 'deposit']);
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(signInOperator);

async function newPlayer(fundMinor = 0n): Promise<Player> {
  const player = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select(['id', 'global_id'])
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  if (fundMinor > 0n) {
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `rgx-fund:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -fundMinor },
        { account: playerAccount(row.id, 'USD', 'main'), amountMinor: fundMinor },
      ],
    });
  }
  return { ...player, userId: row.id, globalId: row.global_id.toString() };
}

function post(path: string, session: SignedIn | null, payload: unknown, idempotent = false) {
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: {
      ...(session ? bearer(session) : {}),
      ...(idempotent ? { 'idempotency-key': randomUUID() } : {}),
    },
    payload: payload as Record<string, unknown>,
  });
}

function signIn(player: RegisteredPlayer) {
  return post('/api/v1/auth/login', null, { email: player.email, password: player.password });
}

function refusal(
  response: Parameters<typeof expectError>[0],
  code: 'self_excluded' | 'timed_out',
): ExclusionRefusalPayload {
  const body = expectError(response, code);
  return exclusionRefusalPayloadSchema.parse(body.payload);
}

async function me(session: SignedIn) {
  return (await testApp.app.inject({ url: '/api/v1/me', headers: bearer(session) })).statusCode;
}

async function exclusionsOf(player: Player, operator: SignedIn = admin) {
  const response = await testApp.app.inject({
    url: `/api/backoffice/v1/players/${player.globalId}/exclusions`,
    headers: bearer(operator),
  });
  expect(response.statusCode, response.body).toBe(200);
  return playerExclusionsSchema.parse(response.json());
}

function mainBalance(player: Player) {
  return testApp.app.services.ledger.balance(player.userId, 'USD', 'main');
}

async function expectLedgerConsistent() {
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
}

describe('taking a time-out or self-exclusion', () => {
  test('a time-out ends every session at once; sign-in answers 403 timed_out with its end; it can only be lengthened, then simply ends', async () => {
    const player = await newPlayer();
    const other = await loginPlayer(testApp.app, player.email, player.password);
    expect(await me(player)).toBe(200);
    expect(await me(other)).toBe(200);

    // the confirmation step is part of the contract
    const unconfirmed = await post('/api/v1/me/time-out', player, { days: 1 });
    expectError(unconfirmed, 'validation_error');
    expectError(
      await post('/api/v1/me/time-out', player, { days: 43, confirm: true }),
      'validation_error',
    );

    const now = clock.now();
    const taken = await post('/api/v1/me/time-out', player, { days: 1, confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const until = new Date(now.getTime() + dayMs).toISOString();
    expect(exclusionSchema.parse(taken.json())).toEqual({ kind: 'time_out', until });
    expect(taken.cookies.find((cookie) => cookie.name === 'session')?.value).toBe('');
    // both sessions ended (their realtime connections close at commit)
    expect(await me(player)).toBe(401);
    expect(await me(other)).toBe(401);

    // sign-in: 403 with the end; a wrong password still answers as a wrong password
    expect(refusal(await signIn(player), 'timed_out')).toEqual({
      until,
      reopenable: false,
      reopensAt: null,
      registry: null,
    });
    expectError(
      await post('/api/v1/auth/login', null, { email: player.email, password: 'wrong password!!' }),
      'invalid_credentials',
    );

    // an admin on the player's behalf: the same end is no lengthening, a week is
    const path = `/api/backoffice/v1/players/${player.globalId}/exclusions`;
    const same = await post(path, admin, { kind: 'time_out', days: 1 });
    expect(expectError(same, 'exclusion_not_shortenable').payload).toEqual({
      kind: 'time_out',
      until,
    });
    const week = await post(path, admin, { kind: 'time_out', days: 7 });
    expect(week.statusCode, week.body).toBe(200);
    const weekUntil = new Date(now.getTime() + 7 * dayMs).toISOString();
    expect(refusal(await signIn(player), 'timed_out').until).toBe(weekUntil);
    // support may read, not set
    const support = await createOperator(testApp.app, 'support');
    expect((await post(path, support, { kind: 'time_out', days: 9 })).statusCode).toBe(403);
    const view = await exclusionsOf(player, support);
    expect(view.current).toMatchObject({
      kind: 'time_out',
      until: weekUntil,
      startedAt: now.toISOString(),
      setBy: 'operator',
    });
    expect(view.history.map((entry) => [entry.action, entry.setBy, entry.until])).toEqual([
      ['lengthened', 'operator', weekUntil],
      ['started', 'player', until],
    ]);
    expect(view.history[0]?.operatorId).toBe(view.current?.operatorId);
    const audited = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'player.exclusion.set')
      .where('target_id', '=', player.globalId)
      .execute();
    expect(audited).toHaveLength(1);

    // a week later it simply ends: sign-in works, the end is recorded
    clock.advance(7 * dayMs);
    await signInOperator();
    const back = await signIn(player);
    expect(back.statusCode, back.body).toBe(200);
    const after = await exclusionsOf(player);
    expect(after.current).toBeNull();
    expect(after.history[0]).toMatchObject({ action: 'ended', kind: 'time_out' });
  });

  test('a self-exclusion ends on the calendar date, cannot be shortened or lifted, and after it an explicit request reopens the account 24 hours later', async () => {
    const player = await newPlayer();
    const now = clock.now();
    const taken = await post('/api/v1/me/self-exclusion', player, {
      period: '6m',
      confirm: true,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const until = addCalendarMonths(now, 6);
    expect(taken.json()).toEqual({ kind: 'self_exclusion', until: until.toISOString() });
    expect(await me(player)).toBe(401);
    expect(refusal(await signIn(player), 'self_excluded')).toEqual({
      until: until.toISOString(),
      reopenable: false,
      reopensAt: null,
      registry: null,
    });
    const path = `/api/backoffice/v1/players/${player.globalId}/exclusions`;
    // no time-out instead, no shorter one; reopening early is refused with the end
    expectError(
      await post(path, admin, { kind: 'time_out', days: 42 }),
      'exclusion_not_shortenable',
    );
    const credentials = { email: player.email, password: player.password };
    expect(
      refusal(await post('/api/v1/auth/reopen', null, credentials), 'self_excluded').until,
    ).toBe(until.toISOString());
    expectError(
      await post('/api/v1/auth/reopen', null, { ...credentials, password: 'wrong password!!' }),
      'invalid_credentials',
    );

    // past its end the account stays closed until asked
    clock.advance(until.getTime() - now.getTime());
    await signInOperator();
    expect(refusal(await signIn(player), 'self_excluded')).toMatchObject({
      until: until.toISOString(),
      reopenable: true,
      reopensAt: null,
    });
    const asked = await post('/api/v1/auth/reopen', null, credentials);
    expect(asked.statusCode, asked.body).toBe(200);
    const reopensAt = new Date(clock.now().getTime() + dayMs).toISOString();
    expect(asked.json()).toEqual({ reopensAt });
    clock.advance(hourMs());
    expect((await post('/api/v1/auth/reopen', null, credentials)).json()).toEqual({ reopensAt });
    expect(refusal(await signIn(player), 'self_excluded')).toMatchObject({
      reopenable: false,
      reopensAt,
    });
    clock.advance(dayMs - hourMs());
    await signInOperator();
    const back = await signIn(player);
    expect(back.statusCode, back.body).toBe(200);
    expectError(await post('/api/v1/auth/reopen', null, credentials), 'account_not_reopenable');
    expect((await exclusionsOf(player)).history.map((entry) => entry.action)).toEqual([
      'reopened',
      'reopen_requested',
      'started',
    ]);
  });

  test('an indefinite self-exclusion has no end and cannot be replaced by a shorter one', async () => {
    const player = await newPlayer();
    const taken = await post('/api/v1/me/self-exclusion', player, {
      period: 'indefinite',
      confirm: true,
    });
    expect(taken.json()).toEqual({ kind: 'self_exclusion', until: null });
    expect(refusal(await signIn(player), 'self_excluded').until).toBeNull();
    const path = `/api/backoffice/v1/players/${player.globalId}/exclusions`;
    expectError(
      await post(path, admin, { kind: 'self_exclusion', period: '5y' }),
      'exclusion_not_shortenable',
    );
    clock.advance(3 * 365 * dayMs);
    await signInOperator();
    expect(refusal(await signIn(player), 'self_excluded')).toMatchObject({
      until: null,
      reopenable: false,
    });
  });
});

function hourMs(): number {
  return 3_600_000;
}

/**
 * An exclusion committed while the player's requests were on their way: the row as the service
 * writes it, the sessions not (yet) ended, so each path's own check is what refuses.
 */
async function excludedWithOpenSession(player: Player): Promise<void> {
  const now = clock.now();
  await testApp.db
    .insertInto('player_exclusions')
    .values({
      user_id: player.userId,
      kind: 'time_out',
      started_at: now,
      until: new Date(now.getTime() + dayMs),
      operator_id: null,
      reopens_at: null,
      updated_at: now,
    })
    .execute();
}

function dice(player: SignedIn, bet: string) {
  return post(
    `/api/v2/games/${diceId}/rounds`,
    player,
    { bet, params: { target: 50.5, direction: 'over' } },
    true,
  );
}

let matches = 0;
async function preMatch() {
  matches += 1;
  const feedId = `sr:match:rgx-${matches}-${randomUUID().slice(0, 6)}`;
  const market = await preMatchOneXTwo(testApp, feedId);
  const single = (stake: string): PlaceSportBetBody => ({
    type: 'single',
    stake,
    oddsChange: 'none',
    selections: [{ ...market, outcomeId: '1', odds: '2.10' }],
  });
  return {
    feedId,
    place: (player: SignedIn, stake: string) =>
      post('/api/v2/sport/bets', player, single(stake), true),
  };
}

describe('every money path refuses an excluded player', () => {
  test('deposits (fiat order, crypto address, crypto-bot invoice), stakes (originals on both paths, sport tickets through the batch) and promotions', async () => {
    const player = await newPlayer(usd('100'));
    const control = await newPlayer(usd('100'));
    // warm the instant paths: this process keeps both players' contexts, no exclusion in them
    const match = await preMatch();
    for (const who of [player, control]) {
      expect((await dice(who, '1')).statusCode).toBe(200);
      expect((await dice(who, '1')).statusCode).toBe(200);
      expect((await match.place(who, '1')).statusCode).toBe(201);
    }
    const before = await mainBalance(player);
    await excludedWithOpenSession(player);

    const fiat = { amount: '50', bankId: 'wise-usd', externalFields: { email: 'p@example.com' } };
    refusal(await post('/api/v2/wallet/orders/buy', player, fiat, true), 'timed_out');
    refusal(await crypto.depositCall(player, { currency: 'USDTTRC20' }), 'timed_out');
    refusal(
      await crypto.depositCall(player, {
        currency: 'USDTTRC20',
        amount: '5',
        provider: 'cryptobot',
      }),
      'timed_out',
    );
    refusal(await dice(player, '1'), 'timed_out');
    refusal(await match.place(player, '1'), 'timed_out');
    // promotions: a promo code is not for them (the control player reaches the code's lookup)
    const code = { code: `NOPE${randomUUID().slice(0, 6)}` };
    expectError(
      await post('/api/v2/promocodes/activate', player, code, true),
      'promo_code_not_eligible',
    );
    expectError(
      await post('/api/v2/promocodes/activate', control, code, true),
      'promo_code_not_found',
    );
    expect(await testApp.app.services.limits.isMarketingSuppressed(player.userId)).toBe(true);
    expect(await testApp.app.services.limits.isMarketingSuppressed(control.userId)).toBe(false);

    // nothing moved; the control player goes on
    expect(await mainBalance(player)).toBe(before);
    expect((await post('/api/v2/wallet/orders/buy', control, fiat, true)).statusCode).toBe(200);
    expect((await dice(control, '1')).statusCode).toBe(200);
    expect((await match.place(control, '1')).statusCode).toBe(201);
    await expectLedgerConsistent();
  });

  test('provider bets: the seamless wallet answers RS_ERROR_USER_DISABLED during a time-out; the open round’s win still applies', async () => {
    const provider: TestProvider = await createProvider(testApp, admin);
    const { gameCode, gameId } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(usd('100'));
    const { token } = await launch(
      testApp,
      { userId: player.userId, globalId: player.globalId, session: player },
      gameId,
      'USD',
    );
    const bet = (amount: number, round: string = randomUUID()) =>
      betRequest({
        user: player.userId,
        token,
        transaction_uuid: randomUUID(),
        round,
        game_code: gameCode,
        currency: 'USD',
        amount,
      });
    const open = bet(1_000_000); // 10.00 USD
    expect((await walletCall(testApp, provider, '/transaction/bet', open)).body.status).toBe(
      'RS_OK',
    );

    const taken = await post('/api/v1/me/time-out', player, { days: 1, confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const refused = await walletCall(testApp, provider, '/transaction/bet', bet(100_000));
    expect(refused.body.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await mainBalance(player)).toBe(usd('90'));
    const won = await walletCall(testApp, provider, '/transaction/win', {
      ...bet(2_000_000, String(open.round)),
      reference_transaction_uuid: open.transaction_uuid,
      round_closed: true,
    });
    expect(won.body.status).toBe('RS_OK');
    expect(await mainBalance(player)).toBe(usd('110'));
    await expectLedgerConsistent();
  });

  test('an open sport ticket still settles after a self-exclusion', async () => {
    const player = await newPlayer(usd('100'));
    const match = await preMatch();
    const placed = await match.place(player, '10');
    expect(placed.statusCode, placed.body).toBe(201);
    const taken = await post('/api/v1/me/self-exclusion', player, { period: '1y', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const settlement: FeedMessage = {
      type: 'bet_settlement',
      producer: 'live',
      eventId: match.feedId,
      version: 2,
      certainty: 2,
      markets: [
        {
          typeId: 1,
          specifiers: {},
          outcomes: [
            { id: '1', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
            { id: 'X', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
            { id: '2', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          ],
        },
      ],
      timestamp: 20_000,
    };
    await testApp.app.services.sportsbook.ingestion.apply(settlement);
    await testApp.app.services.sportsbook.settlementWorker.idle();
    await testApp.app.services.sportsbook.settlement.settlePending();
    expect(await mainBalance(player)).toBe(usd('90') + usd('21'));
    await expectLedgerConsistent();
  });

  test('deposits arriving during a self-exclusion (a crypto transfer, an order approved late) are credited and flagged, and grant no deposit bonus', async () => {
    const player = await newPlayer();
    const control = await newPlayer();
    const address = await crypto.address(player, 'USDTTRC20');
    const orders = [
      await world.createDeposit(player, '100'),
      await world.createDeposit(control, '100'),
    ];
    const taken = await post('/api/v1/me/self-exclusion', player, { period: '6m', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    // a first-deposit welcome offer, for this test only
    await world.createOffer({
      type: 'welcome',
      minDepositNumber: 1,
      amountMultiplier: 1,
      maxAmountUsd: '500',
      wager: 0.1,
      maxAmountMultiplier: 0.5,
      wagerMaxBetUsd: '2',
      minDepositUsd: '10',
      deadlineHours: 24,
    });
    try {
      for (const order of orders) {
        const approved = await world.approve(order);
        expect(approved.statusCode, approved.body).toBe(200);
      }
      const credited = await crypto.report({
        currency: 'USDTTRC20',
        txHash: randomBytes(32).toString('hex'),
        outputIndex: 0,
        address: address.address,
        amount: '50',
        confirmations: 100,
      });
      expect(credited.status).toBe('credited');
    } finally {
      await world.disableOffers(['welcome']);
    }
    expect(await mainBalance(player)).toBe(usd('150'));
    expect(await mainBalance(control)).toBe(usd('100'));
    const bonusesOf = async (who: Player) =>
      (
        await testApp.db
          .selectFrom('user_bonuses')
          .select('id')
          .where('user_id', '=', who.userId)
          .execute()
      ).length;
    expect(await bonusesOf(control)).toBe(1);
    expect(await bonusesOf(player)).toBe(0);
    const flags = await testApp.db
      .selectFrom('player_protection_flags')
      .select(['user_id', 'kind', 'details'])
      .where('user_id', 'in', [player.userId, control.userId])
      .orderBy('id')
      .execute();
    expect(flags).toEqual([
      {
        user_id: player.userId,
        kind: 'deposit_while_excluded',
        details: expect.objectContaining({ currency: 'USD', amount: '100.00' }),
      },
      {
        user_id: player.userId,
        kind: 'deposit_while_excluded',
        details: expect.objectContaining({ currency: 'USD', amount: '50.00' }),
      },
    ]);
    await expectLedgerConsistent();
  });
});

describe('withdrawals', () => {
  test('sign-in stays refused; a withdrawal asked before the self-exclusion is still paid out by the operator', async () => {
    const player = await newPlayer(usd('100'));
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: {
        firstName: 'Anna',
        lastName: 'Smith',
        gender: 'female',
        dateOfBirth: '1990-05-01',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const asked = await post(
      '/api/v1/wallet/txns/withdraw',
      player,
      { currency: 'USDTTRC20', amount: '20', address: 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK' },
      true,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const { id } = asked.json() as { id: string };
    const taken = await post('/api/v1/me/self-exclusion', player, { period: '1y', confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    refusal(await signIn(player), 'self_excluded');
    const completed = await post(
      `/api/backoffice/v1/crypto/withdrawals/${id}/complete`,
      admin,
      { txHash: 'b'.repeat(64) },
      true,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(
      await testApp.db
        .selectFrom('crypto_withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed' });
    await expectLedgerConsistent();
  });
});

describe('the national self-exclusion registry (sandbox)', () => {
  test('a listed e-mail cannot sign up; a listed player (e-mail and date of birth) cannot sign in', async () => {
    const listed = uniqueEmail('listed');
    await testApp.db.insertInto('rg_registry_sandbox_entries').values({ email: listed }).execute();
    const signUp = await post('/api/v1/auth/register', null, {
      email: listed.toUpperCase(),
      password: 'correct horse battery',
    });
    expect(refusal(signUp, 'self_excluded')).toEqual({
      until: null,
      reopenable: false,
      reopensAt: null,
      registry: 'national',
    });
    expect(
      await testApp.db.selectFrom('users').select('id').where('email', '=', listed).execute(),
    ).toEqual([]);

    const player = await newPlayer();
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: {
        firstName: 'Anna',
        lastName: 'Smith',
        gender: 'female',
        dateOfBirth: '1990-05-01',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // an entry with another birth date does not list them
    await testApp.db
      .insertInto('rg_registry_sandbox_entries')
      .values({ email: player.email, date_of_birth: '1991-05-01' })
      .execute();
    expect((await signIn(player)).statusCode).toBe(200);
    await testApp.db
      .insertInto('rg_registry_sandbox_entries')
      .values({ email: player.email, date_of_birth: '1990-05-01' })
      .execute();
    expect(refusal(await signIn(player), 'self_excluded').registry).toBe('national');
  });
});
