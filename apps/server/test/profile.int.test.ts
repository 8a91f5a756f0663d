import { profileSchema } from '@casino/contract';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoPlayer, demoVipPlayer } from '../src/db/demo-data.ts';
import {
  bearer,
  createTestApp,
  loginPlayer,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true, config: { websocketTokenTtlSeconds: 600 } });
});
afterAll(async () => {
  await testApp.close();
});

function getMe(player: RegisteredPlayer | { token: string }) {
  return testApp.app.inject({
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${player.token}` },
  });
}

function patchMe(player: { token: string }, payload: unknown) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${player.token}` },
    payload: payload as Record<string, unknown>,
  });
}

function yearsAgo(years: number, extraDays = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return date.toISOString().slice(0, 10);
}

describe('GET /api/v1/me', () => {
  test('returns the contract profile of a new player', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await getMe(player);
    expect(response.statusCode).toBe(200);
    const profile = profileSchema.strict().parse(response.json());
    expect(profile).toMatchObject({
      email: player.email,
      isVip: false,
      hasDeposits: false,
      language: 'en',
      firstName: null,
      lastName: null,
      gender: null,
      dateOfBirth: null,
      isNameChangeAvailable: true,
      isPushNotificationsActive: false,
      vipManager: null,
      supportChatUser: {
        display_name: player.email.split('@')[0],
        identifier: profile.globalId,
        identifier_hash: null,
      },
      oddsFormat: 'decimal',
    });
    expect(profile.globalId).toMatch(/^\d{8,}$/);
    expect(Number(profile.globalId)).toBeGreaterThanOrEqual(10_000_001);
  });

  test('globalIds are distinct strings from the sequence', async () => {
    const first = (await getMe(await registerPlayer(testApp.app))).json() as { globalId: string };
    const second = (await getMe(await registerPlayer(testApp.app))).json() as { globalId: string };
    expect(typeof first.globalId).toBe('string');
    expect(BigInt(second.globalId)).toBeGreaterThan(BigInt(first.globalId));
  });

  test('the websocket token is an HS256 JWT for the globalId', async () => {
    const player = await registerPlayer(testApp.app);
    const profile = (await getMe(player)).json() as { globalId: string; websocketToken: string };
    const { payload, protectedHeader } = await jwtVerify(
      profile.websocketToken,
      new TextEncoder().encode(testApp.config.websocketJwtSecret),
      { algorithms: ['HS256'] },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.sub).toBe(profile.globalId);
    // bound to the sign-in session it was asked with: its id, never its token
    const session = await testApp.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id'])
      .where('users.global_id', '=', BigInt(profile.globalId))
      .executeTakeFirstOrThrow();
    expect(payload.sid).toBe(session.id);
    expect(profile.websocketToken).not.toContain(player.token);
    expect(payload.exp).toBe((payload.iat ?? 0) + 600);
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    await expect(
      jwtVerify(profile.websocketToken, new TextEncoder().encode('x'.repeat(32))),
    ).rejects.toThrow();
  });

  test('hasDeposits follows users.first_deposit_at', async () => {
    const player = await registerPlayer(testApp.app);
    expect((await getMe(player)).json()).toMatchObject({ hasDeposits: false });
    // through the accounts module, as the wallet records a completed deposit: this process
    // drops the session it keeps of the player at once (another process when the trigger's
    // notification arrives: session-cache.int.test.ts)
    await testApp.app.services.users.recordCompletedDeposit(
      await userIdOf(testApp, player),
      12_345n,
    );
    expect((await getMe(player)).json()).toMatchObject({ hasDeposits: true });
  });

  test('the demo players have their names and VIP manager', async () => {
    const demo = await loginPlayer(testApp.app, demoPlayer.email, demoPlayer.password);
    expect((await getMe(demo)).json()).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
      isNameChangeAvailable: false,
      isVip: false,
      vipManager: null,
      supportChatUser: { display_name: 'Alex' },
    });
    const vip = await loginPlayer(testApp.app, demoVipPlayer.email, demoVipPlayer.password);
    expect((await getMe(vip)).json()).toMatchObject({
      isVip: true,
      vipManager: { telegramUsername: 'casino_vip_manager' },
    });
  });
});

