import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cryptoDepositSchema,
  cryptoMethodsResponseSchema,
  cryptoWithdrawalSchema,
  fiatConditionsResponseSchema,
  fiatOrderSchema,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { bootstrapPlatform } from '../src/db/bootstrap.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import {
  bearer,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { createDatabaseFromTemplate, type TestDatabase } from './support/postgres.ts';

/**
 * NODE_ENV=production: no sandbox runs unless the operator opted in. The same database is served
 * first by a staging server that opted in (every sandbox on: the whole offline lifecycle works)
 * and then by a production server that did not: what the staging server left behind (an unpaid
 * crypto-bot invoice, an open hosted-page invoice, a pending withdrawal, a receipt) can no longer
 * move money through any sandbox, and no sandbox is offered to players.
 */

const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const tronAddress = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));

let database: TestDatabase;
let db: Kysely<Database>;
let dataDirectory: string;
const apps: App[] = [];

async function productionConfig(environment: Record<string, string>): Promise<Config> {
  const parsed = parseConfig({
    NODE_ENV: 'production',
    WEBSOCKET_JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
    OPERATOR_PASSWORD: 'a-long-operator-password',
    DATA_DIR: dataDirectory,
    WEB_DIST_DIR: join(tmpdir(), `casino-no-web-app-${randomUUID()}`),
    BACKOFFICE_DIST_DIR: join(tmpdir(), `casino-no-backoffice-${randomUUID()}`),
    JOBS_ENABLED: 'false',
    WEB_PUSH_ENABLED: 'false',
    LOGIN_RATE_LIMIT_PER_IP: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
    REGISTER_RATE_LIMIT_PER_IP: '10000',
    // the operator's two-factor is not what these tests are about (backoffice-operators tests it)
    BACKOFFICE_REQUIRE_TOTP: 'false',
    ...environment,
  });
  if (!parsed.success) throw new Error(parsed.problems.join('\n'));
  return parsed.config;
}

