import { operatorMeSchema, playerListResponseSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoBannedPlayer } from '../src/db/demo-data.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  loginPlayer,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ demoData: true });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await createOperator(testApp.app, 'support');
  finance = await createOperator(testApp.app, 'finance');
});
afterAll(async () => {
  await testApp.close();
});

async function globalIdOf(player: { token: string }): Promise<string> {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  return (response.json() as { globalId: string }).globalId;
}

function ban(operator: SignedIn, globalId: string, reason: unknown = 'bonus_abuse') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/players/${globalId}/ban`,
    headers: bearer(operator),
    payload: { reason },
  });
}

function unban(operator: SignedIn, globalId: string) {
  return testApp.app.inject({
    method: 'DELETE',
    url: `/api/backoffice/v1/players/${globalId}/ban`,
    headers: bearer(operator),
  });
}

describe('operator sessions', () => {
  test('login sets an httpOnly cookie scoped to /api/backoffice', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/login',
      payload: { email: testApp.config.operatorEmail, password: testApp.config.operatorPassword },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === 'operator_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/backoffice' });
    expect(cookie?.value).toBe((response.json() as { token: string }).token);
  });

  test('GET /me returns the operator by cookie or Bearer', async () => {
    for (const headers of [bearer(admin), { cookie: admin.cookie }]) {
      const response = await testApp.app.inject({ url: '/api/backoffice/v1/me', headers });
      expect(response.statusCode).toBe(200);
      expect(operatorMeSchema.strict().parse(response.json())).toMatchObject({
        email: testApp.config.operatorEmail,
        roles: ['admin'],
      });
    }
  });

  test('wrong credentials fail without saying which part was wrong', async () => {
    const wrongPassword = expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        payload: { email: testApp.config.operatorEmail, password: 'nope-nope' },
      }),
      'invalid_credentials',
    );
    const unknown = expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        payload: { email: uniqueEmail('operator'), password: 'nope-nope' },
      }),
      'invalid_credentials',
    );
    expect(unknown.message).toBe(wrongPassword.message);
  });

  test('logout revokes the operator session', async () => {
    const session = await loginOperator(testApp.app, undefined, testApp.config);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((cookie) => cookie.name === 'operator_session')?.value).toBe('');
    expectError(
      await testApp.app.inject({ url: '/api/backoffice/v1/me', headers: bearer(session) }),
      'unauthorized',
    );
  });

  test('operator tokens do not work on the player API', async () => {
    expectError(
      await testApp.app.inject({ url: '/api/v1/me', headers: bearer(admin) }),
      'unauthorized',
    );
    expectError(
      await testApp.app.inject({
        url: '/api/v1/me',
        headers: { cookie: admin.cookie.replace('operator_session', 'session') },
      }),
      'unauthorized',
    );
  });

  test('no session is 401 on every operator endpoint', async () => {
    const requests = [
      { method: 'GET', url: '/api/backoffice/v1/me' },
      { method: 'GET', url: '/api/backoffice/v1/players' },
      { method: 'POST', url: '/api/backoffice/v1/players/10000001/ban' },
      { method: 'DELETE', url: '/api/backoffice/v1/players/10000001/ban' },
      { method: 'POST', url: '/api/backoffice/v1/players/10000001/vip' },
      { method: 'DELETE', url: '/api/backoffice/v1/players/10000001/vip' },
      { method: 'GET', url: '/api/backoffice/v1/settings/restricted-countries' },
      { method: 'PUT', url: '/api/backoffice/v1/settings/restricted-countries' },
    ] as const;
    for (const request of requests) {
      expectError(await testApp.app.inject(request), 'unauthorized');
    }
  });
});

describe('player search', () => {
  test('finds by part of the e-mail and by globalId, newest first', async () => {
    const marker = `search${Date.now()}`;
    const first = await registerPlayer(testApp.app, `${marker}-a@example.com`);
    const second = await registerPlayer(testApp.app, `${marker}-b@example.com`);

    const byEmail = await testApp.app.inject({
      url: `/api/backoffice/v1/players?query=${marker.toUpperCase()}`,
      headers: bearer(support),
    });
    expect(byEmail.statusCode).toBe(200);
    const list = playerListResponseSchema.parse(byEmail.json());
    expect(list.items.map((item) => item.email)).toEqual([second.email, first.email]);
    expect(list.meta).toEqual({ total: 2, limit: 30, offset: 0, totalCapped: false });
    expect(list.items[0]).toMatchObject({ isVip: false, banReason: null });

    const globalId = await globalIdOf(first);
    const byId = await testApp.app.inject({
      url: `/api/backoffice/v1/players?query=${globalId}`,
      headers: bearer(finance),
    });
    expect(
      playerListResponseSchema.parse(byId.json()).items.map((item) => item.globalId),
    ).toContain(globalId);
  });

  test('LIKE wildcards in the query are literal', async () => {
    const response = await testApp.app.inject({
      url: '/api/backoffice/v1/players?query=%25',
      headers: bearer(admin),
    });
    expect(playerListResponseSchema.parse(response.json()).meta.total).toBe(0);
  });

  test('pages with limit and offset, capping the limit at 100', async () => {
    const all = playerListResponseSchema.parse(
      (
        await testApp.app.inject({ url: '/api/backoffice/v1/players', headers: bearer(admin) })
      ).json(),
    );
    expect(all.meta.total).toBeGreaterThanOrEqual(5);
    const page = playerListResponseSchema.parse(
      (
        await testApp.app.inject({
          url: '/api/backoffice/v1/players?limit=2&offset=1',
          headers: bearer(admin),
        })
      ).json(),
    );
    expect(page.meta).toEqual({ total: all.meta.total, limit: 2, offset: 1, totalCapped: false });
    expect(page.items.map((item) => item.globalId)).toEqual(
      all.items.slice(1, 3).map((item) => item.globalId),
    );
    const capped = await testApp.app.inject({
      url: '/api/backoffice/v1/players?limit=5000',
      headers: bearer(admin),
    });
    expect(playerListResponseSchema.parse(capped.json()).meta.limit).toBe(100);
  });

  test('rejects invalid paging', async () => {
    for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'page=2']) {
      expectError(
        await testApp.app.inject({
          url: `/api/backoffice/v1/players?${query}`,
          headers: bearer(admin),
        }),
        'validation_error',
      );
    }
  });
});

describe('bans', () => {
  let player: RegisteredPlayer;
  let globalId: string;

  beforeAll(async () => {
    player = await registerPlayer(testApp.app);
    globalId = await globalIdOf(player);
  });

  test('a banned player gets 401 user_banned with the reason on every authenticated call', async () => {
    const response = await ban(support, globalId, 'bonus_abuse');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ globalId, banReason: 'bonus_abuse' });

    const calls = [
      { method: 'GET', url: '/api/v1/me' },
      { method: 'GET', url: '/api/v1/me/billing' },
      { method: 'PATCH', url: '/api/v1/me', payload: { language: 'ru' } },
    ] as const;
    for (const call of calls) {
      for (const headers of [bearer(player), { cookie: player.cookie }]) {
        const body = expectError(await testApp.app.inject({ ...call, headers }), 'user_banned');
        expect(body.payload).toEqual({ reason: 'bonus_abuse', globalId });
      }
    }
    // Signing in still works (the app then shows the ban screen), and so does logout.
    const session = await loginPlayer(testApp.app, player.email, player.password);
    expect(
      expectError(
        await testApp.app.inject({ url: '/api/v1/me', headers: bearer(session) }),
        'user_banned',
      ).payload,
    ).toEqual({ reason: 'bonus_abuse', globalId });
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session),
    });
    expect(logout.statusCode).toBe(204);
    expectError(
      await testApp.app.inject({ url: '/api/v1/me', headers: bearer(session) }),
      'unauthorized',
    );
  });

  test('unbanning restores access', async () => {
    const response = await unban(admin, globalId);
    expect(response.json()).toMatchObject({ globalId, banReason: null });
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
    expect(me.statusCode).toBe(200);
  });

  test('the demo banned player is banned for multiaccounting', async () => {
    const session = await loginPlayer(
      testApp.app,
      demoBannedPlayer.email,
      demoBannedPlayer.password,
    );
    const body = expectError(
      await testApp.app.inject({ url: '/api/v1/me', headers: bearer(session) }),
      'user_banned',
    );
    expect(body.payload).toMatchObject({ reason: 'multiaccounting' });
    expect(String(body.payload?.globalId)).toMatch(/^\d{8,}$/);
  });

  test('finance may not ban; an unknown reason or player is rejected', async () => {
    expectError(await ban(finance, globalId), 'forbidden');
    expectError(await unban(finance, globalId), 'forbidden');
    expect(
      expectError(await ban(admin, globalId, 'looked_at_me'), 'validation_error').payload,
    ).toEqual({
      fields: [{ field: 'reason', message: 'Validation.invalid_value' }],
    });
    expectError(await ban(admin, '99999999'), 'not_found');
    expectError(await ban(admin, 'abc'), 'validation_error');
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
    expect(me.statusCode).toBe(200);
  });

  test('every operator action is written to the audit log', async () => {
    const target = await registerPlayer(testApp.app);
    const targetId = await globalIdOf(target);
    await ban(support, targetId, 'ddos');
    await unban(support, targetId);
    const rows = await testApp.db
      .selectFrom('operator_audit_log')
      .innerJoin('operators', 'operators.id', 'operator_audit_log.operator_id')
      .select(['action', 'target_type', 'target_id', 'payload', 'operators.roles', 'request_id'])
      .where('target_id', '=', targetId)
      .orderBy('operator_audit_log.id')
      .execute();
    expect(rows).toMatchObject([
      {
        action: 'player.ban',
        target_type: 'player',
        roles: ['support'],
        payload: { reason: 'ddos' },
      },
      { action: 'player.unban', target_type: 'player', roles: ['support'] },
    ]);
    expect(rows[0]?.request_id).toBeTruthy();
    await expect(
      testApp.db.deleteFrom('operator_audit_log').where('target_id', '=', targetId).execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('VIP status', () => {
  test('an admin grants and revokes VIP', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(player);
    const grant = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${globalId}/vip`,
      headers: bearer(admin),
    });
    expect(grant.json()).toMatchObject({ globalId, isVip: true });
    expect(
      (await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) })).json(),
    ).toMatchObject({ isVip: true, vipManager: null });

    const revoke = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/v1/players/${globalId}/vip`,
      headers: bearer(admin),
    });
    expect(revoke.json()).toMatchObject({ isVip: false });
    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', '=', globalId)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['player.vip.grant', 'player.vip.revoke']);
  });

  test('support and finance may not change VIP status', async () => {
    const player = await registerPlayer(testApp.app);
    const globalId = await globalIdOf(player);
    for (const operator of [support, finance]) {
      expectError(
        await testApp.app.inject({
          method: 'POST',
          url: `/api/backoffice/v1/players/${globalId}/vip`,
          headers: bearer(operator),
        }),
        'forbidden',
      );
    }
  });
});
