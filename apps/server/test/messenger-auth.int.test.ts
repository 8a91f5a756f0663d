import { createHmac, randomInt } from 'node:crypto';
import {
  authTokenResponseSchema,
  backofficePromoCodeSchema,
  profileSchema,
  promoCodeOfStartParam,
  promoInfoCookie,
  promoInfoSchema,
} from '@casino/contract';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runRetention } from '../src/jobs/retention-jobs.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

// The bot of MESSENGER_BOT_TOKEN (normal) signs with its token; the vip bot's launches carry
// only the messenger's Ed25519 signature. The messenger's key is this test's own pair.
const normalBotId = '7000000001';
const vipBotId = '7000000002';
const botToken = `${normalBotId}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw`;
const messengerKey = ed25519.utils.randomSecretKey();
const maxAgeSeconds = 600;
const clock = manualClock(new Date('2026-11-26T10:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: {
      messengerBotToken: botToken,
      messengerBots: [
        { id: normalBotId, type: 'normal' },
        { id: vipBotId, type: 'vip' },
      ],
      messengerPublicKey: Buffer.from(ed25519.getPublicKey(messengerKey)).toString('hex'),
      messengerInitDataMaxAgeSeconds: maxAgeSeconds,
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

interface Launch {
  userId: number;
  botId?: string;
  ageSeconds?: number;
  /** sign with the bot token (hash) too; the Ed25519 signature is always there */
  token?: string | null;
  key?: Uint8Array;
  languageCode?: string;
}

/** Launch data as the messenger makes it (written out from its documentation). */
function launch({
  userId,
  botId = normalBotId,
  ageSeconds = 30,
  token = botToken,
  key = messengerKey,
  languageCode = 'ru',
}: Launch): string {
  const fields: Record<string, string> = {
    query_id: `AAH${randomInt(1e9)}`,
    user: JSON.stringify({ id: userId, first_name: 'Anna', language_code: languageCode }),
    auth_date: String(Math.floor(clock.now().getTime() / 1000) - ageSeconds),
  };
  const lines = (entries: Record<string, string>) =>
    Object.keys(entries)
      .sort()
      .map((name) => `${name}=${entries[name]}`)
      .join('\n');
  const signed = `${botId}:WebAppData\n${lines(fields)}`;
  const signature = Buffer.from(ed25519.sign(Buffer.from(signed), key)).toString('base64url');
  const withSignature = { ...fields, signature };
  if (token === null) return new URLSearchParams(withSignature).toString();
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(lines(withSignature)).digest('hex');
  return new URLSearchParams({ ...withSignature, hash }).toString();
}

let nextUserId = 500_000_000;
const newMessengerUser = () => {
  nextUserId += 1;
  return nextUserId;
};

function signIn(
  initData: string,
  botId = normalBotId,
  headers: Record<string, string> = {},
  promo = 'cashier',
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/auth/messenger',
    headers,
    payload: { botId, initData, promo },
  });
}

