import { cryptoDepositSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cryptoBotSignature } from '../src/modules/money/cashier/rails/cryptobot/cryptobot-signature.ts';
import { createTestApp, loginOperator, type SignedIn, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';

let testApp: TestApp;
let world: CryptoWorld;
let bonusWorld: BonusWorld;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new CryptoWorld(testApp.app, admin);
  bonusWorld = new BonusWorld(testApp, admin);
});
afterAll(async () => {
  await testApp.close();
});

async function invoice(player: SignedIn, currency: string, amount: string) {
  const response = await world.depositCall(player, { currency, amount, provider: 'cryptobot' });
  expect(response.statusCode, response.body).toBe(200);
  const deposit = cryptoDepositSchema.strict().parse(response.json());
  const id = /^\/sandbox\/cryptobot\/invoices\/([0-9a-f-]{36})$/.exec(
    deposit.redirectUrl ?? '',
  )?.[1];
  if (!id) throw new Error(`not a sandbox invoice URL: ${deposit.redirectUrl}`);
  return { deposit, id };
}

function paidUpdate(invoiceId: string, asset: string, amount: string) {
  return JSON.stringify({
    update_id: 1,
    update_type: 'invoice_paid',
    request_date: new Date().toISOString(),
    payload: {
      invoice_id: `sandbox-${invoiceId}`,
      status: 'paid',
      asset,
      amount,
      payload: invoiceId,
    },
  });
}

async function webhook(body: string, signature: string | undefined) {
  return await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/cryptobot',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'crypto-pay-api-signature': signature }),
    },
    payload: body,
  });
}

async function cryptobotDeposits(userId: string) {
  return await testApp.db
    .selectFrom('crypto_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', 'cryptobot')
    .execute();
}

