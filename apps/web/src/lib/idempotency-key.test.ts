import { describe, expect, it } from 'vitest';
import { attemptFor } from './idempotency-key';

describe('attemptFor', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('starts an attempt with a fresh key', () => {
    expect(attemptFor(null, { amount: '100' }, newKey).key).toMatch(/^key-/);
  });

  it('reuses the key when the same body is retried', () => {
    const first = attemptFor(null, { amount: '100', bankId: 'm' }, newKey);
    expect(attemptFor(first, { amount: '100', bankId: 'm' }, newKey).key).toBe(first.key);
  });

  it('takes a new key when the body changed', () => {
    const first = attemptFor(null, { amount: '100' }, newKey);
    expect(attemptFor(first, { amount: '200' }, newKey).key).not.toBe(first.key);
  });
});
