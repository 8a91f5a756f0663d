import type { PostgresCursor } from 'kysely';
import type pg from 'pg';
import { describe, expect, test, vi } from 'vitest';
import { autoPreparingPool, StatementNames } from './prepared-statements.ts';

describe('StatementNames', () => {
  test('names a text only once it has been seen `threshold` times, then keeps that name', () => {
    const names = new StatementNames(3);
    const text = 'select * from users where id = $1';
    expect(names.nameOf(text)).toBeUndefined();
    expect(names.nameOf(text)).toBeUndefined();
    expect(names.size).toBe(0);
    const name = names.nameOf(text);
    expect(name).toBeDefined();
    expect(names.size).toBe(1);
    for (let run = 0; run < 5; run += 1) expect(names.nameOf(text)).toBe(name);
    expect(names.size).toBe(1);
  });

  test('defaults to a threshold of 3', () => {
    const names = new StatementNames();
    const text = 'select 1 where $1';
    expect([names.nameOf(text), names.nameOf(text)]).toEqual([undefined, undefined]);
    expect(names.nameOf(text)).toMatch(/^auto_/);
  });

  test('gives a name starting with auto_, at most 63 characters, the same in every instance', () => {
    const text = `select ${'x, '.repeat(200)}y from t where id = $1`;
    const names = new StatementNames(1);
    const name = names.nameOf(text);
    expect(name).toMatch(/^auto_[A-Za-z0-9_-]+$/);
    expect(name?.length).toBeLessThanOrEqual(63);
    // the name is derived from the text, so every connection's pool agrees on it
    expect(new StatementNames(1).nameOf(text)).toBe(name);
  });

  test('gives different texts different names', () => {
    const names = new StatementNames(1);
    const first = names.nameOf('select * from a where id = $1');
    const second = names.nameOf('select * from b where id = $1');
    expect(first).toMatch(/^auto_/);
    expect(second).toMatch(/^auto_/);
    expect(first).not.toBe(second);
    expect(names.size).toBe(2);
  });

  test('counts each text on its own', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('q1 $1')).toBeUndefined();
    expect(names.nameOf('q2 $1')).toBeUndefined();
    expect(names.nameOf('q1 $1')).toMatch(/^auto_/);
    expect(names.nameOf('q3 $1')).toBeUndefined();
    expect(names.nameOf('q2 $1')).toMatch(/^auto_/);
  });

  test('gives no new names beyond max, while named texts keep theirs', () => {
    const names = new StatementNames(1, 2);
    const a = names.nameOf('a $1');
    const b = names.nameOf('b $1');
    expect(a).toMatch(/^auto_/);
    expect(b).toMatch(/^auto_/);
    for (let run = 0; run < 5; run += 1) expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.size).toBe(2);
    expect(names.nameOf('a $1')).toBe(a);
    expect(names.nameOf('b $1')).toBe(b);
  });
});

/** A pg client recording what it is asked; `query` relies on `this`, as pg's does. */
class FakeClient {
  readonly queries: unknown[] = [];
  readonly release = vi.fn();

  query(config: unknown) {
    this.queries.push(config);
    // like pg, a submittable (a cursor) is handed back
    if (typeof (config as { read?: unknown }).read === 'function') return config;
    return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
  }
}

/** A pg pool handing out the given clients in turn. */
function fakePool(...clients: FakeClient[]) {
  const connect = vi.fn(async () => {
    const client = clients.shift();
    if (!client) throw new Error('no client left');
    return client;
  });
  const end = vi.fn(async () => {});
  return { pool: { connect, end } as unknown as pg.Pool, connect, end };
}

