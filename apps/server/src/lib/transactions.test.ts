import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, DatabaseTransaction } from '../db/database.ts';
import { maxTransactionAttempts, Transactions } from './transactions.ts';

/** A pool whose transactions are plain objects; `failures` attempts fail with `code` at commit. */
function fakePool(failures: number, code = '40001') {
  const opened: Array<{ isolation?: string; readOnly: boolean }> = [];
  let attempts = 0;
  const db = {
    transaction() {
      const settings: { isolation?: string; readOnly: boolean } = { readOnly: false };
      const builder = {
        setIsolationLevel(level: string) {
          settings.isolation = level;
          return builder;
        },
        setAccessMode(mode: string) {
          settings.readOnly = mode === 'read only';
          return builder;
        },
        async execute<T>(fn: (transaction: DatabaseTransaction) => Promise<T>): Promise<T> {
          opened.push(settings);
          attempts += 1;
          const transaction = { isTransaction: true, attempt: attempts };
          const value = await fn(transaction as unknown as DatabaseTransaction);
          if (attempts <= failures) throw Object.assign(new Error('conflict'), { code });
          return value;
        },
      };
      return builder;
    },
  };
  return { db: db as unknown as Kysely<Database>, opened, attempts: () => attempts };
}

const noPause = { maxAttempts: maxTransactionAttempts, backoffMs: 0 };

describe('Transactions (the one opener)', () => {
  it('runs the whole function again after 40001 and 40P01, at most maxTransactionAttempts times', async () => {
    const pool = fakePool(2, '40P01');
    const transactions = new Transactions({ db: pool.db, retry: noPause });
    expect(await transactions.run(async () => 'done')).toBe('done');
    expect(pool.attempts()).toBe(3);

    const failing = fakePool(99);
    const giveUp = new Transactions({ db: failing.db, retry: noPause });
    await expect(giveUp.run(async () => 'never')).rejects.toMatchObject({ code: '40001' });
    expect(failing.attempts()).toBe(maxTransactionAttempts);
  });

  it('does not retry other errors, nor a function asked to run once', async () => {
    const other = fakePool(1, '23505');
    await expect(
      new Transactions({ db: other.db, retry: noPause }).run(async () => 1),
    ).rejects.toMatchObject({ code: '23505' });
    expect(other.attempts()).toBe(1);

    const once = fakePool(1);
    await expect(
      new Transactions({ db: once.db, retry: noPause }).run(async () => 1, { retry: false }),
    ).rejects.toMatchObject({ code: '40001' });
    expect(once.attempts()).toBe(1);
  });

  it('opens with the isolation and access mode asked for, READ COMMITTED (default) otherwise', async () => {
    const pool = fakePool(0);
    const transactions = new Transactions({ db: pool.db, retry: noPause });
    await transactions.run(async () => 1);
    await transactions.run(async () => 1, { isolationLevel: 'repeatable read', readOnly: true });
    expect(pool.opened).toEqual([
      { readOnly: false },
      { isolation: 'repeatable read', readOnly: true },
    ]);
  });

  it('runs a before-commit hook once, inside the transaction, with every item gathered', async () => {
    const pool = fakePool(0);
    const transactions = new Transactions({ db: pool.db, retry: noPause });
    const heard: Array<{ transaction: unknown; items: string[] }> = [];
    const announce = async (transaction: DatabaseTransaction, items: string[]) => {
      heard.push({ transaction, items });
    };
    let inside: unknown = null;
    await transactions.run(async (transaction) => {
      inside = transaction;
      expect(transactions.beforeCommit(transaction, announce, ['a'])).toBe(true);
      expect(transactions.beforeCommit(transaction, announce, ['b', 'a'])).toBe(true);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([{ transaction: inside, items: ['a', 'b', 'a'] }]);
    // not a transaction of this opener: nothing queued, the caller does the work itself
    expect(transactions.beforeCommit(pool.db, announce, ['c'])).toBe(false);
    expect(transactions.afterCommit(pool.db, async () => {})).toBe(false);
  });

  it('a before-commit hook may gather more work; all of it runs before the commit', async () => {
    const pool = fakePool(0);
    const transactions = new Transactions({ db: pool.db, retry: noPause });
    const order: string[] = [];
    const second = async (_: DatabaseTransaction, items: number[]) => {
      order.push(`second ${items.join(',')}`);
    };
    const first = async (transaction: DatabaseTransaction, items: number[]) => {
      order.push(`first ${items.join(',')}`);
      transactions.beforeCommit(transaction, second, [items.length]);
    };
    await transactions.run(async (transaction) => {
      transactions.beforeCommit(transaction, first, [1, 2]);
      transactions.afterCommit(transaction, async () => {
        order.push('after commit');
      });
    });
    expect(order).toEqual(['first 1,2', 'second 2', 'after commit']);
  });

  it('runs after-commit work of the attempt that committed only, and reports its failures', async () => {
    const pool = fakePool(1);
    const reported: unknown[] = [];
    const transactions = new Transactions({
      db: pool.db,
      retry: noPause,
      reportError: (error) => reported.push(error),
    });
    const ran: number[] = [];
    const result = await transactions.run(async (transaction) => {
      const attempt = (transaction as unknown as { attempt: number }).attempt;
      transactions.afterCommit(transaction, async () => {
        ran.push(attempt);
        throw new Error(`after ${attempt}`);
      });
      transactions.afterCommit(transaction, async () => {
        ran.push(attempt * 10);
      });
      return attempt;
    });
    expect(result).toBe(2);
    expect(ran).toEqual([2, 20]);
    expect(reported).toEqual([new Error('after 2')]);
  });
});
