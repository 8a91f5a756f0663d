import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type PushPayload,
  pushPayloadSchema,
  pushSettingsSchema,
  type TransactionEvent,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { PushRepository } from '../src/modules/players/push/push.repository.ts';
import { PushService } from '../src/modules/players/push/push.service.ts';
import { bonusExpiryReminderHours } from '../src/modules/players/push/push-notifications.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
  testConfig,
  userIdOf,
} from './support/app.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';

// A local stand-in push service (RFC 8030) checks what a real one would: the VAPID JWT (RFC 8292:
// ES256 over the server's public key, aud = the endpoint's origin, exp within 24 h, sub) and the
// TTL / Urgency / Topic headers; the test then decrypts the aes128gcm body (RFC 8188 / RFC 8291)
// with the subscription's own private key and auth secret. The job queue runs for real; the app's
// clock is an hour behind the database's, so every job (retries included) is due at once.

const subject = 'mailto:ops@casino.test';
const clock = manualClock(new Date(Date.now() - 60 * 60_000));
let testApp: TestApp;
let pushService: StandInPushService;
let vapidPublicKey: string;

interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** the decoded JWT claims, once its signature was checked */
  claims: { aud: string; exp: number; sub: string };
}

/** What the stand-in answers per path: a queue of statuses (then 201). */
class StandInPushService {
  readonly received: ReceivedPush[] = [];
  readonly failures: string[] = [];
  private readonly scripted = new Map<string, Array<{ status: number; retryAfter?: string }>>();
  private readonly waiters: Array<{ path: string; count: number; resolve: () => void }> = [];
  private server!: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        try {
          const claims = checkVapid(request.headers.authorization, this.origin);
          this.received.push({
            path,
            headers: request.headers,
            body: Buffer.concat(chunks),
            claims,
          });
        } catch (error) {
          this.failures.push(`${path}: ${(error as Error).message}`);
          response.writeHead(403).end();
          return;
        }
        const next = this.scripted.get(path)?.shift() ?? { status: 201 };
        response.writeHead(next.status, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
        response.end();
        for (const waiter of [...this.waiters]) {
          if (waiter.path === path && this.countFor(path) >= waiter.count) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  script(path: string, ...responses: Array<{ status: number; retryAfter?: string }>) {
    this.scripted.set(path, responses);
  }

  countFor(path: string): number {
    return this.received.filter((push) => push.path === path).length;
  }

  forPath(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  /** Resolves once `path` has received `count` messages (the test's deadline guards it). */
  async waitFor(path: string, count: number): Promise<void> {
    if (this.countFor(path) >= count) return;
    await new Promise<void>((resolve) => this.waiters.push({ path, count, resolve }));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
  }
}

function base64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature under k. */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt = '', key = ''] = match;
  if (key !== vapidPublicKey) throw new Error('k is not the server’s VAPID public key');
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: base64url(point.subarray(1, 33)),
      y: base64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`alg ${alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const nowSeconds = Date.now() / 1000;
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) {
    throw new Error(`exp ${claims.exp} is not within 24 h`);
  }
  if (claims.sub !== subject) throw new Error(`sub ${claims.sub}`);
  return claims;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: base64url(ecdh.getPublicKey()), auth: base64url(auth) },
  };
}

/** RFC 8291 §3.4 / RFC 8188: the aes128gcm body decrypted with the browser's keys. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // the last record ends with the delimiter 0x02 and optional zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

function payloadOf(push: ReceivedPush, browser: ReturnType<typeof browserKeys>): PushPayload {
  return pushPayloadSchema.parse(JSON.parse(decrypt(push.body, browser)));
}

async function subscribe(player: SignedIn, path: string, browser = browserKeys()) {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me/push_subscription',
    headers: bearer(player),
    payload: {
      token: JSON.stringify({
        endpoint: `${pushService.origin}${path}`,
        expirationTime: null,
        keys: browser.keys,
      }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function profile(player: SignedIn) {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { isPushNotificationsActive: boolean };
}

/** A completed deposit as the cashier announces it (the event web push listens to). */
async function depositCompleted(userId: string, amount = '25.00') {
  const event: TransactionEvent = {
    id: `test-${randomBytes(4).toString('hex')}`,
    type: 'buy',
    status: 'completed',
    amount,
    currency: 'USD',
    timestamp: clock.now().toISOString(),
  };
  await testApp.app.services.transactions.run(async (transaction) => {
    await testApp.app.services.realtime.events.transactionChanged(transaction, userId, event);
  });
}

let pathCounter = 0;
function newPath(): string {
  pathCounter += 1;
  return `/push/device-${pathCounter}`;
}

beforeAll(async () => {
  pushService = new StandInPushService();
  await pushService.start();
  const base = testConfig();
  testApp = await createTestApp({
    clock,
    config: {
      jobsEnabled: true,
      webPush: { ...base.webPush, subject, allowHttpEndpoints: true },
    },
  });
  const key = await testApp.app.inject({ url: '/api/v1/push/vapid-public-key' });
  expect(key.statusCode, key.body).toBe(200);
  vapidPublicKey = (key.json() as { key: string }).key;
});

// every message the stand-in received passed its VAPID checks
afterEach(() => {
  expect(pushService.failures).toEqual([]);
});

afterAll(async () => {
  await testApp?.close();
  await pushService?.stop();
});

describe('subscriptions', () => {
  test('a subscription is validated: https only (http here by configuration), keys of the right lengths', async () => {
    const player = await registerPlayer(testApp.app);
    const keys = browserKeys().keys;
    const patch = (token: string) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/push_subscription',
        headers: bearer(player),
        payload: { token },
      });
    const bad = [
      'not json',
      JSON.stringify({ endpoint: 'ftp://push.example/x', keys }),
      JSON.stringify({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'short' } }),
      JSON.stringify({
        endpoint: 'https://push.example/x',
        keys: { ...keys, p256dh: keys.p256dh.slice(1) },
      }),
      JSON.stringify({ endpoint: 'https://push.example/x' }),
    ];
    for (const token of bad) {
      const response = await patch(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'validation_error' });
    }
    expect((await profile(player)).isPushNotificationsActive).toBe(false);
    const ok = await patch(JSON.stringify({ endpoint: 'https://push.example/ok', keys }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await profile(player)).isPushNotificationsActive).toBe(true);
  });

  test('without the opt-in (production) an http endpoint is invalid', async () => {
    const strict = new PushService({
      repository: new PushRepository(testApp.db),
      transactions: testApp.app.services.transactions,
      clock,
      users: testApp.app.services.users,
      rateLimits: { consume: async () => {} },
      config: { enabled: true, allowHttpEndpoints: false },
      vapidPublicKey,
    });
    const keys = browserKeys().keys;
    expect(() =>
      strict.parseSubscription(JSON.stringify({ endpoint: 'http://127.0.0.1:1/x', keys })),
    ).toThrow(AppError);
    expect(
      strict.parseSubscription(JSON.stringify({ endpoint: 'https://push.example/x', keys }))
        .endpoint,
    ).toBe('https://push.example/x');
  });

  test('several devices per player; unsubscribing the last one turns isPushNotificationsActive off', async () => {
    const player = await registerPlayer(testApp.app);
    const first = newPath();
    const second = newPath();
    await subscribe(player, first);
    await subscribe(player, second);
    expect((await profile(player)).isPushNotificationsActive).toBe(true);
    const unsubscribe = (path: string) =>
      testApp.app.inject({
        method: 'DELETE',
        url: '/api/v1/me/push_subscription',
        headers: bearer(player),
        payload: { endpoint: `${pushService.origin}${path}` },
      });
    expect((await unsubscribe(first)).statusCode).toBe(200);
    expect((await profile(player)).isPushNotificationsActive).toBe(true);
    const last = await unsubscribe(second);
    expect(pushSettingsSchema.parse(last.json()).isPushNotificationsActive).toBe(false);
    expect((await profile(player)).isPushNotificationsActive).toBe(false);
  });

  test('a refusal of the prompt is remembered per player for 7 days', async () => {
    const player = await registerPlayer(testApp.app);
    const read = async () =>
      pushSettingsSchema.parse(
        (
          await testApp.app.inject({ url: '/api/v1/me/push_settings', headers: bearer(player) })
        ).json(),
      );
    expect((await read()).promptAllowed).toBe(true);
    const refused = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/push_settings',
      headers: bearer(player),
      payload: { promptRefused: true },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await read()).promptAllowed).toBe(false);
    clock.advance(7 * 86_400_000 - 60_000);
    expect((await read()).promptAllowed).toBe(false);
    clock.advance(60_000);
    expect((await read()).promptAllowed).toBe(true);
    // the clock goes back where the job queue expects it (an hour behind the database)
    clock.advance(-7 * 86_400_000);
  });
});

describe('sending', () => {
  test('a completed deposit is pushed to every device: VAPID-signed, encrypted for each browser, with its TTL, urgency and topic, in the player’s language', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { language: 'ru' },
    });
    const [phone, laptop] = [newPath(), newPath()];
    const phoneKeys = await subscribe(player, phone);
    const laptopKeys = await subscribe(player, laptop);
    await depositCompleted(userId, '25.00');
    await Promise.all([pushService.waitFor(phone, 1), pushService.waitFor(laptop, 1)]);
    expect(pushService.failures).toEqual([]);
    const [onPhone] = pushService.forPath(phone);
    const [onLaptop] = pushService.forPath(laptop);
    if (!onPhone || !onLaptop) throw new Error('no push');
    expect(onPhone.headers.ttl).toBe('86400');
    expect(onPhone.headers.urgency).toBe('high');
    expect(onPhone.headers.topic).toBe('deposit');
    expect(onPhone.headers['content-encoding']).toBe('aes128gcm');
    expect(onPhone.body.length).toBeLessThan(4096);
    const payload = payloadOf(onPhone, phoneKeys);
    expect(payload).toEqual({
      title: 'Депозит зачислен',
      body: '25.00 USD на вашем балансе. Удачи!',
      url: '/ru?wallet=history',
      tag: 'deposit_completed',
      category: 'deposits',
    });
    // each browser gets its own encryption: the laptop's keys open only the laptop's copy
    expect(payloadOf(onLaptop, laptopKeys)).toEqual(payload);
    expect(() => decrypt(onLaptop.body, phoneKeys)).toThrow();
  });

  test('a real crypto deposit credited by the cashier is pushed (the event, not a call in the money path)', async () => {
    const player = await registerPlayer(testApp.app);
    const device = newPath();
    const keys = await subscribe(player, device);
    const world = new CryptoWorld(testApp.app, await loginOperator(testApp.app));
    const address = await world.address(player, 'USDTTRC20');
    await world.report({
      currency: 'USDTTRC20',
      txHash: randomBytes(32).toString('hex'),
      outputIndex: 0,
      address: address.address,
      amount: '10',
      confirmations: 25,
    });
    await pushService.waitFor(device, 1);
    const [push] = pushService.forPath(device);
    if (!push) throw new Error('no push');
    expect(payloadOf(push, keys)).toMatchObject({
      title: 'Deposit received',
      category: 'deposits',
      url: '/en?wallet=history',
    });
  });

  test('410 Gone forgets the subscription', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const device = newPath();
    await subscribe(player, device);
    pushService.script(device, { status: 410 });
    const outcomes = await testApp.app.services.push.notifications.notify(userId, {
      kind: 'withdrawal_paid',
      amount: '5.00',
      currency: 'USD',
    });
    expect(outcomes).toEqual(['pruned']);
    expect((await profile(player)).isPushNotificationsActive).toBe(false);
    const rows = await testApp.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });

  test('429 with Retry-After is tried again through the queue, then delivered', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const device = newPath();
    const keys = await subscribe(player, device);
    pushService.script(device, { status: 429, retryAfter: '1' }, { status: 503 });
    await depositCompleted(userId, '7.00');
    await pushService.waitFor(device, 3);
    const pushes = pushService.forPath(device);
    expect(pushes).toHaveLength(3);
    // the same message each time, encrypted afresh
    for (const push of pushes) expect(payloadOf(push, keys).body).toContain('7.00 USD');
    expect((await profile(player)).isPushNotificationsActive).toBe(true);
  });

  test('an active bonus is reminded of by the hourly job when its deadline is 6 hours away', async () => {
    const world = new BonusWorld(testApp, await loginOperator(testApp.app));
    const offer = await world.createOffer({
      type: 'promo',
      amountUsd: '20',
      wager: 5,
      deadlineHours: bonusExpiryReminderHours,
    });
    const { player, userId } = await world.newPlayer();
    const device = newPath();
    const keys = await subscribe(player, device);
    const bonus = await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.lifecycle.grantFixed(transaction, {
        userId,
        offerId: offer.id,
        amountUsdMinor: usd('20'),
        reference: `web-push:${randomBytes(4).toString('hex')}`,
      }),
    );
    expect(await testApp.app.services.push.notifications.remindExpiringBonuses()).toBeGreaterThan(
      0,
    );
    await pushService.waitFor(device, 1);
    const [push] = pushService.forPath(device);
    if (!push) throw new Error('no push');
    expect(push.headers).toMatchObject({ ttl: '21600', urgency: 'low', topic: 'bonus-expiry' });
    expect(payloadOf(push, keys)).toMatchObject({
      title: 'Your bonus is about to expire',
      url: '/en/bonuses',
      tag: `bonus-${bonus.id}`,
      category: 'bonuses',
    });
  });

  test('a category the player turned off sends nothing', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const device = newPath();
    await subscribe(player, device);
    const off = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/push_settings',
      headers: bearer(player),
      payload: { categories: { deposits: false } },
    });
    expect(pushSettingsSchema.parse(off.json()).categories).toMatchObject({
      deposits: false,
      tournaments: true,
    });
    expect(
      await testApp.app.services.push.notifications.notify(userId, {
        kind: 'deposit_completed',
        amount: '1.00',
        currency: 'USD',
      }),
    ).toEqual([]);
    // another category still goes out
    expect(
      await testApp.app.services.push.notifications.notify(userId, {
        kind: 'tournament_won',
        tournamentId: '00000000-0000-4000-8000-000000000001',
        name: 'Weekly race',
        place: 2,
        prize: '50.00 USD',
      }),
    ).toEqual(['sent']);
    expect(pushService.countFor(device)).toBe(1);
  });

  test('a player on a time-out gets nothing (responsible gambling: no marketing, no notices)', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const device = newPath();
    await subscribe(player, device);
    const control = await registerPlayer(testApp.app);
    const controlDevice = newPath();
    await subscribe(control, controlDevice);
    const timeOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/me/time-out',
      headers: bearer(player),
      payload: { days: 1, confirm: true },
    });
    expect(timeOut.statusCode, timeOut.body).toBe(200);
    const message = { kind: 'deposit_completed', amount: '1.00', currency: 'USD' } as const;
    expect(await testApp.app.services.push.notifications.notify(userId, message)).toEqual([]);
    expect(pushService.countFor(device)).toBe(0);
    const controlId = await userIdOf(testApp, control);
    expect(await testApp.app.services.push.notifications.notify(controlId, message)).toEqual([
      'sent',
    ]);
    expect(pushService.countFor(controlDevice)).toBe(1);
  });

  test('a banned player gets nothing', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const device = newPath();
    await subscribe(player, device);
    const admin = await loginOperator(testApp.app);
    const account = await testApp.app.services.users.findAccount(userId);
    const banned = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${account?.globalId}/ban`,
      headers: bearer(admin),
      payload: { reason: 'bonus_abuse' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(
      await testApp.app.services.push.notifications.notify(userId, {
        kind: 'deposit_completed',
        amount: '1.00',
        currency: 'USD',
      }),
    ).toEqual([]);
    expect(pushService.countFor(device)).toBe(0);
  });
});
