import { restrictedCountriesSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countryOfIp } from '../src/modules/platform/region/region.service.ts';
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

const russianIp = '77.88.8.8';
const americanIp = '8.8.8.8';

let testApp: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ config: { trustProxy: true, restrictedCountries: ['KP'] } });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/settings/restricted-countries',
    headers: bearer(admin),
    payload: { countries: ['ru', 'KP'] },
  });
  expect(response.statusCode).toBe(200);
});
afterAll(async () => {
  await testApp.close();
});

function from(ip: string, headers: Record<string, string> = {}) {
  return { 'x-forwarded-for': ip, ...headers };
}

test('the addresses used here resolve to the expected countries', () => {
  expect(countryOfIp(russianIp)).toBe('RU');
  expect(countryOfIp(americanIp)).toBe('US');
  expect(countryOfIp('127.0.0.1')).toBeNull();
  expect(countryOfIp('10.1.2.3')).toBeNull();
  expect(countryOfIp(`::ffff:${russianIp}`)).toBe('RU');
});

describe('a restricted country', () => {
  test('gets 451 region_restricted with country and IP on public player endpoints', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/languages?mode=1',
      headers: from(russianIp),
    });
    const body = expectError(response, 'region_restricted');
    expect(body.payload).toEqual({ country: 'RU', ip: russianIp });
  });

  test('cannot register, sign in or reach the profile, before any other check', async () => {
    const player = await registerPlayer(testApp.app);
    const requests = [
      {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'ru@example.com', password: '12345678' },
      },
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: player.email, password: player.password },
      },
      { method: 'POST', url: '/api/v1/auth/login', payload: 'not json' },
      { method: 'GET', url: '/api/v1/me', headers: bearer(player) },
      { method: 'GET', url: '/api/v1/me' },
      { method: 'GET', url: '/api/v1/me/billing', headers: bearer(player) },
      { method: 'PATCH', url: '/api/v1/me', headers: bearer(player), payload: { language: 'ru' } },
      { method: 'POST', url: '/api/v1/auth/logout', headers: bearer(player) },
      { method: 'GET', url: '/api/v1/unknown' },
    ] as const;
    for (const request of requests) {
      const headers = from(russianIp, 'headers' in request ? request.headers : {});
      const response = await testApp.app.inject({ ...request, headers });
      expect(expectError(response, 'region_restricted').payload, request.url).toEqual({
        country: 'RU',
        ip: russianIp,
      });
    }
  });

  test('the first address of a forwarded chain is the client', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/languages',
      headers: { 'x-forwarded-for': `${russianIp}, 10.0.0.1` },
    });
    expectError(response, 'region_restricted');
  });

  test('probes, flags and the backoffice are not region checked', async () => {
    for (const url of ['/healthz', '/readyz', '/flags/RU.svg', '/api/docs/json']) {
      expect((await testApp.app.inject({ url, headers: from(russianIp) })).statusCode, url).toBe(
        200,
      );
    }
    const operatorMe = await testApp.app.inject({
      url: '/api/backoffice/v1/me',
      headers: from(russianIp, bearer(admin)),
    });
    expect(operatorMe.statusCode).toBe(200);
  });
});

describe('other addresses', () => {
  test('an unrestricted country passes', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/languages',
      headers: from(americanIp),
    });
    expect(response.statusCode).toBe(200);
  });

  test('loopback and private addresses have no country and are never restricted', async () => {
    for (const ip of ['127.0.0.1', '10.20.30.40', '192.168.1.5', '::1']) {
      const response = await testApp.app.inject({ url: '/api/v1/languages', headers: from(ip) });
      expect(response.statusCode, ip).toBe(200);
    }
    expect((await testApp.app.inject({ url: '/api/v1/languages' })).statusCode).toBe(200);
  });
});

describe('the restricted-countries setting', () => {
  test('admins read it; the first start seeded RESTRICTED_COUNTRIES', async () => {
    const fresh = await createTestApp({ config: { restrictedCountries: ['KP', 'IR'] } });
    try {
      const freshAdmin = await loginOperator(fresh.app, undefined, fresh.config);
      const response = await fresh.app.inject({
        url: '/api/backoffice/v1/settings/restricted-countries',
        headers: bearer(freshAdmin),
      });
      expect(response.json()).toEqual({ countries: ['IR', 'KP'] });
    } finally {
      await fresh.close();
    }
    const current = await testApp.app.inject({
      url: '/api/backoffice/v1/settings/restricted-countries',
      headers: bearer(admin),
    });
    expect(restrictedCountriesSchema.parse(current.json())).toEqual({ countries: ['KP', 'RU'] });
  });

  test('changes apply at once in this process and are audited', async () => {
    const put = (countries: string[]) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/backoffice/v1/settings/restricted-countries',
        headers: bearer(admin),
        payload: { countries },
      });
    expect((await put(['US'])).json()).toEqual({ countries: ['US'] });
    expectError(
      await testApp.app.inject({ url: '/api/v1/languages', headers: from(americanIp) }),
      'region_restricted',
    );
    expect(
      (await testApp.app.inject({ url: '/api/v1/languages', headers: from(russianIp) })).statusCode,
    ).toBe(200);
    await put(['RU', 'KP']);
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('action', '=', 'settings.restricted_countries.update')
      .orderBy('id')
      .execute();
    expect(audit.at(-2)).toMatchObject({ payload: { previous: ['KP', 'RU'], countries: ['US'] } });
  });

  test('support and finance may not read or change it', async () => {
    for (const role of ['support', 'finance'] as const) {
      const operator = await createOperator(testApp.app, role);
      expectError(
        await testApp.app.inject({
          method: 'PUT',
          url: '/api/backoffice/v1/settings/restricted-countries',
          headers: bearer(operator),
          payload: { countries: [] },
        }),
        'forbidden',
      );
      expectError(
        await testApp.app.inject({
          url: '/api/backoffice/v1/settings/restricted-countries',
          headers: bearer(operator),
        }),
        'forbidden',
      );
    }
  });

  test('country codes are validated', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/settings/restricted-countries',
      headers: bearer(admin),
      payload: { countries: ['RU', 'Russia', 7] },
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [
        { field: 'countries.1', message: 'Validation.invalid_country' },
        { field: 'countries.2', message: 'Validation.invalid_value' },
      ],
    });
  });
});

describe('without TRUST_PROXY', () => {
  test('X-Forwarded-For is ignored, so it cannot be used to dodge or fake a region', async () => {
    const direct = await createTestApp({
      config: { trustProxy: false, restrictedCountries: ['RU'] },
    });
    try {
      const forged = await direct.app.inject({
        url: '/api/v1/languages',
        headers: from(russianIp),
      });
      expect(forged.statusCode).toBe(200);
      const real = await direct.app.inject({ url: '/api/v1/languages', remoteAddress: russianIp });
      expect(expectError(real, 'region_restricted').payload).toEqual({
        country: 'RU',
        ip: russianIp,
      });
    } finally {
      await direct.close();
    }
  });
});
