import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema, fiatSellOrderSchema, paymentRestrictionsSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let admin: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let keyCounter = 0;

const sellDetails = { name: 'Anna Smith', card: '4111111111111111' };

beforeAll(async () => {
  testApp = await createTestApp({
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-restrictions-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  finance = await createOperator(testApp.app, 'finance');
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
    headers: { ...bearer(session), 'idempotency-key': `restrictions-key-${keyCounter}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

function restrictionsUrl(globalId: string): string {
  return `/api/backoffice/v1/players/${globalId}/payment-restrictions`;
}

function getRestrictions(operator: SignedIn, globalId: string) {
  return testApp.app.inject({ url: restrictionsUrl(globalId), headers: bearer(operator) });
}

function putRestrictions(operator: SignedIn, globalId: string, payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'PUT',
    url: restrictionsUrl(globalId),
    headers: bearer(operator),
    payload,
  });
}

async function restrict(
  globalId: string,
  body: { buyBanned: boolean; fiatBanned: boolean; reason?: string },
) {
  const response = await putRestrictions(admin, globalId, body);
  expect(response.statusCode, response.body).toBe(200);
  return paymentRestrictionsSchema.strict().parse(response.json());
}

async function identify(player: SignedIn): Promise<{ globalId: string; userId: string }> {
  const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  const { globalId } = me.json() as { globalId: string };
  const { id } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('global_id', '=', BigInt(globalId))
    .executeTakeFirstOrThrow();
  return { globalId, userId: id };
}

/** What a refused order must leave untouched: orders, holds, ledger movements, the balance. */
async function moneyState(userId: string) {
  const [orders, holds, postings] = await Promise.all([
    testApp.db
      .selectFrom('fiat_orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    testApp.db
      .selectFrom('ledger_holds')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    testApp.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ledger_accounts.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    orders: Number(orders.count),
    holds: Number(holds.count),
    postings: Number(postings.count),
    usd: await testApp.app.services.ledger.balance(userId, 'USD', 'main'),
  };
}

function buy(player: SignedIn, amount = '100') {
  return post('/api/v2/wallet/orders/buy', player, { amount, bankId: 'visa-mastercard-usd' });
}

function sell(player: SignedIn, amount = '100') {
  return post('/api/v2/wallet/orders/sell', player, {
    amount,
    bankId: 'visa-mastercard-usd',
    details: sellDetails,
  });
}

/** A player with a complete profile and 1000 USD, able to deposit and withdraw. */
async function fundedPlayer(): Promise<RegisteredPlayer & { globalId: string; userId: string }> {
  const player = await registerPlayer(testApp.app);
  const profile = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const created = await buy(player, '1000');
  expect(created.statusCode, created.body).toBe(200);
  const order = fiatOrderSchema.parse(created.json());
  const approved = await post(`/api/backoffice/v1/orders/${order.id}/approve`, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  const ids = await identify(player);
  expect(await testApp.app.services.ledger.balance(ids.userId, 'USD', 'main')).toBe(100_000n);
  return { ...player, ...ids };
}

describe('operator endpoints', () => {
  test('a player never restricted reads as unrestricted', async () => {
    const { globalId } = await identify(await registerPlayer(testApp.app));
    const response = await getRestrictions(finance, globalId);
    expect(response.statusCode, response.body).toBe(200);
    expect(paymentRestrictionsSchema.strict().parse(response.json())).toEqual({
      globalId,
      buyBanned: false,
      fiatBanned: false,
      reason: null,
      updatedAt: null,
      updatedBy: null,
    });
  });

  test('PUT replaces the restrictions, GET reads them back, and each change is audited', async () => {
    const { globalId } = await identify(await registerPlayer(testApp.app));
    const set = await putRestrictions(finance, globalId, {
      buyBanned: true,
      fiatBanned: false,
      reason: '  chargebacks  ',
    });
    expect(set.statusCode, set.body).toBe(200);
    const financeId = (
      (
        await testApp.app.inject({ url: '/api/backoffice/v1/me', headers: bearer(finance) })
      ).json() as { id: string }
    ).id;
    const saved = paymentRestrictionsSchema.strict().parse(set.json());
    expect(saved).toMatchObject({
      globalId,
      buyBanned: true,
      fiatBanned: false,
      reason: 'chargebacks',
      updatedBy: financeId,
    });
    expect(saved.updatedAt).not.toBeNull();
    expect((await getRestrictions(admin, globalId)).json()).toEqual(saved);

    // no reason given: none is kept
    const lifted = await restrict(globalId, { buyBanned: false, fiatBanned: false });
    expect(lifted).toMatchObject({ buyBanned: false, fiatBanned: false, reason: null });

    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['operator_id', 'action', 'target_type', 'payload'])
      .where('target_id', '=', globalId)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        operator_id: financeId,
        action: 'player.payment_restrictions.set',
        target_type: 'player',
        payload: { buyBanned: true, fiatBanned: false, reason: 'chargebacks', previous: null },
      },
      {
        operator_id: expect.any(String),
        action: 'player.payment_restrictions.set',
        target_type: 'player',
        payload: {
          buyBanned: false,
          fiatBanned: false,
          reason: null,
          previous: { buyBanned: true, fiatBanned: false },
        },
      },
    ]);
    expect(audit[1]?.operator_id).not.toBe(financeId);
  });

  test('admin and finance only; support and anonymous callers are refused', async () => {
    const { globalId } = await identify(await registerPlayer(testApp.app));
    expectError(await getRestrictions(support, globalId), 'forbidden');
    expectError(
      await putRestrictions(support, globalId, { buyBanned: true, fiatBanned: true }),
      'forbidden',
    );
    expectError(await testApp.app.inject({ url: restrictionsUrl(globalId) }), 'unauthorized');
    // a player's session is not an operator's
    const player = await registerPlayer(testApp.app);
    expectError(await getRestrictions(player, globalId), 'unauthorized');
    expect((await getRestrictions(admin, globalId)).json()).toMatchObject({ buyBanned: false });
    const rows = await testApp.db
      .selectFrom('operator_audit_log')
      .select('id')
      .where('target_id', '=', globalId)
      .execute();
    expect(rows).toEqual([]);
  });

  test('the body is strict and checked; an unknown player is 404', async () => {
    const { globalId } = await identify(await registerPlayer(testApp.app));
    expect(
      expectError(
        await putRestrictions(admin, globalId, {
          buyBanned: true,
          fiatBanned: false,
          withdrawBanned: true,
        }),
        'validation_error',
      ).payload,
    ).toEqual({ fields: [{ field: 'withdrawBanned', message: 'Validation.unknown_field' }] });
    const missing = expectError(
      await putRestrictions(admin, globalId, { buyBanned: true }),
      'validation_error',
    );
    expect(missing.payload).toEqual({
      fields: [{ field: 'fiatBanned', message: 'Validation.required' }],
    });
    expectError(
      await putRestrictions(admin, globalId, { buyBanned: 'yes', fiatBanned: false }),
      'validation_error',
    );
    expectError(
      await putRestrictions(admin, globalId, {
        buyBanned: true,
        fiatBanned: false,
        reason: 'x'.repeat(501),
      }),
      'validation_error',
    );
    expect(
      (
        await putRestrictions(admin, globalId, {
          buyBanned: true,
          fiatBanned: false,
          reason: 'x'.repeat(500),
        })
      ).statusCode,
    ).toBe(200);
    expectError(await getRestrictions(admin, 'abc'), 'validation_error');

    expectError(await getRestrictions(admin, '999999999999'), 'not_found');
    expectError(
      await putRestrictions(admin, '999999999999', { buyBanned: true, fiatBanned: true }),
      'not_found',
    );
    expect(
      await testApp.db
        .selectFrom('operator_audit_log')
        .select('id')
        .where('target_id', '=', '999999999999')
        .execute(),
    ).toEqual([]);
  });
});

describe('effects on orders', () => {
  test('buy_banned refuses deposits only, before anything is written; lifting allows them', async () => {
    const player = await fundedPlayer();
    await restrict(player.globalId, { buyBanned: true, fiatBanned: false, reason: 'chargebacks' });
    const before = await moneyState(player.userId);

    expectError(await buy(player), 'wallet_buy_banned');
    // the restriction is checked before the request's own problems
    expectError(await buy(player, '-5'), 'wallet_buy_banned');
    expect(await moneyState(player.userId)).toEqual(before);

    // withdrawals stay open
    const withdrawal = await sell(player);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(fiatSellOrderSchema.parse(withdrawal.json()).status).toBe('pending');

    await restrict(player.globalId, { buyBanned: false, fiatBanned: false });
    const deposit = await buy(player);
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(fiatOrderSchema.parse(deposit.json()).status).toBe('waiting');
  });

  test('fiat_banned refuses deposits and withdrawals: nothing held, credited or ordered', async () => {
    const player = await fundedPlayer();
    await restrict(player.globalId, { buyBanned: false, fiatBanned: true });
    const before = await moneyState(player.userId);
    expect(before).toMatchObject({ orders: 1, holds: 0, usd: 100_000n });

    expectError(await buy(player), 'wallet_fiat_banned');
    expectError(await sell(player), 'wallet_fiat_banned');
    expectError(await sell(player, '1000000'), 'wallet_fiat_banned');
    expect(await moneyState(player.userId)).toEqual(before);

    // fiat_banned wins when both are set
    await restrict(player.globalId, { buyBanned: true, fiatBanned: true });
    expectError(await buy(player), 'wallet_fiat_banned');
    expectError(await sell(player), 'wallet_fiat_banned');
    expect(await moneyState(player.userId)).toEqual(before);

    await restrict(player.globalId, { buyBanned: false, fiatBanned: false });
    const withdrawal = await sell(player);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const deposit = await buy(player);
    expect(deposit.statusCode, deposit.body).toBe(200);
    const after = await moneyState(player.userId);
    expect(after).toMatchObject({ orders: 3, holds: 1 });
    expect(after.usd).toBeLessThan(100_000n);
  });

  test('fiat_banned comes before the personal-data check of a withdrawal', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId, userId } = await identify(player);
    expectError(await sell(player), 'personal_data_required');
    await restrict(globalId, { buyBanned: false, fiatBanned: true });
    expectError(await sell(player), 'wallet_fiat_banned');
    expect(await moneyState(userId)).toMatchObject({ orders: 0, holds: 0, postings: 0 });
  });

  test('a restriction only affects its own player', async () => {
    const restricted = await registerPlayer(testApp.app);
    const other = await registerPlayer(testApp.app);
    await restrict((await identify(restricted)).globalId, { buyBanned: true, fiatBanned: true });
    expectError(await buy(restricted), 'wallet_fiat_banned');
    const response = await buy(other);
    expect(response.statusCode, response.body).toBe(200);
  });
});
