import { afterAll, beforeAll, expect, test } from 'vitest';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { demoCreditType, insertDemoData } from '../src/db/demo-data.ts';
import { createTestApp, loginOperator, type TestApp } from './support/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await testApp.close();
});

test('demo data and the first operator are inserted once, however often the server starts', async () => {
  const before = await testApp.db.selectFrom('users').select(['email', 'updated_at']).execute();
  expect(before.map((row) => row.email).sort()).toEqual([
    'banned@casino.local',
    'demo@casino.local',
    'vip@casino.local',
  ]);
  expect(await insertDemoData(testApp.app.services)).toBe(0);
  await bootstrapPlatform(testApp.app.services, testApp.config);
  const after = await testApp.db.selectFrom('users').select(['email', 'updated_at']).execute();
  expect(after).toEqual(before);
  const operators = await testApp.db.selectFrom('operators').select(['email', 'roles']).execute();
  expect(operators).toEqual([{ email: testApp.config.operatorEmail, roles: ['admin'] }]);
});

test('the bootstrap keeps an operator-edited restricted-country list', async () => {
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/settings/restricted-countries',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { countries: ['FR'] },
  });
  await bootstrapPlatform(testApp.app.services, { ...testApp.config, restrictedCountries: ['DE'] });
  const response = await testApp.app.inject({
    url: '/api/backoffice/v1/settings/restricted-countries',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.json()).toEqual({ countries: ['FR'] });
});

test('demo players who may play get their demo money once, through the ledger, however often the server starts', async () => {
  const { services } = testApp.app;
  const players = await testApp.db
    .selectFrom('users')
    .select(['id', 'email', 'primary_currency'])
    .execute();
  const balances = async () =>
    Object.fromEntries(
      await Promise.all(
        players.map(async (player) => [
          player.email,
          await services.ledger.balance(player.id, player.primary_currency, 'main'),
        ]),
      ),
    );
  // the test configuration gives none: the players were created without money
  expect(Object.values(await balances())).toEqual([0n, 0n, 0n]);

  // the first start with demo money, a restart and two processes starting at once
  await insertDemoData(services, { playerBalanceUsd: 1000 });
  await insertDemoData(services, { playerBalanceUsd: 1000 });
  await Promise.all([
    insertDemoData(services, { playerBalanceUsd: 1000 }),
    insertDemoData(services, { playerBalanceUsd: 1000 }),
  ]);
  expect(await balances()).toEqual({
    'demo@casino.local': 100_000n,
    'vip@casino.local': 100_000n,
    'banned@casino.local': 0n,
  });
  // one demo_credit per player, from the house, never counted as a deposit
  const credits = await testApp.db
    .selectFrom('ledger_transactions')
    .select(['external_reference'])
    .where('type', '=', demoCreditType)
    .execute();
  expect(credits).toHaveLength(2);
  const users = await testApp.db.selectFrom('users').select('deposit_count').execute();
  expect(users.map((user) => user.deposit_count)).toEqual([0, 0, 0]);
  expect((await services.ledger.check()).violations).toEqual([]);
});