describe('autoPreparingPool', () => {
  test('sends a query with parameters unnamed until it is hot, then named', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const adapter = await autoPreparingPool(pool, new StatementNames(2)).connect();
    const text = 'select * from users where id = $1';
    await adapter.query(text, [1]);
    await adapter.query(text, [2]);
    await adapter.query(text, [3]);
    const [first, second, third] = client.queries as Array<Record<string, unknown>>;
    expect(first).toEqual({ text, values: [1] });
    expect(first).not.toHaveProperty('name');
    expect(second).toEqual({ name: expect.stringMatching(/^auto_/), text, values: [2] });
    expect(third).toEqual({ name: second?.name, text, values: [3] });
  });

  test('uses the default threshold of 3 when given no names', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const adapter = await autoPreparingPool(pool).connect();
    for (let run = 0; run < 4; run += 1) await adapter.query('select $1', [run]);
    expect(client.queries.map((query) => 'name' in (query as object))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  test('sends a copy of the parameters, not the caller array', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const adapter = await autoPreparingPool(pool).connect();
    const parameters = [1, 'two'];
    await adapter.query('select $1, $2', parameters);
    const sent = client.queries[0] as { values: unknown[] };
    expect(sent.values).toEqual([1, 'two']);
    expect(sent.values).not.toBe(parameters);
  });

  test('never names a query without parameters', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const names = new StatementNames(1);
    const adapter = await autoPreparingPool(pool, names).connect();
    for (let run = 0; run < 10; run += 1) await adapter.query('begin', []);
    // as a caller not giving parameters at all would
    await (adapter.query as unknown as (text: string) => Promise<unknown>)('commit');
    expect(client.queries).toHaveLength(11);
    for (const query of client.queries.slice(0, 10)) {
      expect(query).toEqual({ text: 'begin', values: [] });
    }
    expect(client.queries[10]).toEqual({ text: 'commit', values: [] });
    expect(names.size).toBe(0);
  });

  test('passes a cursor through unchanged', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const names = new StatementNames(1);
    const adapter = await autoPreparingPool(pool, names).connect();
    const cursor: PostgresCursor<unknown> = {
      read: async () => [],
      close: async () => {},
    };
    const returned = adapter.query(cursor);
    expect(returned).toBe(cursor);
    expect(client.queries).toHaveLength(1);
    expect(client.queries[0]).toBe(cursor);
    expect(names.size).toBe(0);
  });

  test('returns what the client answers', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const adapter = await autoPreparingPool(pool).connect();
    await expect(adapter.query('select $1', [1])).resolves.toEqual({
      command: 'SELECT',
      rowCount: 0,
      rows: [],
    });
  });

  test('release() releases the client', async () => {
    const client = new FakeClient();
    const { pool } = fakePool(client);
    const adapter = await autoPreparingPool(pool).connect();
    expect(client.release).not.toHaveBeenCalled();
    adapter.release();
    expect(client.release).toHaveBeenCalledTimes(1);
  });

  test('answers the same adapter each time it connects to the same client', async () => {
    const client = new FakeClient();
    const other = new FakeClient();
    const { pool, connect } = fakePool(client, client, other);
    const wrappedPool = autoPreparingPool(pool);
    const first = await wrappedPool.connect();
    const second = await wrappedPool.connect();
    const third = await wrappedPool.connect();
    expect(connect).toHaveBeenCalledTimes(3);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    third.release();
    expect(other.release).toHaveBeenCalledTimes(1);
    expect(client.release).not.toHaveBeenCalled();
  });

  test('shares the names among all connections of the pool', async () => {
    const first = new FakeClient();
    const second = new FakeClient();
    const { pool } = fakePool(first, second);
    const wrappedPool = autoPreparingPool(pool, new StatementNames(2));
    const a = await wrappedPool.connect();
    const b = await wrappedPool.connect();
    await a.query('select $1', [1]);
    await b.query('select $1', [2]);
    expect(first.queries[0]).not.toHaveProperty('name');
    expect(second.queries[0]).toHaveProperty('name', expect.stringMatching(/^auto_/));
  });

  test('end() ends the pool', async () => {
    const { pool, end } = fakePool();
    await autoPreparingPool(pool).end();
    expect(end).toHaveBeenCalledTimes(1);
  });
});