async function startServer(config: Config): Promise<App> {
  const app = await buildApp({
    config,
    db,
    databaseUrl: database.url,
    clock,
    passwordHashing: { memoryCost: 4096, timeCost: 2, parallelism: 1 },
  });
  await bootstrapPlatform(app.services, config);
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createDatabaseFromTemplate(inject('adminDatabaseUrl'));
  db = createDatabase({ connectionString: database.url, maxConnections: 5 });
  dataDirectory = await mkdtemp(join(tmpdir(), 'sandboxes-production-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.destroy();
  await database.drop();
});

function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  session?: SignedIn,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(session ? bearer(session) : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

function form(app: App, url: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

async function userIdOf(player: RegisteredPlayer): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function orderStatus(id: string): Promise<string> {
  const row = await db
    .selectFrom('fiat_orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Every posting of the ledger: nothing may be added while the production server runs. */
async function postingCount(): Promise<number> {
  const row = await db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function cryptoBotInvoiceId(app: App, player: SignedIn): Promise<string> {
  const response = await call(app, 'POST', '/api/v1/wallet/txns/deposit', player, {
    currency: 'USDTTRC20',
    amount: '10',
    provider: 'cryptobot',
  });
  expect(response.statusCode, response.body).toBe(200);
  const { redirectUrl } = cryptoDepositSchema.parse(response.json());
  const id = /^\/sandbox\/cryptobot\/invoices\/([0-9a-f-]{36})$/.exec(redirectUrl ?? '')?.[1];
  if (!id) throw new Error(`not a sandbox invoice: ${redirectUrl}`);
  return id;
}

async function buyOrder(app: App, player: SignedIn, body: Record<string, unknown>) {
  const response = await call(app, 'POST', '/api/v2/wallet/orders/buy', player, body);
  expect(response.statusCode, response.body).toBe(200);
  return fiatOrderSchema.parse(response.json());
}

describe('sandboxes under NODE_ENV=production', () => {
  const left: {
    player?: RegisteredPlayer;
    userId?: string;
    invoiceId?: string;
    hostedOrderId?: string;
    withdrawalId?: string;
  } = {};

  test('with ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION every sandbox runs the offline lifecycle', async () => {
    const staging = await startServer(
      await productionConfig({
        ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'true',
        CRYPTOBOT_MODE: 'sandbox',
        SANDBOX_HOSTED_PAGE_ENABLED: 'true',
        SANDBOX_AUTO_APPROVE_SECONDS: '20',
        CRYPTO_CHAIN_WATCHER: 'sandbox',
        CRYPTO_PAYOUT_PROVIDER: 'sandbox',
      }),
    );
    const admin = await loginOperator(staging, {
      email: 'admin@casino.local',
      password: 'a-long-operator-password',
    });
    const player = await registerPlayer(staging);
    const userId = await userIdOf(player);
    const profile = await staging.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: {
        firstName: 'Anna',
        lastName: 'Smith',
        gender: 'female',
        dateOfBirth: '1990-05-01',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const balance = () => staging.services.ledger.balance(userId, 'USD', 'main');

    // the crypto-bot sandbox: its anonymous Pay button credits the invoice
    const paidInvoice = await cryptoBotInvoiceId(staging, player);
    expect((await form(staging, `/sandbox/cryptobot/invoices/${paidInvoice}/pay`)).statusCode).toBe(
      303,
    );
    expect(await balance()).toBe(1_000n);

    // the hosted payment page: its Pay button credits the order (25 EUR at 1.16)
    const hosted = await buyOrder(staging, player, {
      amount: '25',
      bankId: 'revolut-eur',
      externalFields: { email: 'anna@example.com' },
    });
    expect((await form(staging, `/sandbox/pay/${hosted.id}/pay`)).statusCode).toBe(303);
    expect(await orderStatus(hosted.id)).toBe('completed');
    expect(await balance()).toBe(3_900n);

    // the chain watcher: an operator reports a transfer to the player's address
    const address = await call(staging, 'POST', '/api/v1/wallet/txns/deposit', player, {
      currency: 'USDTTRC20',
    });
    expect(address.statusCode, address.body).toBe(200);
    const reported = await call(staging, 'POST', '/api/backoffice/v1/crypto/incoming', admin, {
      currency: 'USDTTRC20',
      txHash: `0x${randomUUID().replace(/-/g, '')}`,
      address: cryptoDepositSchema.parse(address.json()).address,
      amount: '100',
      confirmations: 100,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({ status: 'credited' });
    expect(await balance()).toBe(13_900n);

    // the payout sandbox: a reported hash completes a chain withdrawal
    const withdrawal = async () => {
      const response = await call(staging, 'POST', '/api/v1/wallet/txns/withdraw', player, {
        currency: 'USDTTRC20',
        address: tronAddress,
        amount: '10',
      });
      expect(response.statusCode, response.body).toBe(200);
      return cryptoWithdrawalSchema.parse(response.json()).id;
    };
    const completed = await call(
      staging,
      'POST',
      `/api/backoffice/v1/crypto/withdrawals/${await withdrawal()}/complete`,
      admin,
      { txHash: `0x${'ab'.repeat(32)}` },
    );
    expect(completed.statusCode, completed.body).toBe(200);

    // auto-approval: a receipt is approved 20 seconds later without anyone looking at it
    const order = await buyOrder(staging, player, { amount: '1000', bankId: 'sber-rub' });
    const receipt = await call(
      staging,
      'POST',
      `/api/v1/wallet/orders/buy/${order.id}/paid`,
      player,
      {
        name: 'Anna',
        fileName: 'receipt.png',
        fileContent: pngDataUrl,
      },
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    clock.advance(20_000);
    expect(await staging.services.wallet.sweep()).toMatchObject({ autoApproved: 1 });
    expect(await orderStatus(order.id)).toBe('completed');

    // what the staging server leaves open for the production server below
    left.player = player;
    left.userId = userId;
    left.invoiceId = await cryptoBotInvoiceId(staging, player);
    left.hostedOrderId = (
      await buyOrder(staging, player, {
        amount: '25',
        bankId: 'wise-usd',
        externalFields: { email: 'anna@example.com' },
      })
    ).id;
    left.withdrawalId = await withdrawal();
    apps.splice(apps.indexOf(staging), 1);
    await staging.close();
  });

  test('without the opt-in no sandbox moves money nor is offered, whatever was left open', async () => {
    const { player, userId, invoiceId, hostedOrderId, withdrawalId } = left;
    if (!player || !userId || !invoiceId || !hostedOrderId || !withdrawalId) {
      throw new Error('the staging test did not run');
    }
    const production = await startServer(await productionConfig({}));
    const admin = await loginOperator(production, {
      email: 'admin@casino.local',
      password: 'a-long-operator-password',
    });
    const balance = () => production.services.ledger.balance(userId, 'USD', 'main');
    const before = { balance: await balance(), postings: await postingCount() };

    // the crypto-bot sandbox: the anonymous Pay button and its page are gone, so is the webhook
    expect(
      (await form(production, `/sandbox/cryptobot/invoices/${invoiceId}/pay`)).statusCode,
    ).toBe(404);
    expect(
      (await production.inject({ url: `/sandbox/cryptobot/invoices/${invoiceId}` })).statusCode,
    ).toBe(404);
    expectError(
      await production.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cryptobot',
        headers: { 'content-type': 'application/json', 'crypto-pay-api-signature': '00' },
        payload: '{}',
      }),
      'not_found',
    );
    const invoice = await db
      .selectFrom('cryptobot_invoices')
      .select('status')
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(invoice.status).toBe('active');

    // no crypto method can take a deposit here (no chain watcher, no crypto-bot)
    const methods = await call(production, 'GET', '/api/v1/wallet/currencies/crypto', player);
    expect(cryptoMethodsResponseSchema.parse(methods.json())).toEqual([]);
    for (const body of [
      { currency: 'USDTTRC20' },
      { currency: 'USDTTRC20', amount: '10', provider: 'cryptobot' },
    ]) {
      expectError(
        await call(production, 'POST', '/api/v1/wallet/txns/deposit', player, body),
        'payments_are_disabled',
      );
    }

    // the chain watcher's operator endpoint does not exist
    expectError(
      await call(production, 'POST', '/api/backoffice/v1/crypto/incoming', admin, {
        currency: 'USDTTRC20',
        txHash: `0x${randomUUID().replace(/-/g, '')}`,
        address: tronAddress,
        amount: '100',
        confirmations: 100,
      }),
      'not_found',
    );

    // the hosted page: neither served nor offered; its methods still pay out
    expect((await form(production, `/sandbox/pay/${hostedOrderId}/pay`)).statusCode).toBe(404);
    expect(await orderStatus(hostedOrderId)).toBe('pay_external_invoice');
    const conditions = fiatConditionsResponseSchema.parse(
      (await call(production, 'GET', '/api/v2/wallet/orders/conditions', player)).json(),
    );
    const wise = conditions.find((method) => method.id === 'wise-usd');
    expect(wise?.buy).toBeNull();
    expect(wise?.sell).not.toBeNull();
    expect(conditions.find((method) => method.id === 'sber-rub')?.buy).not.toBeNull();
    expectError(
      await call(production, 'POST', '/api/v2/wallet/orders/buy', player, {
        amount: '25',
        bankId: 'wise-usd',
        externalFields: { email: 'anna@example.com' },
      }),
      'payments_are_disabled',
    );

    // the payout sandbox: a pending chain withdrawal cannot be completed, a new one not made;
    // declining still gives the hold back (that is no sandbox)
    expectError(
      await call(
        production,
        'POST',
        `/api/backoffice/v1/crypto/withdrawals/${withdrawalId}/complete`,
        admin,
        { txHash: `0x${'cd'.repeat(32)}` },
      ),
      'payments_are_disabled',
    );
    expectError(
      await call(production, 'POST', '/api/v1/wallet/txns/withdraw', player, {
        currency: 'USDTTRC20',
        address: tronAddress,
        amount: '10',
      }),
      'payments_are_disabled',
    );
    expect(await balance()).toBe(before.balance);
    expect(await postingCount()).toBe(before.postings);

    // auto-approval: a receipt waits for an operator however long it waits
    const order = await buyOrder(production, player, { amount: '1000', bankId: 'sber-rub' });
    const receipt = await call(
      production,
      'POST',
      `/api/v1/wallet/orders/buy/${order.id}/paid`,
      player,
      { name: 'Anna', fileName: 'receipt.png', fileContent: pngDataUrl },
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await production.services.wallet.sweep()).toMatchObject({ autoApproved: 0 });
    expect(await production.services.wallet.autoApprove(order.id)).toBe(false);
    expect(await orderStatus(order.id)).toBe('wait_for_confirmation');
    expect(await balance()).toBe(before.balance);
    expect(await postingCount()).toBe(before.postings);

    // the real operations stay: the operator approves the receipt, declines the withdrawal
    // (signed in again: a day passed, longer than an operator session)
    const operator = await loginOperator(production, {
      email: 'admin@casino.local',
      password: 'a-long-operator-password',
    });
    const approved = await call(
      production,
      'POST',
      `/api/backoffice/v1/orders/${order.id}/approve`,
      operator,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await call(
      production,
      'POST',
      `/api/backoffice/v1/crypto/withdrawals/${withdrawalId}/reject`,
      operator,
      { reason: 'no payout provider' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balance()).toBeGreaterThan(before.balance);
    expect((await production.services.ledger.check()).violations).toEqual([]);
  });
});