describe('crypto-bot deposits', () => {
  test('an invoice needs the larger of the method’s and the bot’s minimum', async () => {
    const { player } = await bonusWorld.newPlayer();
    // USDTTRC20: method minimum 5 USDT, the bot's 1 USDT
    const below = expectError(
      await world.depositCall(player, {
        currency: 'USDTTRC20',
        amount: '4.99',
        provider: 'cryptobot',
      }),
      'validation_error',
    );
    expect(below.payload).toEqual({
      fields: [
        {
          field: 'amount',
          message: 'Validation.minimum_amount',
          params: { amount: '5.00', currency: 'USDTTRC20' },
        },
      ],
    });
    // BTC: method minimum 0.0001 BTC, the bot's 0.00002: the method's wins
    expectError(
      await world.depositCall(player, {
        currency: 'BTC',
        amount: '0.00005',
        provider: 'cryptobot',
      }),
      'validation_error',
    );
    await testApp.db
      .updateTable('crypto_methods')
      .set({ cryptobot_min_deposit_minor: 10_000_000n })
      .where('code', '=', 'USDTBEP20')
      .execute();
    const botMinimum = expectError(
      await world.depositCall(player, {
        currency: 'USDTBEP20',
        amount: '6',
        provider: 'cryptobot',
      }),
      'validation_error',
    );
    expect(botMinimum.payload).toMatchObject({
      fields: [{ params: { amount: '10.00', currency: 'USDTBEP20' } }],
    });
    const tooPrecise = expectError(
      await world.depositCall(player, { currency: 'TON', amount: '1.234', provider: 'cryptobot' }),
      'validation_error',
    );
    expect(tooPrecise.payload).toEqual({
      fields: [{ field: 'amount', message: 'Validation.invalid_amount' }],
    });

    const { deposit } = await invoice(player, 'TON', '7.5');
    expect(deposit).toMatchObject({
      currency: 'TON',
      network: 'Toncoin',
      address: null,
      memo: null,
      minAmount: '1.00',
    });
  });

  test('a signed webhook credits the invoice once; a bad signature is refused; a replay credits nothing', async () => {
    const { player, userId } = await bonusWorld.newPlayer();
    const { id } = await invoice(player, 'USDTTRC20', '20');
    const body = paidUpdate(id, 'USDT', '20');
    const token = testApp.config.cryptobot.token;

    const bad = expectError(
      await webhook(body, cryptoBotSignature('another:token', body)),
      'unauthorized',
    );
    expect(bad.message).toContain('signature');
    expectError(await webhook(body, undefined), 'unauthorized');
    // the signature covers the exact bytes
    expectError(await webhook(` ${body}`, cryptoBotSignature(token, body)), 'unauthorized');
    expect(await world.mainBalance(userId, 'USD')).toBe(0n);

    const good = await webhook(body, cryptoBotSignature(token, body));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ ok: true });
    expect(await world.mainBalance(userId, 'USD')).toBe(2000n);

    const replays = await Promise.all(
      Array.from({ length: 5 }, () => webhook(body, cryptoBotSignature(token, body))),
    );
    for (const replay of replays) expect(replay.statusCode, replay.body).toBe(200);
    expect(await world.mainBalance(userId, 'USD')).toBe(2000n);
    const deposits = await cryptobotDeposits(userId);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      status: 'credited',
      method_code: 'USDTTRC20',
      amount_minor: 20_000_000n,
      credited_minor: 2000n,
      credited_currency: 'USD',
    });
    const row = await testApp.db
      .selectFrom('cryptobot_invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', deposit_id: deposits[0]?.id });
    const account = await testApp.app.services.users.findAccount(userId);
    expect(account?.depositCount).toBe(1);

    // a paid amount that is not the invoice's is not credited
    const other = await invoice(player, 'USDTTRC20', '30');
    const wrong = paidUpdate(other.id, 'USDT', '300');
    expectError(await webhook(wrong, cryptoBotSignature(token, wrong)), 'crypto_transfer_conflict');
    expect(await world.mainBalance(userId, 'USD')).toBe(2000n);
  });

  test('updates other than a paid invoice are acknowledged and ignored', async () => {
    const body = JSON.stringify({
      update_id: 2,
      update_type: 'invoice_expired',
      payload: { invoice_id: 1, status: 'expired', amount: '1' },
    });
    const response = await webhook(body, cryptoBotSignature(testApp.config.cryptobot.token, body));
    expect(response.statusCode, response.body).toBe(200);
    const garbage = '{"hello":"world"}';
    expectError(
      await webhook(garbage, cryptoBotSignature(testApp.config.cryptobot.token, garbage)),
      'bad_request',
    );
  });

  test('the sandbox invoice page pays through the signed webhook, once', async () => {
    const { player, userId } = await bonusWorld.newPlayer();
    const { deposit } = await invoice(player, 'TON', '4');
    const url = deposit.redirectUrl ?? '';
    const pageResponse = await testApp.app.inject({ url });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.headers['content-type']).toContain('text/html');
    expect(pageResponse.body).toContain('4 TONCOIN');
    expect(pageResponse.body).toContain(`action="${url}/pay"`);

    const pay = () =>
      testApp.app.inject({
        method: 'POST',
        url: `${url}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(url);
    // 4 TON × 2.15 USD
    expect(await world.mainBalance(userId, 'USD')).toBe(860n);
    expect((await pay()).statusCode).toBe(303);
    expect(await world.mainBalance(userId, 'USD')).toBe(860n);
    const after = await testApp.app.inject({ url });
    expect(after.body).toContain('Paid');
    expect(after.body).not.toContain(`action="${url}/pay"`);
    expect(await cryptobotDeposits(userId)).toHaveLength(1);

    expect((await testApp.app.inject({ url: '/sandbox/cryptobot/invoices/nope' })).statusCode).toBe(
      404,
    );
  });

  test('transfers (crypto-bot withdrawals) are recorded once per spend id in the sandbox', async () => {
    const { cryptobot } = testApp.app.services;
    const request = {
      messengerUserId: '123456789',
      asset: 'USDT',
      amount: '10',
      spendId: 'spend-1',
    };
    const first = await cryptobot.transfer(testApp.db, request);
    const again = await cryptobot.transfer(testApp.db, request);
    expect(again).toEqual(first);
    const rows = await testApp.db
      .selectFrom('cryptobot_transfers')
      .selectAll()
      .where('spend_id', '=', 'spend-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ messenger_user_id: '123456789', asset: 'USDT', amount: '10' });
  });
});
