import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { PasswordWorkLimiter, type PasswordWorkLimits } from './password-work-limiter.ts';

export type { PasswordWorkLimits } from './password-work-limiter.ts';

/** argon2id cost: memory in KiB, passes, lanes. */
export interface PasswordHashingOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * Production's argon2id parameters: the first configuration of the OWASP Password Storage Cheat
 * Sheet (m = 19 MiB, t = 2, p = 1), about 60 ms of one core here. Not the `argon2` package's
 * defaults (64 MiB, 3 passes, 4 lanes: about 5 times the work and 4 threads per hash), which
 * earlier accounts were hashed with; those still verify, and are hashed again with these at
 * their next sign-in.
 */
export const productionPasswordHashing: PasswordHashingOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The argon2 work of one admitted unit (see `PasswordHasher.admit`). */
export interface PasswordOperations {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same effort as a real verification, for unknown accounts, so response times do
   * not reveal which e-mail addresses are registered.
   */
  verifyAgainstDummy(password: string): Promise<void>;
  /** Whether a stored hash was made with other parameters than today's (no hashing). */
  needsRehash(hash: string): boolean;
}

export interface PasswordHasher {
  /**
   * Runs one sign-in, sign-up or other password work with the argon2 operations, or throws 429
   * `server_busy` at once when this process has as much password work as it takes
   * (password-work-limiter.ts). Every argon2 call goes through here.
   */
  admit<T>(work: (passwords: PasswordOperations) => Promise<T>): Promise<T>;
}

export function createPasswordHasher(
  options: PasswordHashingOptions,
  limits: PasswordWorkLimits,
): PasswordHasher {
  const hashOptions = { type: argon2.argon2id, ...options };
  const limiter = new PasswordWorkLimiter(limits);
  let dummyHash: Promise<string> | undefined;

  const operations: PasswordOperations = {
    hash: (password) => limiter.hashing(() => argon2.hash(password, hashOptions)),
    verify: (hash, password) =>
      limiter.hashing(async () => {
        try {
          return await argon2.verify(hash, password);
        } catch {
          return false;
        }
      }),
    async verifyAgainstDummy(password) {
      dummyHash ??= operations.hash(randomBytes(32).toString('base64url')).catch((error) => {
        dummyHash = undefined;
        throw error;
      });
      await operations.verify(await dummyHash, password);
    },
    needsRehash(hash) {
      try {
        return argon2.needsRehash(hash, options);
      } catch {
        return true;
      }
    },
  };
  return { admit: (work) => limiter.admit(() => work(operations)) };
}
