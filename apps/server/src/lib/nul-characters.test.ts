import { describe, expect, test } from 'vitest';
import { containsNul, fieldsWithNul, maxNulFieldsReported } from './nul-characters.ts';

describe('fieldsWithNul', () => {
  test('names strings and keys holding U+0000 at any depth, in the order written', () => {
    const value = {
      name: 'fine',
      'key\u0000': 1,
      items: [{ title: 'a\u0000' }, 'ok', ['x', '\u0000']],
      nested: { deeper: { text: '\u0000end' } },
    };
    expect(fieldsWithNul(value, 'body')).toEqual([
      'key\u0000',
      'items.0.title',
      'items.2.1',
      'nested.deeper.text',
    ]);
  });

  test('the value itself is named by its root', () => {
    expect(fieldsWithNul('a\u0000b', 'body')).toEqual(['body']);
    expect(fieldsWithNul('clean', 'body')).toEqual([]);
    expect(fieldsWithNul(undefined, 'body')).toEqual([]);
    expect(fieldsWithNul(Buffer.from('a\u0000b'), 'body')).toEqual([]);
  });

  test('other characters, numbers and booleans pass', () => {
    expect(
      fieldsWithNul({ a: '\u0001\uffff\ud83c\udfb0', b: 0, c: false, d: null }, 'body'),
    ).toEqual([]);
    expect(containsNul({ a: ['\u0000'] })).toBe(true);
    expect(containsNul({ a: ['\u0001'] })).toBe(false);
  });

  test('names at most the first fields', () => {
    const many = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`f${index}`, '\u0000']),
    );
    const fields = fieldsWithNul(many, 'body');
    expect(fields).toHaveLength(maxNulFieldsReported);
    expect(fields[0]).toBe('f0');
  });

  test('a value nested far deeper than the call stack is walked without exhausting the call stack', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const [field] = fieldsWithNul(deep, 'body');
    expect(field?.split('.')).toHaveLength(200_000);
  });
});
