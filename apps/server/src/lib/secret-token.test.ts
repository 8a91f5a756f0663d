import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import {
  generateSessionToken,
  hashSessionToken,
  isWellFormedSessionToken,
} from './secret-token.ts';

test('tokens are 32 random bytes in base64url, and distinct', () => {
  const tokens = new Set(Array.from({ length: 100 }, generateSessionToken));
  expect(tokens.size).toBe(100);
  for (const token of tokens) {
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedSessionToken(token)).toBe(true);
  }
});

test('the stored form is the SHA-256 digest', () => {
  const token = generateSessionToken();
  expect(hashSessionToken(token).equals(createHash('sha256').update(token).digest())).toBe(true);
});

test('anything else is not a session token', () => {
  for (const value of ['', 'abc', `${'a'.repeat(42)}=`, 'a'.repeat(44), `${'a'.repeat(42)}/`]) {
    expect(isWellFormedSessionToken(value)).toBe(false);
  }
});
