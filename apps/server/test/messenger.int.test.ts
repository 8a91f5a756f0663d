import { createHmac, randomUUID } from 'node:crypto';
import { messengerLinkSchema, validationPayloadSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const botToken = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { messengerBotToken: botToken } });
});
afterAll(async () => {
  await testApp.close();
});

/** Launch data as the messenger signs it for the bot (written out from its documentation). */
function initData(userId: number, options: { token?: string; ageSeconds?: number } = {}): string {
  const fields: Record<string, string> = {
    query_id: `AAH${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    user: JSON.stringify({ id: userId, first_name: 'Anna', language_code: 'en' }),
    auth_date: String(Math.floor(clock.now().getTime() / 1000) - (options.ageSeconds ?? 30)),
  };
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.token ?? botToken)
    .digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

function link(app: TestApp, player: SignedIn, data: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/me/messenger',
    headers: bearer(player),
    payload: { initData: data },
  });
}

async function storedLink(userId: string) {
  return await testApp.db
    .selectFrom('messenger_links')
    .innerJoin('users', 'users.id', 'messenger_links.user_id')
    .select(['messenger_links.messenger_user_id', 'users.email'])
    .where('messenger_links.messenger_user_id', '=', userId)
    .execute();
}

describe('POST /api/v1/me/messenger', () => {
  test('signed launch data links the player to its messenger user', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await link(testApp, player, initData(279058397));
    expect(response.statusCode, response.body).toBe(200);
    expect(messengerLinkSchema.parse(response.json())).toEqual({
      linked: true,
      messengerUserId: '279058397',
    });
    expect(await storedLink('279058397')).toEqual([
      { messenger_user_id: '279058397', email: player.email },
    ]);
    // linking again from another messenger account replaces the link
    expect((await link(testApp, player, initData(279058398))).statusCode).toBe(200);
    expect(await storedLink('279058397')).toEqual([]);
    expect(await storedLink('279058398')).toHaveLength(1);
  });

  test('one messenger account links one player', async () => {
    const first = await registerPlayer(testApp.app);
    const second = await registerPlayer(testApp.app);
    expect((await link(testApp, first, initData(5_000_000_001))).statusCode).toBe(200);
    expectError(await link(testApp, second, initData(5_000_000_001)), 'messenger_already_linked');
    expect(await storedLink('5000000001')).toEqual([
      { messenger_user_id: '5000000001', email: first.email },
    ]);
  });

  test('another bot’s signature, tampered or day-old launch data are refused', async () => {
    const player = await registerPlayer(testApp.app);
    for (const data of [
      initData(42, { token: '7000000002:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' }),
      initData(42).replace('Anna', 'Mallory'),
      initData(42, { ageSeconds: 24 * 60 * 60 + 1 }),
      'user=%7B%22id%22%3A42%7D&auth_date=1',
    ]) {
      const body = expectError(await link(testApp, player, data), 'validation_error');
      expect(validationPayloadSchema.parse(body.payload).fields).toEqual([
        { field: 'initData', message: 'Validation.invalid_value' },
      ]);
    }
    expect(await storedLink('42')).toEqual([]);
  });

  test('guests cannot link; without a bot token the endpoint is unavailable', async () => {
    const guest = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/me/messenger',
      payload: { initData: initData(7) },
    });
    expectError(guest, 'unauthorized');

    const withoutBot = await createTestApp({ clock });
    try {
      const player = await registerPlayer(withoutBot.app);
      expectError(await link(withoutBot, player, initData(7)), 'service_unavailable');
    } finally {
      await withoutBot.close();
    }
  });
});
