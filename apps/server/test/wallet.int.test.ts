import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  backofficeOrderSchema,
  fiatConditionsResponseSchema,
  fiatOrderSchema,
  fiatSellOrderSchema,
  transactionHistoryResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngDataUrl = `data:image/png;base64,${pngBytes.toString('base64')}`;

let testApp: TestApp;
let admin: SignedIn;
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let keyCounter = 0;

function key(): { 'idempotency-key': string } {
  keyCounter += 1;
  return { 'idempotency-key': `test-key-${keyCounter}` };
}

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    ...(process.env.WALLET_TEST_LOG
      ? { logger: (await import('pino')).default({ level: 'error' }) }
      : {}),
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function post(
  url: string,
  session: SignedIn,
  payload?: unknown,
  headers: Record<string, string> = key(),
) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function get(url: string, session: SignedIn) {
  return testApp.app.inject({ url, headers: bearer(session) });
}

async function createBuy(
  player: SignedIn,
  bankId: string,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  const response = await post('/api/v2/wallet/orders/buy', player, { amount, bankId, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return fiatOrderSchema.strict().parse(response.json());
}

async function mainBalance(player: RegisteredPlayer, currency: string): Promise<bigint> {
  const userId = (
    await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow()
  ).id;
  return await testApp.app.services.ledger.balance(userId, currency, 'main');
}

async function fund(player: RegisteredPlayer, bankId: string, amount: string) {
  const order = await createBuy(player, bankId, amount);
  const approved = await post(`/api/backoffice/v1/orders/${order.id}/approve`, admin);
  expect(approved.statusCode, approved.body).toBe(200);
}

async function completeProfile(player: SignedIn) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('methods', () => {
  test('conditions list methods by priority; Steam is hidden outside the CIS', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await get('/api/v2/wallet/orders/conditions', player);
    expect(response.statusCode).toBe(200);
    const methods = fiatConditionsResponseSchema.parse(response.json());
    expect(methods.map((method) => method.id)).toContain('sber-rub');
    expect(methods.some((method) => method.name === 'Steam')).toBe(false);
    const priorities = methods.map((method) => (method.buy ?? method.sell)?.priority ?? 0);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });
});

describe('deposit lifecycle', () => {
  test('create → receipt → approve credits exactly once, also under 10 concurrent approves', async () => {
    const player = await registerPlayer(testApp.app);
    const order = await createBuy(player, 'sber-rub', '1500');
    expect(order).toMatchObject({
      status: 'waiting',
      type: 'buy',
      valueFrom: '1500.00',
      currencyFrom: { code: 'RUB' },
      bankMethod: 'p2p',
      url: null,
      recipientBank: { name: 'Sberbank' },
    });
    expect(order.paymentDetails.card).toMatch(/^\d{16}$/);
    expect(order.details.expiredAt).toBe(Math.floor(clock.now().getTime() / 1000) + 15 * 60);

    const open = await get('/api/v2/wallet/orders/not-expired?bank_id=sber-rub', player);
    expect((open.json() as { id: string }).id).toBe(order.id);
    // one open order per method unless the method allows several
    expectError(
      await post('/api/v2/wallet/orders/buy', player, { amount: '1000', bankId: 'sber-rub' }),
      'error_orders_limit',
    );

    const paid = await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, player, {
      name: 'Anna Smith',
      fileName: 'receipt.txt',
      fileContent: pngDataUrl,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(fiatOrderSchema.parse(paid.json()).status).toBe('wait_for_confirmation');

    const receipt = await get(`/api/v1/wallet/orders/buy/${order.id}/receipt`, player);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    expect(receipt.rawPayload.equals(pngBytes)).toBe(true);
    const operatorReceipt = await get(`/api/backoffice/v1/orders/${order.id}/receipt`, admin);
    expect(operatorReceipt.statusCode).toBe(200);

    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/api/backoffice/v1/orders/${order.id}/approve`, admin),
      ),
    );
    for (const approval of approvals) {
      expect(approval.statusCode, approval.body).toBe(200);
      expect(backofficeOrderSchema.parse(approval.json()).status).toBe('completed');
    }
    // credited in RUB, converted into the USD primary balance: 1500 / 81.5 = 18.404… → 18.40
    expect(await mainBalance(player, 'USD')).toBe(1_840n);
    expect(await mainBalance(player, 'RUB')).toBe(0n);
    const again = await post(`/api/backoffice/v1/orders/${order.id}/approve`, admin);
    expect(again.statusCode).toBe(200);
    expect(await mainBalance(player, 'USD')).toBe(1_840n);

    const history = transactionHistoryResponseSchema.parse(
      (await get('/api/v2/wallet/txns?is_pagination=true&offset=0&limit=10', player)).json(),
    );
    expect(history.meta).toEqual({
      total: 1,
      limit: 10,
      offset: 0,
      totalCapped: false,
      nextCursor: null,
    });
    expect(history.items[0]).toMatchObject({ id: order.id, type: 'buy', status: 'completed' });
  });

  test('idempotency: a replayed create returns the same order; another body with the key is refused', async () => {
    const player = await registerPlayer(testApp.app);
    const headers = key();
    const first = await post(
      '/api/v2/wallet/orders/buy',
      player,
      { amount: '1000', bankId: 'sbp-rub' },
      headers,
    );
    const second = await post(
      '/api/v2/wallet/orders/buy',
      player,
      { amount: '1000', bankId: 'sbp-rub' },
      headers,
    );
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((second.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    expectError(
      await post(
        '/api/v2/wallet/orders/buy',
        player,
        { amount: '2000', bankId: 'sbp-rub' },
        headers,
      ),
      'idempotency_key_reused',
    );
    expectError(
      await post('/api/v2/wallet/orders/buy', player, { amount: '1000', bankId: 'sbp-rub' }, {}),
      'validation_error',
    );

    const order = (first.json() as { id: string }).id;
    const approveKey = key();
    const approved = await post(
      `/api/backoffice/v1/orders/${order}/approve`,
      admin,
      undefined,
      approveKey,
    );
    const replayed = await post(
      `/api/backoffice/v1/orders/${order}/approve`,
      admin,
      undefined,
      approveKey,
    );
    expect(replayed.json()).toEqual(approved.json());
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    // 1000 RUB at 1 / 81.5 = 12.269… USD, rounded down
    expect(await mainBalance(player, 'USD')).toBe(1_226n);
  });

  test.each([
    ['12.50', 'Validation.invalid_amount'],
    ['-100', 'Validation.invalid_amount'],
    ['abc', 'Validation.invalid_amount'],
    ['99999999999999999999999999', 'Validation.invalid_amount'],
    ['100', 'Validation.minimum_amount'],
    ['100001', 'Validation.maximum_amount'],
  ])('amount %j is rejected with %s', async (amount, message) => {
    const player = await registerPlayer(testApp.app);
    const body = expectError(
      await post('/api/v2/wallet/orders/buy', player, { amount, bankId: 'sber-rub' }),
      'validation_error',
    );
    expect(body.payload).toMatchObject({ fields: [{ field: 'amount', message }] });
  });

  test('receipts: a text file named .png and an oversize image are rejected', async () => {
    const player = await registerPlayer(testApp.app);
    const order = await createBuy(player, 'sber-rub', '1000');
    const text = await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, player, {
      name: 'Anna',
      fileName: 'receipt.png',
      fileContent: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`,
    });
    expect(expectError(text, 'validation_error').payload).toMatchObject({
      fields: [{ field: 'fileContent', message: 'Validation.image_only' }],
    });
    const huge = Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024)]);
    const oversize = await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, player, {
      name: 'Anna',
      fileName: 'big.png',
      fileContent: `data:image/png;base64,${huge.toString('base64')}`,
    });
    expect(oversize.statusCode).toBe(400);
    expect(JSON.stringify(oversize.json())).toContain('Validation.file_too_large');
    expect(
      fiatOrderSchema.parse((await get(`/api/v1/wallet/orders/buy/${order.id}`, player)).json())
        .status,
    ).toBe('waiting');
  });

  test('another player’s order, receipt and history are invisible (404)', async () => {
    const owner = await registerPlayer(testApp.app);
    const stranger = await registerPlayer(testApp.app);
    const order = await createBuy(owner, 'sber-rub', '1000');
    await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, owner, {
      name: 'A',
      fileName: 'r.png',
      fileContent: pngDataUrl,
    });
    expectError(await get(`/api/v1/wallet/orders/buy/${order.id}`, stranger), 'not_found');
    expectError(await get(`/api/v1/wallet/orders/buy/${order.id}/receipt`, stranger), 'not_found');
    expectError(
      await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, stranger, {
        name: 'A',
        fileName: 'r.png',
        fileContent: pngDataUrl,
      }),
      'not_found',
    );
    const history = transactionHistoryResponseSchema.parse(
      (await get('/api/v2/wallet/txns', stranger)).json(),
    );
    expect(history.items).toEqual([]);
  });

  test('an unpaid order times out (expiry sweep) and can then be disputed and resolved', async () => {
    const player = await registerPlayer(testApp.app);
    const order = await createBuy(player, 'monobank-uah', '500');
    clock.advance(15 * 60 * 1000 + 1000);
    await testApp.app.services.wallet.sweep();
    const expired = fiatOrderSchema.parse(
      (await get(`/api/v1/wallet/orders/buy/${order.id}`, player)).json(),
    );
    expect(expired.status).toBe('timeouted');
    expectError(
      await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, player, {
        name: 'A',
        fileName: 'r.png',
        fileContent: pngDataUrl,
      }),
      'order_status_conflict',
    );
    const dispute = await post(`/api/v1/wallet/orders/buy/${order.id}/dispute`, player, {
      payload: {
        image: { name: 'Anna', fileName: 'proof.png', fileContent: pngDataUrl },
        acceptOption: 'CHANGE_INVOICE',
        amount: '450',
        comment: 'I paid 450',
      },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    expect(fiatOrderSchema.parse(dispute.json()).status).toBe('disputed');
    const resolved = await post(`/api/backoffice/v1/orders/${order.id}/resolve-dispute`, admin, {
      outcome: 'approve',
      amount: '450',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // 450 UAH at 1 / 42.1 = 10.688… USD, rounded down
    expect(await mainBalance(player, 'USD')).toBe(1_068n);
    const view = fiatOrderSchema.parse(
      (await get(`/api/v1/wallet/orders/buy/${order.id}`, player)).json(),
    );
    expect(view).toMatchObject({ status: 'completed', additonalAmountChange: '-50.00' });
  });

  test('hosted page flow: pay credits, the page then shows the result', async () => {
    const player = await registerPlayer(testApp.app);
    const order = await createBuy(player, 'revolut-eur', '25', {
      externalFields: { email: 'a@example.com' },
    });
    expect(order.status).toBe('pay_external_invoice');
    expect(order.url).toBe(`/sandbox/pay/${order.id}`);
    expect(order.meta.external_info.target).toBe('blank');
    const page = await testApp.app.inject({ url: order.url ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay');
    const paid = await testApp.app.inject({
      method: 'POST',
      url: `${order.url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(await mainBalance(player, 'USD')).toBe(2_900n);
    const cancelled = await createBuy(player, 'revolut-eur', '30', {
      externalFields: { email: 'a@example.com' },
    });
    await testApp.app.inject({ method: 'POST', url: `${cancelled.url}/cancel` });
    expect(
      fiatOrderSchema.parse((await get(`/api/v1/wallet/orders/buy/${cancelled.id}`, player)).json())
        .status,
    ).toBe('declined');
    expect(await mainBalance(player, 'USD')).toBe(2_900n);
  });
});

describe('withdrawals', () => {
  const details = { name: 'Anna Smith', card: '4111111111111111' };

  test('personal data is required first; the wager endpoint says so', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(await get('/api/v2/wallet/wager', player), 'personal_data_required');
    expectError(
      await post('/api/v2/wallet/orders/sell', player, {
        amount: '50',
        bankId: 'visa-mastercard-usd',
        details,
      }),
      'personal_data_required',
    );
    await completeProfile(player);
    const wager = await get('/api/v2/wallet/wager', player);
    expect(wager.statusCode).toBe(200);
    // the verify feature is off by default: nothing more is asked
    expect(wager.json()).toEqual({ enabled: true, verificationRequired: false });
  });

  test('sell holds amount + fee; cancel releases; decline releases; approve posts', async () => {
    const player = await registerPlayer(testApp.app);
    await completeProfile(player);
    await fund(player, 'visa-mastercard-usd', '1000');
    expect(await mainBalance(player, 'USD')).toBe(100_000n);

    expectError(
      await post('/api/v2/wallet/orders/sell', player, {
        amount: '1000',
        bankId: 'visa-mastercard-usd',
        details,
      }),
      'insufficient_balance',
    );

    const created = await post('/api/v2/wallet/orders/sell', player, {
      amount: '100',
      bankId: 'visa-mastercard-usd',
      details,
    });
    expect(created.statusCode, created.body).toBe(200);
    const sell = fiatSellOrderSchema.parse(created.json());
    expect(sell).toMatchObject({
      status: 'pending',
      amount: '100.00',
      fee: '4.00',
      currency: 'USD',
    });
    expect(await mainBalance(player, 'USD')).toBe(100_000n - 10_400n);

    const saved = await get('/api/v2/wallet/orders/sell/saved?bankId=visa-mastercard-usd', player);
    expect(saved.json()).toEqual([details]);

    const cancelled = await post(`/api/v1/wallet/orders/sell/${sell.id}/cancel`, player);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fiatSellOrderSchema.parse(cancelled.json()).status).toBe('refund');
    expect(await mainBalance(player, 'USD')).toBe(100_000n);

    const second = fiatSellOrderSchema.parse(
      (
        await post('/api/v2/wallet/orders/sell', player, {
          amount: '200',
          bankId: 'visa-mastercard-usd',
          details,
        })
      ).json(),
    );
    clock.advance(11 * 60 * 1000);
    expectError(
      await post(`/api/v1/wallet/orders/sell/${second.id}/cancel`, player),
      'order_not_cancellable',
    );
    const declined = await post(`/api/backoffice/v1/orders/${second.id}/decline`, admin);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await mainBalance(player, 'USD')).toBe(100_000n);

    const third = fiatSellOrderSchema.parse(
      (
        await post('/api/v2/wallet/orders/sell', player, {
          amount: '300',
          bankId: 'visa-mastercard-usd',
          details,
        })
      ).json(),
    );
    const approved = await post(`/api/backoffice/v1/orders/${third.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mainBalance(player, 'USD')).toBe(100_000n - 31_200n);
    const report = await testApp.app.services.ledger.check();
    expect(report.violations).toEqual([]);
  });

  test('detail and amount rules, and the daily limit', async () => {
    const player = await registerPlayer(testApp.app);
    await completeProfile(player);
    await fund(player, 'visa-mastercard-usd', '2000');
    const badCard = await post('/api/v2/wallet/orders/sell', player, {
      amount: '100',
      bankId: 'visa-mastercard-usd',
      details: { name: 'Anna', card: '1234' },
    });
    expect(expectError(badCard, 'validation_error').payload).toMatchObject({
      fields: [{ field: 'details.card', message: 'Validation.invalid_card' }],
    });
    const small = await post('/api/v2/wallet/orders/sell', player, {
      amount: '5',
      bankId: 'visa-mastercard-usd',
      details,
    });
    // below the method's sell minimum is the catalogue's domain error, with the minimum
    expect(expectError(small, 'wallet_withdraw_too_small').payload).toEqual({
      amount: '20.00',
      currency: 'USD',
    });
    const malformed = await post('/api/v2/wallet/orders/sell', player, {
      amount: '5.001',
      bankId: 'visa-mastercard-usd',
      details,
    });
    expect(expectError(malformed, 'validation_error').payload).toMatchObject({
      fields: [{ field: 'amount', message: 'Validation.invalid_amount' }],
    });
  });

  test('the daily limit counts today’s pending and completed withdrawals in USD', async () => {
    const limited = await createTestApp({
      clock,
      config: {
        withdrawDailyLimitUsd: 1000,
        dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-test-')),
      },
    });
    try {
      const operator = await loginOperator(limited.app, undefined, limited.config);
      const player = await registerPlayer(limited.app);
      const send = (url: string, session: SignedIn, payload?: unknown) =>
        limited.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(session), ...key() },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      await limited.app.inject({
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
      const deposit = (
        await send('/api/v2/wallet/orders/buy', player, {
          amount: '2000',
          bankId: 'visa-mastercard-usd',
        })
      ).json() as { id: string };
      expect(
        (await send(`/api/backoffice/v1/orders/${deposit.id}/approve`, operator)).statusCode,
      ).toBe(200);
      const first = await send('/api/v2/wallet/orders/sell', player, {
        amount: '900',
        bankId: 'visa-mastercard-usd',
        details,
      });
      expect(first.statusCode, first.body).toBe(200);
      expectError(
        await send('/api/v2/wallet/orders/sell', player, {
          amount: '200',
          bankId: 'visa-mastercard-usd',
          details,
        }),
        'withdraw_daily_limit_exceeded',
      );
      expect(
        (
          await send('/api/v2/wallet/orders/sell', player, {
            amount: '100',
            bankId: 'visa-mastercard-usd',
            details,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
