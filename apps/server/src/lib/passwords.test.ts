import argon2 from 'argon2';
import { describe, expect, test } from 'vitest';
import { AppError } from './app-error.ts';
import { createPasswordHasher, productionPasswordHashing } from './passwords.ts';

describe('password hashing', () => {
  test('production hashes with argon2id at OWASP parameters: 19 MiB, 2 passes, 1 lane', async () => {
    expect(productionPasswordHashing).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hasher = createPasswordHasher(productionPasswordHashing, {
      concurrency: 1,
      queueLength: 0,
    });
    await hasher.admit(async (passwords) => {
      const hash = await passwords.hash('correct horse battery');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await passwords.verify(hash, 'correct horse battery')).toBe(true);
      expect(await passwords.verify(hash, 'correct horse battery ')).toBe(false);
      expect(await passwords.verify('not a hash', 'correct horse battery')).toBe(false);
      expect(passwords.needsRehash(hash)).toBe(false);
      // an account hashed with other parameters (cheap ones here, to keep the test short)
      const previous = await argon2.hash('correct horse battery', {
        type: argon2.argon2id,
        memoryCost: 4096,
        timeCost: 3,
        parallelism: 1,
      });
      expect(passwords.needsRehash(previous)).toBe(true);
      expect(await passwords.verify(previous, 'correct horse battery')).toBe(true);
      await expect(passwords.verifyAgainstDummy('anything')).resolves.toBeUndefined();
    });
    // real production hashes on a shared 2-core machine: a generous bound, not a measurement
  }, 60_000);

  test('every argon2 call is admitted: a full hasher refuses at once', async () => {
    const hasher = createPasswordHasher(
      { memoryCost: 4096, timeCost: 2, parallelism: 1 },
      { concurrency: 1, queueLength: 0 },
    );
    let release!: () => void;
    const held = hasher.admit(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const refused = await hasher
      .admit((passwords) => passwords.hash('correct horse battery'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('server_busy');
    release();
    await held;
    await expect(
      hasher.admit((passwords) => passwords.hash('correct horse battery')),
    ).resolves.toMatch(/^\$argon2id\$/);
  });
});
