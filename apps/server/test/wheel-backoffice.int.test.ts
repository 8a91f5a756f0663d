import {
  backofficeOffersSchema,
  backofficeWheelPrizesSchema,
  wheelSpinResultSchema,
} from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
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

function put(payload: unknown, session: SignedIn = admin) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/wheel/prizes',
    headers: bearer(session),
    payload: payload as Record<string, unknown>,
  });
}

async function current() {
  const response = await testApp.app.inject({
    url: '/api/backoffice/v1/wheel/prizes',
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return backofficeWheelPrizesSchema.parse(response.json());
}

test('the table is replaced as a whole: kept ids update, new rows are added, the rest retired', async () => {
  expect(await current()).toEqual({ items: [], totalWeight: 0 });
  const first = await put({
    items: [
      { amountUsd: '0', balanceType: 'main', weight: 50 },
      { amountUsd: '1.5', balanceType: 'other', weight: 30 },
      { amountUsd: '25', balanceType: 'main', weight: 20 },
    ],
  });
  expect(first.statusCode, first.body).toBe(200);
  const table = backofficeWheelPrizesSchema.parse(first.json());
  expect(table.totalWeight).toBe(100);
  expect(table.items.map(({ id: _id, ...prize }) => prize)).toEqual([
    {
      position: 0,
      amountUsd: '0.00',
      balanceType: 'main',

      weight: 50,
      promoCode: null,
    },
    {
      position: 1,
      amountUsd: '1.50',
      balanceType: 'other',
      weight: 30,
      promoCode: null,
    },
    {
      position: 2,
      amountUsd: '25.00',
      balanceType: 'main',

      weight: 20,
      promoCode: null,
    },
  ]);
  expect(await current()).toEqual(table);

  // only the 25 USD prize can win now; a player wins it before the operator retires it
  const onlyTwentyFive = await put({
    items: [
      {
        id: table.items[1]?.id,
        amountUsd: '1.5',
        balanceType: 'other',
        weight: 0,
      },
      { id: table.items[2]?.id, amountUsd: '25', balanceType: 'main', weight: 1 },
    ],
  });
  expect(onlyTwentyFive.statusCode, onlyTwentyFive.body).toBe(200);
  const player = await registerPlayer(testApp.app);
  const spin = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/turbine_of_luck',
    headers: { ...bearer(player), 'idempotency-key': 'won-before-retirement' },
  });
  expect(spin.statusCode, spin.body).toBe(200);
  expect(wheelSpinResultSchema.parse(spin.json()).prizeId).toBe(table.items[2]?.id);

  const second = await put({
    items: [
      { id: table.items[1]?.id, amountUsd: '3', balanceType: 'main', weight: 10 },
      { amountUsd: '100', balanceType: 'other', weight: 1 },
    ],
  });
  expect(second.statusCode, second.body).toBe(200);
  const next = backofficeWheelPrizesSchema.parse(second.json());
  expect(next.items.map((prize) => [prize.position, prize.amountUsd, prize.balanceType])).toEqual([
    [0, '3.00', 'main'],
    [1, '100.00', 'other'],
  ]);
  expect(next.items[0]?.id).toBe(table.items[1]?.id);
  expect(next.totalWeight).toBe(11);
  // the retired prizes stay in the database for the spins that won them
  const retired = await testApp.db
    .selectFrom('wheel_prizes')
    .select('id')
    .where('retired_at', 'is not', null)
    .orderBy('position')
    .execute();
  expect(retired.map((row) => row.id).sort()).toEqual(
    [table.items[0]?.id, table.items[2]?.id].sort(),
  );
  // a retired prize cannot be updated by its id
  const stale = await put({
    items: [{ id: table.items[0]?.id, amountUsd: '1', balanceType: 'main', weight: 1 }],
  });
  expect(expectError(stale, 'validation_error').payload).toEqual({
    fields: [{ field: 'items.0.id', message: 'Validation.invalid_value' }],
  });
});

test('each change is audited with the previous and the new table', async () => {
  const before = await current();
  const response = await put({ items: [{ amountUsd: '7', balanceType: 'main', weight: 3 }] });
  expect(response.statusCode, response.body).toBe(200);
  const after = backofficeWheelPrizesSchema.parse(response.json());
  const audit = await testApp.db
    .selectFrom('operator_audit_log')
    .select(['action', 'target_type', 'target_id', 'payload', 'request_id'])
    .where('action', '=', 'wheel.prizes.replace')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  expect(audit).toEqual({
    action: 'wheel.prizes.replace',
    target_type: 'wheel',
    target_id: 'prizes',
    payload: { previous: before.items, prizes: after.items },
    request_id: response.headers['x-request-id'],
  });
});

