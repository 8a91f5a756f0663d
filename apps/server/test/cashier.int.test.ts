import { randomBytes, randomUUID } from 'node:crypto';
import { cryptoDepositSchema } from '@casino/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cryptoBotSignature } from '../src/modules/money/cashier/rails/cryptobot/cryptobot-signature.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';

/**
 * The cashier's shared money steps seen through every rail: one deposit credit (the same
 * counting and bonus effects whichever rail the money came by) and one daily withdrawal limit
 * (fiat orders, crypto address payouts and crypto-bot payouts raced together never pass it).
 * Seeded rates: EUR/USD 1.16, USDT/USD 1, UAH 2200 = 52.25 USD. The daily limit is 200 USD.
 */
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
const dailyLimitUsdMinor = 20_000n;
const tronAddress = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

let testApp: TestApp;
let world: BonusWorld;
let crypto: CryptoWorld;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { withdrawDailyLimitUsd: 200 } });
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
  crypto = new CryptoWorld(testApp.app, admin);
  // one welcome offer, matching the first deposit of any rail 100% (up to 500 USD)
  await world.disableOffers(['welcome']);
  await world.createOffer({
    type: 'welcome',
    minDepositNumber: 1,
    amountMultiplier: 1,
    maxAmountUsd: '500',
  });
});
afterAll(async () => {
  await testApp.close();
});

// ─── one deposit credit ─────────────────────────────────────────────────────────────────────

/** Deposits 20 USD worth through a rail; answers the rail's deposit id. */
type RailDeposit = (player: SignedIn, userId: string) => Promise<string>;

const rails: Array<[string, RailDeposit]> = [
  ['fiat P2P (an approved order of 20 USD)', async (player) => await world.deposit(player, '20')],
  [
    'crypto address (a confirmed transfer of 20 USDT)',
    async (player) => {
      const address = await crypto.address(player, 'USDTTRC20');
      const credited = await crypto.report({
        currency: 'USDTTRC20',
        txHash: randomBytes(32).toString('hex'),
        outputIndex: 0,
        address: address.address,
        amount: '20',
        confirmations: 100,
      });
      expect(credited.status).toBe('credited');
      return credited.id;
    },
  ],
  [
    'crypto bot (a paid invoice of 20 USDT)',
    async (player, userId) => {
      const response = await crypto.depositCall(player, {
        currency: 'USDTTRC20',
        amount: '20',
        provider: 'cryptobot',
      });
      expect(response.statusCode, response.body).toBe(200);
      const deposit = cryptoDepositSchema.parse(response.json());
      const invoiceId = /invoices\/([0-9a-f-]{36})$/.exec(deposit.redirectUrl ?? '')?.[1];
      if (!invoiceId) throw new Error(`not a sandbox invoice URL: ${deposit.redirectUrl}`);
      const body = JSON.stringify({
        update_id: 1,
        update_type: 'invoice_paid',
        request_date: clock.now().toISOString(),
        payload: {
          invoice_id: `sandbox-${invoiceId}`,
          status: 'paid',
          asset: 'USDT',
          amount: '20',
          payload: invoiceId,
        },
      });
      const paid = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cryptobot',
        headers: {
          'content-type': 'application/json',
          'crypto-pay-api-signature': cryptoBotSignature(testApp.config.cryptobot.token, body),
        },
        payload: body,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const row = await testApp.db
        .selectFrom('crypto_deposits')
        .select('id')
        .where('user_id', '=', userId)
        .where('provider', '=', 'cryptobot')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  ],
];

/** What each rail's deposit did, compared across the rails below. */
const effects: unknown[] = [];

describe('one deposit credit', () => {
  test.each(rails)(
    '%s: credited, counted and granted the welcome bonus like every rail',
    async (_, deposit) => {
      const { player, userId } = await world.newPlayer();
      const depositId = await deposit(player, userId);
      // counted once, at its USD value
      expect(await testApp.app.services.users.getBilling(userId)).toEqual({
        countDeposit: 1,
        sumDeposits: '20.00',
      });
      // the bonus engine saw it once, as this deposit: the welcome bonus matches it 100%
      const bonuses = await testApp.db
        .selectFrom('user_bonuses')
        .select(['type', 'status', 'currency', 'amount_minor', 'reference'])
        .where('user_id', '=', userId)
        .execute();
      expect(bonuses).toHaveLength(1);
      const [bonus] = bonuses;
      expect(bonus).toMatchObject({ type: 'welcome', currency: 'USD', amount_minor: usd('20') });
      expect(bonus?.reference).toContain(depositId);
      effects.push({
        main: await world.balance(userId, 'main'),
        bonus: await world.balance(userId, 'bonus'),
        bonusStatus: bonus?.status,
        reference: bonus?.reference.replace(depositId, '{deposit}'),
      });
      await world.expectLedgerConsistent();
    },
  );

  test('every rail had the same effects', () => {
    expect(effects).toHaveLength(rails.length);
    for (const effect of effects) expect(effect).toEqual(effects[0]);
  });
});

// ─── one daily withdrawal limit ─────────────────────────────────────────────────────────────

type Withdrawal =
  | { rail: 'fiat'; uah: number }
  | { rail: 'crypto'; usdt: number }
  | { rail: 'cryptobot'; usdt: number };

const withdrawalArbitrary: fc.Arbitrary<Withdrawal> = fc.oneof(
  fc.record({ rail: fc.constant('fiat' as const), uah: fc.integer({ min: 2000, max: 4000 }) }),
  fc.record({ rail: fc.constant('crypto' as const), usdt: fc.integer({ min: 10, max: 90 }) }),
  fc.record({ rail: fc.constant('cryptobot' as const), usdt: fc.integer({ min: 10, max: 90 }) }),
);

/** A EUR player with a complete profile, a linked messenger account and 1000 EUR. */
async function withdrawingPlayer(): Promise<{ player: SignedIn; userId: string }> {
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
  await testApp.db
    .insertInto('messenger_links')
    .values({
      user_id: userId,
      messenger_user_id: String(100_000_000 + Math.floor(Math.random() * 1e8)),
    })
    .execute();
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `cashier-fund-${randomUUID()}`,
    postings: [
      { account: platformAccount('EUR', 'provider_clearing'), amountMinor: -100_000n },
      { account: playerAccount(userId, 'EUR', 'main'), amountMinor: 100_000n },
    ],
  });
  return { player, userId };
}

