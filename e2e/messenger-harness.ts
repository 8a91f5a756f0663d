/**
 * `npm run messenger:harness`: the messenger mini-app in a plain browser, for trying it by hand.
 * Start the app with the harness bot first (its token signs the launch; see the README):
 *
 *   MESSENGER_BOT_TOKEN=7000000001:harness-only-token-no-such-bot-000000 npm start
 *   npm run messenger:harness -- --start-param cashier
 *
 * Options: --url (the running app, default http://localhost:8080, or $PORT's), --user (the
 * messenger user id, default 42), --language, --start-param, --version (default 8.0), --platform
 * (default ios), --bot-id (default the harness bot's), --print (only print the launch address:
 * opened without the mocked messenger, the app signs in and logs the SDK's start-up errors).
 * It opens Chromium (CHROMIUM_PATH, default /usr/bin/chromium) in a phone-sized window with the
 * messenger mocked by the SDK's mockTelegramEnv, and prints every call the app makes to the
 * messenger.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { launchUrl, mockMessenger, signedInitData } from './support/messenger-harness.ts';

/** One line on standard output. */
function say(...parts: string[]): void {
  process.stdout.write(`${parts.join(' ')}\n`);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? '8080'}` },
    user: { type: 'string', default: '42' },
    language: { type: 'string', default: 'en' },
    'start-param': { type: 'string' },
    version: { type: 'string', default: '8.0' },
    platform: { type: 'string', default: 'ios' },
    'bot-id': { type: 'string' },
    print: { type: 'boolean', default: false },
  },
});

const startParam = values['start-param'];
const initData = signedInitData({
  user: { id: Number(values.user), languageCode: values.language },
  ...(startParam ? { startParam } : {}),
});
const address = launchUrl(values.url, {
  initData,
  version: values.version,
  platform: values.platform,
  ...(startParam ? { startParam } : {}),
  ...(values['bot-id'] ? { botId: values['bot-id'] } : {}),
});
say(address);
if (!values.print) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: !process.env.DISPLAY,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.exposeFunction('__messengerCall', (name: string, params: unknown) => {
    say('messenger ←', name, params === null ? '' : JSON.stringify(params));
  });
  // Every call the mock records is printed here too (plain JavaScript text, see the support file).
  await page.addInitScript({
    content: `(() => {
      const events = [];
      const push = events.push.bind(events);
      events.push = (...items) => {
        for (const item of items) window.__messengerCall?.(item.name, item.params);
        return push(...items);
      };
      Object.defineProperty(window, '__messengerEvents', { get: () => events, set: () => {} });
    })();`,
  });
  await mockMessenger(page);
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      say(`page ${message.type()}:`, message.text());
    }
  });
  await page.goto(address);
  if (!process.env.DISPLAY) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: 'messenger-harness.png' });
    say('no display: saved messenger-harness.png');
    await browser.close();
  } else {
    say('close the browser window to stop');
    await new Promise<void>((resolve) => browser.on('disconnected', () => resolve()));
  }
}
