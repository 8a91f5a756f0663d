import { randomUUID } from 'node:crypto';
import {
  type ExternalDetailFieldName,
  type FiatPaymentMethod,
  fiatConditionsResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/**
 * `orders/conditions` lists, per method, every detail a fiat withdrawal requires, and the
 * withdrawal is validated against exactly that list: a body filled from the list alone is
 * accepted (it fails on the empty balance, after the details), one missing a listed field is
 * refused naming it. From a Russian address, so Steam (CIS only) is among the methods.
 */
const russianIp = '77.88.8.8';

/** A valid value for each detail field (the rules of spec §5). */
const validValues: Record<ExternalDetailFieldName, string> = {
  name: 'Anna Smith',
  card: '4111111111111111',
  phone: '+79161234567',
  first_name: 'Anna',
  last_name: 'Smith',
  email: 'anna@example.com',
  account_number_online_banking_ph: '1234567890',
  full_name: 'Anna Smith',
  month: '05',
  year: '2030',
  cvc: '123',
  holder: 'Anna Smith',
  person_id: '1234567890',
  full_name_latin: 'Anna Smith',
  expiration_month: '05',
  expiration_year: '2030',
};
const holderFields: readonly ExternalDetailFieldName[] = ['name', 'full_name', 'full_name_latin'];

let testApp: TestApp;
let player: RegisteredPlayer;
let methods: FiatPaymentMethod[];

beforeAll(async () => {
  testApp = await createTestApp({ config: { trustProxy: true } });
  player = await registerPlayer(testApp.app);
  const profile = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: { ...bearer(player), 'x-forwarded-for': russianIp },
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const conditions = await testApp.app.inject({
    url: '/api/v2/wallet/orders/conditions',
    headers: { ...bearer(player), 'x-forwarded-for': russianIp },
  });
  expect(conditions.statusCode, conditions.body).toBe(200);
  methods = fiatConditionsResponseSchema
    .parse(conditions.json())
    .filter((method) => method.sell !== null);
});
afterAll(async () => {
  await testApp.close();
});

function withdraw(method: FiatPaymentMethod, details: Record<string, string>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/orders/sell',
    headers: {
      ...bearer(player),
      'x-forwarded-for': russianIp,
      'idempotency-key': randomUUID(),
    },
    payload: { amount: method.sell?.minAmount ?? '0', bankId: method.id, details },
  });
}

function listed(method: FiatPaymentMethod): ExternalDetailFieldName[] {
  return method.sell?.externalDetailsFields.required ?? [];
}

describe('fiat withdrawal conditions', () => {
  test('each method lists what its withdrawal requires (a card for p2p, the holder’s name, the Steam login)', () => {
    const byId = new Map(methods.map((method) => [method.id, listed(method)]));
    // p2p methods whose operator listed nothing still need the card the money goes to
    expect(byId.get('visa-mastercard-usd')).toEqual(['name', 'card']);
    expect(byId.get('monobank-uah')).toEqual(['name', 'card']);
    expect(byId.get('sber-rub')).toEqual(['name', 'full_name', 'card']);
    expect(byId.get('sbp-rub')).toEqual(['name', 'phone']);
    expect(byId.get('ovo-idr')).toEqual(['name', 'full_name', 'account_number_online_banking_ph']);
    expect(byId.get('wise-usd')).toEqual(['name', 'email', 'full_name_latin', 'card']);
    // BLIK needs no name; Steam asks for it (the Steam login)
    expect(byId.get('blik-pln')).toEqual(['phone']);
    expect(byId.get('steam-rub')).toEqual(['name']);
  });

  test('a withdrawal filled from the listed fields alone passes the details check', async () => {
    expect(methods.length).toBeGreaterThan(5);
    for (const method of methods) {
      const details = Object.fromEntries(
        listed(method).map((field) => [field, validValues[field]]),
      );
      const response = await withdraw(method, details);
      // past the details, the new player's empty balance stops it
      expect(response.statusCode, `${method.id}: ${response.body}`).toBe(409);
      expect((response.json() as { detail: string }).detail, method.id).toBe(
        'insufficient_balance',
      );
    }
  });

  test('leaving out any listed field is refused, naming it', async () => {
    for (const method of methods) {
      const fields = listed(method);
      const full = Object.fromEntries(fields.map((field) => [field, validValues[field]]));
      for (const field of fields) {
        // the holder's name may come under any of its names: only all of them missing is an error
        const left = holderFields.includes(field)
          ? Object.fromEntries(
              Object.entries(full).filter(
                ([name]) => !holderFields.includes(name as ExternalDetailFieldName),
              ),
            )
          : Object.fromEntries(Object.entries(full).filter(([name]) => name !== field));
        const expected = holderFields.includes(field)
          ? fields.find((name) => holderFields.includes(name))
          : field;
        const refused = expectError(await withdraw(method, left), 'validation_error');
        expect(refused.payload, `${method.id} without ${field}`).toEqual({
          fields: [{ field: `details.${expected}`, message: 'Validation.required' }],
        });
      }
    }
  });
});
