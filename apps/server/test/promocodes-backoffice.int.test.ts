import {
  backofficePromoCodeSchema,
  backofficePromoCodesPageSchema,
  firstDepositPromoSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
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

function create(payload: Record<string, unknown>, session: SignedIn = admin) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/promocodes',
    headers: bearer(session),
    payload,
  });
}

function patch(id: string, payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'PATCH',
    url: `/api/backoffice/v1/promocodes/${id}`,
    headers: bearer(admin),
    payload,
  });
}

async function lastAudit(action: string) {
  return await testApp.db
    .selectFrom('operator_audit_log')
    .select(['target_id', 'payload', 'request_id'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe('creating and changing codes', () => {
  test('a new code takes the defaults, is listed and audited', async () => {
    const response = await create({ code: 'Spring25', kind: 'main', amountUsd: '25' });
    expect(response.statusCode, response.body).toBe(201);
    const code = backofficePromoCodeSchema.parse(response.json());
    expect(code).toMatchObject({
      code: 'Spring25',
      kind: 'main',
      amountUsd: '25.00',
      offerId: null,
      usesLimit: null,
      uses: 0,
      perPlayerLimit: 1,
      validFrom: null,
      validTo: null,
      newPlayersOnly: false,
      vipOnly: false,
      countries: [],
      isEnabled: true,
      isFirstDepositPromo: false,
    });
    const audit = await lastAudit('promocodes.create');
    expect(audit).toEqual({
      target_id: code.id,
      payload: { promoCode: code },
      request_id: response.headers['x-request-id'],
    });

    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/promocodes?code=ring2',
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(backofficePromoCodesPageSchema.parse(list.json())).toEqual({
      items: [code],
      meta: { offset: 0, limit: 50, total: 1, totalCapped: false },
    });
  });

  test('codes are unique without regard to case', async () => {
    expect((await create({ code: 'UNIQUE1', kind: 'main', amountUsd: '1' })).statusCode).toBe(201);
    const duplicate = expectError(
      await create({ code: 'unique1', kind: 'main', amountUsd: '2' }),
      'validation_error',
    );
    expect(duplicate.payload).toEqual({
      fields: [{ field: 'code', message: 'Validation.promo_code_taken' }],
    });
    const other = backofficePromoCodeSchema.parse(
      (await create({ code: 'UNIQUE2', kind: 'main', amountUsd: '1' })).json(),
    );
    const renamed = expectError(await patch(other.id, { code: 'Unique1' }), 'validation_error');
    expect(renamed.payload).toEqual({
      fields: [{ field: 'code', message: 'Validation.promo_code_taken' }],
    });
  });

  test('a change applies to the merged code and records the previous one', async () => {
    const created = backofficePromoCodeSchema.parse(
      (await create({ code: 'CHANGE-ME', kind: 'main', amountUsd: '5', usesLimit: 10 })).json(),
    );
    const response = await patch(created.id, {
      amountUsd: '7.5',
      usesLimit: null,
      perPlayerLimit: 3,
      validTo: '2027-01-01T00:00:00+03:00',
      countries: ['ru', 'KZ', 'RU'],
      vipOnly: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = backofficePromoCodeSchema.parse(response.json());
    expect(updated).toMatchObject({
      code: 'CHANGE-ME',
      amountUsd: '7.50',
      usesLimit: null,
      perPlayerLimit: 3,
      validTo: '2026-12-31T21:00:00.000Z',
      countries: ['KZ', 'RU'],
      vipOnly: true,
    });
    const audit = await lastAudit('promocodes.update');
    expect(audit.payload).toEqual({ previous: created, promoCode: updated });

    // a main code turned into a bonus code needs its offer
    const noOffer = expectError(await patch(created.id, { kind: 'bonus' }), 'validation_error');
    expect(noOffer.payload).toEqual({
      fields: [{ field: 'offerId', message: 'Validation.required' }],
    });
    // the window is checked against the stored end
    const backwards = expectError(
      await patch(created.id, { validFrom: '2027-02-01T00:00:00Z' }),
      'validation_error',
    );
    expect(backwards.payload).toEqual({
      fields: [{ field: 'validTo', message: 'Validation.invalid_value' }],
    });
  });

  test('unknown ids and empty changes are refused', async () => {
    expectError(
      await patch('00000000-0000-4000-8000-000000000000', { isEnabled: false }),
      'not_found',
    );
    expect(
      expectError(await patch('not-a-uuid', { isEnabled: false }), 'validation_error').payload,
    ).toEqual({
      fields: [{ field: 'id', message: 'Validation.invalid_value' }],
    });
    const created = backofficePromoCodeSchema.parse(
      (await create({ code: 'EMPTY-PATCH', kind: 'main', amountUsd: '1' })).json(),
    );
    expect(expectError(await patch(created.id, {}), 'validation_error').payload).toEqual({
      fields: [{ field: 'body', message: 'Validation.required' }],
    });
  });
});

describe('the rules between fields', () => {
  const cases: Array<{
    name: string;
    payload: Record<string, unknown>;
    fields: Array<{ field: string; message: string }>;
  }> = [
    {
      name: 'main without an amount',
      payload: { code: 'RULE1', kind: 'main' },
      fields: [{ field: 'amountUsd', message: 'Validation.invalid_amount' }],
    },
    {
      name: 'main with a zero amount and an offer',
      payload: {
        code: 'RULE2',
        kind: 'main',
        amountUsd: '0',
        offerId: '00000000-0000-4000-8000-000000000000',
      },
      fields: [
        { field: 'amountUsd', message: 'Validation.invalid_amount' },
        { field: 'offerId', message: 'Validation.invalid_value' },
      ],
    },
    {
      name: 'bonus without an offer',
      payload: { code: 'RULE3', kind: 'bonus', amountUsd: '5' },
      fields: [{ field: 'offerId', message: 'Validation.required' }],
    },
    {
      name: 'conditions with an offer that does not exist',
      payload: {
        code: 'RULE4',
        kind: 'conditions',
        offerId: '00000000-0000-4000-8000-000000000000',
      },
      fields: [{ field: 'offerId', message: 'Validation.invalid_value' }],
    },
    {
      name: 'conditions with an amount (the deposit decides it)',
      payload: {
        code: 'RULE6',
        kind: 'conditions',
        amountUsd: '10',
        offerId: '00000000-0000-4000-8000-000000000000',
      },
      fields: [{ field: 'amountUsd', message: 'Validation.invalid_amount' }],
    },
    {
      name: 'an offer id that is not one',
      payload: { code: 'RULE7', kind: 'bonus', amountUsd: '5', offerId: 'welcome' },
      fields: [{ field: 'offerId', message: 'Validation.invalid_value' }],
    },
    {
      name: 'a window that ends before it starts',
      payload: {
        code: 'RULE5',
        kind: 'main',
        amountUsd: '1',
        validFrom: '2026-12-02T00:00:00Z',
        validTo: '2026-12-01T00:00:00Z',
      },
      fields: [{ field: 'validTo', message: 'Validation.invalid_value' }],
    },
  ];
  for (const { name, payload, fields } of cases) {
    test(name, async () => {
      expect(expectError(await create(payload), 'validation_error').payload).toEqual({ fields });
    });
  }

  test('field formats', async () => {
    const body = expectError(
      await create({
        code: 'x',
        kind: 'cash',
        amountUsd: '1.001',
        usesLimit: 0,
        perPlayerLimit: 101,
        validFrom: 'tomorrow',
        countries: ['Germany'],
        isEnabled: 'yes',
      }),
      'validation_error',
    );
    expect(body.payload).toEqual({
      fields: [
        { field: 'code', message: 'Validation.invalid_value' },
        { field: 'kind', message: 'Validation.invalid_value' },
        { field: 'amountUsd', message: 'Validation.invalid_amount' },
        { field: 'usesLimit', message: 'Validation.invalid_value' },
        { field: 'perPlayerLimit', message: 'Validation.invalid_value' },
        { field: 'validFrom', message: 'Validation.invalid_value' },
        { field: 'countries.0', message: 'Validation.invalid_country' },
        { field: 'isEnabled', message: 'Validation.invalid_value' },
      ],
    });
  });
});

describe('the first-deposit promo', () => {
  test('is set to one code at a time, cleared with null, and audited', async () => {
    const url = '/api/backoffice/v1/promocodes/first-deposit';
    const read = async () => {
      const response = await testApp.app.inject({ url, headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      return firstDepositPromoSchema.parse(response.json());
    };
    const put = (code: string | null) =>
      testApp.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: { code } });
    expect(await read()).toEqual({ code: null });
    await create({ code: 'FIRST-A', kind: 'main', amountUsd: '3' });
    await create({ code: 'FIRST-B', kind: 'main', amountUsd: '4' });

    expect((await put('first-a')).json()).toEqual({ code: 'FIRST-A' });
    expect((await put('FIRST-B')).json()).toEqual({ code: 'FIRST-B' });
    expect(await read()).toEqual({ code: 'FIRST-B' });
    const flagged = await testApp.db
      .selectFrom('promo_codes')
      .select('code')
      .where('is_first_deposit_promo', '=', true)
      .execute();
    expect(flagged).toEqual([{ code: 'FIRST-B' }]);
    expect((await lastAudit('promocodes.first_deposit.set')).payload).toEqual({
      previous: 'FIRST-A',
      code: 'FIRST-B',
    });

    expect(expectError(await put('NOT-THERE'), 'validation_error').payload).toEqual({
      fields: [{ field: 'code', message: 'Validation.invalid_value' }],
    });
    expect(await read()).toEqual({ code: 'FIRST-B' });
    expect((await put(null)).json()).toEqual({ code: null });
    expect(await read()).toEqual({ code: null });
  });
});

test('only admins manage promo codes', async () => {
  const finance = await createOperator(testApp.app, 'finance');
  expectError(await create({ code: 'NOPE', kind: 'main', amountUsd: '1' }, finance), 'forbidden');
  expectError(
    await testApp.app.inject({ url: '/api/backoffice/v1/promocodes', headers: bearer(finance) }),
    'forbidden',
  );
  expectError(await testApp.app.inject({ url: '/api/backoffice/v1/promocodes' }), 'unauthorized');
});
