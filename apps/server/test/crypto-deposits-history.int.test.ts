import { randomUUID } from 'node:crypto';
import { transactionHistoryResponseSchema } from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { BonusWorld } from './support/bonuses.ts';
import { CryptoWorld, txHash } from './support/crypto-deposits.ts';

const clock = manualClock(new Date('2026-07-01T10:00:00.000Z'));
let testApp: TestApp;
let world: CryptoWorld;
let bonusWorld: BonusWorld;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new CryptoWorld(testApp.app, admin);
  bonusWorld = new BonusWorld(testApp, admin);
});
afterAll(async () => {
  await testApp.close();
});

async function history(player: SignedIn, query = '') {
  const response = await testApp.app.inject({
    url: `/api/v2/wallet/txns${query}`,
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return transactionHistoryResponseSchema.strict().parse(response.json());
}

test('history lists fiat orders, crypto deposits and crypto withdrawals together, newest first', async () => {
  const { player, userId } = await bonusWorld.newPlayer();
  const minute = 60_000;
  const fiatOrderId = await bonusWorld.createDeposit(player, '50');
  clock.advance(minute);

  const tron = await world.address(player, 'USDTTRC20');
  const creditedHash = txHash();
  const credited = await world.report({
    currency: 'USDTTRC20',
    txHash: creditedHash,
    address: tron.address,
    amount: '25.5',
    confirmations: 20,
  });
  clock.advance(minute);
  const bitcoin = await world.address(player, 'BTC');
  const confirmingHash = txHash();
  const confirming = await world.report({
    currency: 'BTC',
    txHash: confirmingHash,
    address: bitcoin.address,
    amount: '0.0005',
    confirmations: 1,
  });
  expect(confirming.status).toBe('confirming');
  clock.advance(minute);

  // a pending withdrawal as the withdrawal service keeps it: its hold, then its row
  const withdrawalId = randomUUID();
  const cancellableUntil = new Date(clock.now().getTime() + 10 * minute);
  await testApp.app.services.transactions.run(async (transaction) => {
    const { holdId } = await testApp.app.services.ledger.createHold(transaction, {
      userId,
      currency: 'USD',
      amountMinor: 1100n,
      reference: `crypto_withdrawal:${withdrawalId}`,
    });
    await transaction
      .insertInto('crypto_withdrawals')
      .values({
        id: withdrawalId,
        user_id: userId,
        method_code: 'USDTTRC20',
        network: 'tron',
        address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
        amount_minor: 10_000_000n,
        fee_minor: 1_000_000n,
        rate: '1',
        held_minor: 1100n,
        held_currency: 'USD',
        status: 'pending',
        cancellable_until: cancellableUntil,
        created_at: clock.now(),
        updated_at: clock.now(),
        hold_id: holdId,
      } as never)
      .execute();
  });

  const page = await history(player);
  expect(page.meta).toEqual({
    total: 4,
    limit: 10,
    offset: 0,
    totalCapped: false,
    nextCursor: null,
  });
  expect(page.items.map((item) => [item.id, item.type, item.status])).toEqual([
    [withdrawalId, 'withdraw', 'pending'],
    [confirming.id, 'deposit', 'pending'],
    [credited.id, 'deposit', 'completed'],
    [fiatOrderId, 'buy', 'waiting'],
  ]);
  expect(page.items[0]).toMatchObject({
    address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
    externalId: null,
    originalAmount: {
      value: '10.000000',
      currency: { code: 'USDT', displayFormat: '{amount} USDT' },
    },
    fee: '1.000000',
    cancellableUntil: cancellableUntil.toISOString(),
    senderBank: null,
  });
  expect(page.items[1]).toMatchObject({
    externalId: confirmingHash,
    address: bitcoin.address,
    originalAmount: {
      value: '0.00050000',
      currency: { code: 'BTC', displayFormat: '{amount} BTC' },
    },
    fee: null,
    cancellableUntil: null,
  });
  expect(page.items[2]).toMatchObject({
    externalId: creditedHash,
    address: tron.address,
    originalAmount: { value: '25.500000', currency: { code: 'USDT' } },
  });

  const second = await history(player, '?limit=2&offset=2');
  expect(second.meta).toEqual({
    total: 4,
    limit: 2,
    offset: 2,
    totalCapped: false,
    nextCursor: null,
  });
  expect(second.items.map((item) => item.id)).toEqual([credited.id, fiatOrderId]);

  // the cursor walks the same pages over the three rails (issue 21 item 6)
  const firstOfTwo = await history(player, '?limit=2');
  expect(firstOfTwo.meta).toMatchObject({ total: 4, offset: 0, totalCapped: false });
  expect(firstOfTwo.items.map((item) => item.id)).toEqual([withdrawalId, confirming.id]);
  const cursor = firstOfTwo.meta.nextCursor;
  expect(cursor).not.toBeNull();
  const afterCursor = await history(player, `?limit=2&cursor=${cursor}`);
  expect(afterCursor).toEqual(second);
  const bad = await testApp.app.inject({
    url: '/api/v2/wallet/txns?cursor=bm90LWEtY3Vyc29y',
    headers: bearer(player),
  });
  expect(bad.statusCode, bad.body).toBe(400);
  expect(bad.json()).toMatchObject({
    detail: 'validation_error',
    payload: { fields: [{ field: 'cursor', message: 'Validation.invalid_value' }] },
  });

  // nobody else sees them
  const other = await bonusWorld.newPlayer();
  expect((await history(other.player)).meta.total).toBe(0);
});
