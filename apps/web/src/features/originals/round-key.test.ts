import { describe, expect, it } from 'vitest';
import { roundAttemptFor } from './round-key';

describe('roundAttemptFor', () => {
  let counter = 0;
  const newKey = () => {
    counter += 1;
    return `key-${counter}`;
  };

  it('reuses the open attempt for the same request (a retry after a lost answer)', () => {
    const first = roundAttemptFor(null, { bet: '1', params: { target: 50 } }, newKey);
    const again = roundAttemptFor(first, { bet: '1', params: { target: 50 } }, newKey);
    expect(again.key).toBe(first.key);
  });

  it('starts a new attempt for another request or once the last one was answered', () => {
    const first = roundAttemptFor(null, { bet: '1' }, newKey);
    expect(roundAttemptFor(first, { bet: '2' }, newKey).key).not.toBe(first.key);
    expect(roundAttemptFor(null, { bet: '1' }, newKey).key).not.toBe(first.key);
  });
});
