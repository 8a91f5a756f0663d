import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import { createTestApp, type TestApp, testConfig } from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('probes', () => {
  test('/healthz answers while the process lives', async () => {
    const response = await testApp.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('/readyz answers 200 when the database is reachable', async () => {
    const response = await testApp.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('/readyz answers 503 when the database is not reachable', async () => {
    const config = testConfig();
    const databaseUrl = 'postgres://nobody:nothing@127.0.0.1:1/none';
    const db = createDatabase({ connectionString: databaseUrl });
    const app = await buildApp({ config, db, databaseUrl });
    try {
      const response = await app.inject({ url: '/readyz' });
      expectError(response, 'service_unavailable');
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('OpenAPI', () => {
  test('/api/docs/json documents every route with its error responses', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const expected: Array<[string, string]> = [
      ['/api/v1/auth/register', 'post'],
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/logout', 'post'],
      ['/api/v1/me', 'get'],
      ['/api/v1/me', 'patch'],
      ['/api/v1/me/billing', 'get'],
      ['/api/v1/languages', 'get'],
      ['/api/backoffice/v1/auth/login', 'post'],
      ['/api/backoffice/v1/auth/logout', 'post'],
      ['/api/backoffice/v1/me', 'get'],
      ['/api/backoffice/v1/players', 'get'],
      ['/api/backoffice/v1/players/{globalId}/ban', 'post'],
      ['/api/backoffice/v1/players/{globalId}/ban', 'delete'],
      ['/api/backoffice/v1/players/{globalId}/vip', 'post'],
      ['/api/backoffice/v1/players/{globalId}/vip', 'delete'],
      ['/api/backoffice/v1/settings/restricted-countries', 'get'],
      ['/api/backoffice/v1/settings/restricted-countries', 'put'],
      ['/healthz', 'get'],
      ['/readyz', 'get'],
      ['/flags/{file}', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toContain('500');
      // every route can find the database unreachable: 503 service_unavailable
      expect(Object.keys(operation?.responses ?? {})).toContain('503');
    }
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    const register = document.paths['/api/v1/auth/register']?.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(register.requestBody.content['application/json']?.schema.properties).toHaveProperty(
      'email',
    );
  });

  test('/api/docs serves the interactive documentation', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('flags', () => {
  test('serves a country flag as SVG', async () => {
    const response = await testApp.app.inject({ url: '/flags/GB.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
  });

  test('every seeded language icon resolves to a flag', async () => {
    const languages = (
      await testApp.app.inject({ url: '/api/v1/languages?mode=1' })
    ).json() as Array<{ icon: string }>;
    for (const { icon } of languages) {
      expect((await testApp.app.inject({ url: icon })).statusCode, icon).toBe(200);
    }
  });

  test('unknown or malformed flag names are 404 with the error body', async () => {
    expectError(await testApp.app.inject({ url: '/flags/QQ.svg' }), 'not_found');
    expectError(await testApp.app.inject({ url: '/flags/..%2Fpackage.json' }), 'not_found');
    expectError(await testApp.app.inject({ url: '/flags/GBR.svg' }), 'not_found');
  });
});

describe('security headers', () => {
  test('CSP allows the Vite app and framing by the messenger only', async () => {
    const response = await testApp.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("connect-src 'self' ws: wss: https:");
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
