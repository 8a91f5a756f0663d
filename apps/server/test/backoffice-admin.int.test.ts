import {
  auditActionsSchema,
  auditLogPageSchema,
  backofficeCryptoMethodListSchema,
  backofficeCryptoMethodSchema,
  backofficePaymentMethodListSchema,
  backofficePaymentMethodSchema,
  cryptoMethodsResponseSchema,
  operatorMeSchema,
  operatorSchema,
  totpEnrolmentSchema,
} from '@casino/contract';
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TotpSecretCipher } from '../src/modules/backoffice/operators/totp-cipher.ts';
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

/**
 * The back office's administration (issue 24): the audit log, the operator's time zone, the
 * TOTP secrets encrypted at rest, and the crypto methods catalog.
 */
const clock = manualClock(new Date());
let testApp: TestApp;
let admin: SignedIn;
let adminId: string;
let readOnly: SignedIn;
let finance: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  readOnly = await createOperator(testApp.app, 'read_only');
  finance = await createOperator(testApp.app, 'finance');
  support = await createOperator(testApp.app, 'support');
  adminId = operatorMeSchema.parse((await call(admin, { url: '/api/backoffice/v1/me' })).json()).id;
});
afterAll(async () => {
  await testApp.close();
});

function call(session: SignedIn | null, options: InjectOptions) {
  return testApp.app.inject({
    method: 'GET',
    ...options,
    headers: { ...(session ? bearer(session) : {}), ...(options.headers ?? {}) },
  });
}

function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

async function createOperatorViaApi(roles: string[]) {
  const email = uniqueEmail('audited');
  const response = await call(admin, {
    method: 'POST',
    url: '/api/backoffice/v1/operators',
    payload: { email, password: 'Audited-operator-2026', roles },
  });
  expect(response.statusCode, response.body).toBe(201);
  return operatorSchema.parse(response.json());
}

describe('the operator’s time zone', () => {
  test('PATCH /me sets an IANA zone GET /me answers; null clears it; audited', async () => {
    const before = operatorMeSchema.parse(
      (await call(readOnly, { url: '/api/backoffice/v1/me' })).json(),
    );
    expect(before.timeZone).toBeNull();
    const set = await call(readOnly, {
      method: 'PATCH',
      url: '/api/backoffice/v1/me',
      payload: { timeZone: 'Europe/Malta' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/Malta' });
    const me = operatorMeSchema.parse(
      (await call(readOnly, { url: '/api/backoffice/v1/me' })).json(),
    );
    expect(me.timeZone).toBe('Europe/Malta');
    const utc = await call(readOnly, {
      method: 'PATCH',
      url: '/api/backoffice/v1/me',
      payload: { timeZone: 'UTC' },
    });
    expect(utc.statusCode, utc.body).toBe(200);
    const cleared = await call(readOnly, {
      method: 'PATCH',
      url: '/api/backoffice/v1/me',
      payload: { timeZone: null },
    });
    expect(cleared.json()).toEqual({ timeZone: null });
    const audit = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { action: 'operator.time_zone', operatorId: me.id },
        })
      ).json(),
    );
    expect(audit.items.map((entry) => entry.payload)).toEqual([
      { before: 'UTC', after: null },
      { before: 'Europe/Malta', after: 'UTC' },
      { before: null, after: 'Europe/Malta' },
    ]);
  });

  test('an unknown zone, a wrong type or another field is 400; no session is 401', async () => {
    for (const payload of [
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: 'europe/malta' },
      { timeZone: 3 },
      {},
      { timeZone: 'UTC', email: 'x@y.z' },
    ]) {
      expectError(
        await call(finance, { method: 'PATCH', url: '/api/backoffice/v1/me', payload }),
        'validation_error',
      );
    }
    expectError(
      await call(null, {
        method: 'PATCH',
        url: '/api/backoffice/v1/me',
        payload: { timeZone: 'UTC' },
      }),
      'unauthorized',
    );
  });
});

