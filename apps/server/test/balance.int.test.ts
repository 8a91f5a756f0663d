import { balanceSchema, profileSchema, walletCurrenciesResponseSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function playerWithId(): Promise<RegisteredPlayer & { userId: string }> {
  const player = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return { ...player, userId: row.id };
}

async function credit(
  userId: string,
  currency: string,
  amountMinor: bigint,
  kind: 'main' | 'bonus' = 'main',
) {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `${userId}-${currency}-${kind}-${amountMinor}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, kind), amountMinor },
    ],
  });
}

async function getBalance(player: RegisteredPlayer) {
  const response = await testApp.app.inject({ url: '/api/v1/balance', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return balanceSchema.strict().parse(response.json());
}

function patchCurrency(player: RegisteredPlayer, primary: unknown) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { currency: { primary } },
  });
}

/** The USD display format from the contract ("$" before the amount). */
const usdDisplayFormat = '$' + '{amount}';

describe('GET /api/v1/balance', () => {
  test('a new player has zero in USD', async () => {
    const player = await playerWithId();
    expect(await getBalance(player)).toEqual({
      total: {
        currency: { code: 'USD', displayFormat: usdDisplayFormat, icon: '/currencies/USD.svg' },
        primaryValue: '0.00',
        primaryPrecision: 2,
      },
      fiat: {
        currency: { code: 'USD', displayFormat: usdDisplayFormat, icon: '/currencies/USD.svg' },
        value: '0.00',
        primaryValue: '0.00',
        primaryPrecision: 2,
      },
      userBonuses: [],
    });
  });

  test('total converts main and bonus in every currency; holds are left out', async () => {
    const player = await playerWithId();
    await credit(player.userId, 'USD', 10_000n);
    await credit(player.userId, 'USD', 500n, 'bonus');
    await credit(player.userId, 'BTC', 100_000n); // 0.001 BTC at 96000 = 96.00 USD
    await credit(player.userId, 'EUR', 1_000n); // 10.00 EUR at 1.16 = 11.60 USD
    await testApp.app.services.ledger.createHold(testApp.db, {
      userId: player.userId,
      currency: 'USD',
      amountMinor: 2_000n,
      reference: `balance-hold-${player.userId}`,
    });
    const balance = await getBalance(player);
    expect(balance.fiat.value).toBe('80.00');
    expect(balance.total.primaryValue).toBe('192.60');
  });

  test('requires a signed-in player', async () => {
    expectError(await testApp.app.inject({ url: '/api/v1/balance' }), 'unauthorized');
  });
});

describe('GET /api/v1/wallet/currencies', () => {
  test('lists the fiat currencies a player may choose', async () => {
    const player = await playerWithId();
    const response = await testApp.app.inject({
      url: '/api/v1/wallet/currencies',
      headers: bearer(player),
    });
    expect(response.statusCode).toBe(200);
    const list = walletCurrenciesResponseSchema.parse(response.json());
    expect(list.map((currency) => currency.code)).toEqual([
      'USD',
      'EUR',
      'RUB',
      'KZT',
      'UAH',
      'UZS',
      'AZN',
      'PLN',
      'IDR',
      'INR',
    ]);
    expect(list[1]).toEqual({
      code: 'EUR',
      name: 'Euro',
      displayFormat: '€{amount}',
      icon: '/currencies/EUR.svg',
      precision: 2,
      isFiat: true,
    });
  });
});

describe('PATCH /api/v1/me {currency: {primary}}', () => {
  test('switching converts the balance through a recorded exchange, and back', async () => {
    const player = await playerWithId();
    await credit(player.userId, 'USD', 10_000n);
    const response = await patchCurrency(player, 'EUR');
    expect(response.statusCode, response.body).toBe(200);
    expect(profileSchema.parse(response.json()).currency).toEqual({ primary: 'EUR' });

    // 100.00 USD at 1/1.16 EUR per USD = 86.2068… → 86.20 EUR
    const balance = await getBalance(player);
    expect(balance.fiat.currency.code).toBe('EUR');
    expect(balance.fiat.value).toBe('86.20');
    expect(balance.total.primaryValue).toBe('86.20');

    const exchanges = await testApp.db
      .selectFrom('ledger_transactions')
      .innerJoin('ledger_postings', 'ledger_postings.transaction_id', 'ledger_transactions.id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select(['ledger_transactions.id', 'ledger_transactions.metadata'])
      .where('ledger_transactions.type', '=', 'exchange')
      .where('ledger_accounts.user_id', '=', player.userId)
      .execute();
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges[0]?.metadata).toMatchObject({
      from: 'USD',
      to: 'EUR',
      fromAmount: '100.00',
      toAmount: '86.20',
      reason: 'primary_currency_change',
    });

    const back = await patchCurrency(player, 'USD');
    expect(back.statusCode).toBe(200);
    const after = await getBalance(player);
    // 86.20 EUR at 1.16 = 99.992 → 99.99 USD: each conversion rounds down
    expect(after.fiat).toMatchObject({ value: '99.99', currency: { code: 'USD' } });
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
    expect(profileSchema.parse(me.json()).currency).toEqual({ primary: 'USD' });
    expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
  });

  test('an unsupported currency is a validation error', async () => {
    const player = await playerWithId();
    for (const primary of ['BTC', 'XYZ', 5]) {
      const body = expectError(await patchCurrency(player, primary), 'validation_error');
      expect(body.payload).toEqual({
        fields: [
          expect.objectContaining({
            field: 'currency.primary',
            message: 'Validation.unsupported_currency',
          }),
        ],
      });
    }
  });
});

describe('exchange rates (backoffice)', () => {
  test('finance lists and sets rates; conversions use the new rate; audited', async () => {
    const finance = await createOperator(testApp.app, 'finance');
    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/exchange-rates',
      headers: bearer(finance),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().rates).toContainEqual(
      expect.objectContaining({ base: 'EUR', quote: 'USD', rate: '1.16' }),
    );

    const put = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/exchange-rates',
      headers: bearer(finance),
      payload: { rates: [{ base: 'USD', quote: 'EUR', rate: '0.9000' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const rates = put.json().rates as { base: string; quote: string; rate: string }[];
    expect(rates).toContainEqual(
      expect.objectContaining({ base: 'USD', quote: 'EUR', rate: '0.9' }),
    );
    expect(rates.find((rate) => rate.base === 'EUR' && rate.quote === 'USD')).toBeUndefined();

    const player = await playerWithId();
    await credit(player.userId, 'USD', 10_000n);
    expect((await patchCurrency(player, 'EUR')).statusCode).toBe(200);
    expect((await getBalance(player)).fiat.value).toBe('90.00');

    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('action', '=', 'exchange_rates.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.payload).toMatchObject({
      rates: [{ base: 'USD', quote: 'EUR', rate: '0.9' }],
      previous: [{ base: 'EUR', quote: 'USD', rate: '1.16' }],
    });
  });

  test('support may not; bad rates are validation errors', async () => {
    const support = await createOperator(testApp.app, 'support');
    expectError(
      await testApp.app.inject({
        url: '/api/backoffice/v1/exchange-rates',
        headers: bearer(support),
      }),
      'forbidden',
    );
    const admin = await createOperator(testApp.app, 'admin');
    for (const rate of [
      { base: 'USD', quote: 'EUR', rate: '0' },
      { base: 'USD', quote: 'EUR', rate: '-1' },
      { base: 'USD', quote: 'EUR', rate: '1e3' },
      { base: 'USD', quote: 'USD', rate: '1' },
      { base: 'XYZ', quote: 'USD', rate: '1' },
    ]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/backoffice/v1/exchange-rates',
        headers: bearer(admin),
        payload: { rates: [rate] },
      });
      expectError(response, 'validation_error');
    }
  });
});
