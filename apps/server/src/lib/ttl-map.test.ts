import { describe, expect, test } from 'vitest';
import { manualMsClock } from '../../test/support/manual-ms-clock.ts';
import { TtlMap } from './ttl-map.ts';

describe('TtlMap', () => {
  test('answers what was set, per key, and nothing for a key never set', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now);
    map.set('a', 'A');
    map.set('b', 'B');
    expect(map.get('a')).toBe('A');
    expect(map.get('b')).toBe('B');
    expect(map.get('c')).toBeUndefined();
    expect(map.size).toBe(2);
  });

  test('keeps an entry until exactly ttlMs after it was set', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now);
    map.set('k', 'v');
    clock.advance(99);
    expect(map.get('k')).toBe('v');
    clock.advance(1);
    expect(map.get('k')).toBeUndefined();
    // an expired entry read is forgotten, and stays forgotten
    expect(map.size).toBe(0);
    clock.set(1_050);
    expect(map.get('k')).toBeUndefined();
  });

  test('forgets an entry when the clock goes back before it was set', () => {
    const clock = manualMsClock(5_000);
    const map = new TtlMap<string>(100, clock.now);
    map.set('k', 'v');
    clock.set(4_999);
    expect(map.get('k')).toBeUndefined();
    expect(map.size).toBe(0);
    // and it does not come back once the clock is forward again
    clock.set(5_010);
    expect(map.get('k')).toBeUndefined();
  });

  test('setting a key again replaces its value and starts its age afresh', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now);
    map.set('k', 'first');
    clock.advance(80);
    map.set('k', 'second');
    clock.advance(80);
    // 160 ms after the first set, 80 ms after the second
    expect(map.get('k')).toBe('second');
    clock.advance(19);
    expect(map.get('k')).toBe('second');
    clock.advance(1);
    expect(map.get('k')).toBeUndefined();
  });

  test('delete forgets one key only; deleting an absent key is harmless', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now);
    map.set('a', 'A');
    map.set('b', 'B');
    map.delete('a');
    map.delete('absent');
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBe('B');
    expect(map.size).toBe(1);
  });

  test('keeps falsy values', () => {
    const clock = manualMsClock();
    const map = new TtlMap<number | string | null>(100, clock.now);
    map.set('zero', 0);
    map.set('empty', '');
    map.set('null', null);
    expect(map.get('zero')).toBe(0);
    expect(map.get('empty')).toBe('');
    expect(map.get('null')).toBeNull();
  });

  test('full, a new key clears the map first; an existing key does not', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now, 2);
    map.set('a', 'A');
    map.set('b', 'B');
    expect(map.size).toBe(2);

    // a key already held: replaced in place, nothing else forgotten
    map.set('a', 'A2');
    expect(map.size).toBe(2);
    expect(map.get('a')).toBe('A2');
    expect(map.get('b')).toBe('B');

    // a new key: the map starts afresh with it
    map.set('c', 'C');
    expect(map.size).toBe(1);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBeUndefined();
    expect(map.get('c')).toBe('C');

    // below the limit again: keys are added without clearing
    map.set('d', 'D');
    expect(map.size).toBe(2);
    expect(map.get('c')).toBe('C');
    expect(map.get('d')).toBe('D');
  });

  test('a deleted key frees its place', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now, 2);
    map.set('a', 'A');
    map.set('b', 'B');
    map.delete('a');
    map.set('c', 'C');
    expect(map.size).toBe(2);
    expect(map.get('b')).toBe('B');
    expect(map.get('c')).toBe('C');
  });

  test('holds a single entry when maxEntries is 1', () => {
    const clock = manualMsClock();
    const map = new TtlMap<string>(100, clock.now, 1);
    map.set('a', 'A');
    map.set('a', 'A2');
    expect(map.get('a')).toBe('A2');
    map.set('b', 'B');
    expect(map.size).toBe(1);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBe('B');
  });

  test('refuses to hold fewer than one entry', () => {
    const clock = manualMsClock();
    expect(() => new TtlMap<string>(100, clock.now, 0)).toThrow(RangeError);
    expect(() => new TtlMap<string>(100, clock.now, -1)).toThrow(RangeError);
    expect(() => new TtlMap<string>(100, clock.now, Number.NaN)).toThrow(RangeError);
    expect(() => new TtlMap<string>(100, clock.now, 1)).not.toThrow();
    expect(() => new TtlMap<string>(100, clock.now)).not.toThrow();
  });
});
