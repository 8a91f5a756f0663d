import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiatOrderSchema } from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';

let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({
    config: { dataDirectory: await mkdtemp(join(tmpdir(), 'wallet-concurrency-test-')) },
  });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  keyCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `concurrency-${keyCounter}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

// Also a regression test: money transactions once took every pool connection and then waited for
// a second one, so a burst like this answered 500s after the pool timeout.
test('50 simultaneous withdrawals of most of the balance: exactly one is held, the rest are refused', async () => {
  const { app, db } = testApp;
  const player = await registerPlayer(app);
  const profile = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const deposit = await post('/api/v2/wallet/orders/buy', player, {
    amount: '100',
    bankId: 'visa-mastercard-usd',
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
  const { id: orderId } = fiatOrderSchema.parse(deposit.json());
  expect((await post(`/api/backoffice/v1/orders/${orderId}/approve`, admin)).statusCode).toBe(200);

  const withdrawal = {
    amount: '60',
    bankId: 'visa-mastercard-usd',
    details: { name: 'Anna Smith', card: '4111111111111111' },
  };
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => post('/api/v2/wallet/orders/sell', player, withdrawal)),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toBe('insufficient_balance');
  }

  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  const ledger = app.services.ledger;
  const held = await ledger.balance(userId, 'USD', 'withdrawal_hold');
  const main = await ledger.balance(userId, 'USD', 'main');
  expect(held).toBeGreaterThanOrEqual(6_000n);
  expect(main + held).toBe(10_000n);
  const report = await ledger.check();
  expect(report.violations).toEqual([]);
});
