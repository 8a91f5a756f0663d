import { randomUUID } from 'node:crypto';
import {
  awaitingSecondApprovalSchema,
  backofficeCryptoWithdrawalListSchema,
  backofficeCryptoWithdrawalSchema,
  cryptoWithdrawalSchema,
  transactionHistoryResponseSchema,
  validationPayloadSchema,
  withdrawFeeResponseSchema,
} from '@casino/contract';
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  demoAccountXpubs,
  deriveAddress,
} from '../src/modules/money/cashier/rails/crypto/chains/index.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';

/**
 * Crypto withdrawals against the seeded rates (EUR/USD 1.16, USDT/USD 1: one euro is 1.16
 * USDT, one USDT 0.86206896551724137931 EUR) and methods (USDTTRC20: fee 1 USDT, minimum 10,
 * precision 2). The daily withdrawal limit is 200 USD here so it can bind.
 */
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
const tronAddress = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const tronAddress2 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ethereumAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const bitcoinAddress = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const litecoinAddress = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
const tonBounceable = 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF';
const tonNonBounceable = 'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA';
const messengerUserId = '279058397';

let testApp: TestApp;
let world: BonusWorld;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { withdrawDailyLimitUsd: 200 } });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
});
afterAll(async () => {
  await testApp.close();
});

interface Player {
  player: RegisteredPlayer;
  userId: string;
}

/** A EUR player with a complete profile and `euros` on the main balance. */
async function eurPlayer(euros: string): Promise<Player> {
  const { player, userId } = await world.newPlayer();
  const changed = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: {
      currency: { primary: 'EUR' },
      firstName: 'Anna',
      lastName: 'Smith',
      gender: 'female',
      dateOfBirth: '1990-05-01',
    },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const amountMinor = usd(euros);
  if (amountMinor > 0n) {
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `crypto-withdrawals-fund-${randomUUID()}`,
      postings: [
        { account: platformAccount('EUR', 'provider_clearing'), amountMinor: -amountMinor },
        { account: playerAccount(userId, 'EUR', 'main'), amountMinor },
      ],
    });
  }
  return { player, userId };
}

function feeLookup(player: SignedIn, code: string, amount?: string) {
  return testApp.app.inject({
    url: `/api/v1/wallet/currencies/${code}/withdraw_fee${amount === undefined ? '' : `?amount=${amount}`}`,
    headers: bearer(player),
  });
}

function withdraw(player: SignedIn, body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/txns/withdraw',
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: body,
  });
}

async function withdrawOk(player: SignedIn, body: Record<string, unknown>) {
  const response = await withdraw(player, body);
  expect(response.statusCode, response.body).toBe(200);
  return cryptoWithdrawalSchema.parse(response.json());
}

function cancel(player: SignedIn, id: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/txns/cancel/${id}`,
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
  });
}

function operator(id: string, action: 'complete' | 'reject', body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/crypto/withdrawals/${id}/${action}`,
    headers: { ...bearer(admin), 'idempotency-key': randomUUID() },
    payload: body,
  });
}

async function main(userId: string): Promise<bigint> {
  return await testApp.app.services.ledger.balance(userId, 'EUR', 'main');
}

async function held(userId: string): Promise<bigint> {
  return await testApp.app.services.ledger.balance(userId, 'EUR', 'withdrawal_hold');
}

