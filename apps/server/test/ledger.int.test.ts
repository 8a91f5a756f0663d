import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import {
  type LedgerService,
  platformAccount,
  playerAccount,
} from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, registerPlayer, type TestApp } from './support/app.ts';

let testApp: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  testApp = await createTestApp();
  ledger = testApp.app.services.ledger;
});
afterAll(async () => {
  await testApp.close();
});

async function newPlayerId(): Promise<string> {
  const player = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A deposit credited from the platform's provider clearing account. */
function deposit(userId: string, currency: string, amountMinor: bigint, reference: string) {
  return ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: reference,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, 'main'), amountMinor },
    ],
  });
}

async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function expectCleanLedger() {
  const report = await ledger.check();
  expect(report.violations).toEqual([]);
  return report;
}

describe('postTransaction', () => {
  test('credits once per external reference and keeps balances', async () => {
    const userId = await newPlayerId();
    const first = await deposit(userId, 'USD', 12_345n, 'order-1');
    const again = await deposit(userId, 'USD', 12_345n, 'order-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(12_345n);
    expect(await ledger.balances(userId)).toEqual([
      { currency: 'USD', kind: 'main', balanceMinor: 12_345n },
    ]);
    await expectCleanLedger();
  });

  test('refuses a debit below zero with the balance, amount and currency', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'EUR', 1_000n, `eur-${userId}`);
    const error = await expectAppError(
      ledger.postTransaction(testApp.db, {
        type: 'adjustment',
        postings: [
          { account: playerAccount(userId, 'EUR', 'main'), amountMinor: -1_001n },
          { account: platformAccount('EUR', 'house'), amountMinor: 1_001n },
        ],
      }),
      'insufficient_balance',
    );
    expect(error.payload).toEqual({ balance: '10.00', amount: '10.01', currency: 'EUR' });
    expect(await ledger.balance(userId, 'EUR', 'main')).toBe(1_000n);
  });

  test('rejects unbalanced postings before touching the database', async () => {
    const userId = await newPlayerId();
    await expect(
      ledger.postTransaction(testApp.db, {
        type: 'adjustment',
        postings: [
          { account: playerAccount(userId, 'USD', 'main'), amountMinor: 5n },
          { account: platformAccount('USD', 'house'), amountMinor: -4n },
        ],
      }),
    ).rejects.toThrow(/sum to 1/);
    await expect(
      ledger.postTransaction(testApp.db, {
        type: 'adjustment',
        postings: [
          { account: playerAccount(userId, 'XYZ', 'main'), amountMinor: 5n },
          { account: platformAccount('XYZ', 'house'), amountMinor: -5n },
        ],
      }),
    ).rejects.toThrow(/unknown currency/);
  });

  test('20 concurrent posts of one external reference credit once', async () => {
    const userId = await newPlayerId();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => deposit(userId, 'USD', 500n, `concurrent-${userId}`)),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(500n);
    await expectCleanLedger();
  });
});

