import { afterEach, describe, expect, it } from 'vitest';
import { type ChatWidget, loadSupportChat, resetSupportChatForTests } from './support-chat';
import { setSupportChatUser } from './support-chat-user';

const chat = {
  scriptUrl: 'https://chat.support.example/packs/js/sdk.js',
  baseUrl: 'https://chat.support.example',
  websiteToken: 'w3bsiteToken42',
};

interface FakeScript {
  id: string;
  src: string;
  async: boolean;
  dataset: Record<string, string>;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove(): void;
}

/** A page where scripts are recorded instead of fetched, and a widget that records its calls. */
function fakePage() {
  const scripts: FakeScript[] = [];
  const calls: Array<[string, ...unknown[]]> = [];
  const target = new EventTarget() as EventTarget & Record<string, unknown>;
  const widget: ChatWidget = {
    toggle: (state) => calls.push(['toggle', state]),
    setUser: (identifier, user) => calls.push(['setUser', identifier, user]),
    setCustomAttributes: (attributes) => calls.push(['setCustomAttributes', attributes]),
    setLocale: (locale) => calls.push(['setLocale', locale]),
    reset: () => calls.push(['reset']),
  };
  const runs: unknown[] = [];
  target.chatwootSDK = {
    run(options: unknown) {
      runs.push(options);
      // Chatwoot's SDK puts $chatwoot on the window and announces it
      target.$chatwoot = widget;
      target.dispatchEvent(new Event('chatwoot:ready'));
    },
  };
  const document = {
    createElement: () => {
      const script: FakeScript = {
        id: '',
        src: '',
        async: false,
        dataset: {},
        onload: null,
        onerror: null,
        remove: () => scripts.splice(scripts.indexOf(script), 1),
      };
      return script;
    },
    head: { appendChild: (script: FakeScript) => scripts.push(script) },
  };
  return {
    scripts,
    calls,
    runs,
    target,
    environment: { document: document as unknown as Document, window: target as never },
  };
}

afterEach(() => {
  resetSupportChatForTests();
  setSupportChatUser(null);
});

describe('support chat loader', () => {
  it.each([
    ['en', 'loc_eng'],
    ['hi', 'loc_id'],
    ['hi-en', 'loc_id'],
    ['kk', 'loc_kz'],
    ['uk', 'loc_ua'],
    ['ru', 'loc_ru'],
    ['pl', 'loc_pl'],
  ])('language %s: the configured script, the location code %s', async (language, location) => {
    resetSupportChatForTests();
    const page = fakePage();
    const loaded = loadSupportChat(chat, language, page.environment);
    expect(page.scripts).toHaveLength(1);
    const [script] = page.scripts;
    expect(script?.src).toBe(chat.scriptUrl);
    expect(script?.async).toBe(true);
    expect(script?.dataset.location).toBe(location);
    expect(page.target.chatwootSettings).toMatchObject({ locale: language });
    script?.onload?.();
    await loaded;
    expect(page.runs).toEqual([{ websiteToken: chat.websiteToken, baseUrl: chat.baseUrl }]);
    expect(page.calls).toContainEqual(['setCustomAttributes', { location }]);
  });

  it('is added once however often it is asked for', async () => {
    const page = fakePage();
    const first = loadSupportChat(chat, 'en', page.environment);
    const second = loadSupportChat(chat, 'en', page.environment);
    page.scripts[0]?.onload?.();
    expect(await first).toBe(await second);
    expect(page.scripts).toHaveLength(1);
  });

  it('identifies the signed-in player (with the identity hash) and forgets them at sign-out', async () => {
    setSupportChatUser({ identifier: '10000042', display_name: 'Ann', identifier_hash: 'ab12' });
    const page = fakePage();
    const loaded = loadSupportChat(chat, 'en', page.environment);
    page.scripts[0]?.onload?.();
    await loaded;
    expect(page.calls).toContainEqual([
      'setUser',
      '10000042',
      { name: 'Ann', identifier_hash: 'ab12' },
    ]);
    setSupportChatUser(null);
    expect(page.calls.at(-1)).toEqual(['reset']);
    setSupportChatUser({ identifier: '10000043', display_name: 'Bo', identifier_hash: null });
    expect(page.calls.at(-1)).toEqual(['setUser', '10000043', { name: 'Bo' }]);
  });

  it('a script that fails to load is removed and may be tried again', async () => {
    const page = fakePage();
    const failed = loadSupportChat(chat, 'en', page.environment);
    page.scripts[0]?.onerror?.();
    await expect(failed).rejects.toThrow();
    expect(page.scripts).toHaveLength(0);
    const retried = loadSupportChat(chat, 'en', page.environment);
    expect(page.scripts).toHaveLength(1);
    page.scripts[0]?.onload?.();
    await retried;
  });
});