async function withdrawalCount(userId: string): Promise<number> {
  const rows = await testApp.db
    .selectFrom('crypto_withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

function fieldsOf(body: { payload?: Record<string, unknown> }) {
  return validationPayloadSchema.parse(body.payload).fields;
}

describe('the fee lookup', () => {
  test('fee, minimum and the maximum from the EUR balance at the rate, after the fee', async () => {
    const { player } = await eurPlayer('100.00');
    const response = await feeLookup(player, 'USDTTRC20', '50');
    expect(response.statusCode, response.body).toBe(200);
    // 100 EUR × 1.16 = 116 USDT, minus the 1 USDT fee
    expect(withdrawFeeResponseSchema.parse(response.json())).toEqual({
      fee: '1.00',
      minAmount: '10.00',
      maxAmount: '115.00',
    });
    // BTC at 96000 USD: 100 EUR = 116 USD = 0.00120833 BTC, minus the 0.0002 fee
    expect((await feeLookup(player, 'BTC')).json()).toEqual({
      fee: '0.00020000',
      minAmount: '0.00050000',
      maxAmount: '0.00100833',
    });
  });

  test('the daily limit caps the maximum; a short balance gives 0', async () => {
    const rich = await eurPlayer('1000.00');
    expect((await feeLookup(rich.player, 'USDTTRC20')).json()).toMatchObject({
      maxAmount: '200.00',
    });
    await withdrawOk(rich.player, { currency: 'USDTTRC20', amount: '150', address: tronAddress });
    // 150 of the 200 USD are used today
    expect((await feeLookup(rich.player, 'USDTTRC20')).json()).toMatchObject({
      maxAmount: '50.00',
    });
    const withdrawn = await withdraw(rich.player, {
      currency: 'USDTTRC20',
      amount: '60',
      address: tronAddress,
    });
    const body = expectError(withdrawn, 'validation_error');
    expect(fieldsOf(body)).toEqual([
      {
        field: 'amount',
        message: 'Validation.maximum_amount',
        params: { amount: '50.00', currency: 'USDT' },
      },
    ]);

    const broke = await eurPlayer('0.50');
    expect((await feeLookup(broke.player, 'USDTTRC20')).json()).toEqual({
      fee: '1.00',
      minAmount: '10.00',
      maxAmount: '0.00',
    });
  });

  test('fiat and crypto withdrawals share one daily limit', async () => {
    const { player } = await eurPlayer('1000.00');
    await withdrawOk(player, { currency: 'USDTTRC20', amount: '150', address: tronAddress });
    const sell = (amount: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/orders/sell',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: {
          amount,
          bankId: 'monobank-uah',
          details: { name: 'Anna Smith', card: '5375410012345678' },
        },
      });
    // 2200 UAH is 52.25 USD: with the 150 USD of crypto, over the 200 USD of the day
    expectError(await sell('2200'), 'withdraw_daily_limit_exceeded');
    const accepted = await sell('2000');
    expect(accepted.statusCode, accepted.body).toBe(200);
    // 2000 UAH counts 47.50 USD: 2.50 USD remain for crypto
    expect((await feeLookup(player, 'USDTTRC20')).json()).toMatchObject({ maxAmount: '2.50' });
  });

  test('an unknown code is a validation error, a method without withdrawals is disabled', async () => {
    const { player } = await eurPlayer('10.00');
    expectError(await feeLookup(player, 'DOGE'), 'validation_error');
    await testApp.db
      .updateTable('crypto_methods')
      .set({ withdraw_allowed: false })
      .where('code', '=', 'TRX')
      .execute();
    try {
      expectError(await feeLookup(player, 'TRX'), 'crypto_method_disabled');
      expectError(
        await withdraw(player, { currency: 'TRX', amount: '60', address: tronAddress }),
        'crypto_method_disabled',
      );
    } finally {
      await testApp.db
        .updateTable('crypto_methods')
        .set({ withdraw_allowed: true })
        .where('code', '=', 'TRX')
        .execute();
    }
  });
});