describe('holds', () => {
  test('post settles once, fee to the platform, rest to the destination', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 10_000n, `hold-post-${userId}`);
    const { holdId } = await ledger.createHold(testApp.db, {
      userId,
      currency: 'USD',
      amountMinor: 4_000n,
      reference: `withdrawal-${userId}`,
    });
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(6_000n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(4_000n);
    const feesBefore = await ledger.platformBalance('USD', 'fees');
    await ledger.postHold(testApp.db, holdId, {
      to: platformAccount('USD', 'provider_clearing'),
      feeMinor: 150n,
    });
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(0n);
    expect((await ledger.platformBalance('USD', 'fees')) - feesBefore).toBe(150n);
    expect((await ledger.getHold(holdId))?.status).toBe('posted');
    await expectAppError(ledger.voidHold(testApp.db, holdId), 'hold_not_pending');
    await expectAppError(
      ledger.postHold(testApp.db, holdId, { to: platformAccount('USD', 'provider_clearing') }),
      'hold_not_pending',
    );
    await expectCleanLedger();
  });

  test('void returns the money once; a repeated reference returns the same hold', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'RUB', 50_000n, `hold-void-${userId}`);
    const input = { userId, currency: 'RUB', amountMinor: 20_000n, reference: `w-${userId}` };
    const { holdId } = await ledger.createHold(testApp.db, input);
    expect(await ledger.createHold(testApp.db, input)).toEqual({ holdId });
    expect(await ledger.balance(userId, 'RUB', 'main')).toBe(30_000n);
    await ledger.voidHold(testApp.db, holdId);
    expect(await ledger.balance(userId, 'RUB', 'main')).toBe(50_000n);
    expect((await ledger.getHold(holdId))?.status).toBe('voided');
    await expectAppError(ledger.voidHold(testApp.db, holdId), 'hold_not_pending');
    await expectCleanLedger();
  });

  test('a hold beyond the balance is insufficient_balance', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 100n, `short-${userId}`);
    const error = await expectAppError(
      ledger.createHold(testApp.db, {
        userId,
        currency: 'USD',
        amountMinor: 101n,
        reference: `short-hold-${userId}`,
      }),
      'insufficient_balance',
    );
    expect(error.payload).toEqual({ balance: '1.00', amount: '1.01', currency: 'USD' });
  });

  test('50 simultaneous holds of the whole balance: exactly one succeeds', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 7_777n, `race-${userId}`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ledger.createHold(testApp.db, {
          userId,
          currency: 'USD',
          amountMinor: 7_777n,
          reference: `race-${userId}-${index}`,
        }),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(49);
    for (const outcome of rejected) {
      expect((outcome.reason as AppError).code).toBe('insufficient_balance');
    }
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(0n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(7_777n);
    await expectCleanLedger();
  });

  test('a concurrent post and void of one hold: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const userId = await newPlayerId();
      await deposit(userId, 'USD', 1_000n, `pv-${userId}`);
      const { holdId } = await ledger.createHold(testApp.db, {
        userId,
        currency: 'USD',
        amountMinor: 1_000n,
        reference: `pv-hold-${userId}`,
      });
      const outcomes = await Promise.allSettled([
        ledger.postHold(testApp.db, holdId, { to: platformAccount('USD', 'provider_clearing') }),
        ledger.voidHold(testApp.db, holdId),
      ]);
      const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      const loser = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((loser as PromiseRejectedResult).reason as AppError).code).toBe('hold_not_pending');
      const status = (await ledger.getHold(holdId))?.status;
      expect(await ledger.balance(userId, 'USD', 'main')).toBe(status === 'voided' ? 1_000n : 0n);
    }
    await expectCleanLedger();
  });

  test('an unknown hold is not_found', async () => {
    await expectAppError(
      ledger.voidHold(testApp.db, '00000000-0000-4000-8000-000000000000'),
      'not_found',
    );
  });
});

