import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createTestApp,
  manualClock,
  registerPlayer,
  type TestApp,
  testConfig,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

// Mid-window start so Retry-After values are predictable.
const clock = manualClock(new Date('2030-01-01T12:00:30.000Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    config: {
      loginRateLimitPerIp: 3,
      loginRateLimitPerAccount: 2,
      registerRateLimitPerIp: 2,
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

function login(email: string, password: string, ip: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

function register(ip: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: ip,
    payload: { email: uniqueEmail(), password: 'correct horse battery' },
  });
}

describe('login per IP', () => {
  test('the attempt after LOGIN_RATE_LIMIT_PER_IP in a minute is 429 with Retry-After', async () => {
    const ip = '203.0.113.10';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expectError(await login(uniqueEmail(), 'wrong password', ip), 'invalid_credentials');
    }
    const limited = await login(uniqueEmail(), 'wrong password', ip);
    const body = expectError(limited, 'rate_limited');
    expect(body.payload).toEqual({ retryAfterSeconds: 30 });
    expect(limited.headers['retry-after']).toBe('30');

    // Other addresses are unaffected, and the window reopens.
    expectError(
      await login(uniqueEmail(), 'wrong password', '203.0.113.11'),
      'invalid_credentials',
    );
    clock.advance(30_000);
    expectError(await login(uniqueEmail(), 'wrong password', ip), 'invalid_credentials');
  });
});

describe('failed logins per account', () => {
  test('locks the account for the window, even for the right password and other IPs', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(await login(player.email, 'wrong password', '198.51.100.1'), 'invalid_credentials');
    expectError(await login(player.email, 'wrong password', '198.51.100.2'), 'invalid_credentials');

    const locked = await login(player.email, player.password, '198.51.100.3');
    const body = expectError(locked, 'rate_limited');
    expect(body.payload?.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.payload?.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['retry-after']).toBe(String(body.payload?.retryAfterSeconds));

    clock.advance(15 * 60 * 1000);
    expect((await login(player.email, player.password, '198.51.100.3')).statusCode).toBe(200);
  });

  test('a successful login clears the failures', async () => {
    const player = await registerPlayer(testApp.app);
    expectError(await login(player.email, 'wrong password', '198.51.100.4'), 'invalid_credentials');
    expect((await login(player.email, player.password, '198.51.100.4')).statusCode).toBe(200);
    expectError(await login(player.email, 'wrong password', '198.51.100.5'), 'invalid_credentials');
    expect((await login(player.email, player.password, '198.51.100.5')).statusCode).toBe(200);
  });

  test('unknown e-mail addresses are throttled the same way', async () => {
    const email = uniqueEmail('ghost');
    expectError(await login(email, 'guess one', '198.51.100.6'), 'invalid_credentials');
    expectError(await login(email, 'guess two', '198.51.100.7'), 'invalid_credentials');
    expectError(await login(email, 'guess three', '198.51.100.8'), 'rate_limited');
  });
});

describe('registration per IP', () => {
  test('the registration after REGISTER_RATE_LIMIT_PER_IP in an hour is 429', async () => {
    const ip = '192.0.2.50';
    expect((await register(ip)).statusCode).toBe(201);
    expect((await register(ip)).statusCode).toBe(201);
    const limited = await register(ip);
    const body = expectError(limited, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBe(body.payload?.retryAfterSeconds);
    expect((await register('192.0.2.51')).statusCode).toBe(201);
  });
});

describe('operator login', () => {
  test('is throttled per account with the same body', async () => {
    const config = testConfig();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/auth/login',
        remoteAddress: `192.0.2.${60 + attempt}`,
        payload: { email: config.operatorEmail, password: 'not the password' },
      });
      expectError(response, 'invalid_credentials');
    }
    const locked = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/auth/login',
      remoteAddress: '192.0.2.70',
      payload: { email: config.operatorEmail, password: config.operatorPassword },
    });
    expectError(locked, 'rate_limited');
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('several processes', () => {
  test('share the counters through PostgreSQL', async () => {
    // A second app on the same database stands in for another server process.
    const sibling = await buildApp({
      config: testApp.config,
      db: testApp.db,
      databaseUrl: testApp.databaseUrl,
      clock,
    });
    try {
      await sibling.ready();
      const ip = '203.0.113.99';
      expectError(await login(uniqueEmail(), 'wrong password', ip), 'invalid_credentials');
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await sibling.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), password: 'wrong password' },
        });
        expectError(response, 'invalid_credentials');
      }
      expectError(await login(uniqueEmail(), 'wrong password', ip), 'rate_limited');
    } finally {
      await sibling.close();
    }
  });
});

