import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema, sandboxAutoApproveSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/**
 * The sandbox's automatic approval of deposits with a receipt (SANDBOX_AUTO_APPROVE_SECONDS,
 * 20 in development) and the operator's switch that stops it, on a clock the test moves: no
 * job queue here, the approval job and the minute sweep are called as the queue would.
 */
const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const switchUrl = '/api/backoffice/v1/settings/sandbox-auto-approve';
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));

let testApp: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: {
      sandboxAutoApproveSeconds: 20,
      dataDirectory: await mkdtemp(join(tmpdir(), 'auto-approve-')),
    },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload }),
  });
}

function setSwitch(session: SignedIn, payload: unknown) {
  return testApp.app.inject({
    method: 'PUT',
    url: switchUrl,
    headers: bearer(session),
    payload: payload as Record<string, unknown>,
  });
}

/** A sber-rub deposit of 1000 RUB whose receipt was just sent. */
async function depositWithReceipt(player: RegisteredPlayer): Promise<string> {
  const created = await post('/api/v2/wallet/orders/buy', player, {
    amount: '1000',
    bankId: 'sber-rub',
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = fiatOrderSchema.parse(created.json());
  const paid = await post(`/api/v1/wallet/orders/buy/${id}/paid`, player, {
    name: 'Anna',
    fileName: 'receipt.png',
    fileContent: pngDataUrl,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

async function status(id: string): Promise<string> {
  const row = await testApp.db
    .selectFrom('fiat_orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function deposits(id: string): Promise<number> {
  const row = await testApp.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', 'deposit')
    .where('external_reference', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('sandbox auto-approval', () => {
  test('a receipt is approved once its delay has passed, exactly once', async () => {
    const player = await registerPlayer(testApp.app);
    const id = await depositWithReceipt(player);
    clock.advance(19_000);
    expect(await testApp.app.services.wallet.autoApprove(id)).toBe(false);
    expect(await testApp.app.services.wallet.sweep()).toEqual({ expired: 0, autoApproved: 0 });
    expect(await status(id)).toBe('wait_for_confirmation');
    clock.advance(1_000);
    expect(await testApp.app.services.wallet.autoApprove(id)).toBe(true);
    // the sweep and a repeated job find nothing more to do
    expect(await testApp.app.services.wallet.sweep()).toEqual({ expired: 0, autoApproved: 0 });
    expect(await testApp.app.services.wallet.autoApprove(id)).toBe(false);
    expect(await status(id)).toBe('completed');
    expect(await deposits(id)).toBe(1);
    // 1000 RUB at 81.5 into the USD primary balance
    const userId = await userIdOf(testApp, player);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_226n);
  });

  test('the operator’s switch stops it at once; switched back on, the sweep catches up', async () => {
    const before = sandboxAutoApproveSchema.parse(
      (await testApp.app.inject({ url: switchUrl, headers: bearer(admin) })).json(),
    );
    expect(before).toEqual({ enabled: true, delaySeconds: 20, active: true });
    const player = await registerPlayer(testApp.app);
    const id = await depositWithReceipt(player);

    const off = await setSwitch(admin, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, delaySeconds: 20, active: false });
    clock.advance(60_000);
    // the job that falls due and the sweep both leave the receipt to an operator
    expect(await testApp.app.services.wallet.autoApprove(id)).toBe(false);
    expect(await testApp.app.services.wallet.sweep()).toEqual({ expired: 0, autoApproved: 0 });
    expect(await status(id)).toBe('wait_for_confirmation');
    expect(await deposits(id)).toBe(0);

    const on = await setSwitch(admin, { enabled: true });
    expect(on.json()).toEqual({ enabled: true, delaySeconds: 20, active: true });
    expect(await testApp.app.services.wallet.sweep()).toEqual({ expired: 0, autoApproved: 1 });
    expect(await status(id)).toBe('completed');
    expect(await deposits(id)).toBe(1);

    // each change is audited with what it replaced
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select('payload')
      .where('action', '=', 'settings.sandbox_auto_approve.update')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.payload)).toEqual([
      { previous: true, enabled: false },
      { previous: false, enabled: true },
    ]);
  });

  test('only admin and finance turn it; a bad body is a validation error', async () => {
    const support = await createOperator(testApp.app, 'support');
    expectError(await setSwitch(support, { enabled: false }), 'forbidden');
    expectError(
      await testApp.app.inject({ url: switchUrl, headers: bearer(support) }),
      'forbidden',
    );
    expectError(await testApp.app.inject({ method: 'PUT', url: switchUrl }), 'unauthorized');
    const finance = await createOperator(testApp.app, 'finance');
    const bad = expectError(await setSwitch(finance, { enabled: 'yes' }), 'validation_error');
    expect(bad.payload).toMatchObject({
      fields: [{ field: 'enabled', message: 'Validation.invalid_value' }],
    });
    const missing = expectError(await setSwitch(finance, {}), 'validation_error');
    expect(missing.payload).toMatchObject({
      fields: [{ field: 'enabled', message: 'Validation.required' }],
    });
    const done = await setSwitch(finance, { enabled: true });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('SANDBOX_AUTO_APPROVE_SECONDS=0 (tests, production)', () => {
  test('nothing is approved whatever the switch says', async () => {
    const manual = await createTestApp({
      clock,
      config: { dataDirectory: await mkdtemp(join(tmpdir(), 'auto-approve-off-')) },
    });
    try {
      expect(manual.config.sandboxAutoApproveSeconds).toBe(0);
      const operator = await loginOperator(manual.app, undefined, manual.config);
      const view = await manual.app.inject({ url: switchUrl, headers: bearer(operator) });
      expect(view.json()).toEqual({ enabled: true, delaySeconds: 0, active: false });
      const player = await registerPlayer(manual.app);
      const created = await manual.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/orders/buy',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: { amount: '1000', bankId: 'sber-rub' },
      });
      const { id } = fiatOrderSchema.parse(created.json());
      const paid = await manual.app.inject({
        method: 'POST',
        url: `/api/v1/wallet/orders/buy/${id}/paid`,
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: { name: 'Anna', fileName: 'receipt.png', fileContent: pngDataUrl },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      clock.advance(24 * 60 * 60 * 1000);
      expect(await manual.app.services.wallet.autoApprove(id)).toBe(false);
      expect((await manual.app.services.wallet.sweep()).autoApproved).toBe(0);
      const row = await manual.db
        .selectFrom('fiat_orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('wait_for_confirmation');
    } finally {
      await manual.close();
    }
  });
});