test('invalid tables are refused field by field', async () => {
  const cases: Array<{ payload: unknown; fields: Array<{ field: string; message: string }> }> = [
    {
      payload: { items: [{ amountUsd: '1.234', balanceType: 'main', weight: 1 }] },
      fields: [{ field: 'items.0.amountUsd', message: 'Validation.invalid_amount' }],
    },
    {
      payload: { items: [{ amountUsd: '100000.01', balanceType: 'main', weight: 1 }] },
      fields: [{ field: 'items.0.amountUsd', message: 'Validation.invalid_amount' }],
    },
    {
      payload: { items: [{ amountUsd: '1', balanceType: 'bonus', weight: 1 }] },
      fields: [{ field: 'items.0.balanceType', message: 'Validation.invalid_value' }],
    },
    {
      payload: { items: [{ amountUsd: '1', balanceType: 'main', weight: -1 }] },
      fields: [{ field: 'items.0.weight', message: 'Validation.invalid_value' }],
    },
    {
      payload: {
        items: [
          { amountUsd: '1', balanceType: 'main', weight: 0 },
          { amountUsd: '2', balanceType: 'main', weight: 0 },
        ],
      },
      fields: [{ field: 'items.0.weight', message: 'Validation.invalid_value' }],
    },
    {
      payload: {
        items: Array.from({ length: 16 }, () => ({
          amountUsd: '1',
          balanceType: 'main',
          weight: 1,
        })),
      },
      fields: [{ field: 'items', message: 'Validation.invalid_value' }],
    },
    {
      payload: { items: [{ amountUsd: '1', balanceType: 'main', weight: 1, colour: 'red' }] },
      fields: [{ field: 'items.0.colour', message: 'Validation.unknown_field' }],
    },
    {
      payload: { items: [{ amountUsd: '1', balanceType: 'main', weight: 1, promoCode: 'NOPE1' }] },
      fields: [{ field: 'items.0.promoCode', message: 'Validation.invalid_value' }],
    },
  ];
  const before = await current();
  for (const { payload, fields } of cases) {
    const body = expectError(await put(payload), 'validation_error');
    expect(body.payload, JSON.stringify(payload)).toEqual({ fields });
  }
  expect(await current()).toEqual(before);
});

test('a prize may carry an existing promo code, named without regard to case, stored as defined', async () => {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/promocodes',
    headers: bearer(admin),
    payload: { code: 'WheelBonus7', kind: 'main', amountUsd: '7' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const response = await put({
    items: [{ amountUsd: '0', balanceType: 'main', weight: 1, promoCode: 'wheelbonus7' }],
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(backofficeWheelPrizesSchema.parse(response.json()).items[0]?.promoCode).toBe(
    'WheelBonus7',
  );
  const player = await registerPlayer(testApp.app);
  const spin = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/turbine_of_luck',
    headers: { ...bearer(player), 'idempotency-key': 'promo-prize' },
  });
  expect(wheelSpinResultSchema.parse(spin.json())).toMatchObject({
    amount: '0.00',
    promo: 'WheelBonus7',
  });
});

test('only admins may read or change the table', async () => {
  const support = await createOperator(testApp.app, 'support');
  expectError(
    await testApp.app.inject({ url: '/api/backoffice/v1/wheel/prizes', headers: bearer(support) }),
    'forbidden',
  );
  expectError(await put({ items: [] }, support), 'forbidden');
  expectError(await testApp.app.inject({ url: '/api/backoffice/v1/wheel/prizes' }), 'unauthorized');
  const player = await registerPlayer(testApp.app);
  expectError(
    await testApp.app.inject({ url: '/api/backoffice/v1/wheel/prizes', headers: bearer(player) }),
    'unauthorized',
  );
});

test('an other-balance prize needs an enabled wheel offer to take the conditions of', async () => {
  const offers = await testApp.app.inject({
    url: '/api/backoffice/v1/bonuses/offers',
    headers: bearer(admin),
  });
  const wheelOffers = backofficeOffersSchema
    .parse(offers.json())
    .items.filter((offer) => offer.type === 'wheel' && offer.isEnabled);
  expect(wheelOffers).toHaveLength(1);
  const setEnabled = async (isEnabled: boolean) => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/v1/bonuses/offers/${wheelOffers[0]?.id}`,
      headers: bearer(admin),
      payload: { isEnabled },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const table = {
    items: [
      { amountUsd: '0', balanceType: 'other', weight: 1 },
      { amountUsd: '2', balanceType: 'other', weight: 1 },
    ],
  };
  await setEnabled(false);
  try {
    expect(expectError(await put(table), 'validation_error').payload).toEqual({
      fields: [{ field: 'items.1.balanceType', message: 'Validation.invalid_value' }],
    });
    // a worthless other-balance slice pays nothing, so it needs no offer
    expect((await put({ items: [table.items[0]] })).statusCode).toBe(200);
  } finally {
    await setEnabled(true);
  }
  expect((await put(table)).statusCode).toBe(200);
});
