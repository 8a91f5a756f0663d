import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id cost; the defaults are the argon2 package's (64 MiB, 3 passes, 4 lanes). */
export interface PasswordHashingOptions {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same effort as a real verification, for unknown accounts, so response times do
   * not reveal which e-mail addresses are registered.
   */
  verifyAgainstDummy(password: string): Promise<void>;
}

export function createPasswordHasher(options: PasswordHashingOptions = {}): PasswordHasher {
  const hashOptions = { type: argon2.argon2id, ...options };
  let dummyHash: Promise<string> | undefined;

  const hasher: PasswordHasher = {
    hash: (password) => argon2.hash(password, hashOptions),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    async verifyAgainstDummy(password) {
      dummyHash ??= argon2.hash(randomBytes(32).toString('base64url'), hashOptions);
      await hasher.verify(await dummyHash, password);
    },
  };
  return hasher;
}