describe('the audit log', () => {
  test('lists operator actions newest first with who did them, filtered and paged by keyset', async () => {
    const first = await createOperatorViaApi(['support']);
    const second = await createOperatorViaApi(['marketing']);
    const disable = await call(admin, {
      method: 'PATCH',
      url: `/api/backoffice/v1/operators/${second.id}`,
      payload: { disabled: true },
    });
    expect(disable.statusCode, disable.body).toBe(200);

    const created = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { action: 'operator.create', operatorId: adminId, limit: '200' },
        })
      ).json(),
    );
    const mine = created.items.filter((entry) => [first.id, second.id].includes(entry.targetId));
    expect(mine.map((entry) => entry.targetId)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({
      operatorId: adminId,
      operatorEmail: testApp.config.operatorEmail,
      action: 'operator.create',
      targetType: 'operator',
      payload: { email: second.email, roles: ['marketing'] },
    });
    expect(mine[0]?.ip).not.toBeNull();

    // the target's history: both actions on the second operator, newest first
    const target = auditLogPageSchema.parse(
      (
        await call(readOnly, {
          url: '/api/backoffice/v1/audit',
          query: { targetType: 'operator', targetId: second.id },
        })
      ).json(),
    );
    expect(target.items.map((entry) => entry.action)).toEqual([
      'operator.update',
      'operator.create',
    ]);
    expect(target.meta).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });

    // a prefix filter
    const prefixed = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { action: 'operator.', targetId: second.id },
        })
      ).json(),
    );
    expect(prefixed.items).toHaveLength(2);

    // keyset pages of one entry cover the same entries as one page
    const everything = auditLogPageSchema.parse(
      (await call(admin, { url: '/api/backoffice/v1/audit', query: { limit: '200' } })).json(),
    );
    expect(everything.items.length).toBeGreaterThanOrEqual(4);
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page += 1) {
      const response = await call(admin, {
        url: '/api/backoffice/v1/audit',
        query: { limit: '1', ...(cursor ? { cursor } : {}) },
      });
      const body = auditLogPageSchema.parse(response.json());
      expect(body.meta.offset).toBe(page);
      paged.push(...body.items.map((entry) => entry.id));
      cursor = body.meta.nextCursor;
      expect(cursor).not.toBeNull();
    }
    expect(paged).toEqual(everything.items.slice(0, 4).map((entry) => entry.id));
    // offset pages agree
    const offsetPage = auditLogPageSchema.parse(
      (
        await call(admin, { url: '/api/backoffice/v1/audit', query: { limit: '2', offset: '2' } })
      ).json(),
    );
    expect(offsetPage.items.map((entry) => entry.id)).toEqual(
      everything.items.slice(2, 4).map((entry) => entry.id),
    );

    // a period: nothing before now's minute from the future
    const future = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const none = auditLogPageSchema.parse(
      (await call(admin, { url: '/api/backoffice/v1/audit', query: { from: future } })).json(),
    );
    expect(none.items).toEqual([]);
    const past = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { to: future, targetId: second.id },
        })
      ).json(),
    );
    expect(past.items).toHaveLength(2);
    // whole days of the operator's zone: today there holds them, tomorrow nothing
    const zone = 'Pacific/Kiritimati'; // UTC+14: its day is rarely the UTC one
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(clock.now());
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
      new Date(clock.now().getTime() + 86_400_000),
    );
    const days = (createdFrom: string, createdTo: string) =>
      call(admin, {
        url: '/api/backoffice/v1/audit',
        query: { createdFrom, createdTo, timeZone: zone, targetId: second.id },
      }).then((response) => auditLogPageSchema.parse(response.json()).items.length);
    expect(await days(today, today)).toBe(2);
    expect(await days(tomorrow, tomorrow)).toBe(0);

    const actions = auditActionsSchema.parse(
      (await call(admin, { url: '/api/backoffice/v1/audit/actions' })).json(),
    );
    expect(actions.actions).toEqual(expect.arrayContaining(['operator.create', 'operator.update']));
    expect([...actions.actions].sort()).toEqual(actions.actions);
  });

  test('bad filters and cursors are 400; only admin and read_only read it', async () => {
    const badQueries: Record<string, string>[] = [
      { cursor: 'bm90LWEtY3Vyc29y' },
      { createdFrom: '2026-02-30' },
      { createdFrom: '2026-01-02', createdTo: '2026-01-01' },
      { createdFrom: '2026-01-02', timeZone: 'Atlantis/Capital' },
      { operatorId: 'nope' },
      { action: 'DROP TABLE' },
      { from: 'yesterday' },
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { limit: '0' },
      { limit: '500' },
    ];
    for (const query of badQueries) {
      expectError(
        await call(admin, { url: '/api/backoffice/v1/audit', query }),
        'validation_error',
      );
    }
    for (const session of [finance, support]) {
      expectError(await call(session, { url: '/api/backoffice/v1/audit' }), 'forbidden');
      expectError(await call(session, { url: '/api/backoffice/v1/audit/export.csv' }), 'forbidden');
    }
    expectError(await call(null, { url: '/api/backoffice/v1/audit' }), 'unauthorized');
  });

  test('CSV export: RFC 4180, the filters, a local-time column, and itself audited', async () => {
    const created = await createOperatorViaApi(['trading']);
    const response = await call(readOnly, {
      url: '/api/backoffice/v1/audit/export.csv',
      query: { targetId: created.id, timeZone: 'Asia/Tokyo' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,at_utc,at_local,operator_id,operator_email,action,target_type,target_id,payload,ip,request_id',
    );
    expect(lines).toHaveLength(3); // header, one record, the final CRLF
    expect(lines[1]).toContain(',operator.create,operator,');
    expect(lines[1]).toContain(testApp.config.operatorEmail);
    expect(lines[1]).toMatch(/\+09:00/);
    // the payload's JSON is quoted with its quotes doubled
    expect(lines[1]).toContain(`"{""email"":""${created.email}""`);

    const exports = auditLogPageSchema.parse(
      (
        await call(admin, { url: '/api/backoffice/v1/audit', query: { action: 'audit.export' } })
      ).json(),
    );
    expect(exports.items[0]).toMatchObject({
      action: 'audit.export',
      targetType: 'audit_log',
      payload: { rows: 1, filters: { targetId: created.id } },
    });
    expectError(
      await call(admin, {
        url: '/api/backoffice/v1/audit/export.csv',
        query: { timeZone: 'Nowhere' },
      }),
      'validation_error',
    );
  });
});