function withdraw(player: SignedIn, withdrawal: Withdrawal) {
  const headers = { ...bearer(player), 'idempotency-key': randomUUID() };
  if (withdrawal.rail === 'fiat') {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/orders/sell',
      headers,
      payload: {
        amount: String(withdrawal.uah),
        bankId: 'monobank-uah',
        details: { name: 'Anna Smith', card: '5375410012345678' },
      },
    });
  }
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/txns/withdraw',
    headers,
    payload:
      withdrawal.rail === 'crypto'
        ? { currency: 'USDTTRC20', amount: String(withdrawal.usdt), address: tronAddress }
        : { currency: 'USDTTON', amount: String(withdrawal.usdt), provider: 'cryptobot' },
  });
}

/** The USD value of the player's held and paid withdrawals of every rail, counted here. */
async function withdrawnUsdMinor(userId: string): Promise<bigint> {
  const ledger = testApp.app.services.ledger;
  const fiat = await testApp.db
    .selectFrom('fiat_orders')
    .select(['currency', 'amount_minor'])
    .where('user_id', '=', userId)
    .where('type', '=', 'sell')
    .where('status', 'in', ['pending', 'completed'])
    .execute();
  const cryptoRows = await testApp.db
    .selectFrom('crypto_withdrawals')
    .innerJoin('crypto_methods', 'crypto_methods.code', 'crypto_withdrawals.method_code')
    .select(['crypto_methods.asset', 'crypto_withdrawals.amount_minor'])
    .where('crypto_withdrawals.user_id', '=', userId)
    .where('crypto_withdrawals.status', 'in', ['pending', 'completed'])
    .execute();
  let total = 0n;
  for (const row of fiat) {
    total += (await ledger.quote(row.amount_minor, row.currency, 'USD', 'down')).amountMinor;
  }
  for (const row of cryptoRows) {
    total += (await ledger.quote(row.amount_minor, row.asset, 'USD', 'down')).amountMinor;
  }
  return total;
}

describe('one daily withdrawal limit', () => {
  test('a random mix of fiat, crypto and crypto-bot withdrawals raced together never passes it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(withdrawalArbitrary, { minLength: 4, maxLength: 8 }),
        async (withdrawals) => {
          const { player, userId } = await withdrawingPlayer();
          const responses = await Promise.all(withdrawals.map((entry) => withdraw(player, entry)));
          for (const response of responses) {
            if (response.statusCode === 200) continue;
            // refused by the limit under the lock, or by the crypto maximum read before it
            const { detail: code } = response.json() as { detail: string };
            expect(['withdraw_daily_limit_exceeded', 'validation_error'], response.body).toContain(
              code,
            );
          }
          const accepted = responses.filter((response) => response.statusCode === 200).length;
          expect(accepted).toBeGreaterThan(0);
          expect(await withdrawnUsdMinor(userId)).toBeLessThanOrEqual(dailyLimitUsdMinor);
          // every accepted withdrawal holds its money; the ledger stays consistent
          expect(await world.balance(userId, 'main', 'EUR')).toBeLessThan(100_000n);
        },
      ),
      { numRuns: 6 },
    );
    await world.expectLedgerConsistent();
  });
});
