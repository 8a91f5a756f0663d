import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema, fiatSellOrderSchema, playerSummarySchema } from '@casino/contract';
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

// Spec §4 withdraw flow step 4 with WITHDRAW_VERIFICATION_REQUIRED on.
let testApp: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let keyCounter = 0;
const details = { name: 'Anna Smith', card: '4111111111111111' };

beforeAll(async () => {
  testApp = await createTestApp({
    config: {
      withdrawVerificationRequired: true,
      dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-verification-test-')),
    },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await createOperator(testApp.app, 'support');
  finance = await createOperator(testApp.app, 'finance');
});
afterAll(async () => {
  await testApp.close();
});

function request(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  session: SignedIn,
  payload?: object,
) {
  keyCounter += 1;
  return testApp.app.inject({
    method,
    url,
    headers: { ...bearer(session), 'idempotency-key': `verification-key-${keyCounter}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function readyPlayer(): Promise<{ player: RegisteredPlayer; globalId: string }> {
  const player = await registerPlayer(testApp.app);
  const profile = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const buy = await request('POST', '/api/v2/wallet/orders/buy', player, {
    amount: '1000',
    bankId: 'visa-mastercard-usd',
  });
  expect(buy.statusCode, buy.body).toBe(200);
  const order = fiatOrderSchema.parse(buy.json());
  const approved = await request('POST', `/api/backoffice/v1/orders/${order.id}/approve`, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  return { player, globalId: profile.json().globalId };
}

const sell = (player: SignedIn) =>
  request('POST', '/api/v2/wallet/orders/sell', player, {
    amount: '50',
    bankId: 'visa-mastercard-usd',
    details,
  });

describe('withdrawal verification (feature on)', () => {
  test('an unverified player is sent to personal data and cannot withdraw until verified', async () => {
    const { player, globalId } = await readyPlayer();
    const me = await request('GET', '/api/v1/me', player);
    expect(me.json()).toMatchObject({ isVerified: false });
    const check = await request('GET', '/api/v2/wallet/wager', player);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ enabled: true, verificationRequired: true });
    expect(expectError(await sell(player), 'personal_data_required').payload).toEqual({
      verificationRequired: true,
    });
    const held = await testApp.db
      .selectFrom('fiat_orders')
      .select('id')
      .where('type', '=', 'sell')
      .execute();
    expect(held).toEqual([]);

    const verified = await request(
      'POST',
      `/api/backoffice/v1/players/${globalId}/verification`,
      support,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(playerSummarySchema.parse(verified.json())).toMatchObject({
      globalId,
      isVerified: true,
    });
    expect((await request('GET', '/api/v1/me', player)).json()).toMatchObject({
      isVerified: true,
    });
    expect((await request('GET', '/api/v2/wallet/wager', player)).json()).toEqual({
      enabled: true,
      verificationRequired: false,
    });
    const created = await sell(player);
    expect(created.statusCode, created.body).toBe(200);
    expect(fiatSellOrderSchema.parse(created.json())).toMatchObject({ amount: '50.00' });

    const revoked = await request(
      'DELETE',
      `/api/backoffice/v1/players/${globalId}/verification`,
      admin,
    );
    expect(revoked.json()).toMatchObject({ isVerified: false });
    expect((await request('GET', '/api/v2/wallet/wager', player)).json()).toEqual({
      enabled: true,
      verificationRequired: true,
    });
    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', '=', globalId)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toContain('player.verification.grant');
    expect(actions.map((row) => row.action)).toContain('player.verification.revoke');
  });

  test('finance and players may not verify; an unknown player is not found', async () => {
    const { player, globalId } = await readyPlayer();
    for (const method of ['POST', 'DELETE'] as const) {
      expectError(
        await request(method, `/api/backoffice/v1/players/${globalId}/verification`, finance),
        'forbidden',
      );
      expectError(
        await request(method, `/api/backoffice/v1/players/${globalId}/verification`, player),
        'unauthorized',
      );
    }
    expectError(
      await request('POST', '/api/backoffice/v1/players/99999999/verification', admin),
      'not_found',
    );
    expect((await request('GET', '/api/v1/me', player)).json()).toMatchObject({
      isVerified: false,
    });
  });
});
