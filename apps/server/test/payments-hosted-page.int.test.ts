import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FiatOrdersRepository as WalletRepository } from '../src/modules/money/cashier/rails/p2p/fiat-orders.repository.ts';
import {
  bearer,
  createTestApp,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let testApp: TestApp;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'hosted-page-test-')) },
  });
});
afterAll(async () => {
  await testApp.close();
});

async function createInvoice(app: TestApp, player: SignedIn, amount: string) {
  keyCounter += 1;
  return await app.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/orders/buy',
    headers: { ...bearer(player), 'idempotency-key': `hosted-${keyCounter}` },
    payload: { amount, bankId: 'revolut-eur', externalFields: { email: 'a@example.com' } },
  });
}

function submit(app: TestApp, id: string, action: 'pay' | 'cancel') {
  return app.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${id}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

async function status(player: SignedIn, id: string): Promise<string> {
  const response = await testApp.app.inject({
    url: `/api/v1/wallet/orders/buy/${id}`,
    headers: bearer(player),
  });
  return fiatOrderSchema.parse(response.json()).status;
}

/** The player's USD (primary currency) balance: EUR deposits are converted at 1.16. */
async function usdBalance(player: RegisteredPlayer): Promise<bigint> {
  const { id } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return await testApp.app.services.ledger.balance(id, 'USD', 'main');
}

describe('sandbox hosted payment page', () => {
  test('renders a self-contained page whose forms post back to this server', async () => {
    const player = await registerPlayer(testApp.app);
    const order = fiatOrderSchema.parse((await createInvoice(testApp, player, '25')).json());
    const page = await testApp.app.inject({ url: `/sandbox/pay/${order.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(page.body).toContain(`action="/sandbox/pay/${order.id}/pay"`);
    expect(page.body).toContain(`action="/sandbox/pay/${order.id}/cancel"`);
    expect(page.body).toContain('<style>');
    // no external assets: nothing is loaded from anywhere
    expect(page.body).not.toMatch(/\b(src|href)=/);
  });

  test('a replayed Pay credits once, and a later Cancel changes nothing', async () => {
    const player = await registerPlayer(testApp.app);
    const order = fiatOrderSchema.parse((await createInvoice(testApp, player, '25')).json());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const paid = await submit(testApp, order.id, 'pay');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/sandbox/pay/${order.id}`);
    }
    const cancelled = await submit(testApp, order.id, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(await status(player, order.id)).toBe('completed');
    expect(await usdBalance(player)).toBe(2_900n);
    const page = await testApp.app.inject({ url: `/sandbox/pay/${order.id}` });
    expect(page.body).toContain('Payment received');
    expect(page.body).not.toContain('<form');
  });

  test('Pay and Cancel racing settle the invoice exactly one way', async () => {
    const player = await registerPlayer(testApp.app);
    const order = fiatOrderSchema.parse((await createInvoice(testApp, player, '40')).json());
    const responses = await Promise.all([
      submit(testApp, order.id, 'cancel'),
      submit(testApp, order.id, 'pay'),
      submit(testApp, order.id, 'cancel'),
      submit(testApp, order.id, 'pay'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([303, 303, 303, 303]);
    const final = await status(player, order.id);
    expect(['completed', 'declined']).toContain(final);
    expect(await usdBalance(player)).toBe(final === 'completed' ? 4_640n : 0n);
    const report = await testApp.app.services.ledger.check();
    expect(report.violations).toEqual([]);
  });

  test('an expired invoice cannot be paid even before the expiry job runs', async () => {
    const player = await registerPlayer(testApp.app);
    const order = fiatOrderSchema.parse((await createInvoice(testApp, player, '30')).json());
    clock.advance(15 * 60 * 1000 + 1000);
    const page = await testApp.app.inject({ url: `/sandbox/pay/${order.id}` });
    expect(page.body).toContain('This invoice has expired');
    expect(page.body).not.toContain('<form');
    expect((await submit(testApp, order.id, 'pay')).statusCode).toBe(303);
    expect(await status(player, order.id)).toBe('pay_external_invoice');
    expect(await usdBalance(player)).toBe(0n);
    await testApp.app.services.wallet.sweep();
    expect(await status(player, order.id)).toBe('timeouted');
  });

  test('an unknown or non-hosted order is 404', async () => {
    const player = await registerPlayer(testApp.app);
    keyCounter += 1;
    const requisites = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/orders/buy',
      headers: { ...bearer(player), 'idempotency-key': `hosted-${keyCounter}` },
      payload: { amount: '1000', bankId: 'sber-rub' },
    });
    const { id } = fiatOrderSchema.parse(requisites.json());
    expect((await testApp.app.inject({ url: `/sandbox/pay/${id}` })).statusCode).toBe(404);
    expect((await submit(testApp, id, 'pay')).statusCode).toBe(404);
    expect(await status(player, id)).toBe('waiting');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await testApp.app.inject({ url: `/sandbox/pay/${unknown}` })).statusCode).toBe(404);
  });
});

describe('SANDBOX_HOSTED_PAGE_ENABLED=false', () => {
  test('the page and its actions answer 404 and hosted-page methods take no orders', async () => {
    const disabled = await createTestApp({
      clock,
      config: {
        sandboxHostedPageEnabled: false,
        dataDirectory: await mkdtemp(join(tmpdir(), 'hosted-page-off-')),
      },
    });
    try {
      const player = await registerPlayer(disabled.app);
      expectError(await createInvoice(disabled, player, '25'), 'payments_are_disabled');
      // An invoice left from when the page was on is not served either.
      const { id: userId } = await disabled.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', player.email)
        .executeTakeFirstOrThrow();
      const order = await new WalletRepository(disabled.db).insertOrder(disabled.db, {
        userId,
        type: 'buy',
        status: 'pay_external_invoice',
        methodId: 'revolut-eur',
        currency: 'EUR',
        amountMinor: 2_500n,
        feeMinor: 0n,
        requisiteId: null,
        paymentDetails: {},
        recipientBank: 'Revolut',
        externalTarget: 'blank',
        externalFields: {},
        callbackUrl: null,
        subbankId: null,
        expiresAt: new Date(clock.now().getTime() + 60_000),
        cancellableUntil: null,
        createdAt: clock.now(),
      });
      const page = await disabled.app.inject({ url: `/sandbox/pay/${order.id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('<form');
      expect((await submit(disabled, order.id, 'pay')).statusCode).toBe(404);
      expect((await submit(disabled, order.id, 'cancel')).statusCode).toBe(404);
      const row = await disabled.db
        .selectFrom('fiat_orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pay_external_invoice');
    } finally {
      await disabled.close();
    }
  });
});
