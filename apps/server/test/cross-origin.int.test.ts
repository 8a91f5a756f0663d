import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const host = 'casino.example';
const ownOrigin = `http://${host}`;
const foreignOrigin = 'https://evil.example';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** The player's language as the profile shows it, read with the bearer token. */
async function languageOf(player: SignedIn): Promise<string> {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { language: string }).language;
}

/** PATCH /api/v1/me {language} with the session cookie, as a browser page would send it. */
function setLanguage(player: SignedIn, language: string, headers: Record<string, string>) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: { host, cookie: player.cookie, ...headers },
    payload: { language },
  });
}

describe('a cookie-authenticated change', () => {
  test('from another origin is 403 cross_origin_request and changes nothing', async () => {
    const player = await registerPlayer(testApp.app);
    const refused = await setLanguage(player, 'ru', { origin: foreignOrigin });
    expect(expectError(refused, 'cross_origin_request').payload).toBeUndefined();
    expect(await languageOf(player)).toBe('en');

    // a forged sign-out does not end the session either
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { host, cookie: player.cookie, origin: foreignOrigin },
    });
    expectError(logout, 'cross_origin_request');
    expect(await languageOf(player)).toBe('en');
  });

  test('from the app’s own origin is accepted', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await setLanguage(player, 'ru', { origin: ownOrigin });
    expect(response.statusCode, response.body).toBe(200);
    expect(await languageOf(player)).toBe('ru');
    const sameOrigin = await setLanguage(player, 'pl', { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    expect(await languageOf(player)).toBe('pl');
  });

  test('Sec-Fetch-Site decides when the browser sends it: cross-site and same-site are refused', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(
      await setLanguage(player, 'ru', { 'sec-fetch-site': 'cross-site' }),
      'cross_origin_request',
    );
    expectError(
      await setLanguage(player, 'ru', { 'sec-fetch-site': 'same-site' }),
      'cross_origin_request',
    );
    expectError(
      await setLanguage(player, 'ru', { 'sec-fetch-site': 'cross-site', origin: ownOrigin }),
      'cross_origin_request',
    );
    // the browser's own verdict wins over an Origin a proxy's rewritten Host no longer matches
    const behindProxy = await setLanguage(player, 'kk', {
      'sec-fetch-site': 'same-origin',
      origin: 'https://casino.example',
    });
    expect(behindProxy.statusCode, behindProxy.body).toBe(200);
    expect(await languageOf(player)).toBe('kk');
  });

  test('an opaque or malformed Origin is refused', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(await setLanguage(player, 'ru', { origin: 'null' }), 'cross_origin_request');
    expectError(
      await setLanguage(player, 'ru', { origin: `${ownOrigin}/page` }),
      'cross_origin_request',
    );
    expectError(
      await setLanguage(player, 'ru', { origin: `${ownOrigin}:8443` }),
      'cross_origin_request',
    );
    expect(await languageOf(player)).toBe('en');
  });

  test('without Origin and Sec-Fetch-Site (not a browser) is accepted', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await setLanguage(player, 'ru', {});
    expect(response.statusCode, response.body).toBe(200);
  });

  test('the operator cookie is protected the same way', async () => {
    const admin = await loginOperator(testApp.app, undefined, testApp.config);
    const player = await registerPlayer(testApp.app);
    const me = (
      await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) })
    ).json() as {
      globalId: string;
    };
    const ban = (origin: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/backoffice/v1/players/${me.globalId}/ban`,
        headers: { host, cookie: admin.cookie, origin },
        payload: { reason: 'other' },
      });
    expectError(await ban(foreignOrigin), 'cross_origin_request');
    expect(await languageOf(player)).toBe('en'); // still signed in and not banned
    const banned = await ban(ownOrigin);
    expect(banned.statusCode, banned.body).toBeLessThan(300);
  });
});

describe('requests the check leaves alone', () => {
  test('a Bearer token without the cookie, from any origin', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...bearer(player), origin: foreignOrigin, 'sec-fetch-site': 'cross-site' },
      payload: { language: 'ru' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await languageOf(player)).toBe('ru');
  });

  test('reads with the cookie from another origin', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      url: '/api/v1/me',
      headers: {
        host,
        cookie: player.cookie,
        origin: foreignOrigin,
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  test('a provider callback (no cookie) from anywhere reaches its own checks', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cryptobot',
      headers: { 'content-type': 'application/json', origin: foreignOrigin },
      payload: '{}',
    });
    expectError(response, 'unauthorized'); // the signature check, not the origin check
  });
});

describe('configuration', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({
      config: { trustProxy: true, allowedOrigins: ['https://admin.casino.example'] },
    });
  });
  afterAll(async () => {
    await configured.close();
  });

  function patch(cookie: string, headers: Record<string, string>) {
    return configured.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { host: 'internal:8080', cookie, ...headers },
      payload: { language: 'ru' },
    });
  }

  test('behind a trusted proxy the forwarded scheme and host make the own origin', async () => {
    const player = await registerPlayer(configured.app);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': host };
    const ok = await patch(player.cookie, { ...forwarded, origin: `https://${host}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await patch(player.cookie, { ...forwarded, origin: `http://${host}` }),
      'cross_origin_request',
    );
    expectError(await patch(player.cookie, { origin: `https://${host}` }), 'cross_origin_request');
  });

  test('ALLOWED_ORIGINS admits another origin’s pages, even cross-site', async () => {
    const player = await registerPlayer(configured.app);
    const ok = await patch(player.cookie, {
      origin: 'https://admin.casino.example',
      'sec-fetch-site': 'same-site',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await patch(player.cookie, {
        origin: 'https://other.casino.example',
        'sec-fetch-site': 'same-site',
      }),
      'cross_origin_request',
    );
  });
});