describe('exchange', () => {
  test('converts the whole main balance at the rate, rounding down, recorded in metadata', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'EUR', 10_001n, `exchange-${userId}`);
    const result = await ledger.exchange(testApp.db, { userId, from: 'EUR', to: 'USD' });
    // seeded EUR/USD 1.16: 100.01 EUR → 116.0116 USD → 116.01
    expect(result).toMatchObject({
      fromAmountMinor: 10_001n,
      toAmountMinor: 11_601n,
      rate: '1.16',
    });
    expect(await ledger.balance(userId, 'EUR', 'main')).toBe(0n);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(11_601n);
    const transaction = await testApp.db
      .selectFrom('ledger_transactions')
      .select(['type', 'metadata'])
      .where('id', '=', BigInt(result.transactionId ?? '0'))
      .executeTakeFirstOrThrow();
    expect(transaction.type).toBe('exchange');
    expect(transaction.metadata).toMatchObject({ from: 'EUR', to: 'USD', rate: '1.16' });
    const empty = await ledger.exchange(testApp.db, { userId, from: 'EUR', to: 'USD' });
    expect(empty.transactionId).toBeNull();
    await expectCleanLedger();
  });

  test('exchangeAmount converts exactly the amount given, once per reference', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'EUR', 10_001n, `exchange-amount-${userId}`);
    const exchangeUsdBefore = await ledger.platformBalance('USD', 'exchange');
    const input = {
      userId,
      from: 'EUR',
      to: 'USD',
      amountMinor: 5_001n,
      externalReference: `exchange-amount-${userId}`,
    };
    const first = await ledger.exchangeAmount(testApp.db, input);
    // 50.01 EUR × 1.16 = 58.0116 → 58.01 USD; the 0.0016 stays with the platform
    expect(first).toMatchObject({
      replayed: false,
      fromAmountMinor: 5_001n,
      toAmountMinor: 5_801n,
      rate: '1.16',
    });
    const again = await ledger.exchangeAmount(testApp.db, input);
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    expect(await ledger.balance(userId, 'EUR', 'main')).toBe(5_000n);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(5_801n);
    expect((await ledger.platformBalance('USD', 'exchange')) - exchangeUsdBefore).toBe(-5_801n);
    await expectAppError(
      ledger.exchangeAmount(testApp.db, { userId, from: 'EUR', to: 'USD', amountMinor: 5_001n }),
      'insufficient_balance',
    );
    await expect(
      ledger.exchangeAmount(testApp.db, { userId, from: 'EUR', to: 'EUR', amountMinor: 1n }),
    ).rejects.toThrow(RangeError);
    await expectCleanLedger();
  });

  test('quote rounds down for the platform paying and up for the player paying', async () => {
    // 1 / 81.5 = 0.01226993865… per ruble: 10 200 RUB → 125.1533… USD
    expect(await ledger.quote(1_020_000n, 'RUB', 'USD', 'down')).toMatchObject({
      amountMinor: 12_515n,
      rate: '0.01226993865030674846',
    });
    expect((await ledger.quote(1_020_000n, 'RUB', 'USD', 'up')).amountMinor).toBe(12_516n);
    // an exact result is not rounded up
    expect((await ledger.quote(10_000n, 'EUR', 'USD', 'up')).amountMinor).toBe(11_600n);
    expect(await ledger.quote(123n, 'USD', 'USD', 'up')).toMatchObject({
      amountMinor: 123n,
      rate: '1',
    });
  });

  test('a hold posted with a payout leaves in the payout currency through the exchange accounts', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 20_000n, `payout-${userId}`);
    const { holdId } = await ledger.createHold(testApp.db, {
      userId,
      currency: 'USD',
      amountMinor: 12_516n,
      reference: `payout-hold-${userId}`,
    });
    const before = {
      exchangeUsd: await ledger.platformBalance('USD', 'exchange'),
      exchangeRub: await ledger.platformBalance('RUB', 'exchange'),
      clearingRub: await ledger.platformBalance('RUB', 'provider_clearing'),
      feesRub: await ledger.platformBalance('RUB', 'fees'),
    };
    await expect(
      ledger.postHold(testApp.db, holdId, {
        to: platformAccount('USD', 'provider_clearing'),
        payout: { currency: 'RUB', amountMinor: 1_000_000n, rate: '0.01' },
      }),
    ).rejects.toThrow(RangeError);
    await ledger.postHold(testApp.db, holdId, {
      to: platformAccount('RUB', 'provider_clearing'),
      payout: {
        currency: 'RUB',
        amountMinor: 1_000_000n,
        feeMinor: 20_000n,
        rate: '0.01226993865030674846',
      },
    });
    expect((await ledger.platformBalance('USD', 'exchange')) - before.exchangeUsd).toBe(12_516n);
    expect((await ledger.platformBalance('RUB', 'exchange')) - before.exchangeRub).toBe(
      -1_020_000n,
    );
    expect((await ledger.platformBalance('RUB', 'provider_clearing')) - before.clearingRub).toBe(
      1_000_000n,
    );
    expect((await ledger.platformBalance('RUB', 'fees')) - before.feesRub).toBe(20_000n);
    expect(await ledger.balance(userId, 'USD', 'withdrawal_hold')).toBe(0n);
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(20_000n - 12_516n);
    await expectCleanLedger();
  });
});

