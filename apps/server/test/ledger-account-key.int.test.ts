import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountKey } from '../src/modules/money/ledger/account-key.ts';
import {
  type AccountRef,
  type LedgerService,
  type PlatformAccountKind,
  type PlayerAccountKind,
  platformAccount,
  playerAccount,
} from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, registerPlayer, type TestApp, userIdOf } from './support/app.ts';

let testApp: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  testApp = await createTestApp();
  ledger = testApp.app.services.ledger;
});
afterAll(async () => {
  await testApp.close();
});

describe('the account key: one format in TypeScript and in the database', () => {
  test('accountKey gives the generated account_key of every account the ledger creates', async () => {
    const userId = await userIdOf(testApp, await registerPlayer(testApp.app));
    const moves: Array<[AccountRef, AccountRef]> = [
      [platformAccount('USD', 'provider_clearing'), playerAccount(userId, 'USD', 'main')],
      [platformAccount('BTC', 'house'), playerAccount(userId, 'BTC', 'bonus')],
      [platformAccount('EUR', 'fees'), playerAccount(userId, 'EUR', 'withdrawal_hold')],
    ];
    for (const [index, [from, to]] of moves.entries()) {
      await ledger.postTransaction(testApp.db, {
        type: 'deposit',
        externalReference: `account-key:${userId}:${index}`,
        postings: [
          { account: from, amountMinor: -100n },
          { account: to, amountMinor: 100n },
        ],
      });
    }

    const rows = await testApp.db
      .selectFrom('ledger_accounts')
      .select(['owner_type', 'user_id', 'currency', 'kind', 'account_key'])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      const account: AccountRef =
        row.owner_type === 'player'
          ? playerAccount(row.user_id ?? '', row.currency, row.kind as PlayerAccountKind)
          : platformAccount(row.currency, row.kind as PlatformAccountKind);
      expect(accountKey(account)).toBe(row.account_key);
    }
    // the player's three accounts are found by the key the repository computes
    expect(await ledger.balance(userId, 'USD', 'main')).toBe(100n);
    expect(await ledger.balance(userId.toUpperCase(), 'BTC', 'bonus')).toBe(100n);
    expect(await ledger.platformBalance('USD', 'provider_clearing')).toBeLessThanOrEqual(-100n);
  });
});
