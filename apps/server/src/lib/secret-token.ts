import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what a client presents as its session token. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions store only this digest, so a leaked table does not leak usable tokens. */
export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A token we issued: 43 base64url characters. Anything else is rejected without a lookup. */
export function isWellFormedSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
