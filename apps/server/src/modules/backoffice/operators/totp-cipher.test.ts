import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { newTotpSecret } from './totp.ts';
import { TotpSecretCipher } from './totp-cipher.ts';

describe('TotpSecretCipher', () => {
  const cipher = new TotpSecretCipher(randomBytes(32));
  const operatorId = randomUUID();

  test('a secret round-trips, never stored as itself, and fits the column', () => {
    const secret = newTotpSecret();
    const stored = cipher.encrypt(secret, operatorId);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(stored).not.toContain(secret);
    expect(stored.length).toBeLessThanOrEqual(256);
    expect(cipher.decrypt(stored, operatorId)).toBe(secret);
    // a fresh nonce each time
    expect(cipher.encrypt(secret, operatorId)).not.toBe(stored);
  });

  test('another key, another operator or an altered value does not decrypt', () => {
    const stored = cipher.encrypt(newTotpSecret(), operatorId);
    expect(() => new TotpSecretCipher(randomBytes(32)).decrypt(stored, operatorId)).toThrow();
    expect(() => cipher.decrypt(stored, randomUUID())).toThrow();
    const bytes = Buffer.from(stored.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v1:${bytes.toString('base64')}`, operatorId)).toThrow();
    expect(() => cipher.decrypt('v1:AAAA', operatorId)).toThrow();
  });

  test('a secret stored plain before encryption reads as itself', () => {
    const secret = newTotpSecret();
    expect(TotpSecretCipher.isEncrypted(secret)).toBe(false);
    expect(cipher.decrypt(secret, operatorId)).toBe(secret);
  });

  test('the key must be 32 bytes', () => {
    expect(() => new TotpSecretCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
