import {
  backofficePromoCodesPageSchema,
  backofficeWheelPrizesSchema,
  promoInfoSchema,
  showModalInfoSchema,
  wheelPrizesSchema,
  wheelSpinResultSchema,
} from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoPlayer, insertDemoData } from '../src/db/demo-data.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  loginPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';

let testApp: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

test('the demo wheel has 15 prizes from nothing to 500 USD, some paid as a bonus', async () => {
  const response = await testApp.app.inject({ url: '/api/v2/turbine_of_luck/prizes' });
  const prizes = wheelPrizesSchema.parse(response.json());
  expect(prizes.map((prize) => prize.amount)).toEqual([
    '0.00',
    '0.50',
    '1.00',
    '2.00',
    '5.00',
    '10.00',
    '25.00',
    '50.00',
    '100.00',
    '0.00',
    '1.00',
    '3.00',
    '5.00',
    '20.00',
    '500.00',
  ]);
  expect(prizes.filter((prize) => prize.balanceType === 'other')).toHaveLength(5);
  const table = backofficeWheelPrizesSchema.parse(
    (
      await testApp.app.inject({ url: '/api/backoffice/v1/wheel/prizes', headers: bearer(admin) })
    ).json(),
  );
  expect(table.items.filter((prize) => prize.promoCode === 'WELCOME100')).toHaveLength(1);
  expect(table.totalWeight).toBe(13_331);
});

test('FREE10 and WELCOME100 exist; WELCOME100 is the first-deposit promo', async () => {
  const codes = backofficePromoCodesPageSchema.parse(
    (
      await testApp.app.inject({ url: '/api/backoffice/v1/promocodes', headers: bearer(admin) })
    ).json(),
  );
  expect(
    codes.items
      .map(({ code, kind, amountUsd, newPlayersOnly, isFirstDepositPromo }) => ({
        code,
        kind,
        amountUsd,
        newPlayersOnly,
        isFirstDepositPromo,
      }))
      .sort((left, right) => left.code.localeCompare(right.code)),
  ).toEqual([
    {
      code: 'FREE10',
      kind: 'main',
      amountUsd: '10.00',
      newPlayersOnly: false,
      isFirstDepositPromo: false,
    },
    {
      code: 'WELCOME100',
      kind: 'bonus',
      amountUsd: '100.00',
      newPlayersOnly: true,
      isFirstDepositPromo: true,
    },
  ]);
});

test('the demo player holds no bonus and is offered the first-deposit promo', async () => {
  const session = await loginPlayer(testApp.app, demoPlayer.email, demoPlayer.password);
  const info = showModalInfoSchema.parse(
    (
      await testApp.app.inject({ url: '/api/v1/me/show_modal_info', headers: bearer(session) })
    ).json(),
  );
  expect(info).toMatchObject({ isShowModal: true, promo: { code: 'WELCOME100', type: 'bonus' } });
  const bonuses = await testApp.db.selectFrom('user_bonuses').select('id').execute();
  expect(bonuses).toEqual([]);
});

test('a new player activates WELCOME100 and spins the demo wheel', async () => {
  const player = await registerPlayer(testApp.app);
  const activated = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/promocodes/activate',
    headers: { ...bearer(player), 'idempotency-key': 'demo-welcome' },
    payload: { code: 'welcome100' },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  expect(promoInfoSchema.parse(activated.json())).toMatchObject({
    amount: '100.00',
    currency: 'USD',
    code: 'WELCOME100',
    type: 'bonus',
  });
  const spin = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/turbine_of_luck',
    headers: { ...bearer(player), 'idempotency-key': 'demo-spin' },
  });
  expect(spin.statusCode, spin.body).toBe(200);
  wheelSpinResultSchema.parse(spin.json());
});

test('a second start seeds nothing again', async () => {
  const count = async () => ({
    prizes: (await testApp.db.selectFrom('wheel_prizes').select('id').execute()).length,
    codes: (await testApp.db.selectFrom('promo_codes').select('id').execute()).length,
  });
  const before = await count();
  await insertDemoData(testApp.app.services);
  expect(await count()).toEqual(before);
});
