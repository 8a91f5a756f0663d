import { describe, expect, test } from 'vitest';
import { SessionCache, type SessionCacheEntry } from './session-cache.ts';

function cacheWith(options: { ttlMs?: number; listening?: boolean } = {}) {
  let nowMs = 1_000_000;
  let listening = options.listening ?? true;
  const cache = new SessionCache<string>({
    ttlMs: options.ttlMs ?? 30_000,
    lastSeenResolutionMs: 60_000,
    nowMs: () => nowMs,
    listening: () => listening,
    maxEntries: 3,
  });
  return {
    cache,
    advance(ms: number) {
      nowMs += ms;
    },
    now: () => nowMs,
    setListening(value: boolean) {
      listening = value;
    },
  };
}

function entry(
  player: string,
  userId: string,
  nowMs: number,
  overrides: Partial<SessionCacheEntry<string>> = {},
): SessionCacheEntry<string> {
  return { player, userId, expiresAtMs: nowMs + 3_600_000, lastSeenAtMs: nowMs, ...overrides };
}

/** A read begun now and kept at once. */
function read(cache: SessionCache<string>, key: string, value: SessionCacheEntry<string>) {
  cache.keep(key, cache.begin(), value);
}

describe('SessionCache', () => {
  test('answers what a read kept until its TTL, then reads again', () => {
    const { cache, advance, now } = cacheWith({ ttlMs: 30_000 });
    read(cache, 'token-a', entry('ada', 'user-1', now()));
    expect(cache.get('token-a')).toBe('ada');
    advance(29_999);
    expect(cache.get('token-a')).toBe('ada');
    advance(1);
    expect(cache.get('token-a')).toBeUndefined();
  });

  test("never answers past the session's expiry or when last_seen_at must be written", () => {
    const { cache, advance, now } = cacheWith({ ttlMs: 60_000 });
    read(cache, 'expiring', entry('ada', 'user-1', now(), { expiresAtMs: now() + 1_000 }));
    read(cache, 'seen-long-ago', entry('bob', 'user-2', now(), { lastSeenAtMs: now() - 59_000 }));
    advance(999);
    expect(cache.get('expiring')).toBe('ada');
    expect(cache.get('seen-long-ago')).toBe('bob');
    advance(1);
    expect(cache.get('expiring')).toBeUndefined();
    expect(cache.get('seen-long-ago')).toBeUndefined();
  });

  test("a player's drop removes every session of theirs and no one else's", () => {
    const { cache, now } = cacheWith();
    read(cache, 'ada-phone', entry('ada', 'user-1', now()));
    read(cache, 'ada-laptop', entry('ada', 'user-1', now()));
    read(cache, 'bob', entry('bob', 'user-2', now()));
    cache.dropPlayer('user-1');
    expect(cache.get('ada-phone')).toBeUndefined();
    expect(cache.get('ada-laptop')).toBeUndefined();
    expect(cache.get('bob')).toBe('bob');
    cache.dropAll();
    expect(cache.get('bob')).toBeUndefined();
  });

  test('a read that began before a drop of its player, or of all, is not kept', () => {
    const { cache, now } = cacheWith();
    const before = cache.begin();
    const other = cache.begin();
    cache.dropPlayer('user-1');
    cache.keep('ada', before, entry('ada', 'user-1', now()));
    expect(cache.get('ada')).toBeUndefined();
    // another player's read is kept: only the dropped player's reads are stale
    cache.keep('bob', other, entry('bob', 'user-2', now()));
    expect(cache.get('bob')).toBe('bob');

    const beforeAll = cache.begin();
    cache.dropAll();
    cache.keep('carol', beforeAll, entry('carol', 'user-3', now()));
    expect(cache.get('carol')).toBeUndefined();
    // a read begun after the drop is kept
    read(cache, 'ada', entry('ada', 'user-1', now()));
    expect(cache.get('ada')).toBe('ada');
  });

  test('keeps and answers nothing while the invalidations are not heard', () => {
    const deaf = cacheWith({ listening: false });
    read(deaf.cache, 'ada', entry('ada', 'user-1', deaf.now()));
    expect(deaf.cache.size).toBe(0);

    const { cache, now, setListening } = cacheWith();
    read(cache, 'ada', entry('ada', 'user-1', now()));
    setListening(false);
    expect(cache.get('ada')).toBeUndefined();
    setListening(true);
    expect(cache.get('ada')).toBeUndefined();
  });

  test('a TTL of 0 keeps nothing; past its size it starts afresh', () => {
    const off = cacheWith({ ttlMs: 0 });
    read(off.cache, 'ada', entry('ada', 'user-1', off.now()));
    expect(off.cache.get('ada')).toBeUndefined();

    const { cache, now } = cacheWith();
    for (const name of ['a', 'b', 'c']) read(cache, name, entry(name, `user-${name}`, now()));
    expect(cache.size).toBe(3);
    read(cache, 'd', entry('d', 'user-d', now()));
    expect(cache.size).toBe(1);
    expect(cache.get('d')).toBe('d');
  });
});
