import { randomUUID } from 'node:crypto';
import { invalidCharactersMessage } from '@casino/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cryptoBotSignature } from '../src/modules/money/cashier/rails/cryptobot/cryptobot-signature.ts';
import {
  betRequest,
  createProvider,
  fund,
  launch,
  newPlayer,
  registerGame,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import {
  callableRoutes,
  fillUrl,
  nestedValue,
  type StringInput,
  stringInputs,
} from './support/routes.ts';

/** Every route the app registers (`createTestApp`'s `onRoute`). */
const routes: RouteOptions[] = [];

/** A string PostgreSQL refuses to store. */
const withNul = 'ab\u0000cd';

/** Routes that take their body as raw bytes (a signature covers them) and parse it themselves. */
const rawBodyRoutes = [
  'POST /api/seamless/:providerId/user/info',
  'POST /api/seamless/:providerId/user/balance',
  'POST /api/seamless/:providerId/transaction/bet',
  'POST /api/seamless/:providerId/transaction/win',
  'POST /api/seamless/:providerId/transaction/rollback',
  'POST /api/v1/webhooks/cryptobot',
];

let testApp: TestApp;
let player: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true, onRoute: (route) => routes.push(route) });
  player = await registerPlayer(testApp.app);
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function fieldName(input: StringInput): string {
  return input.location === 'headers' ? (input.path[0] ?? '').toLowerCase() : input.path.join('.');
}

/** The request that puts U+0000 into one input of the route and nothing else. */
function probe(method: string, url: string, input: StringInput) {
  const session = url.startsWith('/api/backoffice/') ? admin : player;
  const headers: Record<string, string> = { ...bearer(session) };
  let query: Record<string, string> | undefined;
  let payload: string | undefined;
  let field = fieldName(input);
  if (input.location === 'querystring') query = { [field]: withNul };
  if (input.location === 'headers') headers[field] = withNul;
  if (input.location === 'body') {
    const value = input.isKey
      ? nestedValue(input.path.slice(0, -1), { [`${input.path.at(-1)}\u0000`]: 'x' })
      : nestedValue(input.path, withNul);
    if (input.isKey) field = `${field}\u0000`;
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(value);
  }
  if (field === '') field = 'body';
  const params = input.location === 'params' ? { [field]: withNul } : {};
  return {
    field,
    request: {
      method: method as 'GET',
      url: fillUrl(url, params, 'probe-value'),
      headers,
      ...(query ? { query } : {}),
      ...(payload === undefined ? {} : { payload }),
    },
  };
}

describe('U+0000 in any string a client sends', () => {
  test('every registered route answers 400 validation_error naming the field, never 500', async () => {
    const callable = callableRoutes(routes);
    // sign-outs last: were one to run, the sessions the other probes use would end
    callable.sort(
      (left, right) => Number(left.url.endsWith('/logout')) - Number(right.url.endsWith('/logout')),
    );
    const failures: string[] = [];
    let probed = 0;
    for (const { method, url, route } of callable) {
      const isRaw = rawBodyRoutes.includes(`${method} ${url}`);
      for (const input of stringInputs(route)) {
        if (isRaw && input.location === 'body') continue; // covered below, with signed bodies
        const { field, request } = probe(method, url, input);
        const response = await testApp.app.inject(request);
        probed += 1;
        let body: { detail?: string; status?: string; payload?: unknown } = {};
        try {
          body = response.json();
        } catch {
          // not JSON (an HTML page): a failure below
        }
        const ok =
          response.statusCode === 400 &&
          (body.detail === undefined
            ? body.status === 'RS_ERROR_WRONG_SYNTAX'
            : body.detail === 'validation_error' &&
              JSON.stringify(body.payload).includes(
                JSON.stringify({ field, message: invalidCharactersMessage }),
              ));
        if (!ok) {
          failures.push(
            `${method} ${url} ${input.location} ${JSON.stringify(field)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // the enumeration itself is not empty: every route of the app, and their string inputs
    expect(callable.length).toBeGreaterThan(140);
    expect(probed).toBeGreaterThan(300);
    for (const raw of rawBodyRoutes) {
      expect(
        callable.some(({ method, url }) => `${method} ${url}` === raw),
        raw,
      ).toBe(true);
    }
  });

  // The ten endpoints that answered 500 before: each an otherwise valid request whose string
  // PostgreSQL refused.
  test.each<{ method: 'GET' | 'POST'; url: string; query?: object; body?: object; field: string }>([
    { method: 'GET', url: '/api/v2/games', query: { search: withNul }, field: 'search' },
    { method: 'GET', url: '/api/v2/games/ab%00cd/rounds', field: 'id' },
    { method: 'POST', url: '/api/v2/games/favorites', body: { gameId: withNul }, field: 'gameId' },
    {
      method: 'POST',
      url: `/api/v2/games/ab%00cd/rounds/${randomUUID()}/actions`,
      body: { action: 'cashout' },
      field: 'id',
    },
    {
      method: 'GET',
      url: '/api/v2/wallet/orders/not-expired',
      query: { bank_id: withNul },
      field: 'bank_id',
    },
    {
      method: 'GET',
      url: '/api/v2/wallet/orders/sell/saved',
      query: { bankId: withNul },
      field: 'bankId',
    },
    { method: 'GET', url: '/api/backoffice/v1/players', query: { query: withNul }, field: 'query' },
    {
      method: 'GET',
      url: '/api/backoffice/v1/promocodes',
      query: { code: withNul },
      field: 'code',
    },
    {
      method: 'POST',
      url: '/api/backoffice/v1/payments/requisites',
      body: { methodId: withNul, recipientBank: 'Bank', card: '4111111111111111', active: true },
      field: 'methodId',
    },
  ])('$method $url with U+0000 in $field', async ({ method, url, query, body, field }) => {
    const session = url.startsWith('/api/backoffice/') ? admin : player;
    const response = await testApp.app.inject({
      method,
      url,
      headers: { ...bearer(session), 'idempotency-key': randomUUID() },
      ...(query ? { query: query as Record<string, string> } : {}),
      ...(body ? { payload: body } : {}),
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [{ field, message: invalidCharactersMessage }],
    });
  });

  test('object keys, array items and deep values are named; a deep body is no problem', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { firstName: 'Ann', 'bad\u0000key': 1, nested: { list: ['ok', withNul] } },
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [
        { field: 'bad\u0000key', message: invalidCharactersMessage },
        { field: 'nested.list.1', message: invalidCharactersMessage },
      ],
    });
    // walked without recursion: a body nested deeper than any call stack is an ordinary 400
    const depth = 100_000;
    const deep = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"ok"${']'.repeat(depth)}`,
    });
    expectError(deep, 'validation_error');
  });

  test('the Idempotency-Key header with U+0000 is refused before any money moves', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/bonuses/daily/use',
      headers: { ...bearer(player), 'idempotency-key': withNul },
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [{ field: 'idempotency-key', message: invalidCharactersMessage }],
    });
  });
});