describe('database guarantees', () => {
  test('postings and transactions cannot be updated or deleted', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 300n, `immutable-${userId}`);
    await expect(
      sql`UPDATE ledger_postings SET amount_minor = amount_minor * 2`.execute(testApp.db),
    ).rejects.toThrow(/immutable/);
    await expect(sql`DELETE FROM ledger_postings`.execute(testApp.db)).rejects.toThrow(/immutable/);
    await expect(
      sql`UPDATE ledger_transactions SET type = 'adjustment'`.execute(testApp.db),
    ).rejects.toThrow(/immutable/);
    await expect(sql`TRUNCATE ledger_postings CASCADE`.execute(testApp.db)).rejects.toThrow(
      /immutable/,
    );
  });

  test('a player balance cannot be made negative by direct SQL', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 300n, `negative-${userId}`);
    await expect(
      sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE user_id = ${userId}`.execute(
        testApp.db,
      ),
    ).rejects.toThrow(/ledger_accounts_player_balance_not_negative/);
  });

  /** The player's main USD account with 3.00 in it. */
  async function fundedAccount(label: string) {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 300n, `${label}-${userId}`);
    const account = await testApp.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { id: account.id, userId };
  }

  /** A platform account's id, the account made on first use as the ledger does. */
  async function platformAccountId(currency: string, kind: 'house'): Promise<bigint> {
    const { rows } = await sql<{ id: bigint }>`
      WITH made AS (
        INSERT INTO ledger_accounts (owner_type, currency, kind) VALUES ('platform', ${currency}, ${kind})
        ON CONFLICT ON CONSTRAINT ledger_accounts_account_key DO NOTHING RETURNING id
      )
      SELECT id FROM made
      UNION ALL
      SELECT id FROM ledger_accounts WHERE account_key = ${`platform::${currency}:${kind}`}`.execute(
      testApp.db,
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('no platform account');
    return id;
  }

  /** A transaction and its postings written by hand in one statement, as ledger_post does. */
  function postByHand(postings: Array<{ accountId: bigint; currency: string; amount: bigint }>) {
    return sql`
      WITH created AS (INSERT INTO ledger_transactions (type) VALUES ('adjustment') RETURNING id)
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
      SELECT c.id, p.account_id, p.currency, p.amount
      FROM created c CROSS JOIN unnest(
        ${postings.map((posting) => posting.accountId.toString())}::bigint[],
        ${postings.map((posting) => posting.currency)}::text[],
        ${postings.map((posting) => posting.amount.toString())}::bigint[]
      ) AS p (account_id, currency, amount)`.execute(testApp.db);
  }

  test('an unbalanced transaction cannot be written', async () => {
    const account = await fundedAccount('unbalanced');
    await expect(
      postByHand([{ accountId: account.id, currency: 'USD', amount: 100n }]),
    ).rejects.toThrow(/does not sum to zero/);
    // Balanced in total but not per currency.
    const house = await platformAccountId('EUR', 'house');
    await expect(
      postByHand([
        { accountId: account.id, currency: 'USD', amount: 100n },
        { accountId: house, currency: 'EUR', amount: -100n },
      ]),
    ).rejects.toThrow(/does not sum to zero/);
    await expectCleanLedger();
  });

  test('a transaction without postings cannot be written', async () => {
    await expect(
      sql`INSERT INTO ledger_transactions (type) VALUES ('adjustment')`.execute(testApp.db),
    ).rejects.toThrow(/has no postings/);
    // Written first and posted to by a later statement: the first statement already fails.
    await expect(
      testApp.db.transaction().execute(async (transaction) => {
        await sql`INSERT INTO ledger_transactions (type) VALUES ('adjustment')`.execute(
          transaction,
        );
      }),
    ).rejects.toThrow(/has no postings/);
    await expectCleanLedger();
  });

  test('a later posting cannot unbalance a written transaction', async () => {
    const account = await fundedAccount('later');
    const written = await sql<{ id: bigint }>`
      SELECT transaction_id AS id FROM ledger_postings WHERE account_id = ${account.id}`.execute(
      testApp.db,
    );
    const transactionId = written.rows[0]?.id;
    expect(transactionId).toBeDefined();
    await expect(
      sql`INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
        VALUES (${transactionId}, ${account.id}, 'USD', 1)`.execute(testApp.db),
    ).rejects.toThrow(/does not sum to zero/);
    await expectCleanLedger();
  });

  test('a posting needs an existing transaction and an account in its currency', async () => {
    const account = await fundedAccount('references');
    const house = await platformAccountId('USD', 'house');
    // In the right currency and balanced, to a transaction that does not exist.
    await expect(
      sql`INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
        VALUES (9000000000, ${account.id}, 'USD', 5), (9000000000, ${house}, 'USD', -5)`.execute(
        testApp.db,
      ),
    ).rejects.toThrow(/ledger transaction 9000000000 does not exist/);
    // An account that does not exist.
    await expect(
      postByHand([
        { accountId: 9_000_000_000n, currency: 'USD', amount: 5n },
        { accountId: house, currency: 'USD', amount: -5n },
      ]),
    ).rejects.toThrow(/posts to no account of the posting's currency/);
    // An existing account, in another currency than the posting's.
    await expect(
      postByHand([
        { accountId: account.id, currency: 'EUR', amount: 5n },
        { accountId: house, currency: 'EUR', amount: -5n },
      ]),
    ).rejects.toThrow(/posts to no account of the posting's currency/);
    await expectCleanLedger();
  });

  test('an account is permanent: it keeps its identity and cannot be deleted', async () => {
    const account = await fundedAccount('permanent');
    await expect(
      sql`DELETE FROM ledger_accounts WHERE id = ${account.id}`.execute(testApp.db),
    ).rejects.toThrow(/ledger accounts are permanent/);
    await expect(
      sql`UPDATE ledger_accounts SET currency = 'EUR' WHERE id = ${account.id}`.execute(testApp.db),
    ).rejects.toThrow(/ledger accounts are permanent/);
    await expect(
      sql`UPDATE ledger_accounts SET kind = 'bonus' WHERE id = ${account.id}`.execute(testApp.db),
    ).rejects.toThrow(/ledger accounts are permanent/);
    // Rolled back whatever happens: without its trigger, this would empty the ledger.
    await expect(
      testApp.db.transaction().execute(async (transaction) => {
        await sql`TRUNCATE ledger_accounts CASCADE`.execute(transaction);
        throw new Error('truncated');
      }),
    ).rejects.toThrow(/ledger accounts are permanent/);
    // Setting what does not change is allowed, and so is moving the timestamp.
    await sql`UPDATE ledger_accounts SET currency = 'USD', updated_at = now()
      WHERE id = ${account.id}`.execute(testApp.db);
    expect(await ledger.balance(account.userId, 'USD', 'main')).toBe(300n);
    await expectCleanLedger();
  });

  test('a transaction type and an account currency keep their formats', async () => {
    const account = await fundedAccount('formats');
    // A transaction of the type, in one statement, balanced and leaving the balance as it is.
    const ofType = (type: string) =>
      sql`
      WITH created AS (INSERT INTO ledger_transactions (type) VALUES (${type}) RETURNING id)
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
      SELECT c.id, ${account.id}, 'USD', p.amount
      FROM created c CROSS JOIN (VALUES (1::bigint), (-1::bigint)) AS p (amount)`.execute(
        testApp.db,
      );
    for (const type of ['', '_bet', 'Bet', 'bet-1', 'bet 1', 'bét', `b${'e'.repeat(50)}`]) {
      await expect(ofType(type), type).rejects.toThrow(/ledger_transactions_type_check/);
    }
    for (const type of ['b', 'bet', 'bet_', 'a_b_c', `b${'e'.repeat(49)}`]) await ofType(type);

    const ofCurrency = (currency: string) =>
      sql`INSERT INTO ledger_accounts (owner_type, currency, kind)
        VALUES ('platform', ${currency}, 'fees')`.execute(testApp.db);
    for (const currency of ['', 'U', 'usd', 'US1', 'US D', 'ÜSD', 'ABCDEFGHIJK']) {
      await expect(ofCurrency(currency), currency).rejects.toThrow(
        /ledger_accounts_currency_check/,
      );
    }
    for (const currency of ['XY', 'XYZ', 'ABCDEFGHIJ']) await ofCurrency(currency);
    await expectCleanLedger();
  });

  test('a settled hold cannot change again', async () => {
    const userId = await newPlayerId();
    await deposit(userId, 'USD', 300n, `hold-final-${userId}`);
    const { holdId } = await ledger.createHold(testApp.db, {
      userId,
      currency: 'USD',
      amountMinor: 300n,
      reference: `hold-final-${userId}`,
    });
    await ledger.voidHold(testApp.db, holdId);
    await expect(
      sql`UPDATE ledger_holds SET status = 'posted' WHERE id = ${holdId}`.execute(testApp.db),
    ).rejects.toThrow(/already voided/);
  });
});
