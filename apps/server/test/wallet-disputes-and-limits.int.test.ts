import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  manualClock,
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

const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-disputes-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, session: SignedIn, payload?: unknown) {
  keyCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `disputes-${keyCounter}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function get(url: string, session: SignedIn) {
  return testApp.app.inject({ url, headers: bearer(session) });
}

async function createBuy(player: SignedIn, bankId: string, amount: string) {
  const response = await post('/api/v2/wallet/orders/buy', player, { amount, bankId });
  expect(response.statusCode, response.body).toBe(200);
  return fiatOrderSchema.parse(response.json());
}

describe('dispute images', () => {
  test('the owner and admin, finance and support operators see it; nobody else does', async () => {
    const owner = await registerPlayer(testApp.app);
    const stranger = await registerPlayer(testApp.app);
    const order = await createBuy(owner, 'monobank-uah', '500');
    const undisputed = await createBuy(owner, 'kaspi-kzt', '5000');

    // no dispute yet: nothing to show
    expectError(
      await get(`/api/v1/wallet/orders/buy/${order.id}/dispute-image`, owner),
      'not_found',
    );
    expectError(
      await get(`/api/backoffice/v1/orders/${order.id}/dispute-image`, admin),
      'not_found',
    );

    const dispute = await post(`/api/v1/wallet/orders/buy/${order.id}/dispute`, owner, {
      payload: {
        image: { name: 'Anna', fileName: 'proof.png', fileContent: pngDataUrl },
        acceptOption: 'REPAY',
      },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);

    const mine = await get(`/api/v1/wallet/orders/buy/${order.id}/dispute-image`, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(pngBytes)).toBe(true);

    for (const session of [
      admin,
      await createOperator(testApp.app, 'finance'),
      await createOperator(testApp.app, 'support'),
    ]) {
      const seen = await get(`/api/backoffice/v1/orders/${order.id}/dispute-image`, session);
      expect(seen.statusCode).toBe(200);
      expect(seen.rawPayload.equals(pngBytes)).toBe(true);
    }

    expectError(
      await get(`/api/v1/wallet/orders/buy/${order.id}/dispute-image`, stranger),
      'not_found',
    );
    expectError(
      await get(`/api/v1/wallet/orders/buy/${undisputed.id}/dispute-image`, owner),
      'not_found',
    );
    expectError(
      await get('/api/v1/wallet/orders/buy/not-a-uuid/dispute-image', owner),
      'not_found',
    );
    expectError(
      await testApp.app.inject({ url: `/api/v1/wallet/orders/buy/${order.id}/dispute-image` }),
      'unauthorized',
    );
    // a player's session is no operator's
    const asPlayer = await get(`/api/backoffice/v1/orders/${order.id}/dispute-image`, owner);
    expect([401, 403]).toContain(asPlayer.statusCode);
  });

  test('a receipt whose file is gone from disk is 404, not a server error', async () => {
    const owner = await registerPlayer(testApp.app);
    const order = await createBuy(owner, 'monobank-uah', '300');
    const paid = await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, owner, {
      name: 'Anna',
      fileName: 'r.png',
      fileContent: pngDataUrl,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await testApp.db
      .updateTable('fiat_orders')
      .set({ receipt_file: '00000000-0000-4000-8000-000000000000.png' })
      .where('id', '=', order.id)
      .execute();
    expectError(await get(`/api/v1/wallet/orders/buy/${order.id}/receipt`, owner), 'not_found');
    expectError(await get(`/api/backoffice/v1/orders/${order.id}/receipt`, admin), 'not_found');
  });
});

describe('withdrawal daily limit', () => {
  test('a currency the rate table does not quote against USD is error_currency_not_supported', async () => {
    const player = await registerPlayer(testApp.app);
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
    const deposit = await createBuy(player, 'monobank-uah', '1000');
    expect((await post(`/api/backoffice/v1/orders/${deposit.id}/approve`, admin)).statusCode).toBe(
      200,
    );
    const sell = {
      amount: '300',
      bankId: 'monobank-uah',
      details: { name: 'Anna Smith', card: '5375410012345678' },
    };

    await testApp.db
      .deleteFrom('exchange_rates')
      .where((eb) =>
        eb.or([
          eb.and([eb('base', '=', 'USD'), eb('quote', '=', 'UAH')]),
          eb.and([eb('base', '=', 'UAH'), eb('quote', '=', 'USD')]),
        ]),
      )
      .execute();
    clock.advance(60_000); // past the rates cache
    const refused = await post('/api/v2/wallet/orders/sell', player, sell);
    expect(expectError(refused, 'error_currency_not_supported').payload).toEqual({
      currency: 'UAH',
    });
    // nothing was held
    const { id: userId } = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow();
    // the deposit was converted into the USD primary balance (1000 / 42.1, rounded down)
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(2_375n);
    expect(await testApp.app.services.ledger.balance(userId, 'UAH', 'main')).toBe(0n);

    await testApp.db
      .insertInto('exchange_rates')
      .values({ base: 'USD', quote: 'UAH', rate: '42.1' })
      .execute();
    clock.advance(60_000);
    const accepted = await post('/api/v2/wallet/orders/sell', player, sell);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // 300 UAH + 7.50 fee held from the USD balance: 307.50 / 42.1 = 7.304… → 7.31 (rounded up)
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(2_375n - 731n);
  });
});
