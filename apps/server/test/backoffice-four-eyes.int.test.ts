import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  awaitingSecondApprovalSchema,
  backofficeOrderSchema,
  fiatOrderSchema,
  fiatSellOrderSchema,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let admin: SignedIn;
let finance: SignedIn;
let financeTwo: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'four-eyes-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  finance = await createOperator(testApp.app, 'finance');
  financeTwo = await createOperator(testApp.app, 'finance');
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  keyCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `four-eyes-${keyCounter}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A player with `deposit` USD on their balance and a fiat withdrawal of `amount` USD held. */
async function heldWithdrawal(deposit: string, amount: string) {
  const { app } = testApp;
  const player = await registerPlayer(app);
  const profile = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const buy = await post('/api/v2/wallet/orders/buy', player, {
    amount: deposit,
    bankId: 'visa-mastercard-usd',
  });
  expect(buy.statusCode, buy.body).toBe(200);
  const approved = await post(
    `/api/backoffice/v1/orders/${fiatOrderSchema.parse(buy.json()).id}/approve`,
    admin,
  );
  // a deposit is not a withdrawal: one approval credits it whatever its size
  expect(approved.statusCode, approved.body).toBe(200);
  const sell = await post('/api/v2/wallet/orders/sell', player, {
    amount,
    bankId: 'visa-mastercard-usd',
    details: { name: 'Anna Smith', card: '4111111111111111' },
  });
  expect(sell.statusCode, sell.body).toBe(200);
  return { player, orderId: fiatSellOrderSchema.parse(sell.json()).id };
}

function approve(orderId: string, session: SignedIn) {
  return post(`/api/backoffice/v1/orders/${orderId}/approve`, session);
}

/** What the ledger paid out to the payment provider: the postings into its clearing account. */
async function clearingUsd(): Promise<bigint> {
  const row = await sql<{ total: string | null }>`
    SELECT sum(p.amount_minor) AS total FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.account_key = 'platform::USD:provider_clearing' AND p.amount_minor > 0
  `.execute(testApp.db);
  return BigInt(row.rows[0]?.total ?? '0');
}

describe('four-eyes withdrawals', () => {
  test('the threshold is 500 USD until the admin changes it (audited; admin only)', async () => {
    const get = await testApp.app.inject({
      url: '/api/backoffice/v1/settings/four-eyes',
      headers: bearer(finance),
    });
    expect(get.json()).toEqual({ thresholdUsd: '500.00' });
    const put = (session: SignedIn, thresholdUsd: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/backoffice/v1/settings/four-eyes',
        headers: bearer(session),
        payload: { thresholdUsd },
      });
    expectError(await put(finance, '100'), 'forbidden');
    expectError(await put(admin, '-5'), 'validation_error');
    expect((await put(admin, '750.5')).json()).toEqual({ thresholdUsd: '750.50' });
    expect((await put(admin, '500')).json()).toEqual({ thresholdUsd: '500.00' });
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select('payload')
      .where('action', '=', 'settings.four_eyes_threshold.update')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.payload)).toEqual([
      { previous: '500.00', thresholdUsd: '750.50' },
      { previous: '750.50', thresholdUsd: '500.00' },
    ]);
  });

  test('a withdrawal at or under the threshold is paid on one approval', async () => {
    const { orderId } = await heldWithdrawal('600', '500');
    const response = await approve(orderId, finance);
    expect(response.statusCode, response.body).toBe(200);
    expect(backofficeOrderSchema.parse(response.json()).status).toBe('completed');
  });

  test('above it: 202 to the first operator, 409 to the same one again, paid by another', async () => {
    const { orderId } = await heldWithdrawal('800', '600');
    const before = await clearingUsd();
    const first = await approve(orderId, finance);
    expect(first.statusCode, first.body).toBe(202);
    const me = (
      await testApp.app.inject({ url: '/api/backoffice/v1/me', headers: bearer(finance) })
    ).json() as { id: string };
    expect(awaitingSecondApprovalSchema.parse(first.json())).toEqual({
      status: 'awaiting_second_approval',
      id: orderId,
      firstApproverId: me.id,
    });
    // nothing moved yet
    expect(await clearingUsd()).toBe(before);

    expectError(await approve(orderId, finance), 'four_eyes_required');
    expect(await clearingUsd()).toBe(before);

    const second = await approve(orderId, financeTwo);
    expect(second.statusCode, second.body).toBe(200);
    expect(backofficeOrderSchema.parse(second.json()).status).toBe('completed');
    expect(await clearingUsd()).toBe(before + 60_000n);

    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'operator_id'])
      .where('target_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'wallet.order.first_approval',
      'wallet.order.approve',
    ]);
    expect(actions[0]?.operator_id).not.toBe(actions[1]?.operator_id);
  });

  test('operators approving at once: one first approval, the withdrawal paid exactly once', async () => {
    const { player, orderId } = await heldWithdrawal('900', '700');
    const userId = await userIdOf(testApp, player);
    const before = await clearingUsd();
    const { ledger } = testApp.app.services;
    const mainBefore = await ledger.balance(userId, 'USD', 'main');
    const answers = await Promise.all(
      [admin, finance, financeTwo].map((session) => approve(orderId, session)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // one answer is the first approval; the next one pays; a third sees it paid
    expect(statuses).toEqual([200, 200, 202]);
    expect(await clearingUsd()).toBe(before + 70_000n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(0n);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(mainBefore);
    const paid = await testApp.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'hold_post')
      .where(sql<boolean>`metadata->>'orderId' = ${orderId}`)
      .execute();
    expect(paid).toHaveLength(1);
    const { violations } = await ledger.check();
    expect(violations).toEqual([]);
  });
});