describe('GET /api/v1/me/billing', () => {
  test('zero deposits for a new player', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await testApp.app.inject({
      url: '/api/v1/me/billing',
      headers: bearer(player),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ countDeposit: 0, sumDeposits: '0.00' });
  });

  test('reports the deposit counters as a decimal string', async () => {
    const player = await registerPlayer(testApp.app);
    const { globalId } = (await getMe(player)).json() as { globalId: string };
    await testApp.db
      .updateTable('users')
      .set({
        first_deposit_at: new Date(),
        deposit_count: 3,
        deposit_sum_minor: 900_000_000_000_000_001n,
      })
      .where('global_id', '=', BigInt(globalId))
      .execute();
    const response = await testApp.app.inject({
      url: '/api/v1/me/billing',
      headers: bearer(player),
    });
    expect(response.json()).toEqual({ countDeposit: 3, sumDeposits: '9000000000000000.01' });
  });

  test('requires a session', async () => {
    expectError(await testApp.app.inject({ url: '/api/v1/me/billing' }), 'unauthorized');
  });
});

describe('PATCH /api/v1/me', () => {
  test('changes the language alone and returns the full profile', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await patchMe(player, { language: 'kk' });
    expect(response.statusCode).toBe(200);
    expect(profileSchema.strict().parse(response.json())).toMatchObject({ language: 'kk' });
    expect((await getMe(player)).json()).toMatchObject({ language: 'kk' });
  });

  test('rejects an unsupported language', async () => {
    const player = await registerPlayer(testApp.app);
    const body = expectError(await patchMe(player, { language: 'de' }), 'validation_error');
    expect(body.payload).toEqual({
      fields: [{ field: 'language', message: 'Validation.invalid_value' }],
    });
  });

  test('keeps the sportsbook odds format, decimal until changed, per player', async () => {
    const player = await registerPlayer(testApp.app);
    const other = await registerPlayer(testApp.app);
    for (const oddsFormat of ['fractional', 'american', 'decimal'] as const) {
      const response = await patchMe(player, { oddsFormat });
      expect(response.statusCode, response.body).toBe(200);
      expect(profileSchema.strict().parse(response.json()).oddsFormat).toBe(oddsFormat);
      expect((await getMe(player)).json()).toMatchObject({ oddsFormat });
    }
    await patchMe(player, { oddsFormat: 'american', language: 'ru' });
    expect((await getMe(player)).json()).toMatchObject({ oddsFormat: 'american', language: 'ru' });
    // another field alone leaves it as it is
    await patchMe(player, { language: 'en' });
    expect((await getMe(player)).json()).toMatchObject({ oddsFormat: 'american' });
    expect((await getMe(other)).json()).toMatchObject({ oddsFormat: 'decimal' });
  });

  test('rejects an unknown odds format', async () => {
    const player = await registerPlayer(testApp.app);
    for (const oddsFormat of ['hongkong', 'Decimal', 1, null]) {
      const body = expectError(await patchMe(player, { oddsFormat }), 'validation_error');
      expect(body.payload).toEqual({
        fields: [{ field: 'oddsFormat', message: 'Validation.invalid_value' }],
      });
    }
    expect((await getMe(player)).json()).toMatchObject({ oddsFormat: 'decimal' });
  });

  test('saves personal data, trimmed', async () => {
    const player = await registerPlayer(testApp.app);
    const dateOfBirth = yearsAgo(30);
    const response = await patchMe(player, {
      firstName: '  Łucja ',
      gender: 'female',
      dateOfBirth,
    });
    expect(response.json()).toMatchObject({
      firstName: 'Łucja',
      lastName: null,
      gender: 'female',
      dateOfBirth,
      isNameChangeAvailable: true,
      supportChatUser: { display_name: 'Łucja' },
    });
  });

  test('locks the name once first and last name are both saved', async () => {
    const player = await registerPlayer(testApp.app);
    await patchMe(player, { firstName: 'Anna' });
    expect((await patchMe(player, { firstName: 'Anne' })).json()).toMatchObject({
      firstName: 'Anne',
      isNameChangeAvailable: true,
    });
    expect((await patchMe(player, { lastName: "O'Neil" })).json()).toMatchObject({
      lastName: "O'Neil",
      isNameChangeAvailable: false,
    });

    expectError(await patchMe(player, { firstName: 'Hanna' }), 'name_change_unavailable');
    expectError(
      await patchMe(player, { firstName: 'Anne', lastName: 'Smith' }),
      'name_change_unavailable',
    );
    // A rejected change changes nothing, not even the other fields sent with it.
    expectError(
      await patchMe(player, { lastName: 'Smith', language: 'pl' }),
      'name_change_unavailable',
    );
    expect((await getMe(player)).json()).toMatchObject({
      firstName: 'Anne',
      lastName: "O'Neil",
      language: 'en',
    });
    // Re-sending the saved values, or changing other data, is fine.
    const same = await patchMe(player, { firstName: 'Anne', lastName: "O'Neil", gender: 'female' });
    expect(same.statusCode).toBe(200);
    expect((await patchMe(player, { language: 'pl' })).json()).toMatchObject({ language: 'pl' });
  });

  test('date of birth must be a real date of an adult', async () => {
    const player = await registerPlayer(testApp.app);
    const cases: Array<[string, string]> = [
      [yearsAgo(17), 'Validation.underage'],
      [yearsAgo(18, 1), 'Validation.underage'],
      ['2001-02-29', 'Validation.invalid_date'],
      ['1990-13-01', 'Validation.invalid_date'],
      ['01.02.1990', 'Validation.invalid_date'],
      ['1899-12-31', 'Validation.invalid_date'],
      ['', 'Validation.required'],
    ];
    for (const [dateOfBirth, message] of cases) {
      const body = expectError(await patchMe(player, { dateOfBirth }), 'validation_error');
      expect(body.payload, dateOfBirth).toEqual({ fields: [{ field: 'dateOfBirth', message }] });
    }
    const adult = yearsAgo(18);
    expect((await patchMe(player, { dateOfBirth: adult })).json()).toMatchObject({
      dateOfBirth: adult,
    });
  });

  test('names and gender are validated per field', async () => {
    const player = await registerPlayer(testApp.app);
    const body = expectError(
      await patchMe(player, { firstName: 'R2-D2', lastName: 'x'.repeat(51), gender: 'other' }),
      'validation_error',
    );
    expect(body.payload).toEqual({
      fields: [
        { field: 'firstName', message: 'Validation.invalid_name' },
        { field: 'lastName', message: 'Validation.name_too_long' },
        { field: 'gender', message: 'Validation.required' },
      ],
    });
  });

  test('refuses an empty body, unknown fields and fields a player may not set', async () => {
    const player = await registerPlayer(testApp.app);
    expect(expectError(await patchMe(player, {}), 'validation_error').payload).toEqual({
      fields: [{ field: 'body', message: 'Validation.required' }],
    });
    expect(
      expectError(
        await patchMe(player, { isVip: true, email: 'x@example.com' }),
        'validation_error',
      ).payload,
    ).toEqual({
      fields: [
        { field: 'isVip', message: 'Validation.unknown_field' },
        { field: 'email', message: 'Validation.unknown_field' },
      ],
    });
    expect((await getMe(player)).json()).toMatchObject({ isVip: false, email: player.email });
  });

  test('changes only the caller', async () => {
    const alice = await registerPlayer(testApp.app);
    const bob = await registerPlayer(testApp.app);
    await patchMe(alice, { firstName: 'Alice', language: 'ru' });
    expect((await getMe(bob)).json()).toMatchObject({ firstName: null, language: 'en' });
    expect((await getMe(alice)).json()).toMatchObject({ firstName: 'Alice', language: 'ru' });
  });

  test('requires a session', async () => {
    expectError(
      await testApp.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { language: 'ru' } }),
      'unauthorized',
    );
  });
});
