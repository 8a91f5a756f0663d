import {
  backofficeWheelPrizesSchema,
  fairnessStateSchema,
  serverSeedHash,
  wheelPrizesSchema,
  wheelSpinIndex,
  wheelSpinResultSchema,
  wheelStatusSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/** A minute before a UTC midnight, so a test can cross into the next day. */
const clock = manualClock(new Date('2026-11-21T23:59:00Z'));
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function key(): { 'idempotency-key': string } {
  keyCounter += 1;
  return { 'idempotency-key': `wheel-key-${keyCounter}` };
}

type PrizeRow = {
  amountUsd: string;
  balanceType: 'main' | 'other';
  weight: number;
  promoCode?: string | null;
};

async function setPrizes(items: PrizeRow[]) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/wheel/prizes',
    headers: bearer(admin),
    payload: { items },
  });
  expect(response.statusCode, response.body).toBe(200);
  return backofficeWheelPrizesSchema.parse(response.json());
}

function spin(player: SignedIn, headers: Record<string, string> = key()) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/turbine_of_luck',
    headers: { ...bearer(player), ...headers },
  });
}

async function status(player: SignedIn) {
  const response = await testApp.app.inject({
    url: '/api/v2/turbine_of_luck/user',
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return wheelStatusSchema.parse(response.json());
}

/** Ledger transactions of `type` that moved money of this player. */
async function postingsOf(userId: string, type: string) {
  return await testApp.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.external_reference', 'p.amount_minor', 'a.currency', 'a.kind'])
    .where('t.type', '=', type)
    .where('a.user_id', '=', userId)
    .execute();
}

async function setPrimaryCurrency(player: SignedIn, primary: string) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { currency: { primary } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the prize list', () => {
  test('is public: guests get USD, players their primary currency rounded down', async () => {
    await setPrizes([
      { amountUsd: '0', balanceType: 'main', weight: 10 },
      { amountUsd: '0.5', balanceType: 'main', weight: 10 },
      { amountUsd: '2', balanceType: 'other', weight: 5 },
      { amountUsd: '10', balanceType: 'main', weight: 1 },
    ]);
    const guest = await testApp.app.inject({ url: '/api/v2/turbine_of_luck/prizes' });
    expect(guest.statusCode, guest.body).toBe(200);
    const guestPrizes = wheelPrizesSchema.parse(guest.json());
    expect(
      guestPrizes.map(({ amount, currency, balanceType }) => [amount, currency, balanceType]),
    ).toEqual([
      ['0.00', 'USD', 'main'],
      ['0.50', 'USD', 'main'],
      ['2.00', 'USD', 'other'],
      ['10.00', 'USD', 'main'],
    ]);

    // seeded rates: 1 EUR = 1.16 USD (1 USD = 0.8620689… EUR), 1 USD = 81.5 RUB
    const euro = await registerPlayer(testApp.app);
    await setPrimaryCurrency(euro, 'EUR');
    const ruble = await registerPlayer(testApp.app);
    await setPrimaryCurrency(ruble, 'RUB');
    const amounts = async (player: SignedIn) => {
      const response = await testApp.app.inject({
        url: '/api/v2/turbine_of_luck/prizes',
        headers: bearer(player),
      });
      expect(response.statusCode, response.body).toBe(200);
      return wheelPrizesSchema
        .parse(response.json())
        .map((prize) => `${prize.amount} ${prize.currency}`);
    };
    expect(await amounts(euro)).toEqual(['0.00 EUR', '0.43 EUR', '1.72 EUR', '8.62 EUR']);
    expect(await amounts(ruble)).toEqual(['0.00 RUB', '40.75 RUB', '163.00 RUB', '815.00 RUB']);
    // the ids are the operator's prizes, in wheel order
    expect(guestPrizes.map((prize) => prize.id)).toEqual(
      (await currentPrizes()).items.map((prize) => prize.id),
    );
  });

  test('is empty when the wheel is off; nobody can spin then', async () => {
    await setPrizes([]);
    const prizes = await testApp.app.inject({ url: '/api/v2/turbine_of_luck/prizes' });
    expect(prizes.json()).toEqual([]);
    const player = await registerPlayer(testApp.app);
    expect((await status(player)).isAvailable).toBe(false);
    expectError(await spin(player), 'turbine_not_available');
  });
});

/** The current table as the operator sees it. */
async function currentPrizes() {
  const response = await testApp.app.inject({
    url: '/api/backoffice/v1/wheel/prizes',
    headers: bearer(admin),
  });
  return backofficeWheelPrizesSchema.parse(response.json());
}

describe('spinning', () => {
  test('a main prize is credited once; the wheel closes until the next UTC midnight', async () => {
    await setPrizes([{ amountUsd: '5', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const before = await status(player);
    expect(before).toEqual({ isAvailable: true, nextAt: '2026-11-22T00:00:00.000Z' });

    const first = await spin(player);
    expect(first.statusCode, first.body).toBe(200);
    const result = wheelSpinResultSchema.parse(first.json());
    expect(result).toMatchObject({
      amount: '5.00',
      currency: 'USD',
      balanceType: 'main',
      promo: null,
      nonce: 0,
    });
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(500n);
    expect(await postingsOf(userId, 'wheel_prize')).toEqual([
      { external_reference: result.id, amount_minor: 500n, currency: 'USD', kind: 'main' },
    ]);
    expect(await status(player)).toEqual({
      isAvailable: false,
      nextAt: '2026-11-22T00:00:00.000Z',
    });
    const again = expectError(await spin(player), 'turbine_not_available');
    expect(again.message).toBe('Turbine of luck is not available');

    clock.advance(2 * minuteMs);
    expect(await status(player)).toEqual({
      isAvailable: true,
      nextAt: '2026-11-23T00:00:00.000Z',
    });
    const nextDay = await spin(player);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect(wheelSpinResultSchema.parse(nextDay.json()).nonce).toBe(1);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_000n);
    expect((await status(player)).isAvailable).toBe(false);
  });

  test('20 concurrent spins: one is paid, the others answer turbine_not_available', async () => {
    await setPrizes([{ amountUsd: '5', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(player)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(refused, 'turbine_not_available');
    }
    const result = wheelSpinResultSchema.parse(paid[0]?.json());
    expect(await postingsOf(userId, 'wheel_prize')).toEqual([
      { external_reference: result.id, amount_minor: 500n, currency: 'USD', kind: 'main' },
    ]);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(500n);
    const spins = await testApp.db
      .selectFrom('wheel_spins')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(spins).toEqual([{ id: result.id }]);
    // the refused spins rolled their nonce back: only one was taken
    const fairness = await testApp.app.inject({ url: '/api/v2/fairness', headers: bearer(player) });
    expect(fairnessStateSchema.parse(fairness.json()).nonce).toBe(1);
  });

  test('20 concurrent spins with an other-balance prize: exactly one wheel bonus', async () => {
    await setPrizes([{ amountUsd: '2', balanceType: 'other', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    await setPrimaryCurrency(player, 'EUR');
    const userId = await userIdOf(testApp, player);
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(player)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(refused, 'turbine_not_available');
    }
    const result = wheelSpinResultSchema.parse(paid[0]?.json());
    // 2 USD in euros at 1 EUR = 1.16 USD, a bonus with the wheel offer's conditions (×3, 72 h)
    expect(result).toMatchObject({ amount: '1.72', currency: 'EUR', balanceType: 'other' });
    const bonuses = await testApp.db
      .selectFrom('user_bonuses')
      .select([
        'id',
        'type',
        'status',
        'currency',
        'amount_minor',
        'wager_total_minor',
        'reference',
      ])
      .where('user_id', '=', userId)
      .execute();
    expect(bonuses).toEqual([
      {
        id: expect.any(String),
        type: 'wheel',
        status: 'active',
        currency: 'EUR',
        amount_minor: 172n,
        wager_total_minor: 516n,
        reference: result.id,
      },
    ]);
    expect(await postingsOf(userId, 'bonus_grant')).toEqual([
      { external_reference: bonuses[0]?.id, amount_minor: 172n, currency: 'EUR', kind: 'bonus' },
    ]);
    expect(await postingsOf(userId, 'wheel_prize')).toEqual([]);
    expect(await testApp.app.services.ledger.balance(userId, 'EUR', 'bonus')).toBe(172n);
    expect(await testApp.app.services.ledger.balance(userId, 'EUR', 'main')).toBe(0n);
    const spinRow = await testApp.db
      .selectFrom('wheel_spins')
      .select(['user_bonus_id', 'currency', 'amount_minor'])
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(spinRow).toEqual({ user_bonus_id: bonuses[0]?.id, currency: 'EUR', amount_minor: 172n });
  });

  test('a prize in another currency is converted at the rate in force, rounded down', async () => {
    await setPrizes([{ amountUsd: '2', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    await setPrimaryCurrency(player, 'EUR');
    const userId = await userIdOf(testApp, player);
    const response = await spin(player);
    expect(response.statusCode, response.body).toBe(200);
    expect(wheelSpinResultSchema.parse(response.json())).toMatchObject({
      amount: '1.72',
      currency: 'EUR',
    });
    expect(await testApp.app.services.ledger.balance(userId, 'EUR', 'main')).toBe(172n);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(0n);
  });

  test('a zero prize moves no money but uses the day’s spin', async () => {
    await setPrizes([
      { amountUsd: '0', balanceType: 'main', weight: 1, promoCode: null },
      { amountUsd: '100', balanceType: 'main', weight: 0 },
    ]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const response = await spin(player);
    expect(response.statusCode, response.body).toBe(200);
    expect(wheelSpinResultSchema.parse(response.json())).toMatchObject({
      amount: '0.00',
      balanceType: 'main',
    });
    expect(await postingsOf(userId, 'wheel_prize')).toEqual([]);
    expect(await testApp.app.services.ledger.balances(userId)).toEqual([]);
    expectError(await spin(player), 'turbine_not_available');
  });

  test('a repeated Idempotency-Key replays the spin instead of refusing it', async () => {
    await setPrizes([{ amountUsd: '1', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const headers = key();
    const first = await spin(player, headers);
    const replay = await spin(player, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(100n);
  });

  test('players must sign in and send an Idempotency-Key', async () => {
    expectError(await testApp.app.inject({ url: '/api/v2/turbine_of_luck/user' }), 'unauthorized');
    expectError(
      await testApp.app.inject({ method: 'POST', url: '/api/v2/turbine_of_luck' }),
      'unauthorized',
    );
    const player = await registerPlayer(testApp.app);
    const missingKey = expectError(await spin(player, {}), 'validation_error');
    expect(missingKey.payload).toEqual({
      fields: [{ field: 'Idempotency-Key', message: 'Validation.required' }],
    });
  });
});

describe('provable fairness', () => {
  test('each spin is recomputed from the revealed seed, its nonce and the weights', async () => {
    const table = await setPrizes([
      { amountUsd: '0', balanceType: 'main', weight: 40 },
      { amountUsd: '0.5', balanceType: 'main', weight: 30 },
      { amountUsd: '1', balanceType: 'main', weight: 20 },
      { amountUsd: '2', balanceType: 'main', weight: 7 },
      { amountUsd: '5', balanceType: 'main', weight: 3 },
    ]);
    const weights = table.items.map((prize) => prize.weight);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const seedResponse = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/fairness/client-seed',
      headers: bearer(player),
      payload: { clientSeed: 'my-wheel-seed' },
    });
    expect(seedResponse.statusCode, seedResponse.body).toBe(200);

    const results = [];
    for (let day = 0; day < 8; day += 1) {
      const response = await spin(player);
      expect(response.statusCode, response.body).toBe(200);
      results.push(wheelSpinResultSchema.parse(response.json()));
      clock.advance(dayMs);
    }
    expect(results.map((result) => result.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(results.map((result) => result.serverSeedHash)).size).toBe(1);

    const rotated = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/fairness/rotate',
      headers: bearer(player),
    });
    const revealed = fairnessStateSchema.parse(rotated.json()).previous;
    if (!revealed) throw new Error('the rotation revealed no seed');
    expect(serverSeedHash(revealed.serverSeed)).toBe(results[0]?.serverSeedHash);

    let creditedMinor = 0n;
    for (const result of results) {
      expect(result.clientSeed).toBe('my-wheel-seed');
      const index = wheelSpinIndex(
        { serverSeed: revealed.serverSeed, clientSeed: result.clientSeed, nonce: result.nonce },
        weights,
      );
      const prize = table.items[index];
      expect(result.prizeId).toBe(prize?.id);
      expect(result.amount).toBe(Number(prize?.amountUsd).toFixed(2));
      creditedMinor += BigInt(result.amount.replace('.', ''));
    }
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(creditedMinor);
    // the table the spin used is stored with it: weights, USD cents and balance types
    const stored = await testApp.db
      .selectFrom('wheel_spins')
      .select('weights')
      .where('id', '=', results[0]?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(stored.weights).toEqual(
      table.items.map((prize) => ({
        prizeId: prize.id,
        weight: prize.weight,
        amountUsdMinor: String(Math.round(Number(prize.amountUsd) * 100)),
        balanceType: prize.balanceType,
      })),
    );
  });
});
