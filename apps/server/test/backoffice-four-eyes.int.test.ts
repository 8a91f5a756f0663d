import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adjustmentSchema,
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
let support: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'four-eyes-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  finance = await createOperator(testApp.app, 'finance');
  financeTwo = await createOperator(testApp.app, 'finance');
  support = await createOperator(testApp.app, 'support');
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

describe('manual balance adjustments', () => {
  async function player() {
    const registered = await registerPlayer(testApp.app);
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(registered) });
    const { globalId } = me.json() as { globalId: string };
    return { globalId, userId: await userIdOf(testApp, registered) };
  }

  function adjust(globalId: string, session: SignedIn, amount: string, key?: string) {
    keyCounter += 1;
    return testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${globalId}/adjustments`,
      headers: { ...bearer(session), 'idempotency-key': key ?? `adjust-${keyCounter}` },
      payload: { currency: 'USD', amount, reason: 'goodwill after an outage' },
    });
  }

  function approveAdjustment(globalId: string, id: string, session: SignedIn) {
    return post(`/api/backoffice/v1/players/${globalId}/adjustments/${id}/approve`, session);
  }

  const main = (userId: string) => testApp.app.services.ledger.balance(userId, 'USD', 'main');

  test('at or under the threshold it is applied at once; a replayed key moves nothing', async () => {
    const { globalId, userId } = await player();
    const first = await adjust(globalId, finance, '100.50', 'adjust-replay');
    expect(first.statusCode, first.body).toBe(201);
    expect(adjustmentSchema.parse(first.json())).toMatchObject({
      playerGlobalId: globalId,
      amount: '100.50',
      status: 'applied',
      approvedBy: null,
    });
    const replay = await adjust(globalId, finance, '100.50', 'adjust-replay');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await main(userId)).toBe(10_050n);
    // a debit is signed; one the balance does not cover is refused and leaves nothing
    expect((await adjust(globalId, finance, '-50')).statusCode).toBe(201);
    expectError(await adjust(globalId, finance, '-400'), 'insufficient_balance');
    expect(await main(userId)).toBe(5_050n);
    expectError(await adjust(globalId, finance, '0'), 'validation_error');
    expectError(await adjust(globalId, finance, '1.234'), 'validation_error');
    expectError(await adjust('999999999', finance, '5'), 'not_found');
    expectError(await adjust(globalId, support, '5'), 'forbidden');
  });

  test('above it a second operator applies it; the requester cannot', async () => {
    const { globalId, userId } = await player();
    const asked = await adjust(globalId, finance, '600');
    expect(asked.statusCode, asked.body).toBe(202);
    const adjustment = adjustmentSchema.parse(asked.json());
    expect(adjustment.status).toBe('awaiting_second_approval');
    expect(await main(userId)).toBe(0n);
    expectError(await approveAdjustment(globalId, adjustment.id, finance), 'four_eyes_required');
    const approved = await approveAdjustment(globalId, adjustment.id, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(adjustmentSchema.parse(approved.json())).toMatchObject({ status: 'applied' });
    expect(await main(userId)).toBe(60_000n);
    expectError(
      await approveAdjustment(globalId, adjustment.id, financeTwo),
      'adjustment_not_pending',
    );
    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', '=', globalId)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'player.adjustment.request',
      'player.adjustment.approve',
    ]);
  });

  test('a debit above it the balance does not cover is refused when asked, not left waiting', async () => {
    const { globalId, userId } = await player();
    expect((await adjust(globalId, finance, '1000')).statusCode).toBe(202);
    expectError(await adjust(globalId, finance, '-5000'), 'insufficient_balance');
    expect(await main(userId)).toBe(0n);
    const waiting = await testApp.db
      .selectFrom('balance_adjustments')
      .select('amount_minor')
      .where('user_id', '=', userId)
      .execute();
    expect(waiting.map((row) => row.amount_minor)).toEqual([100_000n]);
  });

  test('one waiting is rejected by another operator or withdrawn by its asker: no money moves', async () => {
    const { globalId, userId } = await player();
    const reject = (id: string, session: SignedIn) =>
      post(`/api/backoffice/v1/players/${globalId}/adjustments/${id}/reject`, session);
    const queued = async () =>
      (
        (
          await testApp.app.inject({
            url: `/api/backoffice/v1/approvals?playerGlobalId=${globalId}`,
            headers: bearer(admin),
          })
        ).json() as { items: { id: string }[] }
      ).items.map((item) => item.id);
    const first = adjustmentSchema.parse((await adjust(globalId, finance, '800')).json());
    const second = adjustmentSchema.parse((await adjust(globalId, finance, '900')).json());
    expect(await queued()).toEqual([first.id, second.id]);

    const rejected = await reject(first.id, admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(adjustmentSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      approvedBy: null,
      appliedAt: null,
    });
    expect(adjustmentSchema.parse(rejected.json()).rejectedAt).not.toBeNull();
    // its asker withdraws the other
    const withdrawn = await reject(second.id, finance);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await queued()).toEqual([]);
    expect(await main(userId)).toBe(0n);
    expectError(await approveAdjustment(globalId, first.id, financeTwo), 'adjustment_not_pending');
    expectError(await reject(first.id, financeTwo), 'adjustment_not_pending');
    expectError(await reject(second.id, support), 'forbidden');
    expectError(await reject('00000000-0000-4000-8000-000000000000', admin), 'not_found');
    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('target_id', '=', globalId)
      .where('action', '=', 'player.adjustment.reject')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => (row.payload as { withdrawn: boolean }).withdrawn)).toEqual([
      false,
      true,
    ]);
    const postings = await testApp.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'manual_adjustment')
      .where('external_reference', 'in', [first.id, second.id])
      .execute();
    expect(postings).toEqual([]);
  });

  test('two operators approving at once apply it exactly once', async () => {
    const { globalId, userId } = await player();
    const adjustment = adjustmentSchema.parse((await adjust(globalId, finance, '700')).json());
    const answers = await Promise.all(
      [admin, financeTwo].map((session) => approveAdjustment(globalId, adjustment.id, session)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toBe(
      'adjustment_not_pending',
    );
    expect(await main(userId)).toBe(70_000n);
    const postings = await testApp.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'manual_adjustment')
      .where('external_reference', '=', adjustment.id)
      .execute();
    expect(postings).toHaveLength(1);
    const { violations } = await testApp.app.services.ledger.check();
    expect(violations).toEqual([]);
  });
});
