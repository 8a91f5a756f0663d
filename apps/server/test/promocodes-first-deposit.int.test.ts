import { backofficePromoCodeSchema, showModalInfoSchema } from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  bearer,
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

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

const url = '/api/v1/me/show_modal_info';

async function modalInfo(player: SignedIn, method: 'GET' | 'PUT' = 'GET') {
  const response = await testApp.app.inject({ method, url, headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return showModalInfoSchema.parse(response.json());
}

async function setFirstDepositPromo(code: string | null) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/promocodes/first-deposit',
    headers: bearer(admin),
    payload: { code },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const welcomePromo = {
  amount: '15.00',
  currency: 'USD',
  freespins_count: 0,
  freespins_amount: '0.00',
  code: 'HELLO15',
  type: 'main',
} as const;

test('without a first-deposit promo nothing shows', async () => {
  const player = await registerPlayer(testApp.app);
  expect(await modalInfo(player)).toEqual({ isShowModal: false, promo: null });
});

test('a new player sees the promo until it is marked shown; a depositor never does', async () => {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/promocodes',
    headers: bearer(admin),
    payload: { code: 'HELLO15', kind: 'main', amountUsd: '15', newPlayersOnly: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  await setFirstDepositPromo('HELLO15');

  const player = await registerPlayer(testApp.app);
  expect(await modalInfo(player)).toEqual({ isShowModal: true, promo: welcomePromo });
  expect(await modalInfo(player, 'PUT')).toEqual({ isShowModal: false, promo: welcomePromo });
  expect(await modalInfo(player)).toEqual({ isShowModal: false, promo: welcomePromo });
  // marking it again keeps the first showing
  const shown = await testApp.db
    .selectFrom('first_deposit_promo_shown')
    .select('shown_at')
    .where('user_id', '=', await userIdOf(testApp, player))
    .executeTakeFirstOrThrow();
  await modalInfo(player, 'PUT');
  const again = await testApp.db
    .selectFrom('first_deposit_promo_shown')
    .select('shown_at')
    .where('user_id', '=', await userIdOf(testApp, player))
    .executeTakeFirstOrThrow();
  expect(again.shown_at).toEqual(shown.shown_at);

  const depositor = await registerPlayer(testApp.app);
  await testApp.app.services.users.recordCompletedDeposit(
    await userIdOf(testApp, depositor),
    1_000n,
  );
  expect(await modalInfo(depositor)).toEqual({ isShowModal: false, promo: null });
});

test('the promo is shown in the player’s primary currency', async () => {
  const player = await registerPlayer(testApp.app);
  const changed = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { currency: { primary: 'RUB' } },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(await modalInfo(player)).toEqual({
    isShowModal: true,
    promo: { ...welcomePromo, amount: '1222.50', currency: 'RUB', freespins_amount: '0.00' },
  });
});

test('a promo the player can no longer activate does not show', async () => {
  const player = await registerPlayer(testApp.app);
  expect((await modalInfo(player)).isShowModal).toBe(true);
  const activated = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/promocodes/activate',
    headers: { ...bearer(player), 'idempotency-key': 'first-deposit-activation' },
    payload: { code: 'hello15' },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  expect(await modalInfo(player)).toEqual({ isShowModal: false, promo: null });

  const other = await registerPlayer(testApp.app);
  const code = await testApp.app.inject({
    url: '/api/backoffice/v1/promocodes?code=HELLO15',
    headers: bearer(admin),
  });
  const id = backofficePromoCodeSchema.parse(code.json().items[0]).id;
  const disabled = await testApp.app.inject({
    method: 'PATCH',
    url: `/api/backoffice/v1/promocodes/${id}`,
    headers: bearer(admin),
    payload: { isEnabled: false },
  });
  expect(disabled.statusCode, disabled.body).toBe(200);
  expect(await modalInfo(other)).toEqual({ isShowModal: false, promo: null });

  await setFirstDepositPromo(null);
  expect(await modalInfo(other)).toEqual({ isShowModal: false, promo: null });
});

test('players must sign in', async () => {
  expectError(await testApp.app.inject({ url }), 'unauthorized');
  expectError(await testApp.app.inject({ method: 'PUT', url }), 'unauthorized');
});
