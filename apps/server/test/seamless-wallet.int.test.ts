import { randomUUID, sign, verify } from 'node:crypto';
import { providerRoundsPageSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type BetFields,
  betRequest,
  createProvider,
  fund,
  generateProviderKeys,
  launch,
  newPlayer,
  registerGame,
  type TestPlayer,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const clock = manualClock(new Date('2026-11-20T12:00:00Z'));
let testApp: TestApp;
let admin: SignedIn;
let provider: TestProvider;
let gameCode: string;
let gameId: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  provider = await createProvider(testApp, admin);
  ({ gameId, gameCode } = await registerGame(testApp, admin, provider));
});
afterAll(async () => {
  await testApp?.close();
});

/** A funded player with a fresh session token for the test game. */
async function playing(currency = 'USD', amountMinor = 10_000n) {
  const player = await newPlayer(testApp);
  if (amountMinor > 0n) await fund(testApp, player.userId, currency, amountMinor);
  const { token } = await launch(testApp, player, gameId, currency);
  return { player, token };
}

function bet(
  player: TestPlayer,
  token: string,
  overrides: Partial<BetFields> & Record<string, unknown> = {},
) {
  return betRequest({
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    game_code: gameCode,
    currency: 'USD',
    amount: 100_000,
    ...overrides,
  });
}

function win(
  player: TestPlayer,
  token: string,
  placed: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  return {
    ...bet(player, token),
    round: placed.round,
    currency: placed.currency,
    reference_transaction_uuid: placed.transaction_uuid,
    amount: 250_000,
    round_closed: true,
    ...overrides,
  };
}

function rollback(
  player: TestPlayer,
  token: string,
  referenceTransactionUuid: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    request_uuid: randomUUID(),
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: referenceTransactionUuid,
    game_code: gameCode,
    ...overrides,
  };
}

async function mainBalance(player: TestPlayer, currency = 'USD'): Promise<bigint> {
  return await testApp.app.services.ledger.balance(player.userId, currency, 'main');
}

