import {
  type OperatorRole,
  operatorListSchema,
  operatorMeSchema,
  operatorRoles,
  operatorSchema,
  operatorSessionListSchema,
  totpEnrolmentSchema,
  totpRecoveryCodesSchema,
} from '@casino/contract';
import type { InjectOptions, RouteOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { callableRoutes, fillUrl } from './support/routes.ts';

/** Every route the app registers (`createTestApp`'s `onRoute`). */
const routes: RouteOptions[] = [];

/** A query parameter holding U+0000: refused before any handler runs, so no probe changes data. */
const stopBeforeHandler = { probe: 'stop\u0000here' };
/** The sign-in calls: the only back-office routes that need no operator session. */
const signInRoutes = new Set([
  'POST /api/backoffice/v1/auth/login',
  'POST /api/backoffice/v1/auth/totp',
  'POST /api/backoffice/v1/auth/logout',
]);

const clock = manualClock(new Date());
let testApp: TestApp;
let admin: SignedIn;
const byRole = new Map<OperatorRole, SignedIn>();

beforeAll(async () => {
  testApp = await createTestApp({ clock, onRoute: (route) => routes.push(route) });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  for (const role of operatorRoles) byRole.set(role, await createOperator(testApp.app, role));
});
afterAll(async () => {
  await testApp.close();
});

function call(session: SignedIn | null, options: InjectOptions) {
  return testApp.app.inject({
    ...options,
    headers: { ...(session ? bearer(session) : {}), ...(options.headers ?? {}) },
  });
}

function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

async function createViaApi(body: Record<string, unknown>) {
  return await call(admin, { method: 'POST', url: '/api/backoffice/v1/operators', payload: body });
}

describe('roles', () => {
  test('every back-office route declares its roles in the table /me answers from', () => {
    const table = testApp.app.operatorRouteRoles;
    const backoffice = callableRoutes(routes).filter(({ url }) =>
      url.startsWith('/api/backoffice/v1/'),
    );
    expect(backoffice.length).toBeGreaterThan(70);
    for (const { method, url } of backoffice) {
      const key = `${method} ${url}`;
      if (signInRoutes.has(key)) continue;
      expect(table.has(key), key).toBe(true);
      const roles = table.get(key) ?? [];
      // only the operator's own account (me, two-factor, sessions) is open to any operator
      if (!url.startsWith('/api/backoffice/v1/me')) expect(roles.length, key).toBeGreaterThan(0);
    }
  });

  test('a role outside a route’s roles gets 403 forbidden; a role inside gets past the check', async () => {
    let refused = 0;
    for (const [key, admitted] of testApp.app.operatorRouteRoles) {
      if (admitted.length === 0) continue;
      const [method, url] = key.split(' ') as [string, string];
      const target = fillUrl(url, {}, '00000000-0000-4000-8000-000000000000');
      for (const role of operatorRoles) {
        const response = await call(byRole.get(role) ?? null, {
          method: method as 'GET',
          url: target,
          query: stopBeforeHandler,
        });
        if (role === 'admin' || admitted.includes(role)) {
          expect(response.statusCode, `${key} as ${role}`).toBe(400);
        } else {
          expect(response.statusCode, `${key} as ${role}`).toBe(403);
          expect(response.json(), `${key} as ${role}`).toMatchObject({ detail: 'forbidden' });
          refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  test('read_only reads but never writes', () => {
    for (const [key, admitted] of testApp.app.operatorRouteRoles) {
      if (!admitted.includes('read_only')) continue;
      expect(key.startsWith('GET '), key).toBe(true);
    }
  });

  test('GET /me answers the roles and the routes they open', async () => {
    const response = await call(byRole.get('support') ?? null, { url: '/api/backoffice/v1/me' });
    const me = operatorMeSchema.strict().parse(response.json());
    expect(me.roles).toEqual(['support']);
    expect(me.totpEnabled).toBe(false);
    expect(me.permissions).toContain('POST /api/backoffice/v1/players/:globalId/ban');
    expect(me.permissions).toContain('GET /api/backoffice/v1/me/sessions');
    expect(me.permissions).not.toContain('PUT /api/backoffice/v1/exchange-rates');
    expect(me.permissions).not.toContain('POST /api/backoffice/v1/operators');
    const adminMe = operatorMeSchema.parse(
      (await call(admin, { url: '/api/backoffice/v1/me' })).json(),
    );
    expect(adminMe.permissions).toEqual([...testApp.app.operatorRouteRoles.keys()].sort());
  });
});

describe('operators', () => {
  test('the list pages, filters by e-mail, role and status, sorts, and refuses bad parameters', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const made: string[] = [];
    for (const [index, roles] of [['trading'], ['trading', 'support'], ['marketing']].entries()) {
      const email = `${tag}-${index}@casino.local`;
      const response = await createViaApi({ email, password: 'List-operators-2026!', roles });
      expect(response.statusCode, response.body).toBe(201);
      made.push((response.json() as { id: string }).id);
    }
    const disabled = await call(admin, {
      method: 'PATCH',
      url: `/api/backoffice/v1/operators/${made[2]}`,
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const list = async (query: string) => {
      const response = await call(admin, { url: `/api/backoffice/v1/operators?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return operatorListSchema.parse(response.json());
    };
    const tagged = await list(`query=${tag.toUpperCase()}&sort=email&order=desc`);
    expect(tagged.operators.map((operator) => operator.email)).toEqual([
      `${tag}-2@casino.local`,
      `${tag}-1@casino.local`,
      `${tag}-0@casino.local`,
    ]);
    expect(tagged.meta).toEqual({ total: 3, limit: 50, offset: 0, totalCapped: false });
    const traders = await list(`query=${tag}&role=trading&sort=email`);
    expect(traders.operators.map((operator) => operator.email)).toEqual([
      `${tag}-0@casino.local`,
      `${tag}-1@casino.local`,
    ]);
    expect((await list(`query=${tag}&status=disabled`)).operators.map((o) => o.id)).toEqual([
      made[2],
    ]);
    // pages: every operator once, in creation order
    const all = await list('limit=100');
    const pages = [
      ...(await list('limit=2&offset=0')).operators,
      ...(await list('limit=2&offset=2')).operators,
    ];
    expect(pages.map((operator) => operator.id)).toEqual(
      all.operators.slice(0, 4).map((operator) => operator.id),
    );
    // a LIKE wildcard is a character like any other
    expect((await list('query=%25')).meta.total).toBe(0);
    for (const bad of ['limit=0', 'limit=101', 'sort=password', 'role=owner', 'status=gone']) {
      expectError(
        await call(admin, { url: `/api/backoffice/v1/operators?${bad}` }),
        'validation_error',
      );
    }
    expectError(
      await call(byRole.get('read_only') ?? null, { url: '/api/backoffice/v1/operators' }),
      'forbidden',
    );
  });

  test('an admin creates an operator with several roles, audited; they sign in with them', async () => {
    const email = uniqueEmail('trader');
    const password = 'Desk-trader-2026';
    const response = await createViaApi({ email, password, roles: ['trading', 'finance'] });
    expect(response.statusCode, response.body).toBe(201);
    const created = operatorSchema.parse(response.json());
    expect(created).toMatchObject({ email, roles: ['trading', 'finance'], disabled: false });

    const session = await loginOperator(testApp.app, { email, password });
    const me = operatorMeSchema.parse(
      (await call(session, { url: '/api/backoffice/v1/me' })).json(),
    );
    expect(me.roles).toEqual(['trading', 'finance']);
    expect(me.permissions).toContain('PUT /api/backoffice/v1/sport/limits');
    expect(me.permissions).toContain('PUT /api/backoffice/v1/exchange-rates');

    const listed = operatorListSchema.parse(
      (await call(admin, { url: '/api/backoffice/v1/operators' })).json(),
    );
    expect(listed.operators.map((operator) => operator.email)).toContain(email);
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('target_id', '=', created.id)
      .execute();
    expect(audit).toMatchObject([
      { action: 'operator.create', payload: { email, roles: ['trading', 'finance'] } },
    ]);
  });

  test('the players’ password rules, a known e-mail and unknown roles are refused', async () => {
    const email = uniqueEmail('weak');
    const weak = expectError(
      await createViaApi({ email, password: 'short', roles: ['support'] }),
      'validation_error',
    );
    expect(JSON.stringify(weak.payload)).toContain('password');
    expectError(
      await createViaApi({ email, password: 'Correct-horse-42', roles: ['croupier'] }),
      'validation_error',
    );
    expectError(
      await createViaApi({ email, password: 'Correct-horse-42', roles: [] }),
      'validation_error',
    );
    expectError(
      await createViaApi({
        email: testApp.config.operatorEmail,
        password: 'Correct-horse-42',
        roles: ['support'],
      }),
      'email_taken',
    );
    expectError(
      await call(byRole.get('support') ?? null, {
        method: 'POST',
        url: '/api/backoffice/v1/operators',
        payload: { email, password: 'Correct-horse-42', roles: ['support'] },
      }),
      'forbidden',
    );
  });

  test('changing roles takes effect at once; disabling ends the sessions and the sign-in', async () => {
    const email = uniqueEmail('temp');
    const password = 'Temporary-desk-9';
    const created = operatorSchema.parse(
      (await createViaApi({ email, password, roles: ['support'] })).json(),
    );
    const session = await loginOperator(testApp.app, { email, password });
    const rates = { url: '/api/backoffice/v1/exchange-rates' };
    expectError(await call(session, rates), 'forbidden');

    const patch = (body: Record<string, unknown>) =>
      call(admin, {
        method: 'PATCH',
        url: `/api/backoffice/v1/operators/${created.id}`,
        payload: body,
      });
    expect(operatorSchema.parse((await patch({ roles: ['read_only'] })).json()).roles).toEqual([
      'read_only',
    ]);
    expect((await call(session, rates)).statusCode).toBe(200);

    expect(operatorSchema.parse((await patch({ disabled: true })).json()).disabled).toBe(true);
    expectError(await call(session, rates), 'unauthorized');
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        payload: { email, password },
      }),
      'invalid_credentials',
    );
    const actions = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'operator.create',
      'operator.update',
      'operator.update',
    ]);
    expectError(await patch({}), 'validation_error');
    expectError(
      await call(admin, {
        method: 'PATCH',
        url: '/api/backoffice/v1/operators/00000000-0000-4000-8000-000000000000',
        payload: { disabled: true },
      }),
      'not_found',
    );
  });

  test('an admin cannot disable or demote themself', async () => {
    const me = operatorMeSchema.parse((await call(admin, { url: '/api/backoffice/v1/me' })).json());
    for (const payload of [{ disabled: true }, { roles: ['support'] }]) {
      expectError(
        await call(admin, {
          method: 'PATCH',
          url: `/api/backoffice/v1/operators/${me.id}`,
          payload,
        }),
        'forbidden',
      );
    }
  });
});

describe('two-factor sign-in (TOTP)', () => {
  async function enrolled() {
    const email = uniqueEmail('totp');
    const password = 'Second-factor-77';
    await createViaApi({ email, password, roles: ['finance'] });
    const session = await loginOperator(testApp.app, { email, password });
    const enrol = await call(session, { method: 'POST', url: '/api/backoffice/v1/me/totp/enrol' });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const enrolment = totpEnrolmentSchema.parse(enrol.json());
    const confirm = await call(session, {
      method: 'POST',
      url: '/api/backoffice/v1/me/totp/confirm',
      payload: { code: codeAt(enrolment.secret, clock.now()) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = totpRecoveryCodesSchema.parse(confirm.json());
    return { email, password, session, enrolment, recoveryCodes };
  }

  async function challengeFor(email: string, password: string): Promise<string> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/login',
      payload: { email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { status: string; challenge: string; token?: string };
    expect(body.status).toBe('totp_required');
    expect(body.token).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === 'operator_session')).toBeUndefined();
    return body.challenge;
  }

  function secondStep(challenge: string, code: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/totp',
      payload: { challenge, code },
    });
  }

  test('enrolment answers the secret, its otpauth URL and a QR code; confirm gives ten recovery codes', async () => {
    const { enrolment, recoveryCodes, session } = await enrolled();
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(enrolment.otpauthUrl).toContain(enrolment.secret);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain(
      '<svg',
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // only hashes are stored
    const stored = await testApp.db
      .selectFrom('operator_recovery_codes')
      .select('code_hash')
      .execute();
    const storedText = stored.map((row) => row.code_hash.toString('utf8')).join(' ');
    for (const code of recoveryCodes) expect(storedText).not.toContain(code);
    expectError(
      await call(session, { method: 'POST', url: '/api/backoffice/v1/me/totp/enrol' }),
      'totp_already_enabled',
    );
    const me = operatorMeSchema.parse(
      (await call(session, { url: '/api/backoffice/v1/me' })).json(),
    );
    expect(me.totpEnabled).toBe(true);
  });

  test('a wrong code does not confirm the enrolment; confirm before enrol is refused', async () => {
    const email = uniqueEmail('wrong');
    await createViaApi({ email, password: 'Second-factor-77', roles: ['support'] });
    const session = await loginOperator(testApp.app, { email, password: 'Second-factor-77' });
    const confirm = (code: string) =>
      call(session, {
        method: 'POST',
        url: '/api/backoffice/v1/me/totp/confirm',
        payload: { code },
      });
    expectError(await confirm('123456'), 'totp_not_enrolling');
    const enrolment = totpEnrolmentSchema.parse(
      (await call(session, { method: 'POST', url: '/api/backoffice/v1/me/totp/enrol' })).json(),
    );
    const wrong = codeAt(enrolment.secret, new Date(clock.now().getTime() + 10 * 60_000));
    expectError(await confirm(wrong), 'validation_error');
    expectError(await confirm('abc'), 'validation_error');
    expect((await confirm(codeAt(enrolment.secret, clock.now()))).statusCode).toBe(200);
  });

  test('sign-in needs the code; a code works once; the next step’s code works; ±1 step only', async () => {
    const { email, password, enrolment } = await enrolled();
    // the enrolment used the code of this step: it cannot sign in (replay)
    expectError(
      await secondStep(await challengeFor(email, password), codeAt(enrolment.secret, clock.now())),
      'invalid_credentials',
    );
    clock.advance(30_000);
    const challenge = await challengeFor(email, password);
    expectError(await secondStep(challenge, '000000'), 'invalid_credentials');
    expectError(
      await secondStep(
        challenge,
        codeAt(enrolment.secret, new Date(clock.now().getTime() + 90_000)),
      ),
      'invalid_credentials',
    );
    const code = codeAt(enrolment.secret, clock.now());
    const signedIn = await secondStep(challenge, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = (signedIn.json() as { token: string }).token;
    expect(signedIn.cookies.find((cookie) => cookie.name === 'operator_session')?.value).toBe(
      token,
    );
    expect((await call({ token, cookie: '' }, { url: '/api/backoffice/v1/me' })).statusCode).toBe(
      200,
    );
    // the challenge is spent, and the same code again on a new challenge is a replay
    expectError(await secondStep(challenge, code), 'invalid_credentials');
    expectError(await secondStep(await challengeFor(email, password), code), 'invalid_credentials');
    // the code of the next step (clock drift) is accepted once
    const ahead = codeAt(enrolment.secret, new Date(clock.now().getTime() + 30_000));
    expect((await secondStep(await challengeFor(email, password), ahead)).statusCode).toBe(200);
    // a challenge expires
    const late = await challengeFor(email, password);
    clock.advance(6 * 60_000);
    expectError(
      await secondStep(late, codeAt(enrolment.secret, clock.now())),
      'invalid_credentials',
    );
  });

  test('a recovery code signs in once', async () => {
    const { email, password, recoveryCodes } = await enrolled();
    const [first = '', second = ''] = recoveryCodes;
    expect((await secondStep(await challengeFor(email, password), first)).statusCode).toBe(200);
    expectError(
      await secondStep(await challengeFor(email, password), first),
      'invalid_credentials',
    );
    // typed in capitals without dashes it is the same code
    const typed = second.replaceAll('-', '').toUpperCase();
    expect((await secondStep(await challengeFor(email, password), typed)).statusCode).toBe(200);
  });

  test('wrong codes are rate limited per operator', async () => {
    const limited = await createTestApp({ config: { loginRateLimitPerAccount: 3 }, clock });
    try {
      const adminSession = await loginOperator(limited.app, undefined, limited.config);
      const email = uniqueEmail('limited');
      const password = 'Second-factor-77';
      await limited.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/operators',
        headers: bearer(adminSession),
        payload: { email, password, roles: ['support'] },
      });
      const session = await loginOperator(limited.app, { email, password });
      const enrolment = totpEnrolmentSchema.parse(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/backoffice/v1/me/totp/enrol',
            headers: bearer(session),
          })
        ).json(),
      );
      await limited.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/me/totp/confirm',
        headers: bearer(session),
        payload: { code: codeAt(enrolment.secret, clock.now()) },
      });
      clock.advance(30_000);
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        payload: { email, password },
      });
      const { challenge } = login.json() as { challenge: string };
      const attempt = (code: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/backoffice/v1/auth/totp',
          payload: { challenge, code },
        });
      for (let index = 0; index < 3; index += 1) {
        expectError(await attempt('000000'), 'invalid_credentials');
      }
      // even the right code is refused while the failures last
      expectError(await attempt(codeAt(enrolment.secret, clock.now())), 'rate_limited');

      // BACKOFFICE_REQUIRE_TOTP is false here: the admin without two-factor works normally
      expect(
        (
          await limited.app.inject({
            url: '/api/backoffice/v1/players',
            headers: bearer(adminSession),
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('with BACKOFFICE_REQUIRE_TOTP an operator who has not enrolled can only enrol', async () => {
    const strict = await createTestApp({ config: { backofficeRequireTotp: true }, clock });
    try {
      const session = await loginOperator(strict.app, undefined, strict.config);
      const get = (url: string) => strict.app.inject({ url, headers: bearer(session) });
      expectError(await get('/api/backoffice/v1/players'), 'totp_enrolment_required');
      const me = operatorMeSchema.parse((await get('/api/backoffice/v1/me')).json());
      expect(me.permissions).toEqual([]);
      expect((await get('/api/backoffice/v1/me/sessions')).statusCode).toBe(200);
      const enrolment = totpEnrolmentSchema.parse(
        (
          await strict.app.inject({
            method: 'POST',
            url: '/api/backoffice/v1/me/totp/enrol',
            headers: bearer(session),
          })
        ).json(),
      );
      const confirm = await strict.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/me/totp/confirm',
        headers: bearer(session),
        payload: { code: codeAt(enrolment.secret, clock.now()) },
      });
      expect(confirm.statusCode).toBe(200);
      expect((await get('/api/backoffice/v1/players')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions and the IP allow-list', () => {
  test('an operator lists their sessions and revokes one', async () => {
    const email = uniqueEmail('sessions');
    const password = 'Many-sessions-31';
    await createViaApi({ email, password, roles: ['support'] });
    const first = await loginOperator(testApp.app, { email, password });
    const second = await loginOperator(testApp.app, { email, password });
    const list = operatorSessionListSchema.parse(
      (await call(first, { url: '/api/backoffice/v1/me/sessions' })).json(),
    );
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((session) => session.current)).toHaveLength(1);
    const other = list.sessions.find((session) => !session.current);
    if (!other) throw new Error('no other session');

    // another operator cannot end it
    expectError(
      await call(admin, { method: 'DELETE', url: `/api/backoffice/v1/me/sessions/${other.id}` }),
      'not_found',
    );
    const revoke = await call(first, {
      method: 'DELETE',
      url: `/api/backoffice/v1/me/sessions/${other.id}`,
    });
    expect(revoke.statusCode).toBe(204);
    expectError(await call(second, { url: '/api/backoffice/v1/me' }), 'unauthorized');
    expect((await call(first, { url: '/api/backoffice/v1/me' })).statusCode).toBe(200);
    expectError(
      await call(first, { method: 'DELETE', url: `/api/backoffice/v1/me/sessions/${other.id}` }),
      'not_found',
    );
  });

  test('an operator with an allow-list is refused from elsewhere, at sign-in and after', async () => {
    const email = uniqueEmail('office');
    const password = 'Office-network-8';
    const created = operatorSchema.parse(
      (
        await createViaApi({ email, password, roles: ['finance'], ipAllowList: ['203.0.113.0/24'] })
      ).json(),
    );
    expect(created.ipAllowList).toEqual(['203.0.113.0/24']);
    const login = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        payload: { email, password },
        remoteAddress,
      });
    expectError(await login('198.51.100.1'), 'ip_not_allowed');
    const inside = await login('203.0.113.7');
    expect(inside.statusCode, inside.body).toBe(200);
    const token = (inside.json() as { token: string }).token;
    const rates = (remoteAddress: string) =>
      testApp.app.inject({
        url: '/api/backoffice/v1/exchange-rates',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    expect((await rates('203.0.113.99')).statusCode).toBe(200);
    expectError(await rates('198.51.100.1'), 'ip_not_allowed');

    expectError(
      await createViaApi({
        email: uniqueEmail('bad-cidr'),
        password,
        roles: ['finance'],
        ipAllowList: ['300.1.1.1/8'],
      }),
      'validation_error',
    );
    // the admin lifts the list
    const lifted = await call(admin, {
      method: 'PATCH',
      url: `/api/backoffice/v1/operators/${created.id}`,
      payload: { ipAllowList: [] },
    });
    expect(operatorSchema.parse(lifted.json()).ipAllowList).toEqual([]);
    expect((await rates('198.51.100.1')).statusCode).toBe(200);
  });
});
