import { afterAll, beforeAll, expect, test } from 'vitest';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { insertDemoData } from '../src/db/demo-data.ts';
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
  expect(await insertDemoData(testApp.db, testApp.app.services)).toBe(0);
  await bootstrapPlatform(testApp.app.services, testApp.config);
  const after = await testApp.db.selectFrom('users').select(['email', 'updated_at']).execute();
  expect(after).toEqual(before);
  const operators = await testApp.db.selectFrom('operators').select(['email', 'role']).execute();
  expect(operators).toEqual([{ email: testApp.config.operatorEmail, role: 'admin' }]);
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
