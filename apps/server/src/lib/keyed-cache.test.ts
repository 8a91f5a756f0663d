import { describe, expect, test, vi } from 'vitest';
import { manualMsClock } from '../../test/support/manual-ms-clock.ts';
import { KeyedCache } from './keyed-cache.ts';

/** A load whose calls stay pending until the test resolves or rejects them. */
function gatedLoad<Value>() {
  const calls: Array<{ resolve: (value: Value) => void; reject: (error: unknown) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<Value>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { calls, load };
}

/** A load answering `value-<n>` for its n-th call. */
function countingLoad() {
  let count = 0;
  return vi.fn(async () => {
    count += 1;
    return `value-${count}`;
  });
}

describe('KeyedCache', () => {
  test('answers a second get within the TTL without loading again', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const load = countingLoad();
    await expect(cache.get('k', load)).resolves.toBe('value-1');
    clock.advance(99);
    await expect(cache.get('k', load)).resolves.toBe('value-1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('keeps keys apart', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    await expect(cache.get('a', async () => 'A')).resolves.toBe('A');
    await expect(cache.get('b', async () => 'B')).resolves.toBe('B');
    const load = vi.fn(async () => 'other');
    await expect(cache.get('a', load)).resolves.toBe('A');
    await expect(cache.get('b', load)).resolves.toBe('B');
    expect(load).not.toHaveBeenCalled();
  });

  test('reloads once the TTL has passed', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const load = countingLoad();
    await cache.get('k', load);
    clock.advance(100);
    await expect(cache.get('k', load)).resolves.toBe('value-2');
    expect(load).toHaveBeenCalledTimes(2);
    // the reloaded value is kept for a new TTL
    clock.advance(50);
    await expect(cache.get('k', load)).resolves.toBe('value-2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('shares one load among concurrent misses of one key', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const { calls, load } = gatedLoad<string>();
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    const third = cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.resolve('shared');
    await expect(Promise.all([first, second, third])).resolves.toEqual([
      'shared',
      'shared',
      'shared',
    ]);
    await expect(cache.get('k', load)).resolves.toBe('shared');
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('does not share a load between different keys', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const { calls, load } = gatedLoad<string>();
    const a = cache.get('a', load);
    const b = cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[0]?.resolve('A');
    calls[1]?.resolve('B');
    await expect(Promise.all([a, b])).resolves.toEqual(['A', 'B']);
  });

  test('rejects the callers of a failed load and does not keep the failure', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const { calls, load } = gatedLoad<string>();
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    const failure = Promise.allSettled([first, second]);
    const error = new Error('database down');
    calls[0]?.reject(error);
    expect(await failure).toEqual([
      { status: 'rejected', reason: error },
      { status: 'rejected', reason: error },
    ]);
    expect(load).toHaveBeenCalledTimes(1);

    const retry = cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]?.resolve('recovered');
    await expect(retry).resolves.toBe('recovered');
    await expect(cache.get('k', load)).resolves.toBe('recovered');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('invalidate() drops every kept entry', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const load = countingLoad();
    await cache.get('a', load);
    await cache.get('b', load);
    cache.invalidate();
    await expect(cache.get('a', load)).resolves.toBe('value-3');
    await expect(cache.get('b', load)).resolves.toBe('value-4');
    expect(load).toHaveBeenCalledTimes(4);
  });

  test('answers the callers of a load in flight at invalidate() but does not keep it', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const { calls, load } = gatedLoad<string>();
    const stale = cache.get('k', load);
    cache.invalidate();

    // a get after invalidate() does not join the stale load
    const fresh = cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);

    calls[0]?.resolve('stale');
    await expect(stale).resolves.toBe('stale');
    calls[1]?.resolve('fresh');
    await expect(fresh).resolves.toBe('fresh');
    await expect(cache.get('k', load)).resolves.toBe('fresh');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('does not keep a load that finishes after invalidate() when nothing replaced it', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(100, clock.now);
    const { calls, load } = gatedLoad<string>();
    const stale = cache.get('k', load);
    cache.invalidate();
    calls[0]?.resolve('stale');
    await expect(stale).resolves.toBe('stale');

    const next = cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]?.resolve('fresh');
    await expect(next).resolves.toBe('fresh');
  });

  test('reloads when the clock goes backwards past the load time', async () => {
    const clock = manualMsClock(10_000);
    const cache = new KeyedCache<string>(100, clock.now);
    const load = countingLoad();
    await cache.get('k', load);
    clock.set(9_999);
    await expect(cache.get('k', load)).resolves.toBe('value-2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('starts afresh past maxEntries, so older keys load again', async () => {
    const clock = manualMsClock();
    const cache = new KeyedCache<string>(1_000, clock.now, 2);
    const load = vi.fn(async () => 'loaded');
    await cache.get('a', load);
    await cache.get('b', load);
    // both kept while at the limit
    await cache.get('a', load);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(2);

    // a third key clears the cache before being kept
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