describe('TOTP secrets at rest', () => {
  async function operatorRow(id: string) {
    return await testApp.db
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function signInWithCode(email: string, password: string, secret: string) {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/login',
      payload: { email, password },
    });
    const { challenge } = login.json() as { challenge: string };
    expect(challenge).toBeTypeOf('string');
    clock.advance(30_000); // a new step: a code of a step is accepted once
    return await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/totp',
      payload: { challenge, code: codeAt(secret, clock.now()) },
    });
  }

  test('enrolment stores the secret encrypted; sign-in decrypts it', async () => {
    const { id, email } = await createOperatorViaApi(['finance']);
    const password = 'Audited-operator-2026';
    const session = await loginOperator(testApp.app, { email, password });
    const enrolment = totpEnrolmentSchema.parse(
      (await call(session, { method: 'POST', url: '/api/backoffice/v1/me/totp/enrol' })).json(),
    );
    const pending = await operatorRow(id);
    expect(pending.totp_pending_secret).toMatch(/^v1:/);
    expect(pending.totp_pending_secret).not.toContain(enrolment.secret);
    const confirm = await call(session, {
      method: 'POST',
      url: '/api/backoffice/v1/me/totp/confirm',
      payload: { code: codeAt(enrolment.secret, clock.now()) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const enabled = await operatorRow(id);
    expect(enabled.totp_secret).toMatch(/^v1:/);
    expect(enabled.totp_secret).not.toContain(enrolment.secret);
    const signedIn = await signInWithCode(email, password, enrolment.secret);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  test('a secret stored plain before encryption keeps working and is encrypted at start', async () => {
    const { id, email } = await createOperatorViaApi(['support']);
    const password = 'Audited-operator-2026';
    const secret = new Secret({ size: 20 }).base32;
    await testApp.db
      .updateTable('operators')
      .set({ totp_secret: secret, totp_enabled_at: clock.now(), totp_pending_secret: secret })
      .where('id', '=', id)
      .execute();
    const plain = await signInWithCode(email, password, secret);
    expect(plain.statusCode, plain.body).toBe(200);

    expect(await testApp.app.services.operators.encryptPlainTotpSecrets()).toBeGreaterThanOrEqual(
      1,
    );
    const row = await operatorRow(id);
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_pending_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret);
    // idempotent: nothing plain is left
    expect(await testApp.app.services.operators.encryptPlainTotpSecrets()).toBe(0);
    const encrypted = await signInWithCode(email, password, secret);
    expect(encrypted.statusCode, encrypted.body).toBe(200);
  });

  test('a secret encrypted under another key does not sign in', async () => {
    const { id, email } = await createOperatorViaApi(['support']);
    const password = 'Audited-operator-2026';
    const secret = new Secret({ size: 20 }).base32;
    const otherKey = new TotpSecretCipher(Buffer.alloc(32, 9));
    await testApp.db
      .updateTable('operators')
      .set({ totp_secret: otherKey.encrypt(secret, id), totp_enabled_at: clock.now() })
      .where('id', '=', id)
      .execute();
    const refused = await signInWithCode(email, password, secret);
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ detail: 'internal_error' });
  });
});

