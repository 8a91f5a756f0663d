import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginPlayer,
  manualClock,
  registerPlayer,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const clock = manualClock();
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sessionTtlDays: 30 } });
});
afterAll(async () => {
  await testApp.close();
});

function me(headers: Record<string, string>) {
  return testApp.app.inject({ url: '/api/v1/me', headers });
}

describe('registration', () => {
  test('creates the account, answers 201 with a token and sets the session cookie', async () => {
    const email = uniqueEmail();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(201);
    const { token } = response.json() as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = response.cookies.find((candidate) => candidate.name === 'session');
    expect(cookie?.value).toBe(token);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const expires = new Date(String(cookie?.expires)).getTime();
    expect(Math.abs(expires - (clock.now().getTime() + 30 * 86_400_000))).toBeLessThan(2_000);

    const profile = await me(bearer({ token }));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email, language: 'en', isVip: false });
  });

  test('stores only a hash of the session token', async () => {
    const player = await registerPlayer(testApp.app);
    const digest = createHash('sha256').update(player.token).digest();
    const stored = await sql<{ matches: boolean }>`
      select exists(select 1 from sessions where token_hash = ${digest}) as matches`.execute(
      testApp.db,
    );
    expect(stored.rows[0]?.matches).toBe(true);
    const leaked = await sql<{ count: bigint }>`
      select count(*) as count from sessions
      where encode(token_hash, 'escape') like ${`%${player.token}%`}`.execute(testApp.db);
    expect(leaked.rows[0]?.count).toBe(0n);
  });

  test('normalises the e-mail and refuses a second account case-insensitively', async () => {
    const email = uniqueEmail();
    await registerPlayer(testApp.app, `  ${email.toUpperCase()} `);
    const duplicate = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: email.replace('player', 'PLAYER'), password: 'another password' },
    });
    expectError(duplicate, 'email_taken');
    await loginPlayer(testApp.app, email, 'correct horse battery');
  });

  test('takes the language from x-locale when it is supported', async () => {
    const russian = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'x-locale': 'ru' },
      payload: { email: uniqueEmail(), password: 'correct horse battery' },
    });
    expect((await me(bearer(russian.json()))).json()).toMatchObject({ language: 'ru' });

    const unsupported = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'x-locale': 'de' },
      payload: { email: uniqueEmail(), password: 'correct horse battery' },
    });
    expect((await me(bearer(unsupported.json()))).json()).toMatchObject({ language: 'en' });
  });

  test('applies the password rules', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: uniqueEmail(), password: 'x'.repeat(129) },
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [{ field: 'password', message: 'Validation.password_too_long' }],
    });
  });

  test('refuses common passwords and the e-mail address, next to the password field', async () => {
    const email = uniqueEmail('weak');
    const refused: Array<[string, string]> = [
      ['12345678', 'Validation.password_common'],
      ['password', 'Validation.password_common'],
      ['Password1', 'Validation.password_common'],
      ['iloveyou', 'Validation.password_common'],
      ['aaaaaaaaaa', 'Validation.password_common'],
      [email, 'Validation.password_like_email'],
      [email.toUpperCase(), 'Validation.password_like_email'],
      [`${email.split('@')[0]}2026`, 'Validation.password_like_email'],
      ['Casino2026!', 'Validation.password_like_service'],
    ];
    for (const [password, message] of refused) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password },
      });
      expect(expectError(response, 'validation_error').payload, password).toEqual({
        fields: [{ field: 'password', message }],
      });
    }
    const account = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  test('takes any characters without composition rules, counted as code points', async () => {
    for (const password of [
      'пароль для казино на лето',
      '🎲🎰🃏🍀🎲🎰🃏🍀',
      'all lower case words',
    ]) {
      const player = await registerPlayer(testApp.app, uniqueEmail(), password);
      await loginPlayer(testApp.app, player.email, password);
    }
  });
});

