import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createTestApp, registerPlayer, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { capturedLogger } from './support/logs.ts';

let testApp: TestApp;
const bodyLimitBytes = 2048;
const { logger, lines: logLines } = capturedLogger();

beforeAll(async () => {
  testApp = await createTestApp({
    config: { bodyLimitBytes },
    logger,
    configure: (app) => {
      app.get('/api/v1/test-failure', async () => {
        throw new Error('connection to 10.1.2.3 failed: password authentication for "ledger"');
      });
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

function register(payload: string, contentType = 'application/json') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('request ids', () => {
  test('every response carries x-request-id, and the error body key equals it', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/nothing-here' });
    const body = expectError(response, 'not_found');
    expect(body.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await testApp.app.inject({ url: '/healthz' })).headers['x-request-id']).toBeTruthy();
  });

  test('a safe incoming x-request-id is reused', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': 'edge-7f3a.91_b' },
    });
    expect(response.headers['x-request-id']).toBe('edge-7f3a.91_b');
    expect(expectError(response, 'not_found').key).toBe('edge-7f3a.91_b');
  });

  test('an unsafe incoming x-request-id is replaced', async () => {
    for (const unsafe of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words']) {
      const response = await testApp.app.inject({
        url: '/healthz',
        headers: { 'x-request-id': unsafe },
      });
      expect(response.headers['x-request-id']).not.toBe(unsafe);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('body problems', () => {
  test('malformed JSON is 400 invalid_json', async () => {
    expectError(await register('{"email": "a@b.co", '), 'invalid_json');
  });

  test('prototype poisoning is rejected as invalid JSON', async () => {
    expectError(
      await register('{"email":"a@b.co","password":"12345678","__proto__":{"admin":true}}'),
      'invalid_json',
    );
  });

  test('a non-JSON content type is 415 unsupported_media_type', async () => {
    expectError(
      await register('email=a@b.co&password=12345678', 'application/x-www-form-urlencoded'),
      'unsupported_media_type',
    );
    expectError(await register('{"email":"a@b.co"}', 'text/plain'), 'unsupported_media_type');
  });

  test('a body over BODY_LIMIT_BYTES is 413 payload_too_large', async () => {
    const payload = JSON.stringify({
      email: 'big@example.com',
      password: 'x'.repeat(bodyLimitBytes),
    });
    expectError(await register(payload), 'payload_too_large');
  });

  test('an empty JSON body is a validation error on the body itself', async () => {
    const body = expectError(await register(''), 'validation_error');
    expect(body.payload).toEqual({ fields: [{ field: 'body', message: 'Validation.required' }] });
  });
});

describe('validation errors', () => {
  test('each invalid field is listed with its translation key', async () => {
    const body = expectError(
      await register(JSON.stringify({ email: 'not-an-email', password: 'short' })),
      'validation_error',
    );
    expect(body.payload).toEqual({
      fields: [
        { field: 'email', message: 'Validation.invalid_email' },
        { field: 'password', message: 'Validation.password_too_short' },
      ],
    });
  });

  test('wrong types and missing fields are reported per field', async () => {
    const body = expectError(await register(JSON.stringify({ email: 42 })), 'validation_error');
    expect(body.payload).toEqual({
      fields: [
        { field: 'email', message: 'Validation.required' },
        { field: 'password', message: 'Validation.required' },
      ],
    });
  });

  test('unknown fields are named with Validation.unknown_field', async () => {
    const body = expectError(
      await register(
        JSON.stringify({
          email: 'a@example.com',
          password: 'correct horse battery',
          isVip: true,
          role: 'x',
        }),
      ),
      'validation_error',
    );
    expect(body.payload).toEqual({
      fields: [
        { field: 'isVip', message: 'Validation.unknown_field' },
        { field: 'role', message: 'Validation.unknown_field' },
      ],
    });
  });

  test('query string problems are validation errors too', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/languages?mode=7' });
    const body = expectError(response, 'validation_error');
    expect(body.payload).toEqual({
      fields: [{ field: 'mode', message: 'Validation.invalid_value' }],
    });
    const unknown = await testApp.app.inject({ url: '/api/v1/languages?debug=1' });
    expect(expectError(unknown, 'validation_error').payload).toEqual({
      fields: [{ field: 'debug', message: 'Validation.unknown_field' }],
    });
  });
});

describe('unknown routes and unexpected failures', () => {
  test('unknown API paths are 404 not_found', async () => {
    expectError(await testApp.app.inject({ url: '/api/v1/unknown' }), 'not_found');
    expectError(
      await testApp.app.inject({ method: 'DELETE', url: '/api/v1/me/billing' }),
      'not_found',
    );
    expectError(await testApp.app.inject({ url: '/api/backoffice/v1/unknown' }), 'not_found');
  });

  test('unknown non-API paths without an HTML accept header are 404 (no player app built)', async () => {
    expectError(
      await testApp.app.inject({ url: '/en/profile', headers: { accept: 'text/html' } }),
      'not_found',
    );
    expectError(await testApp.app.inject({ url: '/favicon.ico' }), 'not_found');
  });

  test('an unexpected error is 500 internal_error revealing nothing', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/test-failure' });
    const body = expectError(response, 'internal_error');
    expect(body.payload).toBeUndefined();
    expect(response.body).not.toContain('10.1.2.3');
    expect(response.body).not.toContain('ledger');
    expect(response.body).not.toContain('stack');

    const requestLines = logLines.filter((line) => line.reqId === body.key);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    const failure = requestLines.find((line) => line.level === 50) as
      | { err: { message: string; stack: string } }
      | undefined;
    expect(failure?.err.message).toContain('10.1.2.3');
    expect(failure?.err.stack).toContain('errors.int.test.ts');
  });

  test('authentication is checked before the body is parsed', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(response, 'unauthorized');
  });

  test('a signed-in caller still gets 415 for a non-JSON body', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...bearer(player), 'content-type': 'text/plain' },
      payload: 'language=ru',
    });
    expectError(response, 'unsupported_media_type');
  });
});
