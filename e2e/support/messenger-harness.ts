/**
 * The messenger mini-app in a plain browser (issue 23): launch data signed with a test bot's
 * token, the launch address the messenger would open, and the messenger's side of the SDK's
 * bridge mocked with the SDK's own `mockTelegramEnv` (its IIFE build, injected before the app
 * runs): every call the app makes through the SDK (`postEvent`) is recorded in
 * `window.__messengerEvents`, and the requests that wait for an answer (viewport, safe areas,
 * full screen, theme) are answered as a phone would. Used by e2e/tests/messenger.spec.ts and by
 * `npm run messenger:harness` (e2e/messenger-harness.ts).
 */
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** A bot token for the harness only (no such bot exists); the server must be given the same. */
export const harnessBotToken = '7000000001:harness-only-token-no-such-bot-000000';
export const harnessBotId = harnessBotToken.split(':')[0] ?? '';
/**
 * The harness's stand-in for the messenger's Ed25519 key: launches carry a `signature` made with
 * it (the SDK expects the field). A server given `MESSENGER_PUBLIC_KEY=harnessPublicKey` accepts
 * them by that signature alone, as it would the messenger's.
 */
const harnessSecretKey = createPrivateKey({
  // PKCS #8 of an Ed25519 key: the fixed prefix, then the 32-byte seed (a constant here)
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]),
  format: 'der',
  type: 'pkcs8',
});
export const harnessPublicKey = createPublicKey(harnessSecretKey)
  .export({ format: 'der', type: 'spki' })
  .subarray(-32)
  .toString('hex');

export interface HarnessUser {
  id: number;
  firstName?: string;
  languageCode?: string;
}

/**
 * Launch data as the messenger signs it: its Ed25519 `signature` for third parties (here with
 * the harness's key), then the bot-token `hash` over every field (the documented HMAC scheme).
 */
export function signedInitData(options: {
  user: HarnessUser;
  botToken?: string;
  startParam?: string;
  authDate?: Date;
}): string {
  const { user, botToken = harnessBotToken, startParam, authDate = new Date() } = options;
  const fields: Record<string, string> = {
    query_id: `AAH${Math.floor(Math.random() * 1e12).toString(36)}`,
    user: JSON.stringify({
      id: user.id,
      first_name: user.firstName ?? 'Harness',
      language_code: user.languageCode ?? 'en',
    }),
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
    ...(startParam ? { start_param: startParam } : {}),
  };
  const lines = (entries: Record<string, string>) =>
    Object.keys(entries)
      .sort()
      .map((key) => `${key}=${entries[key]}`)
      .join('\n');
  const botId = botToken.split(':')[0] ?? '';
  fields.signature = sign(
    null,
    Buffer.from(`${botId}:WebAppData\n${lines(fields)}`),
    harnessSecretKey,
  ).toString('base64url');
  const checkString = lines(fields);
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const themeParams = {
  bg_color: '#0b0d12',
  text_color: '#f2f4f8',
  hint_color: '#8a93a6',
  link_color: '#7c5cff',
  button_color: '#7c5cff',
  button_text_color: '#ffffff',
  secondary_bg_color: '#12151c',
};

/**
 * The address the messenger opens: the bot's mini-app address (`/?botId=…`, the way a bot's
 * mini-app URL names it) with the launch parameters in the hash.
 */
export function launchUrl(
  baseUrl: string,
  options: {
    initData: string;
    botId?: string;
    version?: string;
    platform?: string;
    startParam?: string;
    path?: string;
  },
): string {
  const { initData, botId = harnessBotId, version = '8.0', platform = 'ios', path = '/' } = options;
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(themeParams),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  const url = new URL(path, baseUrl);
  url.searchParams.set('botId', botId);
  url.hash = hash.toString();
  return url.toString();
}

export interface SafeArea {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The phone the mock answers for: its viewport and safe areas (a notch and a home bar). */
const phone = {
  safeArea: { top: 47, bottom: 34, left: 0, right: 0 } satisfies SafeArea,
  contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 } satisfies SafeArea,
};

/**
 * The messenger's side, run in the page before the app (the bridge's IIFE is there already).
 * Plain JavaScript text, not a function: a transpiler's helpers (tsx adds some to functions)
 * would not exist in the page.
 */
const mockInPage = `(answers) => {
  const { mockTelegramEnv, emitEvent } = window.tapps.bridge;
  window.__messengerEvents = [];
  const answer = (name, data) => setTimeout(() => emitEvent(name, data()), 0);
  mockTelegramEnv({
    onEvent: ([name, params]) => {
      window.__messengerEvents.push({ name, params: params ?? null });
      if (name === 'web_app_request_viewport') {
        answer('viewport_changed', () => ({
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        }));
      } else if (name === 'web_app_request_safe_area') {
        answer('safe_area_changed', () => answers.safeArea);
      } else if (name === 'web_app_request_content_safe_area') {
        answer('content_safe_area_changed', () => answers.contentSafeArea);
      } else if (name === 'web_app_request_fullscreen') {
        answer('fullscreen_changed', () => ({ is_fullscreen: true }));
      } else if (name === 'web_app_request_theme') {
        answer('theme_changed', () => ({ theme_params: {} }));
      }
    },
  });
}`;

let bridgeSource: string | undefined;

/** The SDK's bridge as a script that defines `window.tapps.bridge`. */
function bridgeScript(): string {
  if (bridgeSource === undefined) {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@telegram-apps/bridge', {
      paths: [new URL('../../apps/web/', import.meta.url).pathname],
    });
    bridgeSource = readFileSync(entry.replace(/index\.(c?js)$/, 'index.iife.js'), 'utf8');
  }
  return bridgeSource;
}

/** Makes the page a messenger webview for the mini-app (before it is opened). */
export async function mockMessenger(page: Page): Promise<void> {
  await page.addInitScript({ content: bridgeScript() });
  await page.addInitScript({ content: `(${mockInPage})(${JSON.stringify(phone)});` });
}

/** What the app asked of the messenger so far (`postEvent` calls, in order). */
export async function messengerEvents(page: Page): Promise<{ name: string; params: unknown }[]> {
  return await page.evaluate(
    () =>
      (window as unknown as { __messengerEvents?: { name: string; params: unknown }[] })
        .__messengerEvents ?? [],
  );
}

/** The messenger's back button, pressed. */
export async function pressMessengerBackButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    (
      window as unknown as { tapps: { bridge: { emitEvent(name: string): void } } }
    ).tapps.bridge.emitEvent('back_button_pressed');
  });
}