describe('login', () => {
  test('answers a token and sets the cookie', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: player.email.toUpperCase(), password: player.password },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(token).not.toBe(player.token);
    expect(response.cookies.find((cookie) => cookie.name === 'session')?.value).toBe(token);
  });

  test('a wrong password and an unknown e-mail fail identically', async () => {
    const player = await registerPlayer(testApp.app);
    const wrongPassword = expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: player.email, password: 'wrong password' },
      }),
      'invalid_credentials',
    );
    const unknownEmail = expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail('nobody'), password: 'wrong password' },
      }),
      'invalid_credentials',
    );
    expect(unknownEmail.message).toBe(wrongPassword.message);
    expect(unknownEmail.payload).toBeUndefined();
    expect(wrongPassword.payload).toBeUndefined();
  });

  test("hashes a password stored with older argon2 parameters again, with today's", async () => {
    const player = await registerPlayer(testApp.app);
    // as accounts made before the parameters were set: the argon2 package's defaults
    const oldHash = await argon2.hash(player.password, { type: argon2.argon2id });
    await testApp.db
      .updateTable('users')
      .set({ password_hash: oldHash })
      .where('email', '=', player.email)
      .execute();

    await loginPlayer(testApp.app, player.email, player.password);
    const { password_hash: upgraded } = await testApp.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow();
    expect(upgraded).not.toBe(oldHash);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=4096,t=2,p=1\$/);
    await loginPlayer(testApp.app, player.email, player.password);
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: player.email, password: 'not the password' },
      }),
      'invalid_credentials',
    );
  });

  test('validates the body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'someone@example.com', password: '' },
    });
    expect(expectError(response, 'validation_error').payload).toEqual({
      fields: [{ field: 'password', message: 'Validation.required' }],
    });
  });
});

describe('sessions', () => {
  test('the cookie and the Bearer header both authenticate', async () => {
    const player = await registerPlayer(testApp.app);
    expect((await me({ cookie: player.cookie })).statusCode).toBe(200);
    expect((await me(bearer(player))).statusCode).toBe(200);
  });

  test('no token, a malformed header or an unknown token is 401 unauthorized', async () => {
    expectError(await me({}), 'unauthorized');
    expectError(await me({ authorization: 'Basic dXNlcjpwYXNz' }), 'unauthorized');
    expectError(await me({ authorization: 'Bearer' }), 'unauthorized');
    expectError(await me({ authorization: `Bearer ${'A'.repeat(43)}` }), 'unauthorized');
    expectError(await me({ cookie: 'session=not-a-token' }), 'unauthorized');
  });

  test('an explicit Authorization header wins over the cookie', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(
      await me({ cookie: player.cookie, authorization: `Bearer ${'B'.repeat(43)}` }),
      'unauthorized',
    );
  });

  test('logout revokes the session, clears the cookie and is idempotent', async () => {
    const player = await registerPlayer(testApp.app);
    const other = await loginPlayer(testApp.app, player.email, player.password);

    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: player.cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    const cleared = logout.cookies.find((cookie) => cookie.name === 'session');
    expect(cleared?.value).toBe('');
    expect(new Date(String(cleared?.expires)).getTime()).toBeLessThan(Date.now());

    expectError(await me({ cookie: player.cookie }), 'unauthorized');
    expectError(await me(bearer(player)), 'unauthorized');
    // Signing out one session leaves the player's other sessions alone.
    expect((await me(bearer(other))).statusCode).toBe(200);

    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(player),
    });
    expect(again.statusCode).toBe(204);
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(anonymous.statusCode).toBe(204);
  });

  test('logout accepts a JSON content type with an empty body', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...bearer(player), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expectError(await me(bearer(player)), 'unauthorized');
  });

  test('a session expires after SESSION_TTL_DAYS', async () => {
    const player = await registerPlayer(testApp.app);
    clock.advance(29 * 86_400_000);
    expect((await me(bearer(player))).statusCode).toBe(200);
    clock.advance(1 * 86_400_000 + 1_000);
    expectError(await me(bearer(player)), 'unauthorized');
  });

  test('a token belongs to its owner only', async () => {
    const alice = await registerPlayer(testApp.app);
    const bob = await registerPlayer(testApp.app);
    expect((await me(bearer(alice))).json()).toMatchObject({ email: alice.email });
    expect((await me(bearer(bob))).json()).toMatchObject({ email: bob.email });
    expect((await me({ cookie: bob.cookie })).json()).toMatchObject({ email: bob.email });
  });

  test('player sessions do not work on operator endpoints', async () => {
    const player = await registerPlayer(testApp.app);
    for (const headers of [bearer(player), { cookie: player.cookie }]) {
      expectError(
        await testApp.app.inject({ url: '/api/backoffice/v1/me', headers }),
        'unauthorized',
      );
      expectError(
        await testApp.app.inject({ url: '/api/backoffice/v1/players', headers }),
        'unauthorized',
      );
    }
  });
});

describe('behind HTTPS (COOKIE_SECURE)', () => {
  test('session cookies are Secure and HSTS is sent', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: uniqueEmail(), password: 'correct horse battery' },
      });
      const cookie = response.cookies.find((candidate) => candidate.name === 'session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(response.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });
});