async function me(token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/v1/me',
    headers: bearer({ token }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return profileSchema.parse(response.json());
}

async function signedIn(initData: string, botId = normalBotId) {
  const response = await signIn(initData, botId);
  expect(response.statusCode, response.body).toBe(200);
  return authTokenResponseSchema.parse(response.json()).token;
}

describe('POST /api/v1/auth/messenger', () => {
  test('a new messenger user gets an account linked to them, and signs into it again later', async () => {
    const user = newMessengerUser();
    const response = await signIn(launch({ userId: user }));
    expect(response.statusCode, response.body).toBe(200);
    const { token } = authTokenResponseSchema.parse(response.json());
    // a session like a password sign-in's: the cookie carries the same token
    const cookie = response.cookies.find((candidate) => candidate.name === 'session');
    expect(cookie?.value).toBe(token);
    expect(cookie?.httpOnly).toBe(true);
    const first = await me(token);
    expect(first.isVip).toBe(false);
    // the launch data's language, when we have it
    expect(first.language).toBe('ru');
    const links = await testApp.db
      .selectFrom('messenger_links')
      .innerJoin('users', 'users.id', 'messenger_links.user_id')
      .select(['users.global_id', 'users.email', 'users.password_hash'])
      .where('messenger_user_id', '=', String(user))
      .execute();
    expect(links).toHaveLength(1);
    expect(String(links[0]?.global_id)).toBe(first.globalId);

    clock.advance(60_000);
    const again = await signedIn(launch({ userId: user }));
    expect(again).not.toBe(token);
    expect((await me(again)).globalId).toBe(first.globalId);

    // the account has no password: its address and any password are refused
    const email = links[0]?.email ?? '';
    expect(email).toMatch(/@players\.invalid$/);
    const password = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: links[0]?.password_hash ?? 'x' },
    });
    expectError(password, 'invalid_credentials');
  });

  test('a linked player on a time-out is refused as with a password, and signs in once it ends', async () => {
    const user = newMessengerUser();
    const token = await signedIn(launch({ userId: user }));
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/me/time-out',
      headers: bearer({ token }),
      payload: { days: 1, confirm: true },
    });
    expect(timeOut.statusCode, timeOut.body).toBe(200);
    clock.advance(60_000);
    const refused = await signIn(launch({ userId: user }));
    expectError(refused, 'timed_out');
    expect(refused.json().payload.until).toEqual(timeOut.json().until);
    clock.advance(24 * 3_600_000);
    await signedIn(launch({ userId: user }));
  });

  test('the Ed25519 signature alone signs in; the vip bot’s players are VIP', async () => {
    const user = newMessengerUser();
    const token = await signedIn(launch({ userId: user, botId: vipBotId, token: null }), vipBotId);
    expect((await me(token)).isVip).toBe(true);
    // an existing player opening the vip bot becomes VIP
    const normal = newMessengerUser();
    expect((await me(await signedIn(launch({ userId: normal })))).isVip).toBe(false);
    clock.advance(1_000);
    const vip = await signedIn(launch({ userId: normal, botId: vipBotId, token: null }), vipBotId);
    expect((await me(vip)).isVip).toBe(true);
  });

  test('the normal bot’s launch signed only by the messenger’s key signs in too', async () => {
    const token = await signedIn(launch({ userId: newMessengerUser(), token: null }));
    expect((await me(token)).isVip).toBe(false);
  });

  test('launch data older than the maximum age is refused; just within it is accepted', async () => {
    expect(
      (await signIn(launch({ userId: newMessengerUser(), ageSeconds: maxAgeSeconds }))).statusCode,
    ).toBe(200);
    const old = expectError(
      await signIn(launch({ userId: newMessengerUser(), ageSeconds: maxAgeSeconds + 1 })),
      'invalid_init_data',
    );
    expect(old.payload).toEqual({ problem: 'expired' });
    const oldSigned = expectError(
      await signIn(
        launch({ userId: newMessengerUser(), ageSeconds: maxAgeSeconds + 1, token: null }),
      ),
      'invalid_init_data',
    );
    expect(oldSigned.payload).toEqual({ problem: 'expired' });
  });

  test('tampered launch data, another bot’s or another key’s signature is refused', async () => {
    const user = newMessengerUser();
    const tampered = new URLSearchParams(launch({ userId: user }));
    tampered.set('user', JSON.stringify({ id: 1, first_name: 'Mallory' }));
    expect(expectError(await signIn(tampered.toString()), 'invalid_init_data').payload).toEqual({
      problem: 'bad_signature',
    });
    const tamperedSigned = new URLSearchParams(launch({ userId: user, token: null }));
    tamperedSigned.set('auth_date', String(Math.floor(clock.now().getTime() / 1000)));
    expectError(await signIn(tamperedSigned.toString()), 'invalid_init_data');
    // signed for the normal bot, presented as the vip bot's
    expectError(await signIn(launch({ userId: user, token: null }), vipBotId), 'invalid_init_data');
    // the right fields signed by a key that is not the messenger's
    const forged = launch({ userId: user, token: null, key: ed25519.utils.randomSecretKey() });
    expectError(await signIn(forged), 'invalid_init_data');
    // signed with another bot's token and no valid signature
    const otherToken = launch({
      userId: user,
      token: '7000000009:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      key: ed25519.utils.randomSecretKey(),
    });
    expectError(await signIn(otherToken), 'invalid_init_data');
    expectError(await signIn('user=1&auth_date=2'), 'invalid_init_data');
    expect(
      await testApp.db
        .selectFrom('messenger_links')
        .where('messenger_user_id', '=', String(user))
        .select('user_id')
        .execute(),
    ).toEqual([]);
  });

  test('a launch signs in once: the same data again, in any order, is refused', async () => {
    const data = launch({ userId: newMessengerUser() });
    await signedIn(data);
    const replayed = expectError(await signIn(data), 'invalid_init_data');
    expect(replayed.payload).toEqual({ problem: 'replayed' });
    const reordered = new URLSearchParams([...new URLSearchParams(data).entries()].reverse());
    expectError(await signIn(reordered.toString()), 'invalid_init_data');
    // without the hash, by the signature alone: still the same launch
    const withoutHash = new URLSearchParams(data);
    withoutHash.delete('hash');
    expectError(await signIn(withoutHash.toString()), 'invalid_init_data');
  });

  test('the same launch sent twice at once signs in exactly once', async () => {
    const data = launch({ userId: newMessengerUser() });
    const answers = await Promise.all([signIn(data), signIn(data), signIn(data)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  test('two launches of a new messenger user at once make one account', async () => {
    const user = newMessengerUser();
    const tokens = await Promise.all([
      signedIn(launch({ userId: user })),
      signedIn(launch({ userId: user, token: null })),
    ]);
    const [first, second] = await Promise.all(tokens.map((token) => me(token)));
    expect(first?.globalId).toBe(second?.globalId);
  });

  test('an unknown bot is refused with invalid_bot', async () => {
    const body = expectError(
      await signIn(launch({ userId: newMessengerUser(), botId: '7000000003' }), '7000000003'),
      'invalid_bot',
    );
    expect(body.detail).toBe('invalid_bot');
    const malformed = await signIn('x', 'not-a-bot');
    expectError(malformed, 'validation_error');
  });

  test('used launches are forgotten by the retention job once too old to sign in', async () => {
    await signedIn(launch({ userId: newMessengerUser() }));
    const stored = async () =>
      Number(
        (
          await testApp.db
            .selectFrom('messenger_launches')
            .select((builder) => builder.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await stored()).toBeGreaterThan(0);
    clock.advance((maxAgeSeconds + 60) * 1000);
    const purged = await runRetention({
      ...testApp.app.services,
      realtime: { repository: testApp.app.services.realtime.repository, historyTtlMs: 60_000 },
      clock,
    });
    expect(purged.messengerLaunches).toBeGreaterThan(0);
    expect(await stored()).toBe(0);
  });
});

describe('the start parameter promo_<CODE>', () => {
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await loginOperator(testApp.app, undefined, testApp.config);
  });

  async function createCode(payload: Record<string, unknown>) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/promocodes',
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return backofficePromoCodeSchema.parse(response.json());
  }

  async function linkedUserId(messengerUserId: number): Promise<string> {
    const row = await testApp.db
      .selectFrom('messenger_links')
      .select('user_id')
      .where('messenger_user_id', '=', String(messengerUserId))
      .executeTakeFirstOrThrow();
    return row.user_id;
  }

  async function activationsOf(userId: string) {
    return await testApp.db
      .selectFrom('promo_activations')
      .innerJoin('promo_codes', 'promo_codes.id', 'promo_activations.promo_code_id')
      .select(['promo_codes.code', 'promo_activations.amount_minor'])
      .where('promo_activations.user_id', '=', userId)
      .execute();
  }

  const promoCookieOf = (response: Awaited<ReturnType<typeof signIn>>) =>
    response.cookies.find((candidate) => candidate.name === promoInfoCookie);

  test('only promo_ followed by a promo code carries a code', () => {
    expect(promoCodeOfStartParam('promo_WELCOME10')).toBe('WELCOME10');
    expect(promoCodeOfStartParam('PROMO_a-b_c')).toBe('a-b_c');
    expect(promoCodeOfStartParam('cashier')).toBeNull();
    expect(promoCodeOfStartParam('promo_')).toBeNull();
    expect(promoCodeOfStartParam('promo_ab')).toBeNull();
    expect(promoCodeOfStartParam('promo_bad code')).toBeNull();
    expect(promoCodeOfStartParam(undefined)).toBeNull();
  });

  test('a new account gets the code as if entered; signing in again never applies it again', async () => {
    // a player could use it five times: only the launch that created the account applies it
    await createCode({ code: 'MSGR10', kind: 'main', amountUsd: '10', perPlayerLimit: 5 });
    const user = newMessengerUser();
    const first = await signIn(launch({ userId: user }), normalBotId, {}, 'promo_msgr10');
    expect(first.statusCode, first.body).toBe(200);
    const userId = await linkedUserId(user);
    expect(await activationsOf(userId)).toEqual([{ code: 'MSGR10', amount_minor: 1_000n }]);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_000n);
    // the same promo info cookie as the activation endpoint's: the app shows its promo modal
    const cookie = promoCookieOf(first);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 86_400 });
    expect(promoInfoSchema.parse(JSON.parse(decodeURIComponent(cookie?.value ?? '')))).toEqual({
      amount: '10.00',
      currency: 'USD',
      freespins_count: 0,
      freespins_amount: '0.00',
      code: 'MSGR10',
      type: 'main',
    });

    clock.advance(60_000);
    const again = await signIn(launch({ userId: user }), normalBotId, {}, 'promo_MSGR10');
    expect(again.statusCode, again.body).toBe(200);
    expect(promoCookieOf(again)).toBeUndefined();
    expect(await activationsOf(userId)).toHaveLength(1);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_000n);
  });

  test('two launches of a new messenger user at once apply the code once', async () => {
    await createCode({ code: 'TWICE3', kind: 'main', amountUsd: '3', perPlayerLimit: 5 });
    const user = newMessengerUser();
    const answers = await Promise.all([
      signIn(launch({ userId: user }), normalBotId, {}, 'promo_TWICE3'),
      signIn(launch({ userId: user, token: null }), normalBotId, {}, 'promo_TWICE3'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const userId = await linkedUserId(user);
    expect(await activationsOf(userId)).toEqual([{ code: 'TWICE3', amount_minor: 300n }]);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(300n);
  });

  test('a player linked before gets no code from a later launch', async () => {
    await createCode({ code: 'LATER5', kind: 'main', amountUsd: '5', perPlayerLimit: 5 });
    const user = newMessengerUser();
    await signedIn(launch({ userId: user }));
    const userId = await linkedUserId(user);
    const later = await signIn(launch({ userId: user }), normalBotId, {}, 'promo_LATER5');
    expect(later.statusCode, later.body).toBe(200);
    expect(await activationsOf(userId)).toEqual([]);
  });

  test('an unknown, expired or exhausted code does not stop the sign-in', async () => {
    const now = clock.now().getTime();
    await createCode({
      code: 'GONE10',
      kind: 'main',
      amountUsd: '10',
      validFrom: new Date(now - 7_200_000).toISOString(),
      validTo: new Date(now - 3_600_000).toISOString(),
    });
    await createCode({ code: 'ONCE10', kind: 'main', amountUsd: '10', usesLimit: 1 });
    const first = newMessengerUser();
    const used = await signIn(launch({ userId: first }), normalBotId, {}, 'promo_ONCE10');
    expect(used.statusCode, used.body).toBe(200);
    expect(await activationsOf(await linkedUserId(first))).toHaveLength(1);

    for (const promo of ['promo_NOSUCHCODE', 'promo_GONE10', 'promo_ONCE10']) {
      const user = newMessengerUser();
      const response = await signIn(launch({ userId: user }), normalBotId, {}, promo);
      expect(response.statusCode, `${promo}: ${response.body}`).toBe(200);
      const { token } = authTokenResponseSchema.parse(response.json());
      expect((await me(token)).globalId).toBeTruthy();
      expect(promoCookieOf(response)).toBeUndefined();
      const userId = await linkedUserId(user);
      expect(await activationsOf(userId)).toEqual([]);
      expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(0n);
    }
  });
});
