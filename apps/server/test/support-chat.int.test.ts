import { createHmac } from 'node:crypto';
import { profileSchema, supportChatConfigSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstPaintGuardScriptHashes } from '../src/plugins/security-headers.ts';
import { bearer, createTestApp, registerPlayer, type TestApp, testConfig } from './support/app.ts';

// The external support chat widget (Chatwoot's by default): its settings for the app, the
// content-security policy that lets exactly its origin in, and the player's signed identity.

const widgetUrl = 'https://chat.support.example:8443/packs/js/sdk.js';
const identitySecret = 'chatwoot-identity-validation-token';
let configured: TestApp;
let unconfigured: TestApp;

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

beforeAll(async () => {
  const base = testConfig();
  [configured, unconfigured] = await Promise.all([
    createTestApp({
      config: {
        supportChat: {
          ...base.supportChat,
          widgetUrl,
          websiteToken: 'w3bsiteToken42',
          identitySecret,
        },
      },
    }),
    // the second server also has web push switched off (WEB_PUSH_ENABLED=false)
    createTestApp({ config: { webPush: { ...base.webPush, enabled: false } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
});

describe('web push switched off', () => {
  test('no VAPID key is handed out (the app shows no prompt) and no subscription is taken', async () => {
    const key = await unconfigured.app.inject({ url: '/api/v1/push/vapid-public-key' });
    expect(key.statusCode).toBe(404);
    expect(key.json()).toMatchObject({ detail: 'push_disabled' });
    const player = await registerPlayer(unconfigured.app);
    const settings = await unconfigured.app.inject({
      url: '/api/v1/me/push_settings',
      headers: bearer(player),
    });
    expect(settings.json()).toMatchObject({ promptAllowed: false });
    const refused = await unconfigured.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/push_subscription',
      headers: bearer(player),
      payload: { token: '{}' },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('support chat widget', () => {
  test('configured: the CSP allows exactly the widget’s origin for scripts, connections and frames', async () => {
    const response = await configured.app.inject({ url: '/api/v1/support/chat' });
    expect(response.statusCode, response.body).toBe(200);
    expect(supportChatConfigSchema.parse(response.json())).toEqual({
      scriptUrl: widgetUrl,
      baseUrl: 'https://chat.support.example:8443',
      websiteToken: 'w3bsiteToken42',
    });
    const csp = directives(response.headers['content-security-policy'] as string);
    // besides the first paints' guard scripts (each checked in its page by web-app-boot)
    expect(csp.get('script-src')).toEqual([
      "'self'",
      ...firstPaintGuardScriptHashes,
      'https://chat.support.example:8443',
    ]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://chat.support.example:8443']);
    expect(csp.get('connect-src')).toContain('https://chat.support.example:8443');
    // no other host may run scripts
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  test('unconfigured: no widget, and the CSP names no chat origin', async () => {
    const response = await unconfigured.app.inject({ url: '/api/v1/support/chat' });
    expect(response.json()).toEqual({ scriptUrl: null, baseUrl: null, websiteToken: null });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'", ...firstPaintGuardScriptHashes]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https:']);
  });

  test('the signed-in player is identified to the widget, signed when identity validation is configured', async () => {
    const player = await registerPlayer(configured.app);
    const me = profileSchema.parse(
      (await configured.app.inject({ url: '/api/v1/me', headers: bearer(player) })).json(),
    );
    expect(me.supportChatUser.identifier).toBe(me.globalId);
    expect(me.supportChatUser.identifier_hash).toBe(
      createHmac('sha256', identitySecret).update(me.globalId).digest('hex'),
    );
    expect(me.supportChatUser.display_name).not.toBe('');
    const other = await registerPlayer(unconfigured.app);
    const plain = profileSchema.parse(
      (await unconfigured.app.inject({ url: '/api/v1/me', headers: bearer(other) })).json(),
    );
    expect(plain.supportChatUser.identifier_hash).toBeNull();
  });
});
