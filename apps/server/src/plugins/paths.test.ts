import { expect, test } from 'vitest';
import { isRegionCheckedPath } from './region-restriction.ts';
import { isSpaFallbackPath } from './web-app.ts';

test('only the player API is region checked', () => {
  expect(isRegionCheckedPath('/api/v1/me')).toBe(true);
  expect(isRegionCheckedPath('/api/v1/languages?mode=1')).toBe(true);
  expect(isRegionCheckedPath('/api/v1')).toBe(true);
  expect(isRegionCheckedPath('/api/v10/anything')).toBe(false);
  expect(isRegionCheckedPath('/api/backoffice/v1/me')).toBe(false);
  expect(isRegionCheckedPath('/healthz')).toBe(false);
  expect(isRegionCheckedPath('/flags/RU.svg')).toBe(false);
  // payment services call their webhooks from wherever they run
  expect(isRegionCheckedPath('/api/v1/webhooks/cryptobot')).toBe(false);
  expect(isRegionCheckedPath('/api/v1/webhooksx')).toBe(true);
});

test('the player app owns every path except the server’s', () => {
  for (const path of ['/', '/en/profile', '/ru/games/1', '/healthz-page']) {
    expect(isSpaFallbackPath(path), path).toBe(true);
  }
  for (const path of [
    '/api',
    '/api/v1/me',
    '/healthz',
    '/readyz',
    '/connection/websocket',
    '/flags/GB.svg',
  ]) {
    expect(isSpaFallbackPath(path), path).toBe(false);
  }
});
