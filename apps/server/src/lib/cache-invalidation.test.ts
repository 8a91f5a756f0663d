import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import type { Database, DatabaseTransaction } from '../db/database.ts';
import { CacheInvalidation, cacheInvalidationChannel } from './cache-invalidation.ts';

/** A Kysely that runs nothing and records every statement it is given. */
function recordingDatabase() {
  const statements: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { db, statements };
}

/** An opener that queues after-commit work (as lib/transactions.ts does) until `commit()`. */
function openerQueuing() {
  const queued: Array<() => Promise<void>> = [];
  return {
    afterCommit: vi.fn((_executor: unknown, work: () => Promise<void>) => {
      queued.push(work);
      return true;
    }),
    async commit() {
      for (const work of queued.splice(0)) await work();
    },
  };
}

describe('CacheInvalidation', () => {
  test('a notification drops exactly the caches registered under its key, every one of them', () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const dropped: string[] = [];
    caches.register('casino.catalog', () => dropped.push('playable'));
    caches.register('casino.catalog', () => dropped.push('words'));
    caches.register('money.exchange_rates', () => dropped.push('rates'));

    caches.received('casino.catalog');
    expect(dropped).toEqual(['playable', 'words']);
    caches.received('money.exchange_rates');
    expect(dropped).toEqual(['playable', 'words', 'rates']);
  });

  test("a key no cache registered (another build's) and a malformed payload drop nothing", () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const drop = vi.fn();
    caches.register('casino.catalog', drop);
    for (const payload of ['casino', 'casino.catalog.extra', '', 'CASINO.CATALOG', '{"x":1}']) {
      caches.received(payload);
    }
    expect(drop).not.toHaveBeenCalled();
  });

  test('a payload naming one item hands it to the drops of its key; without one they drop all', () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const drop = vi.fn();
    caches.register('players.sessions', drop);
    caches.received('players.sessions:6c1e0f5e-2c55-4a4e-9f0e-3f7c0f5d3b1a');
    expect(drop).toHaveBeenLastCalledWith('6c1e0f5e-2c55-4a4e-9f0e-3f7c0f5d3b1a');
    caches.received('players.sessions');
    expect(drop.mock.lastCall?.[0]).toBeUndefined();
    caches.missed();
    expect(drop.mock.lastCall?.[0]).toBeUndefined();
    caches.received('players.session:x');
    expect(drop).toHaveBeenCalledTimes(3);
  });

  test('listening is false until the listener says so; losing it drops every cache', () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const drop = vi.fn();
    caches.register('players.sessions', drop);
    expect(caches.listening).toBe(false);
    caches.setListening(true);
    expect(caches.listening).toBe(true);
    expect(drop).not.toHaveBeenCalled();
    caches.setListening(false);
    expect(caches.listening).toBe(false);
    expect(drop).toHaveBeenCalledTimes(1);
    expect(drop.mock.lastCall?.[0]).toBeUndefined();
  });

  test('missed notifications (the listener reconnected) drop every cache', () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const drops = [vi.fn(), vi.fn(), vi.fn()];
    caches.register('casino.catalog', drops[0] as () => void);
    caches.register('casino.catalog', drops[1] as () => void);
    caches.register('tournaments.open', drops[2] as () => void);
    caches.missed();
    for (const drop of drops) expect(drop).toHaveBeenCalledTimes(1);
  });

  test('a key is lower-case words joined by dots or underscores', () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    for (const key of [
      '',
      'Casino.catalog',
      'casino..catalog',
      'casino catalog',
      '.casino',
      'a-b',
    ]) {
      expect(() => caches.register(key, () => {})).toThrow(RangeError);
    }
    expect(() => caches.register('settings.restricted_countries', () => {})).not.toThrow();
  });

  test('a change sends a NOTIFY on the channel within the transaction and drops here only once it committed', async () => {
    const opener = openerQueuing();
    const caches = new CacheInvalidation({ transactions: opener });
    const drop = vi.fn();
    caches.register('casino.catalog', drop);
    const { db, statements } = recordingDatabase();
    const transaction = db as unknown as DatabaseTransaction;

    await caches.changed(transaction, 'casino.catalog');
    expect(statements.map((statement) => [statement.sql, statement.parameters])).toEqual([
      ['SELECT pg_notify($1, $2)', [cacheInvalidationChannel, 'casino.catalog']],
    ]);
    expect(opener.afterCommit).toHaveBeenCalledWith(transaction, expect.any(Function));
    // not before the commit: a read meanwhile would keep the old row again
    expect(drop).not.toHaveBeenCalled();
    await opener.commit();
    expect(drop).toHaveBeenCalledTimes(1);
  });

  test('in a transaction the opener does not know, the change drops here at once', async () => {
    const caches = new CacheInvalidation({ transactions: { afterCommit: () => false } });
    const drop = vi.fn();
    caches.register('tournaments.open', drop);
    const { db } = recordingDatabase();
    await caches.changed(db as unknown as DatabaseTransaction, 'tournaments.open');
    expect(drop).toHaveBeenCalledTimes(1);
  });

  test('a change under a key no cache registered is a programming error, refused before any SQL', async () => {
    const caches = new CacheInvalidation({ transactions: openerQueuing() });
    const { db, statements } = recordingDatabase();
    await expect(
      caches.changed(db as unknown as DatabaseTransaction, 'casino.catalgo'),
    ).rejects.toThrow('no cache is registered under "casino.catalgo"');
    expect(statements).toEqual([]);
  });
});
