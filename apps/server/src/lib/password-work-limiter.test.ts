import { describe, expect, test } from 'vitest';
import { AppError } from './app-error.ts';
import { PasswordWorkLimiter } from './password-work-limiter.ts';

/** A promise the test settles by hand. */
function gate<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

function busyError(error: unknown): AppError {
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('server_busy');
  expect(appError.statusCode).toBe(429);
  return appError;
}

describe('PasswordWorkLimiter', () => {
  test('admits concurrency + queueLength units and refuses the next at once with Retry-After', async () => {
    const limiter = new PasswordWorkLimiter({ concurrency: 2, queueLength: 1 });
    const held = [gate(), gate(), gate()];
    const admitted = held.map((unit) => limiter.admit(() => unit.promise));
    expect(limiter.load.admitted).toBe(3);

    const refused = await limiter.admit(async () => 'ran').catch((error: unknown) => error);
    const error = busyError(refused);
    const retryAfterSeconds = error.payload?.retryAfterSeconds;
    expect(Number.isInteger(retryAfterSeconds)).toBe(true);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.headers['retry-after']).toBe(String(retryAfterSeconds));

    for (const unit of held) unit.resolve();
    await Promise.all(admitted);
    expect(limiter.load.admitted).toBe(0);
    await expect(limiter.admit(async () => 'ran')).resolves.toBe('ran');
  });

  test('a unit that fails is released like one that succeeds', async () => {
    const limiter = new PasswordWorkLimiter({ concurrency: 1, queueLength: 0 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        limiter.admit(async () => {
          throw new Error('wrong password');
        }),
      ).rejects.toThrow('wrong password');
      await expect(
        limiter.admit(() => limiter.hashing(() => Promise.reject(new Error('argon2 failed')))),
      ).rejects.toThrow('argon2 failed');
    }
    expect(limiter.load).toEqual({ admitted: 0, running: 0, waiting: 0 });
    await expect(limiter.admit(async () => 'still open')).resolves.toBe('still open');
  });

  test('runs at most `concurrency` hashes, the others wait their turn in order', async () => {
    const limiter = new PasswordWorkLimiter({ concurrency: 2, queueLength: 3 });
    const started: number[] = [];
    const hashes = [0, 1, 2, 3, 4].map(() => gate<number>());
    const units = hashes.map((hash, index) =>
      limiter.admit(() =>
        limiter.hashing(() => {
          started.push(index);
          return hash.promise;
        }),
      ),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(limiter.load).toEqual({ admitted: 5, running: 2, waiting: 3 });

    hashes[1]?.resolve(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    hashes[0]?.reject(new Error('failed'));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limiter.load.running).toBe(2);

    hashes[2]?.resolve(2);
    hashes[3]?.resolve(3);
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    hashes[4]?.resolve(4);
    const results = await Promise.allSettled(units);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(limiter.load).toEqual({ admitted: 0, running: 0, waiting: 0 });
  });

  test('Retry-After grows with the admitted work and the measured hash time, plus jitter', async () => {
    let nowMs = 0;
    let random = 0;
    const limiter = new PasswordWorkLimiter(
      { concurrency: 1, queueLength: 3 },
      { nowMs: () => nowMs, random: () => random },
    );
    // Teach the estimate a slow hash: 4 s, measured on the injected clock.
    for (let hash = 0; hash < 30; hash += 1) {
      await limiter.admit(() =>
        limiter.hashing(async () => {
          nowMs += 4_000;
        }),
      );
    }
    const held = [gate(), gate(), gate(), gate()];
    const admitted = held.map((unit) => limiter.admit(() => unit.promise));
    // four units ahead of a refused caller, one at a time, about 4 s each
    const refused = busyError(await limiter.admit(async () => 0).catch((error: unknown) => error));
    expect(refused.payload?.retryAfterSeconds).toBe(16);
    random = 0.99;
    expect(limiter.retryAfterSeconds()).toBe(18);
    for (const unit of held) unit.resolve();
    await Promise.all(admitted);
    random = 0;
    expect(limiter.retryAfterSeconds()).toBe(1);
  });

  test('refuses nonsense limits', () => {
    expect(() => new PasswordWorkLimiter({ concurrency: 0, queueLength: 1 })).toThrow(RangeError);
    expect(() => new PasswordWorkLimiter({ concurrency: 1, queueLength: -1 })).toThrow(RangeError);
  });
});