describe('password hashing admission (PASSWORD_HASHING_CONCURRENCY + PASSWORD_HASHING_QUEUE)', () => {
  // One hash at a time and one admitted sign-in waiting: two units of password work at once.
  let small: TestApp;
  const password = 'correct horse battery';

  beforeAll(async () => {
    small = await createTestApp({
      config: {
        passwordHashingConcurrency: 1,
        passwordHashingQueue: 1,
        loginRateLimitPerAccount: 3,
      },
    });
  });
  afterAll(async () => {
    await small.close();
  });

  function signIn(email: string, secret = password) {
    return small.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: secret },
    });
  }

  /** Takes `units` of the process's password work until `release` is called. */
  function hold(units: number) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: units }, () =>
      small.app.services.passwords.admit(() => released),
    );
    return {
      release: async () => {
        release();
        await Promise.all(held);
      },
    };
  }

  function expectBusy(response: Awaited<ReturnType<typeof signIn>>) {
    const body = expectError(response, 'server_busy');
    const retryAfterSeconds = body.payload?.retryAfterSeconds;
    expect(Number.isInteger(retryAfterSeconds)).toBe(true);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
  }

  test('when full, sign-in, sign-up and operator sign-in answer 429 server_busy at once', async () => {
    const player = await registerPlayer(small.app, uniqueEmail(), password);
    const config = testConfig();
    const full = hold(2);
    try {
      expectBusy(await signIn(player.email));
      // an unknown address costs a dummy verification, so it waits its turn like any other
      expectBusy(await signIn(uniqueEmail('ghost')));
      expectBusy(
        await small.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email: uniqueEmail(), password },
        }),
      );
      expectBusy(
        await small.app.inject({
          method: 'POST',
          url: '/api/backoffice/v1/auth/login',
          payload: { email: config.operatorEmail, password: config.operatorPassword },
        }),
      );
    } finally {
      await full.release();
    }
    expect((await signIn(player.email)).statusCode).toBe(200);
  });

  test('a refused attempt is not counted against the account', async () => {
    const player = await registerPlayer(small.app, uniqueEmail(), password);
    const full = hold(2);
    try {
      // more than the 3 failures that lock the account, had they been tried
      for (let attempt = 0; attempt < 6; attempt += 1) {
        expectBusy(await signIn(player.email, 'wrong password'));
      }
    } finally {
      await full.release();
    }
    expect((await signIn(player.email)).statusCode).toBe(200);
  });

  test('a burst: each sign-in is served or refused with Retry-After, and all are released', async () => {
    const emails: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      emails.push((await registerPlayer(small.app, uniqueEmail(), password)).email);
    }
    const responses = await Promise.all(emails.map((email) => signIn(email)));
    const served = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    for (const response of refused) expectBusy(response);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // Nothing stayed taken: one after the other, every player gets in.
    for (const email of emails) expect((await signIn(email)).statusCode).toBe(200);
  });

  test('wrong passwords, unknown addresses and failed sign-ups give their place back', async () => {
    const first = await registerPlayer(small.app, uniqueEmail(), password);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const player = await registerPlayer(small.app, uniqueEmail(), password);
      expectError(await signIn(player.email, 'wrong password'), 'invalid_credentials');
      expectError(await signIn(uniqueEmail('nobody'), 'wrong password'), 'invalid_credentials');
      expectError(
        await small.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { email: player.email, password },
        }),
        'email_taken',
      );
    }
    expect((await signIn(first.email)).statusCode).toBe(200);
  });
});
