import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
let distDirectory: string;
let testApp: TestApp;

beforeAll(async () => {
  distDirectory = await mkdtemp(join(tmpdir(), 'casino-web-dist-'));
  await mkdir(join(distDirectory, 'assets'));
  await writeFile(join(distDirectory, 'index.html'), indexHtml);
  await writeFile(join(distDirectory, 'assets', 'index-3f9a1c.js'), 'console.log("app");');
  await writeFile(join(distDirectory, 'robots.txt'), 'User-agent: *');
  testApp = await createTestApp({ config: { webDistDirectory: distDirectory } });
});
afterAll(async () => {
  await testApp.close();
  await rm(distDirectory, { recursive: true, force: true });
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
