import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema, requisiteListResponseSchema, requisiteSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  // The real job queue (pg-boss) with a short TTL and sandbox auto-approval.
  testApp = await createTestApp({
    config: {
      jobsEnabled: true,
      orderTtlSeconds: 2,
      sandboxAutoApproveSeconds: 1,
      dataDirectory: await mkdtemp(join(tmpdir(), 'payments-test-')),
    },
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
    headers: { ...bearer(session), 'idempotency-key': `payments-${keyCounter}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function orderStatus(player: SignedIn, id: string): Promise<string> {
  const response = await testApp.app.inject({
    url: `/api/v1/wallet/orders/buy/${id}`,
    headers: bearer(player),
  });
  return fiatOrderSchema.parse(response.json()).status;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('condition not met in time');
}

describe('background jobs', () => {
  test('an unpaid order is timeouted by the expiry job', async () => {
    const player = await registerPlayer(testApp.app);
    const created = await post('/api/v2/wallet/orders/buy', player, {
      amount: '1000',
      bankId: 'sbp-rub',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: string };
    expect(await orderStatus(player, id)).toBe('waiting');
    await eventually(async () => (await orderStatus(player, id)) === 'timeouted');
  });

  test('a receipt is auto-approved after SANDBOX_AUTO_APPROVE_SECONDS and credits the player', async () => {
    const player = await registerPlayer(testApp.app);
    const created = await post('/api/v2/wallet/orders/buy', player, {
      amount: '1000',
      bankId: 'sbp-rub',
    });
    const { id } = created.json() as { id: string };
    const paid = await post(`/api/v1/wallet/orders/buy/${id}/paid`, player, {
      name: 'Anna',
      fileName: 'receipt.png',
      fileContent: pngDataUrl,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () => (await orderStatus(player, id)) === 'completed');
    const userId = (
      await testApp.db
        .selectFrom('fiat_orders')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).user_id;
    // credited in RUB and converted into the USD primary balance (1000 / 81.5, rounded down)
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_226n);
  });
});

describe('requisites pool', () => {
  test('operators list, add and deactivate requisites; assignment is round robin; none active → payments_are_disabled', async () => {
    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/payments/requisites',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const requisites = requisiteListResponseSchema.parse(list.json());
    const sber = requisites.filter((requisite) => requisite.methodId === 'sber-rub');
    expect(sber.length).toBe(2);

    const cards = new Set<string | null>();
    for (let index = 0; index < 2; index += 1) {
      const player = await registerPlayer(testApp.app);
      const order = fiatOrderSchema.parse(
        (
          await post('/api/v2/wallet/orders/buy', player, { amount: '1000', bankId: 'sber-rub' })
        ).json(),
      );
      cards.add(order.paymentDetails.card);
    }
    expect(cards.size).toBe(2);

    for (const requisite of sber) {
      const patched = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/v1/payments/requisites/${requisite.id}`,
        headers: bearer(admin),
        payload: { active: false },
      });
      expect(requisiteSchema.parse(patched.json()).active).toBe(false);
    }
    const player = await registerPlayer(testApp.app);
    expectError(
      await post('/api/v2/wallet/orders/buy', player, { amount: '1000', bankId: 'sber-rub' }),
      'payments_are_disabled',
    );

    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/payments/requisites',
      headers: bearer(admin),
      payload: {
        methodId: 'sber-rub',
        recipientBank: 'Sberbank',
        card: '2202209999999999',
        holderName: 'New Holder',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const order = fiatOrderSchema.parse(
      (
        await post('/api/v2/wallet/orders/buy', player, { amount: '1000', bankId: 'sber-rub' })
      ).json(),
    );
    expect(order.paymentDetails).toMatchObject({ card: '2202209999999999', name: 'New Holder' });
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('action', 'like', 'payments.requisite.%')
      .execute();
    expect(audit.length).toBe(3);
  });

  test('players and support operators cannot manage requisites or orders', async () => {
    const support = await createOperator(testApp.app, 'support');
    expectError(
      await testApp.app.inject({
        url: '/api/backoffice/v1/payments/requisites',
        headers: bearer(support),
      }),
      'forbidden',
    );
    expectError(
      await testApp.app.inject({ url: '/api/backoffice/v1/orders', headers: bearer(support) }),
      'forbidden',
    );
    const finance = await createOperator(testApp.app, 'finance');
    const orders = await testApp.app.inject({
      url: '/api/backoffice/v1/orders?type=buy',
      headers: bearer(finance),
    });
    expect(orders.statusCode).toBe(200);
  });
});
