import { describe, expect, it } from 'vitest';
import type { MessengerLaunch } from '@/lib/messenger-launch';
import {
  isVersionAtLeast,
  type MessengerSignInBody,
  type MessengerStartUpSdk,
  runMessengerStartUp,
  wantsCashier,
} from './start-up';

const launch: MessengerLaunch = {
  initData: 'query_id=1&user=%7B%22id%22%3A1%7D&auth_date=1&hash=ab',
  platform: 'ios',
  version: '8.0',
  startParam: '',
  botId: '7000000001',
};

/** Records the SDK calls in order; a step named in `failing` throws. */
function recordingSdk(calls: string[], failing: string[] = []): MessengerStartUpSdk {
  const call = (name: string) => {
    calls.push(name);
    if (failing.includes(name)) throw new Error(`${name} is not supported`);
  };
  return {
    init: () => call('init'),
    expand: async () => call('expand'),
    requestFullscreen: async () => call('fullscreen'),
    enableClosingConfirmation: () => call('closing confirmation'),
    disableVerticalSwipes: () => call('vertical swipes off'),
    bindSafeArea: () => call('safe area'),
  };
}

class InvalidBot extends Error {}

function run(options: {
  launch?: Partial<MessengerLaunch>;
  failing?: string[];
  signIn?: (body: MessengerSignInBody) => Promise<{ token: string }>;
}) {
  const calls: string[] = [];
  const logged: string[] = [];
  const tokens: string[] = [];
  const bodies: MessengerSignInBody[] = [];
  const promise = runMessengerStartUp({
    sdk: recordingSdk(calls, options.failing),
    launch: { ...launch, ...options.launch },
    signIn: async (body) => {
      calls.push('sign in');
      bodies.push(body);
      return await (options.signIn?.(body) ?? Promise.resolve({ token: 'session-token' }));
    },
    setToken: (token) => tokens.push(token),
    isInvalidBot: (error) => error instanceof InvalidBot,
    log: (message) => logged.push(message),
  });
  return { promise, calls, logged, tokens, bodies };
}

describe('the messenger mini-app start-up (shell spec §4)', () => {
  it('expands, goes full screen on version 8, asks before closing, stops swipes, then signs in', async () => {
    const { promise, calls, tokens, bodies, logged } = run({});
    expect(await promise).toEqual({ invalidBot: false, signedIn: true });
    expect(calls).toEqual([
      'init',
      'expand',
      'fullscreen',
      'closing confirmation',
      'vertical swipes off',
      'safe area',
      'sign in',
    ]);
    expect(bodies).toEqual([{ botId: launch.botId, initData: launch.initData }]);
    expect(tokens).toEqual(['session-token']);
    expect(logged).toEqual([]);
  });

  it('stays out of full screen below version 8, and sends the start parameter as promo', async () => {
    const { promise, calls, bodies } = run({
      launch: { version: '7.10', startParam: 'cashier_ref42' },
    });
    await promise;
    expect(calls).not.toContain('fullscreen');
    expect(calls).toContain('expand');
    expect(bodies[0]?.promo).toBe('cashier_ref42');
  });

  it('verifies nothing without a bot id or without init data', async () => {
    for (const missing of [{ botId: '' }, { initData: '' }]) {
      const { promise, calls } = run({ launch: missing });
      expect(await promise).toEqual({ invalidBot: false, signedIn: false });
      expect(calls).not.toContain('sign in');
    }
  });

  it('only logs failing steps and a failed verification, and always finishes', async () => {
    const { promise, calls, logged, tokens } = run({
      failing: ['init', 'fullscreen', 'vertical swipes off'],
      signIn: () => Promise.reject(new Error('401 invalid_init_data')),
    });
    expect(await promise).toEqual({ invalidBot: false, signedIn: false });
    expect(calls).toContain('closing confirmation');
    expect(calls).toContain('sign in');
    expect(logged).toEqual([
      'Messenger start-up: init failed',
      'Messenger start-up: full screen failed',
      'Messenger start-up: vertical swipes failed',
      'Messenger start-up: verifying the launch failed',
    ]);
    expect(tokens).toEqual([]);
  });

  it('an unknown bot ends in the invalid message, not in a log line', async () => {
    const { promise, logged } = run({ signIn: () => Promise.reject(new InvalidBot()) });
    expect(await promise).toEqual({ invalidBot: true, signedIn: false });
    expect(logged).toEqual([]);
  });

  it('reads versions and the cashier start parameter', () => {
    expect(isVersionAtLeast('8.0', 8)).toBe(true);
    expect(isVersionAtLeast('10.1', 8)).toBe(true);
    expect(isVersionAtLeast('7.10', 8)).toBe(false);
    expect(isVersionAtLeast('', 8)).toBe(false);
    expect(wantsCashier('cashier')).toBe(true);
    expect(wantsCashier('promo_CASHIER')).toBe(true);
    expect(wantsCashier('bonus')).toBe(false);
  });
});