describe('crypto methods', () => {
  test('every method is listed; finance edits one, audited, and the player catalog follows', async () => {
    const list = backofficeCryptoMethodListSchema.parse(
      (await call(readOnly, { url: '/api/backoffice/v1/crypto/methods' })).json(),
    );
    expect(list.items).toHaveLength(14);
    const trc = list.items.find((method) => method.code === 'USDTTRC20');
    expect(trc).toMatchObject({ asset: 'USDT', network: 'tron', scale: 6 });

    const response = await call(finance, {
      method: 'PATCH',
      url: '/api/backoffice/v1/crypto/methods/USDTTRC20',
      payload: {
        minDeposit: '12.5',
        withdrawFee: '0',
        confirmations: 3,
        valuePresets: ['20', '50'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = backofficeCryptoMethodSchema.parse(response.json());
    expect(updated).toMatchObject({
      minDeposit: '12.500000',
      withdrawFee: '0.000000',
      confirmations: 3,
      valuePresets: ['20', '50'],
    });
    const player = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/currencies/crypto',
    });
    const offered = cryptoMethodsResponseSchema
      .parse(player.json())
      .find((entry) => entry.code === 'USDTTRC20');
    expect(offered?.confirmations).toBe(3);
    expect(Number(offered?.minDepositAmount)).toBe(12.5);
    expect(offered?.valuePresets).toEqual(['20', '50']);

    const audit = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { action: 'crypto_method.update', targetId: 'USDTTRC20' },
        })
      ).json(),
    );
    expect(audit.items[0]?.payload).toMatchObject({
      before: { minDeposit: trc?.minDeposit, confirmations: trc?.confirmations },
      after: { minDeposit: '12.500000', confirmations: 3 },
    });
  });

  test('bad values are 400, an unknown code 404; support and read_only cannot edit', async () => {
    for (const payload of [
      {},
      { minDeposit: '0' },
      { minDeposit: '1.1234567' }, // USDT: 6 decimals
      { precision: 7 },
      { providers: ['cryptobot', 'cryptobot'] },
      { confirmations: -1 },
      { name: '' },
    ]) {
      expectError(
        await call(admin, {
          method: 'PATCH',
          url: '/api/backoffice/v1/crypto/methods/USDTTRC20',
          payload,
        }),
        'validation_error',
      );
    }
    expectError(
      await call(admin, {
        method: 'PATCH',
        url: '/api/backoffice/v1/crypto/methods/NOPE',
        payload: { name: 'x' },
      }),
      'not_found',
    );
    for (const session of [support, readOnly]) {
      expectError(
        await call(session, {
          method: 'PATCH',
          url: '/api/backoffice/v1/crypto/methods/BTC',
          payload: { name: 'Bitcoin' },
        }),
        'forbidden',
      );
    }
    expectError(await call(support, { url: '/api/backoffice/v1/crypto/methods' }), 'forbidden');
  });
});

describe('fiat payment methods', () => {
  test('every method is listed; finance turns one off and on again, audited', async () => {
    const list = backofficePaymentMethodListSchema.parse(
      (await call(readOnly, { url: '/api/backoffice/v1/payments/methods' })).json(),
    );
    const method = list.items.find((item) => item.id === 'visa-mastercard-usd');
    expect(method).toMatchObject({ enabled: true, currency: 'USD', deposits: true });

    const off = await call(finance, {
      method: 'PATCH',
      url: '/api/backoffice/v1/payments/methods/visa-mastercard-usd',
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(backofficePaymentMethodSchema.parse(off.json()).enabled).toBe(false);
    const rows = await testApp.db
      .selectFrom('fiat_payment_methods')
      .select('enabled')
      .where('id', '=', 'visa-mastercard-usd')
      .executeTakeFirstOrThrow();
    expect(rows.enabled).toBe(false);

    const on = await call(admin, {
      method: 'PATCH',
      url: '/api/backoffice/v1/payments/methods/visa-mastercard-usd',
      payload: { enabled: true, countries: null },
    });
    expect(on.statusCode, on.body).toBe(200);
    const audit = auditLogPageSchema.parse(
      (
        await call(admin, {
          url: '/api/backoffice/v1/audit',
          query: { action: 'payments.method.update', targetId: 'visa-mastercard-usd' },
        })
      ).json(),
    );
    expect(audit.items.map((entry) => entry.payload)).toEqual([
      {
        previous: { enabled: false, countries: null },
        current: { enabled: true, countries: null },
      },
      {
        previous: { enabled: true, countries: null },
        current: { enabled: false, countries: null },
      },
    ]);
  });

  test('bad bodies are 400, an unknown id 404; support and read_only cannot change one', async () => {
    for (const payload of [{}, { enabled: 'yes' }, { countries: ['usa'] }, { countries: [] }]) {
      expectError(
        await call(admin, {
          method: 'PATCH',
          url: '/api/backoffice/v1/payments/methods/visa-mastercard-usd',
          payload,
        }),
        'validation_error',
      );
    }
    expectError(
      await call(admin, {
        method: 'PATCH',
        url: '/api/backoffice/v1/payments/methods/no-such-method',
        payload: { enabled: false },
      }),
      'not_found',
    );
    for (const session of [support, readOnly]) {
      expectError(
        await call(session, {
          method: 'PATCH',
          url: '/api/backoffice/v1/payments/methods/visa-mastercard-usd',
          payload: { enabled: false },
        }),
        'forbidden',
      );
    }
    expectError(await call(support, { url: '/api/backoffice/v1/payments/methods' }), 'forbidden');
  });
});
