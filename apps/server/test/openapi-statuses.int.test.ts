import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { callableRoutes, fillUrl } from './support/routes.ts';

/** Every route the app registers (`createTestApp`'s `onRoute`). */
const routes: RouteOptions[] = [];

const bodyLimitBytes = 2048;
const russianIp = '77.88.8.8';
/** A query parameter holding U+0000: refused before any handler runs, so no probe changes data. */
const stopBeforeHandler = { probe: 'stop\u0000here' };

type Operation = { responses: Record<string, unknown>; security?: unknown[] };
let testApp: TestApp;
let document: { paths: Record<string, Record<string, Operation>> };
let player: SignedIn;
let bannedPlayer: SignedIn;
let admin: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({
    config: { bodyLimitBytes, trustProxy: true, restrictedCountries: ['RU'] },
    onRoute: (route) => routes.push(route),
  });
  player = await registerPlayer(testApp.app);
  bannedPlayer = await registerPlayer(testApp.app);
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await createOperator(testApp.app, 'support');
  const banned = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(bannedPlayer) });
  const { globalId } = banned.json() as { globalId: string };
  const ban = await testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/players/${globalId}/ban`,
    headers: bearer(admin),
    payload: { reason: 'other' },
  });
  expect(ban.statusCode, ban.body).toBeLessThan(300);
  document = (await testApp.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await testApp.close();
});

function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The documented routes: every registered route but the hidden ones must be in the document. */
function documentedRoutes() {
  const documented: Array<{ method: string; url: string; operation: Operation }> = [];
  for (const { method, url, route } of callableRoutes(routes)) {
    const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
    if ((route.schema as { hide?: boolean } | undefined)?.hide === true) continue;
    if (url.startsWith('/api/docs')) continue;
    expect(operation, `${method} ${url} is in the OpenAPI document`).toBeDefined();
    if (operation) documented.push({ method, url, operation });
  }
  return documented;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('the OpenAPI document declares every status a route answers', () => {
  test('probing every route: each status it answers is declared for it', async () => {
    const undeclared: string[] = [];
    const seen = new Set<number>();
    const documented = documentedRoutes();
    // sign-outs last: were one to run, the sessions the other probes use would end
    documented.sort(
      (left, right) => Number(left.url.endsWith('/logout')) - Number(right.url.endsWith('/logout')),
    );
    for (const { method, url, operation } of documented) {
      const session = url.startsWith('/api/backoffice/') ? admin : player;
      const target = fillUrl(url, {}, 'probe-value');
      const probes: Array<{ name: string; request: InjectOptions }> = [
        { name: 'anonymous', request: { method: method as 'GET', url: target } },
        {
          name: 'U+0000 in the query',
          request: {
            method: method as 'GET',
            url: target,
            query: stopBeforeHandler,
            headers: bearer(session),
          },
        },
        {
          name: 'banned player',
          request: {
            method: method as 'GET',
            url: target,
            query: stopBeforeHandler,
            headers: bearer(bannedPlayer),
          },
        },
        {
          name: 'support operator',
          request: {
            method: method as 'GET',
            url: target,
            query: stopBeforeHandler,
            headers: bearer(support),
          },
        },
        {
          name: 'restricted country',
          request: {
            method: method as 'GET',
            url: target,
            query: stopBeforeHandler,
            headers: { 'x-forwarded-for': russianIp },
          },
        },
      ];
      if (bodyMethods.has(method)) {
        probes.push(
          {
            name: 'text/plain body',
            request: {
              method: method as 'POST',
              url: target,
              query: stopBeforeHandler,
              headers: { ...bearer(session), 'content-type': 'text/plain' },
              payload: 'hello',
            },
          },
          {
            name: 'body over the limit',
            request: {
              method: method as 'POST',
              url: target,
              query: stopBeforeHandler,
              headers: { ...bearer(session), 'content-type': 'application/json' },
              payload: JSON.stringify({ filler: 'x'.repeat(64 * 1024) }),
            },
          },
          {
            name: 'session cookie from another origin',
            request: {
              method: method as 'POST',
              url: target,
              query: stopBeforeHandler,
              headers: { cookie: session.cookie, origin: 'https://evil.example' },
            },
          },
        );
      }
      for (const { name, request } of probes) {
        const response = await testApp.app.inject(request);
        seen.add(response.statusCode);
        if (!(String(response.statusCode) in operation.responses)) {
          undeclared.push(
            `${method} ${url} (${name}): ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(undeclared).toEqual([]);
    // the probes reached each kind of refusal somewhere
    for (const status of [200, 400, 401, 403, 413, 415, 451]) expect(seen).toContain(status);
    expect(documented.length).toBeGreaterThan(140);
  });

  test('by rule: 400, 500 and 503 everywhere; 403, 413 and 415 with a body; 401 when signed in; 451 on the player API', () => {
    const missing: string[] = [];
    for (const { method, url, operation } of documentedRoutes()) {
      const expected = ['400', '500', '503'];
      if (bodyMethods.has(method)) expected.push('403', '413', '415');
      if ((operation.security ?? []).length > 0) expected.push('401');
      if (/^\/api\/v[12]\//.test(url) && !url.startsWith('/api/v1/webhooks/')) expected.push('451');
      for (const status of expected) {
        if (!(status in operation.responses)) missing.push(`${method} ${url}: ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('each declared error status of the app’s own checks carries the error body', () => {
    const register = document.paths['/api/v1/auth/register']?.post as unknown as {
      responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
    };
    for (const status of ['400', '403', '413', '415', '451', '500', '503']) {
      expect(
        register.responses[status]?.content?.['application/json']?.schema.required,
        status,
      ).toEqual(expect.arrayContaining(['detail', 'message', 'key', 'time']));
    }
    // the seamless wallet declares its refusals in its own protocol's shape
    const bet = document.paths['/api/seamless/{providerId}/transaction/bet']?.post as unknown as {
      responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
    };
    expect(bet.responses['415']?.content?.['application/json']?.schema.required).toEqual([
      'status',
    ]);
  });
});
