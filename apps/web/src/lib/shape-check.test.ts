import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  boolean,
  either,
  integer,
  invalid,
  nullable,
  object,
  oneOf,
  parseShape,
  recordOf,
  string,
} from './shape-check';

describe('shape checks', () => {
  it('keeps only the keys an object names and refuses a missing one', () => {
    const point = object({ x: integer(), label: string() });
    expect(parseShape(point, { x: 1, label: 'a', extra: true })).toEqual({ x: 1, label: 'a' });
    expect(parseShape(point, { x: 1 })).toBeNull();
    expect(parseShape(point, [1, 'a'])).toBeNull();
    expect(parseShape(point, null)).toBeNull();
  });

  it('checks integers within bounds, never fractions or unsafe ones', () => {
    const small = integer(2, 11);
    expect(small(2)).toBe(2);
    expect(small(11)).toBe(11);
    for (const value of [1, 12, 2.5, '3', Number.NaN, 2 ** 60]) expect(small(value)).toBe(invalid);
    expect(integer(1)(0)).toBe(invalid);
  });

  it('checks strings by a test, enums, booleans and null', () => {
    const digits = string((value) => /^\d+$/.test(value));
    expect(digits('42')).toBe('42');
    expect(digits('4x')).toBe(invalid);
    expect(oneOf(['a', 'b'])('b')).toBe('b');
    expect(oneOf(['a', 'b'])('c')).toBe(invalid);
    expect(boolean(false)).toBe(false);
    expect(boolean(0)).toBe(invalid);
    expect(nullable(digits)(null)).toBeNull();
    expect(nullable(digits)(undefined)).toBe(invalid);
    expect(either(integer(0), oneOf(['all']))('all')).toBe('all');
    expect(either(integer(0), oneOf(['all']))(-1)).toBe(invalid);
  });

  it('checks every item of an array and a record, and an array’s length', () => {
    expect(arrayOf(integer(), 2)([1, 2])).toEqual([1, 2]);
    expect(arrayOf(integer(), 2)([1, 2, 3])).toBe(invalid);
    expect(arrayOf(integer())([1, 'x'])).toBe(invalid);
    expect(recordOf(string())({ a: 'x', b: 'y' })).toEqual({ a: 'x', b: 'y' });
    expect(recordOf(string())({ a: 1 })).toBe(invalid);
    expect(recordOf(string())(['x'])).toBe(invalid);
  });
});