describe('the destination', () => {
  const badAddresses: Array<[string, string, string]> = [
    ['USDTTRC20', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZL', 'a Tron address with a bad checksum'],
    ['USDTTRC20', ethereumAddress, 'an Ethereum address on Tron'],
    ['USDTERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'a bad EIP-55 checksum'],
    ['USDTBEP20', tronAddress, 'a Tron address on BSC'],
    ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'a bech32 address with a bad checksum'],
    ['BTC', litecoinAddress, 'a Litecoin address on Bitcoin'],
    ['LTC', bitcoinAddress, 'a Bitcoin address on Litecoin'],
    ['TON', 'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG', 'a TON address with a bad CRC'],
    ['USDCSOL', ethereumAddress, 'an Ethereum address on Solana'],
  ];

  test.each(badAddresses)(
    '%s to %s (%s) is error_invalid_address on the field',
    async (code, address) => {
      const { player, userId } = await eurPlayer('1000.00');
      const response = await withdraw(player, { currency: code, amount: '1000', address });
      const body = expectError(response, 'error_invalid_address');
      expect(fieldsOf(body)).toEqual([{ field: 'address', message: 'Validation.invalid_address' }]);
      expect(await withdrawalCount(userId)).toBe(0);
      expect(await main(userId)).toBe(100_000n);
    },
  );

  test('an address is required unless the crypto bot pays', async () => {
    const { player } = await eurPlayer('100.00');
    const body = expectError(
      await withdraw(player, { currency: 'USDTTRC20', amount: '20' }),
      'validation_error',
    );
    expect(fieldsOf(body)).toEqual([{ field: 'address', message: 'Validation.required' }]);
  });

  test('the platform’s own deposit addresses are refused', async () => {
    const { player } = await eurPlayer('100.00');
    const owner = await world.newPlayer();
    await testApp.db
      .insertInto('crypto_deposit_addresses')
      .values({
        user_id: owner.userId,
        network: 'ethereum',
        derivation_index: 900_001,
        memo: null,
        address: ethereumAddress,
      })
      .execute();
    // the ethereum deposit address also receives BSC tokens; case does not matter in hex
    expectError(
      await withdraw(player, {
        currency: 'USDTBEP20',
        amount: '20',
        address: ethereumAddress.toLowerCase(),
      }),
      'error_internal_address',
    );
    // the shared TON deposit address, in its bounceable form
    const sharedTon = Address.parse(testApp.config.crypto.sharedAddresses.ton).toString({
      bounceable: true,
      urlSafe: true,
    });
    expectError(
      await withdraw(player, { currency: 'TON', amount: '5', address: sharedTon }),
      'error_internal_address',
    );
    expectError(
      await withdraw(player, {
        currency: 'USDCSOL',
        amount: '20',
        address: testApp.config.crypto.sharedAddresses.solana,
      }),
      'error_internal_address',
    );
  });

  test('a memo only on TON; TON addresses are kept non-bounceable', async () => {
    const { player } = await eurPlayer('100.00');
    const body = expectError(
      await withdraw(player, {
        currency: 'USDTTRC20',
        amount: '20',
        address: tronAddress,
        memo: '12345',
      }),
      'validation_error',
    );
    expect(fieldsOf(body)).toEqual([{ field: 'memo', message: 'Validation.invalid_value' }]);
    const ton = await withdrawOk(player, {
      currency: 'TON',
      amount: '5',
      address: tonBounceable,
      memo: 'exchange deposit 42',
    });
    expect(ton).toMatchObject({ address: tonNonBounceable, memo: 'exchange deposit 42' });
  });

  test('amounts: below the minimum, more decimals than the precision, more than the balance', async () => {
    const { player } = await eurPlayer('100.00');
    const below = expectError(
      await withdraw(player, { currency: 'USDTTRC20', amount: '9.99', address: tronAddress }),
      'validation_error',
    );
    expect(fieldsOf(below)).toEqual([
      {
        field: 'amount',
        message: 'Validation.minimum_amount',
        params: { amount: '10.00', currency: 'USDT' },
      },
    ]);
    const precise = expectError(
      await withdraw(player, { currency: 'USDTTRC20', amount: '10.001', address: tronAddress }),
      'validation_error',
    );
    expect(fieldsOf(precise)).toEqual([{ field: 'amount', message: 'Validation.invalid_amount' }]);
    const above = expectError(
      await withdraw(player, { currency: 'USDTTRC20', amount: '115.01', address: tronAddress }),
      'validation_error',
    );
    expect(fieldsOf(above)).toEqual([
      {
        field: 'amount',
        message: 'Validation.maximum_amount',
        params: { amount: '115.00', currency: 'USDT' },
      },
    ]);
    // exactly the maximum holds the whole balance
    await withdrawOk(player, { currency: 'USDTTRC20', amount: '115.00', address: tronAddress });
  });

  test('the personal data must be complete', async () => {
    const { player } = await world.newPlayer();
    expectError(
      await withdraw(player, { currency: 'USDTTRC20', amount: '20', address: tronAddress }),
      'personal_data_required',
    );
  });
});

describe('hold, cancel, complete, reject', () => {
  test('the hold is amount + fee in EUR, rounded up; a cancel returns exactly it', async () => {
    const { player, userId } = await eurPlayer('100.00');
    const withdrawal = await withdrawOk(player, {
      currency: 'USDTTRC20',
      amount: '50',
      address: tronAddress,
    });
    // 51 USDT × 0.86206896551724137931 = 43.9655… EUR, rounded up
    expect(withdrawal).toMatchObject({
      status: 'pending',
      currency: 'USDTTRC20',
      amount: '50.00',
      fee: '1.00',
      address: tronAddress,
      memo: null,
      provider: null,
      held: { value: '43.97', currency: 'EUR' },
      cancellableUntil: new Date(clock.now().getTime() + 10 * 60 * 1000).toISOString(),
    });
    expect(await main(userId)).toBe(5_603n);
    expect(await held(userId)).toBe(4_397n);

    const history = await testApp.app.inject({
      url: '/api/v2/wallet/txns',
      headers: bearer(player),
    });
    expect(history.statusCode, history.body).toBe(200);
    const item = transactionHistoryResponseSchema
      .parse(history.json())
      .items.find((entry) => entry.id === withdrawal.id);
    expect(item).toMatchObject({
      type: 'withdraw',
      status: 'pending',
      address: tronAddress,
      cancellableUntil: withdrawal.cancellableUntil,
    });
    expect(Number(item?.fee)).toBe(1);
    expect(Number(item?.originalAmount.value)).toBe(50);

    const cancelled = await cancel(player, withdrawal.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cryptoWithdrawalSchema.parse(cancelled.json())).toMatchObject({
      status: 'refund',
      cancellableUntil: null,
    });
    expect(await main(userId)).toBe(10_000n);
    expect(await held(userId)).toBe(0n);
    // a repeated cancel changes nothing; the operator can no longer pay it
    expect((await cancel(player, withdrawal.id)).statusCode).toBe(200);
    expect(await main(userId)).toBe(10_000n);
    expectError(
      await operator(withdrawal.id, 'complete', { txHash: 'a'.repeat(64) }),
      'order_status_conflict',
    );
  });

  test('no cancel after the window, nor of another player’s withdrawal', async () => {
    const { player } = await eurPlayer('100.00');
    const other = await eurPlayer('0.00');
    const withdrawal = await withdrawOk(player, {
      currency: 'USDTTRC20',
      amount: '20',
      address: tronAddress,
    });
    expectError(await cancel(other.player, withdrawal.id), 'not_found');
    clock.advance(10 * 60 * 1000);
    expectError(await cancel(player, withdrawal.id), 'order_not_cancellable');
  });

  test('complete pays the hold out once; reject returns it', async () => {
    const { ledger } = testApp.app.services;
    const { player, userId } = await eurPlayer('100.00');
    const clearingBefore = await ledger.platformBalance('USDT', 'provider_clearing');
    const feesBefore = await ledger.platformBalance('USDT', 'fees');
    const withdrawal = await withdrawOk(player, {
      currency: 'USDTTRC20',
      amount: '50',
      address: tronAddress,
    });

    const listed = await testApp.app.inject({
      url: '/api/backoffice/v1/crypto/withdrawals?status=pending',
      headers: bearer(admin),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = backofficeCryptoWithdrawalListSchema.parse(listed.json());
    expect(list.items.every((item) => item.status === 'pending')).toBe(true);
    expect(list.items.find((item) => item.id === withdrawal.id)).toMatchObject({
      network: 'tron',
      rate: expect.stringMatching(/^0\.862068965517241379/),
    });

    expectError(await operator(withdrawal.id, 'complete', {}), 'validation_error');
    const txHash = 'f'.repeat(64);
    const completed = await operator(withdrawal.id, 'complete', { txHash });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(backofficeCryptoWithdrawalSchema.parse(completed.json())).toMatchObject({
      status: 'completed',
      txHash,
      completedAt: clock.now().toISOString(),
    });
    expect(await main(userId)).toBe(5_603n);
    expect(await held(userId)).toBe(0n);
    // the payout leaves in USDT: 50 to the clearing account, the 1 USDT fee to fees
    expect((await ledger.platformBalance('USDT', 'provider_clearing')) - clearingBefore).toBe(
      50_000_000n,
    );
    expect((await ledger.platformBalance('USDT', 'fees')) - feesBefore).toBe(1_000_000n);

    expectError(await operator(withdrawal.id, 'complete', { txHash }), 'order_status_conflict');
    expectError(
      await operator(withdrawal.id, 'reject', { reason: 'late' }),
      'order_status_conflict',
    );
    expectError(await cancel(player, withdrawal.id), 'order_not_cancellable');
    expect(await main(userId)).toBe(5_603n);

    const second = await withdrawOk(player, {
      currency: 'USDTTRC20',
      amount: '20',
      address: tronAddress,
    });
    expect(await main(userId)).toBe(5_603n - 1_811n);
    const rejected = await operator(second.id, 'reject', { reason: 'Address under review' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'declined',
      rejectReason: 'Address under review',
    });
    expect(await main(userId)).toBe(5_603n);
    expectError(await operator(second.id, 'reject', { reason: 'again' }), 'order_status_conflict');

    const audited = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', 'in', [withdrawal.id, second.id])
      .orderBy('created_at')
      .execute();
    expect(audited.map((row) => row.action).sort()).toEqual([
      'crypto.withdrawal.complete',
      'crypto.withdrawal.reject',
    ]);
    expect((await ledger.check()).violations).toEqual([]);
  });

  test('concurrent withdrawals never hold more than the balance', async () => {
    const { ledger } = testApp.app.services;
    const { player, userId } = await eurPlayer('100.00');
    // each holds 31 USDT = 26.73 EUR: three fit in 100 EUR, four do not
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        withdraw(player, { currency: 'USDTTRC20', amount: '30', address: tronAddress }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded).toHaveLength(3);
    for (const response of responses) {
      if (response.statusCode === 200) continue;
      expect(['insufficient_balance', 'validation_error']).toContain(
        (response.json() as { detail: string }).detail,
      );
    }
    expect(await held(userId)).toBe(3n * 2_673n);
    expect(await main(userId)).toBe(10_000n - 3n * 2_673n);
    expect(await withdrawalCount(userId)).toBe(3);
    expect((await ledger.check()).violations).toEqual([]);
  });

  test('a withdrawal forfeits the active bonus before the hold', async () => {
    const { player, userId } = await eurPlayer('100.00');
    const offer = await world.createOffer({ type: 'promo', amountUsd: '20', wager: 5 });
    const bonus = await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.lifecycle.grantFixed(transaction, {
        userId,
        offerId: offer.id,
        amountUsdMinor: usd('20'),
        reference: `crypto-withdrawal:${randomUUID()}`,
      }),
    );
    expect(bonus.status).toBe('active');
    await withdrawOk(player, { currency: 'USDTTRC20', amount: '20', address: tronAddress });
    const [ended] = await world.userBonuses(player);
    expect(ended).toMatchObject({ id: bonus.id, status: 'forfeited' });
    expect(await testApp.app.services.ledger.balance(userId, 'EUR', 'bonus')).toBe(0n);
  });

  test('recent addresses: distinct, newest first, at most five', async () => {
    const { player } = await eurPlayer('1000.00');
    const addresses = [
      tronAddress,
      tronAddress2,
      ...[40, 41, 42, 43].map((index) => deriveAddress('tron', demoAccountXpubs.tron, index)),
    ];
    for (const address of [...addresses, tronAddress]) {
      clock.advance(1000);
      await withdrawOk(player, { currency: 'USDTTRC20', amount: '10', address });
    }
    // another method's addresses are not suggested
    await withdrawOk(player, {
      currency: 'USDTERC20',
      amount: '30',
      address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    });
    const response = await testApp.app.inject({
      url: '/api/v1/wallet/addresses/USDTTRC20',
      headers: bearer(player),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      tronAddress,
      addresses[5],
      addresses[4],
      addresses[3],
      addresses[2],
    ]);
  });
});

describe('crypto-bot withdrawals', () => {
  test('need a linked messenger account; the bot transfers on completion', async () => {
    const { player, userId } = await eurPlayer('100.00');
    expectError(
      await withdraw(player, { currency: 'USDTTON', amount: '20', provider: 'cryptobot' }),
      'messenger_not_linked',
    );
    await testApp.db
      .insertInto('messenger_links')
      .values({ user_id: userId, messenger_user_id: messengerUserId })
      .execute();
    const withdrawal = await withdrawOk(player, {
      currency: 'USDTTON',
      amount: '20',
      provider: 'cryptobot',
    });
    expect(withdrawal).toMatchObject({ provider: 'cryptobot', address: null, memo: null });

    expectError(
      await operator(withdrawal.id, 'complete', { txHash: 'a'.repeat(64) }),
      'validation_error',
    );
    const completed = await operator(withdrawal.id, 'complete', {});
    expect(completed.statusCode, completed.body).toBe(200);
    const body = backofficeCryptoWithdrawalSchema.parse(completed.json());
    expect(body.status).toBe('completed');
    const transfer = await testApp.db
      .selectFrom('cryptobot_transfers')
      .selectAll()
      .where('spend_id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ messenger_user_id: messengerUserId, asset: 'USDT' });
    expect(body.txHash).toBe(`cryptobot:${transfer.transfer_id}`);
    expect(Number(transfer.amount)).toBe(20);
  });
});

describe('maker-checker (four-eyes)', () => {
  test('above the threshold the first completion waits (202), the same operator is refused, another pays', async () => {
    const finance = await createOperator(testApp.app, 'finance');
    const setThreshold = (thresholdUsd: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/backoffice/v1/settings/four-eyes',
        headers: bearer(admin),
        payload: { thresholdUsd },
      });
    // the daily limit here is 200 USD: a threshold of 100 makes 150 USDT a large withdrawal
    expect((await setThreshold('100')).statusCode).toBe(200);
    try {
      const { player, userId } = await eurPlayer('200.00');
      const withdrawal = await withdrawOk(player, {
        currency: 'USDTTRC20',
        amount: '150',
        address: tronAddress,
      });
      const heldBefore = await held(userId);
      const first = await operator(withdrawal.id, 'complete', { txHash: 'b'.repeat(64) });
      expect(first.statusCode, first.body).toBe(202);
      expect(awaitingSecondApprovalSchema.parse(first.json())).toMatchObject({
        status: 'awaiting_second_approval',
        id: withdrawal.id,
      });
      expect(await held(userId)).toBe(heldBefore);
      expectError(
        await operator(withdrawal.id, 'complete', { txHash: 'b'.repeat(64) }),
        'four_eyes_required',
      );
      const second = await testApp.app.inject({
        method: 'POST',
        url: `/api/backoffice/v1/crypto/withdrawals/${withdrawal.id}/complete`,
        headers: { ...bearer(finance), 'idempotency-key': randomUUID() },
        payload: { txHash: 'b'.repeat(64) },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ status: 'completed' });
      expect(await held(userId)).toBe(0n);
    } finally {
      expect((await setThreshold('500')).statusCode).toBe(200);
    }
  });
});
