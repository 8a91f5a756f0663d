import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backofficeOrderSchema, fiatOrderSchema, fiatSellOrderSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
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

/**
 * ARCHITECTURE: balances are kept in the player's primary currency. A deposit in another
 * currency is converted at the rate in force (ledger exchange); a withdrawal in another
 * currency holds the primary-currency equivalent. Seeded rate: USD/RUB 81.5, so one ruble is
 * 0.01226993865030674846 USD (the inverse, cut at 20 decimals).
 */
const rubToUsd = '0.01226993865030674846';

let testApp: TestApp;
let admin: SignedIn;
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let keyCounter = 0;

function key(): { 'idempotency-key': string } {
  keyCounter += 1;
  return { 'idempotency-key': `exchange-key-${keyCounter}` };
}

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-exchange-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function send(app: TestApp, url: string, session: SignedIn, payload?: unknown) {
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...key() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function post(url: string, session: SignedIn, payload?: unknown) {
  return send(testApp, url, session, payload);
}

async function userIdOf(app: TestApp, player: RegisteredPlayer): Promise<string> {
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createBuy(player: SignedIn, bankId: string, amount: string) {
  const response = await post('/api/v2/wallet/orders/buy', player, { amount, bankId });
  expect(response.statusCode, response.body).toBe(200);
  return fiatOrderSchema.parse(response.json());
}

async function approve(orderId: string) {
  const response = await post(`/api/backoffice/v1/orders/${orderId}/approve`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return backofficeOrderSchema.parse(response.json());
}

async function billing(player: SignedIn) {
  const response = await testApp.app.inject({
    url: '/api/v1/me/billing',
    headers: bearer(player),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { countDeposit: number; sumDeposits: string };
}

async function hasDeposits(player: SignedIn): Promise<boolean> {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  return (response.json() as { hasDeposits: boolean }).hasDeposits;
}

async function completeProfile(app: TestApp, player: SignedIn) {
  const response = await app.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function expectCleanLedger() {
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
}

describe('deposits in another currency', () => {
  test('a RUB deposit of a USD player lands in USD at the rate, counted once in billing', async () => {
    const { ledger } = testApp.app.services;
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    expect(await hasDeposits(player)).toBe(false);
    const exchangeRubBefore = await ledger.platformBalance('RUB', 'exchange');
    const exchangeUsdBefore = await ledger.platformBalance('USD', 'exchange');

    const order = await createBuy(player, 'sber-rub', '1500');
    // ten approvals at once, then one more: the order completes, the money moves once
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/api/backoffice/v1/orders/${order.id}/approve`, admin),
      ),
    );
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    await approve(order.id);

    // 1500 RUB × 0.012269938… = 18.4049… USD, rounded down in the USD scale
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(1_840n);
    expect(await ledger.balance(userId, 'RUB', 'main')).toBe(0n);
    // the platform took the rubles and paid the dollars (keeping the 0.0049 remainder)
    expect((await ledger.platformBalance('RUB', 'exchange')) - exchangeRubBefore).toBe(150_000n);
    expect((await ledger.platformBalance('USD', 'exchange')) - exchangeUsdBefore).toBe(-1_840n);
    expect(await billing(player)).toEqual({ countDeposit: 1, sumDeposits: '18.40' });
    expect(await hasDeposits(player)).toBe(true);

    const row = await testApp.db
      .selectFrom('fiat_orders')
      .select(['credited_minor', 'balance_currency', 'balance_amount_minor', 'exchange_rate'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      credited_minor: 150_000n,
      balance_currency: 'USD',
      balance_amount_minor: 1_840n,
      exchange_rate: rubToUsd,
    });
    const exchanges = await testApp.db
      .selectFrom('ledger_transactions')
      .select(['metadata'])
      .where('type', '=', 'exchange')
      .where('external_reference', '=', `fiat_buy:${order.id}`)
      .execute();
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.metadata).toMatchObject({
      from: 'RUB',
      to: 'USD',
      rate: rubToUsd,
      fromAmount: '1500.00',
      toAmount: '18.40',
      orderId: order.id,
    });
    await expectCleanLedger();
  });

  test('a replayed credit neither converts nor counts a second time', async () => {
    const { ledger, wallet } = testApp.app.services;
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const order = await createBuy(player, 'sbp-rub', '1000');
    // the credit already exists (as if its first transaction had posted it): approving now
    // completes the order but must not exchange or count it again
    await ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: order.id,
      postings: [
        { account: playerAccount(userId, 'RUB', 'main'), amountMinor: 100_000n },
        { account: platformAccount('RUB', 'provider_clearing'), amountMinor: -100_000n },
      ],
    });
    const completed = await wallet.approve(null, order.id);
    expect(completed.status).toBe('completed');
    expect(await ledger.balance(userId, 'RUB', 'main')).toBe(100_000n);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(0n);
    expect(await billing(player)).toEqual({ countDeposit: 0, sumDeposits: '0.00' });
  });

  test('a deposit in the primary currency is credited as before and counted', async () => {
    const { ledger } = testApp.app.services;
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    await approve((await createBuy(player, 'visa-mastercard-usd', '250')).id);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(25_000n);
    const row = await testApp.db
      .selectFrom('fiat_orders')
      .select(['balance_currency', 'exchange_rate'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ balance_currency: null, exchange_rate: null });

    // a RUB player's RUB deposit stays in RUB; the billing sum is its USD value
    const rubPlayer = await registerPlayer(testApp.app);
    const rubUserId = await userIdOf(testApp, rubPlayer);
    const switched = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(rubPlayer),
      payload: { currency: { primary: 'RUB' } },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await approve((await createBuy(rubPlayer, 'sber-rub', '1500')).id);
    expect(await ledger.balance(rubUserId, 'RUB', 'main')).toBe(150_000n);
    expect(await ledger.balance(rubUserId, 'USD', 'main')).toBe(0n);
    expect(await billing(player)).toEqual({ countDeposit: 1, sumDeposits: '250.00' });
    expect(await billing(rubPlayer)).toEqual({ countDeposit: 1, sumDeposits: '18.40' });
    await expectCleanLedger();
  });
});

describe('withdrawals in another currency', () => {
  const details = { full_name: 'Anna Smith', name: 'Anna Smith', card: '2202200012345678' };

  async function sell(player: SignedIn, amount: string) {
    return await post('/api/v2/wallet/orders/sell', player, {
      amount,
      bankId: 'sber-rub',
      details,
    });
  }

  test('a RUB withdrawal from a USD balance holds the USD equivalent, rounded up', async () => {
    const { ledger } = testApp.app.services;
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    await completeProfile(testApp, player);
    await approve((await createBuy(player, 'visa-mastercard-usd', '1000')).id);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n);

    // 100 000 RUB + 1% fee = 101 000 RUB ≈ 1239.2638 USD → 1239.27: more than the 1000 USD balance
    const short = expectError(await sell(player, '100000'), 'insufficient_balance');
    expect(short.payload).toEqual({ balance: '1000.00', amount: '1239.27', currency: 'USD' });

    // 10 000 RUB + 2% fee = 10 200 RUB × 0.012269938… = 125.1533… USD → 125.16 held
    const first = await sell(player, '10000');
    expect(first.statusCode, first.body).toBe(200);
    const order = fiatSellOrderSchema.parse(first.json());
    expect(order).toMatchObject({ amount: '10000.00', fee: '200.00', currency: 'RUB' });
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n - 12_516n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(12_516n);
    expect(await ledger.balance(userId, 'RUB', 'withdrawal_hold')).toBe(0n);
    const row = await testApp.db
      .selectFrom('fiat_orders')
      .select([
        'amount_minor',
        'fee_minor',
        'balance_currency',
        'balance_amount_minor',
        'exchange_rate',
      ])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      amount_minor: 1_000_000n,
      fee_minor: 20_000n,
      balance_currency: 'USD',
      balance_amount_minor: 12_516n,
      exchange_rate: rubToUsd,
    });

    // cancel: exactly the held dollars come back
    const cancelled = await post(`/api/v1/wallet/orders/sell/${order.id}/cancel`, player);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n);

    // decline: the same
    const second = fiatSellOrderSchema.parse((await sell(player, '10000')).json());
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n - 12_516n);
    const declined = await post(`/api/backoffice/v1/orders/${second.id}/decline`, admin);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n);

    // completion: the dollars go to the platform's exchange, the rubles to provider clearing
    const before = {
      clearingRub: await ledger.platformBalance('RUB', 'provider_clearing'),
      feesRub: await ledger.platformBalance('RUB', 'fees'),
      exchangeUsd: await ledger.platformBalance('USD', 'exchange'),
      exchangeRub: await ledger.platformBalance('RUB', 'exchange'),
    };
    const third = fiatSellOrderSchema.parse((await sell(player, '10000')).json());
    const completed = await approve(third.id);
    expect(completed.status).toBe('completed');
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100_000n - 12_516n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(0n);
    expect((await ledger.platformBalance('RUB', 'provider_clearing')) - before.clearingRub).toBe(
      1_000_000n,
    );
    expect((await ledger.platformBalance('RUB', 'fees')) - before.feesRub).toBe(20_000n);
    expect((await ledger.platformBalance('USD', 'exchange')) - before.exchangeUsd).toBe(12_516n);
    expect((await ledger.platformBalance('RUB', 'exchange')) - before.exchangeRub).toBe(
      -1_020_000n,
    );
    const payout = await testApp.db
      .selectFrom('ledger_transactions')
      .select(['type', 'metadata'])
      .where('id', '=', BigInt(await ledgerIdOf(third.id)))
      .executeTakeFirstOrThrow();
    expect(payout.type).toBe('hold_post');
    expect(payout.metadata).toMatchObject({
      from: 'USD',
      to: 'RUB',
      rate: rubToUsd,
      fromAmount: '125.16',
      toAmount: '10200.00',
      orderId: third.id,
    });
    await expectCleanLedger();
  });

  test('the daily limit counts RUB withdrawals at their USD value', async () => {
    const limited = await createTestApp({
      clock,
      config: {
        withdrawDailyLimitUsd: 1000,
        dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-exchange-test-')),
      },
    });
    try {
      const operator = await loginOperator(limited.app, undefined, limited.config);
      const player = await registerPlayer(limited.app);
      await completeProfile(limited, player);
      const deposit = (
        await send(limited, '/api/v2/wallet/orders/buy', player, {
          amount: '2000',
          bankId: 'visa-mastercard-usd',
        })
      ).json() as { id: string };
      expect(
        (await send(limited, `/api/backoffice/v1/orders/${deposit.id}/approve`, operator))
          .statusCode,
      ).toBe(200);
      const withdraw = (amount: string) =>
        send(limited, '/api/v2/wallet/orders/sell', player, {
          amount,
          bankId: 'sber-rub',
          details,
        });
      // 81 000 RUB ≈ 993.87 USD: within the 1000 USD limit
      const first = await withdraw('81000');
      expect(first.statusCode, first.body).toBe(200);
      // another 1000 RUB ≈ 12.27 USD would pass 1000 USD today
      expectError(await withdraw('1000'), 'withdraw_daily_limit_exceeded');
    } finally {
      await limited.close();
    }
  });
});

async function ledgerIdOf(orderId: string): Promise<string> {
  const row = await testApp.db
    .selectFrom('fiat_orders')
    .select('ledger_transaction_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (row.ledger_transaction_id === null) throw new Error(`order ${orderId} has no transaction`);
  return row.ledger_transaction_id;
}