async function ban(player: TestPlayer) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/players/${player.globalId}/ban`,
    headers: bearer(admin),
    payload: { reason: 'bonus_abuse' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('balance and player details', () => {
  test('answers the ledger balance in 1/100000 units, signed with our key', async () => {
    const { player, token } = await playing('USD', 1_234n);
    const request = { request_uuid: randomUUID(), user: player.userId, token, game_code: gameCode };
    const { response, body } = await walletCall(testApp, provider, '/user/balance', request);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({
      status: 'RS_OK',
      request_uuid: request.request_uuid,
      user: player.userId,
      currency: 'USD',
      balance: 1_234_000,
    });
    const signature = response.headers['x-hub88-signature'];
    expect(typeof signature).toBe('string');
    expect(
      verify(
        'sha256',
        Buffer.from(response.body),
        provider.account.ourPublicKey,
        Buffer.from(String(signature), 'base64'),
      ),
    ).toBe(true);
  });

  test('user/info describes a player who launched the provider’s game', async () => {
    const { player, token } = await playing();
    const withToken = await walletCall(testApp, provider, '/user/info', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
    });
    expect(withToken.body).toMatchObject({ status: 'RS_OK', user: player.userId, tags: [] });
    const withoutToken = await walletCall(testApp, provider, '/user/info', {
      request_uuid: randomUUID(),
      user: player.userId,
    });
    expect(withoutToken.body.status).toBe('RS_OK');
    const stranger = await newPlayer(testApp);
    const unknown = await walletCall(testApp, provider, '/user/info', {
      request_uuid: randomUUID(),
      user: stranger.userId,
    });
    expect(unknown.body.status).toBe('RS_ERROR_UNKNOWN');
  });

  test('a finer currency shows its balance rounded down to 1/100000', async () => {
    const { player, token } = await playing('BTC', 123_456_789n);
    const { body } = await walletCall(testApp, provider, '/user/balance', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
    });
    expect(body).toMatchObject({ status: 'RS_OK', currency: 'BTC', balance: 123_456 });
    const placed = bet(player, token, { currency: 'BTC', amount: 3 });
    const debited = await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(debited.body).toMatchObject({ status: 'RS_OK', balance: 123_453 });
    expect(await mainBalance(player, 'BTC')).toBe(123_456_789n - 3_000n);
  });
});

describe('bets and wins', () => {
  test('a bet debits once; a repeat gets the very same answer; other fields are a duplicate', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token, { amount: 150_000 });
    const first = await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(first.body).toEqual({
      status: 'RS_OK',
      request_uuid: placed.request_uuid,
      user: player.userId,
      currency: 'USD',
      balance: 9_850_000,
    });
    const again = await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(again.response.body).toBe(first.response.body);
    const retried = await walletCall(testApp, provider, '/transaction/bet', {
      ...placed,
      request_uuid: randomUUID(),
    });
    expect(retried.body).toEqual({ ...first.body, request_uuid: retried.body.request_uuid });
    expect(await mainBalance(player)).toBe(9_850n);

    for (const changed of [
      { amount: 160_000 },
      { round: randomUUID() },
      { currency: 'EUR' },
      { game_code: 'another_game' },
    ]) {
      const duplicate = await walletCall(testApp, provider, '/transaction/bet', {
        ...placed,
        ...changed,
        request_uuid: randomUUID(),
      });
      expect(duplicate.body.status, JSON.stringify(changed)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    expect(await mainBalance(player)).toBe(9_850n);
  });

  test('a win credits once for a bet of the same round and player', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    expect((await walletCall(testApp, provider, '/transaction/bet', placed)).body.status).toBe(
      'RS_OK',
    );
    const otherRound = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, placed, { round: randomUUID() }),
    );
    expect(otherRound.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const paid = win(player, token, placed);
    const first = await walletCall(testApp, provider, '/transaction/win', paid);
    expect(first.body).toMatchObject({ status: 'RS_OK', balance: 10_150_000 });
    const again = await walletCall(testApp, provider, '/transaction/win', paid);
    expect(again.response.body).toBe(first.response.body);
    const changed = await walletCall(testApp, provider, '/transaction/win', {
      ...paid,
      amount: 999_000,
    });
    expect(changed.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await mainBalance(player)).toBe(10_150n);

    // a zero win closes a lost round and moves nothing
    const lost = bet(player, token);
    await walletCall(testApp, provider, '/transaction/bet', lost);
    const zero = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, lost, { amount: 0 }),
    );
    expect(zero.body).toMatchObject({ status: 'RS_OK', balance: 10_050_000 });
  });

  test('a win for a bet never seen is refused and can be sent again once the bet is there', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    const early = win(player, token, placed);
    const refused = await walletCall(testApp, provider, '/transaction/win', early);
    expect(refused.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    await walletCall(testApp, provider, '/transaction/bet', placed);
    const accepted = await walletCall(testApp, provider, '/transaction/win', early);
    expect(accepted.body).toMatchObject({ status: 'RS_OK', balance: 10_150_000 });
  });

  test('not enough money: refused with the balance, nothing moved, the same answer on a repeat', async () => {
    const { player, token } = await playing('USD', 250n);
    const placed = bet(player, token, { amount: 300_000 });
    const refused = await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(refused.body).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: placed.request_uuid,
      user: player.userId,
      currency: 'USD',
      balance: 250_000,
    });
    await fund(testApp, player.userId, 'USD', 1_000n);
    const repeated = await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(repeated.response.body).toBe(refused.response.body);
    expect(await mainBalance(player)).toBe(1_250n);
    // its rollback (a supplier rolls back failed bets) refunds nothing
    const cancelled = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, placed.transaction_uuid as string),
    );
    expect(cancelled.body).toMatchObject({ status: 'RS_OK', balance: 1_250_000 });
    expect(await mainBalance(player)).toBe(1_250n);
  });
});

describe('rollbacks', () => {
  test('a rollback refunds its bet exactly once, whatever rollbacks name it', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token, { amount: 400_000 });
    await walletCall(testApp, provider, '/transaction/bet', placed);
    expect(await mainBalance(player)).toBe(9_600n);
    const cancel = rollback(player, token, placed.transaction_uuid as string);
    const first = await walletCall(testApp, provider, '/transaction/rollback', cancel);
    expect(first.body).toMatchObject({ status: 'RS_OK', currency: 'USD', balance: 10_000_000 });
    const again = await walletCall(testApp, provider, '/transaction/rollback', cancel);
    expect(again.response.body).toBe(first.response.body);
    const another = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, placed.transaction_uuid as string),
    );
    expect(another.body).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    const otherReference = await walletCall(testApp, provider, '/transaction/rollback', {
      ...cancel,
      reference_transaction_uuid: randomUUID(),
    });
    expect(otherReference.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await mainBalance(player)).toBe(10_000n);
  });

  test('a rollback of an unknown bet moves nothing and refuses that bet when it comes late', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const late = bet(player, token);
    const cancel = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, late.transaction_uuid as string),
    );
    expect(cancel.body).toMatchObject({ status: 'RS_OK', currency: 'USD', balance: 10_000_000 });
    const refused = await walletCall(testApp, provider, '/transaction/bet', late);
    expect(refused.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const lateWin = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, late),
    );
    expect(lateWin.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainBalance(player)).toBe(10_000n);
  });

  test('a win after its bet was rolled back is refused', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    await walletCall(testApp, provider, '/transaction/bet', placed);
    await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, placed.transaction_uuid as string),
    );
    const refused = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, placed),
    );
    expect(refused.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainBalance(player)).toBe(10_000n);
  });

  test('a rollback of another player’s bet is refused', async () => {
    const owner = await playing('USD', 10_000n);
    const other = await playing('USD', 10_000n);
    const placed = bet(owner.player, owner.token);
    await walletCall(testApp, provider, '/transaction/bet', placed);
    const refused = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(other.player, other.token, placed.transaction_uuid as string),
    );
    expect(refused.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await mainBalance(owner.player)).toBe(9_900n);
    expect(await mainBalance(other.player)).toBe(10_000n);
  });
});

describe('free bets', () => {
  /** The stored row of a transaction_uuid and the ledger movements made under its reference. */
  async function recorded(transactionUuid: string) {
    const row = await testApp.db
      .selectFrom('seamless_transactions')
      .selectAll()
      .where('provider_id', '=', provider.account.id)
      .where('transaction_uuid', '=', transactionUuid)
      .executeTakeFirstOrThrow();
    const movements = await testApp.db
      .selectFrom('ledger_transactions')
      .select(['type', 'metadata'])
      .where('external_reference', '=', `${provider.account.id}:${transactionUuid}`)
      .execute();
    return { row, movements };
  }

  test('a free bet takes nothing, is recorded, and a repeat gets the first answer', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const rewardUuid = randomUUID();
    const free = bet(player, token, { amount: 500_000, is_free: true, reward_uuid: rewardUuid });
    const first = await walletCall(testApp, provider, '/transaction/bet', free);
    expect(first.body).toEqual({
      status: 'RS_OK',
      request_uuid: free.request_uuid,
      user: player.userId,
      currency: 'USD',
      balance: 10_000_000,
    });
    expect(await mainBalance(player)).toBe(10_000n);
    const { row, movements } = await recorded(free.transaction_uuid as string);
    expect(row).toMatchObject({
      kind: 'bet',
      state: 'applied',
      is_free: true,
      reward_uuid: rewardUuid,
      amount: 500_000n,
      amount_minor: 500n,
      ledger_transaction_id: null,
      bonus_id: null,
    });
    expect(movements).toEqual([]);

    const again = await walletCall(testApp, provider, '/transaction/bet', free);
    expect(again.response.body).toBe(first.response.body);
    // the same transaction_uuid as a paid bet is another request
    const paidDuplicate = await walletCall(testApp, provider, '/transaction/bet', {
      ...free,
      request_uuid: randomUUID(),
      is_free: false,
    });
    expect(paidDuplicate.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await mainBalance(player)).toBe(10_000n);

    // a paid bet still debits
    const paid = await walletCall(testApp, provider, '/transaction/bet', bet(player, token));
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: 9_900_000 });
    expect(await mainBalance(player)).toBe(9_900n);
  });

  test('a player with no money can play a free bet, and its win is credited through the ledger', async () => {
    const { player, token } = await playing('USD', 0n);
    const free = bet(player, token, { amount: 100_000, is_free: true });
    const placed = await walletCall(testApp, provider, '/transaction/bet', free);
    expect(placed.body).toMatchObject({ status: 'RS_OK', currency: 'USD', balance: 0 });

    const paid: Record<string, unknown> = win(player, token, free, { amount: 250_000 });
    const credited = await walletCall(testApp, provider, '/transaction/win', paid);
    expect(credited.body).toMatchObject({ status: 'RS_OK', balance: 250_000 });
    const again = await walletCall(testApp, provider, '/transaction/win', paid);
    expect(again.response.body).toBe(credited.response.body);
    expect(await mainBalance(player)).toBe(250n);
    const { movements } = await recorded(paid.transaction_uuid as string);
    expect(movements).toEqual([
      {
        type: 'provider_win',
        metadata: expect.objectContaining({
          betTransactionUuid: free.transaction_uuid,
          freeBet: true,
        }),
      },
    ]);
  });

  test('a rollback of a free bet refunds nothing, is recorded and marks the bet rolled back', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const free = bet(player, token, { amount: 500_000, is_free: true });
    await walletCall(testApp, provider, '/transaction/bet', free);
    const cancel = rollback(player, token, free.transaction_uuid as string);
    const first = await walletCall(testApp, provider, '/transaction/rollback', cancel);
    expect(first.body).toMatchObject({ status: 'RS_OK', currency: 'USD', balance: 10_000_000 });
    const again = await walletCall(testApp, provider, '/transaction/rollback', cancel);
    expect(again.response.body).toBe(first.response.body);
    expect(await mainBalance(player)).toBe(10_000n);

    const stored = await recorded(free.transaction_uuid as string);
    expect(stored.row).toMatchObject({
      state: 'rolled_back',
      rollback_ledger_transaction_id: null,
    });
    expect(stored.movements).toEqual([]);
    const cancelled = await recorded(cancel.transaction_uuid);
    expect(cancelled.row).toMatchObject({ kind: 'rollback', state: 'applied' });

    const lateWin = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, free),
    );
    expect(lateWin.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainBalance(player)).toBe(10_000n);
  });
});

describe('the player’s round history', () => {
  async function history(player: TestPlayer, query = '', id = gameId) {
    return await testApp.app.inject({
      url: `/api/v2/games/${id}/provider-rounds${query}`,
      headers: bearer(player.session),
    });
  }

  test('lists the player’s rounds newest first, a free bet marked, refused bets left out', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const step = async () => clock.advance(1_000);
    const paid = bet(player, token, { amount: 150_000, round: 'paid-round' });
    await walletCall(testApp, provider, '/transaction/bet', paid);
    await walletCall(testApp, provider, '/transaction/win', win(player, token, paid));
    await step();
    const free = bet(player, token, { amount: 500_000, is_free: true, round: '<b>free</b>' });
    await walletCall(testApp, provider, '/transaction/bet', free);
    await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, free, { amount: 1_200_000 }),
    );
    await step();
    const cancelled = bet(player, token, { amount: 300_000 });
    await walletCall(testApp, provider, '/transaction/bet', cancelled);
    await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, cancelled.transaction_uuid as string),
    );
    await step();
    const refused = bet(player, token, { amount: 100_000_000 });
    expect((await walletCall(testApp, provider, '/transaction/bet', refused)).body.status).toBe(
      'RS_ERROR_NOT_ENOUGH_MONEY',
    );
    await step();
    const open = bet(player, token, { amount: 200_000 });
    await walletCall(testApp, provider, '/transaction/bet', open);
    // another player's rounds are theirs alone
    const other = await playing('USD', 10_000n);
    await walletCall(testApp, provider, '/transaction/bet', bet(other.player, other.token));

    const response = await history(player, '?limit=10');
    expect(response.statusCode, response.body).toBe(200);
    const page = providerRoundsPageSchema.parse(response.json());
    expect(page.meta).toEqual({
      offset: 0,
      limit: 10,
      total: 4,
      totalCapped: false,
      nextCursor: null,
    });
    const base = { gameId, currency: 'USD' };
    expect(page.items).toEqual([
      {
        ...base,
        id: open.round,
        bet: '2.00',
        payout: '0.00',
        freeBet: false,
        state: 'open',
        createdAt: expect.any(String),
        settledAt: null,
      },
      {
        ...base,
        id: cancelled.round,
        bet: '3.00',
        payout: '0.00',
        freeBet: false,
        state: 'rolled_back',
        createdAt: expect.any(String),
        settledAt: null,
      },
      {
        ...base,
        id: '<b>free</b>',
        bet: '5.00',
        payout: '12.00',
        freeBet: true,
        state: 'settled',
        createdAt: expect.any(String),
        settledAt: expect.any(String),
      },
      {
        ...base,
        id: 'paid-round',
        bet: '1.50',
        payout: '2.50',
        freeBet: false,
        state: 'settled',
        createdAt: expect.any(String),
        settledAt: expect.any(String),
      },
    ]);
    const second = providerRoundsPageSchema.parse(
      (await history(player, '?limit=1&offset=1')).json(),
    );
    expect(second.items.map((item) => item.id)).toEqual([cancelled.round]);
    expect(second.meta).toMatchObject({ offset: 1, limit: 1, total: 4, totalCapped: false });
    // page by page after each page's cursor: the same rounds in the same order
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const next = providerRoundsPageSchema.parse(
        (await history(player, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json(),
      );
      expect(next.meta).toMatchObject({ offset: walked.length, total: 4 });
      walked.push(...next.items.map((item) => item.id));
      cursor = next.meta.nextCursor;
    } while (cursor !== null);
    expect(walked).toEqual(page.items.map((item) => item.id));
    // past the end: nothing, and the total is what there is
    expect(providerRoundsPageSchema.parse((await history(player, '?offset=9')).json())).toEqual({
      items: [],
      meta: { offset: 9, limit: 30, total: 4, totalCapped: false, nextCursor: null },
    });
  });

  test('needs a signed-in player, a provider game and a page within limits', async () => {
    const { player } = await playing('USD', 0n);
    const anonymous = await testApp.app.inject({ url: `/api/v2/games/${gameId}/provider-rounds` });
    expectError(anonymous, 'unauthorized');
    expectError(await history(player, '', 'orbit-dice'), 'not_found');
    expectError(await history(player, '?limit=1000'), 'validation_error');
    const empty = providerRoundsPageSchema.parse((await history(player)).json());
    expect(empty).toEqual({
      items: [],
      meta: { offset: 0, limit: 30, total: 0, totalCapped: false, nextCursor: null },
    });
    expectError(await history(player, '?cursor=not-a-cursor'), 'validation_error');
  });
});

describe('expired tokens and blocked players', () => {
  test('after the token expires balance and bets are refused, wins and rollbacks still settle', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    const toRefund = bet(player, token);
    await walletCall(testApp, provider, '/transaction/bet', placed);
    await walletCall(testApp, provider, '/transaction/bet', toRefund);
    clock.advance((provider.account.sessionTtlSeconds + 1) * 1000);

    const balance = await walletCall(testApp, provider, '/user/balance', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
    });
    expect(balance.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const info = await walletCall(testApp, provider, '/user/info', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
    });
    expect(info.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const refused = await walletCall(testApp, provider, '/transaction/bet', bet(player, token));
    expect(refused.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');

    const paid = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, placed),
    );
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: 10_050_000 });
    const refunded = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, toRefund.transaction_uuid as string),
    );
    expect(refunded.body).toMatchObject({ status: 'RS_OK', balance: 10_150_000 });
    expect(await mainBalance(player)).toBe(10_150n);
  });

  test('a banned player cannot bet, but wins and rollbacks are credited', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    const toRefund = bet(player, token);
    await walletCall(testApp, provider, '/transaction/bet', placed);
    await walletCall(testApp, provider, '/transaction/bet', toRefund);
    await ban(player);

    const refused = await walletCall(testApp, provider, '/transaction/bet', bet(player, token));
    expect(refused.body.status).toBe('RS_ERROR_USER_DISABLED');
    const balance = await walletCall(testApp, provider, '/user/balance', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
    });
    expect(balance.body.status).toBe('RS_ERROR_USER_DISABLED');
    const paid = await walletCall(
      testApp,
      provider,
      '/transaction/win',
      win(player, token, placed),
    );
    expect(paid.body).toMatchObject({ status: 'RS_OK', balance: 10_050_000 });
    const refunded = await walletCall(
      testApp,
      provider,
      '/transaction/rollback',
      rollback(player, token, toRefund.transaction_uuid as string),
    );
    expect(refunded.body).toMatchObject({ status: 'RS_OK', balance: 10_150_000 });
  });
});

describe('refused requests', () => {
  test('a bad or missing signature is refused before anything is read', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const placed = bet(player, token);
    const forged = await walletCall(testApp, provider, '/transaction/bet', placed, {
      signWith: generateProviderKeys().privateKeyPem,
    });
    expect(forged.body).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    const unsigned = await walletCall(testApp, provider, '/transaction/bet', placed, {
      signature: null,
    });
    expect(unsigned.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // signed, then changed on the way
    const text = JSON.stringify(placed);
    const { signature } = signedText(text);
    const tampered = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      text.replace('"amount":100000', '"amount":1000'),
      { signature },
    );
    expect(tampered.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await mainBalance(player)).toBe(10_000n);
  });

  test('unknown tokens, another player’s token and unknown providers', async () => {
    const { player, token } = await playing('USD', 10_000n);
    const other = await playing('USD', 10_000n);
    for (const path of ['/user/balance', '/transaction/bet'] as const) {
      const unknown = await walletCall(testApp, provider, path, bet(player, 'x'.repeat(43)));
      expect(unknown.body.status, path).toBe('RS_ERROR_INVALID_TOKEN');
      const foreign = await walletCall(testApp, provider, path, bet(player, other.token));
      expect(foreign.body.status, path).toBe('RS_ERROR_INVALID_TOKEN');
    }
    const noPartner = await testApp.app.inject({
      method: 'POST',
      url: '/api/seamless/no-such-provider/user/balance',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': 'AAAA' },
      payload: { request_uuid: randomUUID(), user: player.userId, token },
    });
    expect(noPartner.statusCode).toBe(200);
    expect(noPartner.json()).toEqual({ status: 'RS_ERROR_INVALID_PARTNER' });
    expect(await mainBalance(player)).toBe(10_000n);
  });

  test('a currency other than the session’s, amounts finer than a cent, malformed bodies', async () => {
    const { player, token } = await playing('USD', 10_000n);
    await fund(testApp, player.userId, 'EUR', 10_000n);
    const wrongCurrency = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      bet(player, token, { currency: 'EUR' }),
    );
    expect(wrongCurrency.body.status).toBe('RS_ERROR_WRONG_CURRENCY');
    const unknownCurrency = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      bet(player, token, { currency: 'XYZ' }),
    );
    expect(unknownCurrency.body.status).toBe('RS_ERROR_WRONG_CURRENCY');
    const fraction = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      bet(player, token, { amount: 100_001 }),
    );
    expect(fraction.body.status).toBe('RS_ERROR_WRONG_TYPES');
    const negative = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      bet(player, token, { amount: -100_000 }),
    );
    expect(negative.body.status).toBe('RS_ERROR_WRONG_TYPES');
    const { amount: _amount, ...missing } = bet(player, token);
    const incomplete = await walletCall(testApp, provider, '/transaction/bet', missing);
    expect(incomplete.body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const notJson = await walletCall(testApp, provider, '/transaction/bet', '{"amount":');
    expect(notJson.body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const unknownGame = await walletCall(
      testApp,
      provider,
      '/transaction/bet',
      bet(player, token, { game_code: 'not_this_providers' }),
    );
    expect(unknownGame.body.status).toBe('RS_ERROR_INVALID_GAME');
    expect(await mainBalance(player)).toBe(10_000n);
    expect(await mainBalance(player, 'EUR')).toBe(10_000n);
  });
});

test('the HMAC-SHA256 scheme verifies requests with the shared secret', async () => {
  const hmacProvider = await createProvider(testApp, admin, { scheme: 'hmac_sha256' });
  const game = await registerGame(testApp, admin, hmacProvider);
  const player = await newPlayer(testApp);
  await fund(testApp, player.userId, 'USD', 10_000n);
  const { token } = await launch(testApp, player, game.gameId);
  const placed = betRequest({
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    game_code: game.gameCode,
    currency: 'USD',
    amount: 100_000,
  });
  const accepted = await walletCall(testApp, hmacProvider, '/transaction/bet', placed);
  expect(accepted.body).toMatchObject({ status: 'RS_OK', balance: 9_900_000 });
  const forged = await walletCall(testApp, hmacProvider, '/transaction/bet', placed, {
    signature: Buffer.from('not the mac').toString('base64'),
  });
  expect(forged.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
  // an RSA signature is no use on an HMAC account
  const rsa = await walletCall(testApp, hmacProvider, '/transaction/bet', placed, {
    signWith: hmacProvider.privateKeyPem,
  });
  expect(rsa.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
  expect(await mainBalance(player)).toBe(9_900n);
});

test('every movement kept the ledger consistent', async () => {
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
  expect(report.transactions).toBeGreaterThan(0);
});

function signedText(text: string): { signature: string } {
  return {
    signature: sign('sha256', Buffer.from(text), provider.privateKeyPem).toString('base64'),
  };
}