describe('provider callbacks that parse their own signed bodies', () => {
  let provider: TestProvider;
  let gameCode: string;
  let gameId: string;

  beforeAll(async () => {
    provider = await createProvider(testApp, admin, { scheme: 'hmac_sha256' });
    ({ gameId, gameCode } = await registerGame(testApp, admin, provider));
  });

  test('a seamless-wallet request with U+0000 is RS_ERROR_WRONG_TYPES, signed, and moves nothing', async () => {
    const aggregatorPlayer = await newPlayer(testApp);
    await fund(testApp, aggregatorPlayer.userId, 'USD', 10_000n);
    const { token } = await launch(testApp, aggregatorPlayer, gameId);
    const valid = betRequest({
      user: aggregatorPlayer.userId,
      token,
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      game_code: gameCode,
      currency: 'USD',
      amount: 100_000,
    });
    const variants: Array<Record<string, unknown>> = [
      { ...valid, transaction_uuid: `${randomUUID()}\u0000` },
      { ...valid, round: withNul },
      { ...valid, request_uuid: withNul },
      { ...valid, bet: withNul },
      { ...valid, meta: { note: withNul } },
      { ...valid, meta: { 'key\u0000': 'x' } },
    ];
    for (const variant of variants) {
      const { response, body } = await walletCall(testApp, provider, '/transaction/bet', variant);
      expect(response.statusCode, response.body).toBe(200);
      expect(body.status).toBe('RS_ERROR_WRONG_TYPES');
      expect(body.request_uuid === undefined || !body.request_uuid.includes('\u0000')).toBe(true);
      expect(response.headers['x-hub88-signature']).toBeTruthy();
    }
    for (const path of ['/user/info', '/user/balance'] as const) {
      const { body } = await walletCall(testApp, provider, path, {
        request_uuid: randomUUID(),
        user: aggregatorPlayer.userId,
        token: withNul,
        game_code: gameCode,
      });
      expect(body.status).toBe('RS_ERROR_WRONG_TYPES');
    }
    const balance = await walletCall(testApp, provider, '/user/balance', {
      request_uuid: randomUUID(),
      user: aggregatorPlayer.userId,
      token,
      game_code: gameCode,
    });
    expect(balance.body).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
  });

  test('a signed crypto-bot webhook with U+0000 is 400 validation_error', async () => {
    const body = JSON.stringify({
      update_id: 1,
      update_type: 'invoice_paid',
      request_date: new Date().toISOString(),
      payload: {
        invoice_id: 'sandbox-1',
        status: 'paid',
        asset: 'TON',
        amount: '1',
        payload: withNul,
      },
    });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cryptobot',
      headers: {
        'content-type': 'application/json',
        'crypto-pay-api-signature': cryptoBotSignature(testApp.config.cryptobot.token, body),
      },
      payload: body,
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [{ field: 'payload.payload', message: invalidCharactersMessage }],
    });
  });
});
