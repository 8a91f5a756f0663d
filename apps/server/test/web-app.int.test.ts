import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
const appJs = `console.log(${JSON.stringify('app '.repeat(600))});`;
const backofficeHtml = '<!doctype html><html><body><div id="root">operators</div></body></html>';
let distDirectory: string;
let backofficeDirectory: string;
let testApp: TestApp;

beforeAll(async () => {
  distDirectory = await mkdtemp(join(tmpdir(), 'casino-web-dist-'));
  await mkdir(join(distDirectory, 'assets'));
  // as the build leaves them: each compressible file with its brotli and gzip copies
  for (const [path, text] of [
    ['index.html', indexHtml],
    [join('assets', 'index-3f9a1c.js'), appJs],
  ] as const) {
    await writeFile(join(distDirectory, path), text);
    await writeFile(join(distDirectory, `${path}.br`), brotliCompressSync(text));
    await writeFile(join(distDirectory, `${path}.gz`), gzipSync(text));
  }
  await writeFile(join(distDirectory, 'assets', 'logo-9c1e2f.png'), Buffer.alloc(4096, 7));
  await writeFile(join(distDirectory, 'robots.txt'), 'User-agent: *');
  backofficeDirectory = await mkdtemp(join(tmpdir(), 'casino-backoffice-dist-'));
  await mkdir(join(backofficeDirectory, 'assets'));
  await writeFile(join(backofficeDirectory, 'index.html'), backofficeHtml);
  await writeFile(join(backofficeDirectory, 'assets', 'index-77aa01.js'), 'export {};');
  testApp = await createTestApp({
    config: { webDistDirectory: distDirectory, backofficeDistDirectory: backofficeDirectory },
  });
});
afterAll(async () => {
  await testApp.close();
  await rm(distDirectory, { recursive: true, force: true });
  await rm(backofficeDirectory, { recursive: true, force: true });
});

describe('the built back office under /backoffice', () => {
  test('every /backoffice navigation gets its own index.html, never cached', async () => {
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/players/42?tab=ledger']) {
      const response = await testApp.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(backofficeHtml);
    }
  });

  test('its hashed assets are served and cached for a year; a missing one is a 404', async () => {
    const asset = await testApp.app.inject({ url: '/backoffice/assets/index-77aa01.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await testApp.app.inject({ url: '/backoffice/assets/gone.js' });
    expectError(missing, 'not_found');
  });

  test('the player app keeps every other path', async () => {
    const response = await testApp.app.inject({ url: '/backofficer', headers: html });
    expect(response.body).toBe(indexHtml);
  });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built player app', () => {
  test('/ serves index.html, never cached', async () => {
    const response = await testApp.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

  test('the TON Connect manifest names the origin the app is served from', async () => {
    const response = await testApp.app.inject({
      url: '/tonconnect-manifest.json',
      headers: { host: 'casino.example:8443' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: 'http://casino.example:8443',
      name: 'Lucky Orbit',
      iconUrl: 'http://casino.example:8443/favicon.svg',
    });
  });

  test('hashed assets are cached for a year', async () => {
    const response = await testApp.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('other files are served with a short cache', async () => {
    const response = await testApp.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  test('deep links that accept HTML fall back to index.html', async () => {
    for (const url of ['/en/profile', '/ru/games/42', '/bonuses?bonus10=1', '/en/policies/terms']) {
      const response = await testApp.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  test('server paths never fall back to the app', async () => {
    for (const url of [
      '/api/v1/unknown',
      '/api/backoffice/v1/unknown',
      '/connection/websocket',
      '/api',
    ]) {
      expectError(await testApp.app.inject({ url, headers: html }), 'not_found');
    }
  });

  test('requests that do not accept HTML get the 404 error body', async () => {
    expectError(await testApp.app.inject({ url: '/en/profile' }), 'not_found');
    expectError(
      await testApp.app.inject({ url: '/assets/missing-1234.js', headers: { accept: '*/*' } }),
      'not_found',
    );
    expectError(
      await testApp.app.inject({ method: 'POST', url: '/en/profile', headers: html }),
      'not_found',
    );
  });

  test('the API keeps working beside the static files', async () => {
    expect((await testApp.app.inject({ url: '/api/v1/languages' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/healthz', headers: html })).json()).toEqual({
      status: 'ok',
    });
  });
});

describe('compression', () => {
  const brotliOrGzip = { 'accept-encoding': 'gzip, deflate, br' };

  test('a hashed asset is sent as its brotli copy, cached for a year, varying by encoding', async () => {
    const response = await testApp.app.inject({
      url: '/assets/index-3f9a1c.js',
      headers: brotliOrGzip,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appJs);
  });

  test('a client that takes gzip only gets the gzip copy; one that takes none the file', async () => {
    const gzip = await testApp.app.inject({
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appJs);
    const raw = await testApp.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toContain('accept-encoding');
    expect(raw.body).toBe(appJs);
  });

  test('index.html, directly or as a deep link, is compressed and never cached', async () => {
    for (const url of ['/', '/en/sportsbook']) {
      const response = await testApp.app.inject({ url, headers: { ...html, ...brotliOrGzip } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  test('an image is never compressed again', async () => {
    const response = await testApp.app.inject({
      url: '/assets/logo-9c1e2f.png',
      headers: brotliOrGzip,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });

  test('a big API answer is compressed on the fly; a small one stays raw', async () => {
    const big = await testApp.app.inject({ url: '/api/docs/json', headers: brotliOrGzip });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    const openApi = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(openApi.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(openApi).length / 4);

    const gzip = await testApp.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(openApi);

    const small = await testApp.app.inject({ url: '/healthz', headers: brotliOrGzip });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  test('a compressed request body is inflated on the routes that take one; a GET has none', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-pass-1' })),
    });
    // read as JSON: the credentials were checked (a body left compressed would be a 400)
    expectError(login, 'invalid_credentials');
    const unknownEncoding = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: 'x',
    });
    expect(unknownEncoding.statusCode).toBe(415);
    // a GET's body is never read, so its encoding is not looked at
    const get = await testApp.app.inject({
      url: '/healthz',
      headers: { 'content-encoding': 'compress' },
    });
    expect(get.statusCode).toBe(200);
  });
});
