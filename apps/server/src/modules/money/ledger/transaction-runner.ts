import type { Kysely, Transaction } from 'kysely';

/** PostgreSQL SQLSTATEs after which running the same transaction again can succeed. */
const retryableSqlStates = new Set(['40001', '40P01']);

export function isRetryableTransactionError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    retryableSqlStates.has(error.code)
  );
}

export interface RetryOptions {
  maxAttempts: number;
  /** upper bound of the random pause before attempt n (grows linearly with n) */
  backoffMs: number;
}

export const defaultRetry: RetryOptions = { maxAttempts: 5, backoffMs: 20 };

/**
 * Runs `fn` in one transaction (READ COMMITTED, the server default) and retries the whole
 * function on a serialization failure or deadlock, with a short random pause so the competing
 * transactions do not collide again in lockstep.
 */
export async function runInTransaction<Schema, T>(
  db: Kysely<Schema>,
  fn: (transaction: Transaction<Schema>) => Promise<T>,
  retry: RetryOptions = defaultRetry,
): Promise<T> {
  return await retrying(() => db.transaction().execute(fn), retry);
}

/**
 * Runs `attempt` again after a serialization failure or deadlock: for one statement in
 * autocommit mode (its own transaction) or a function that opens its own transaction.
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  retry: RetryOptions = defaultRetry,
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (attemptNumber >= retry.maxAttempts || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.random() * retry.backoffMs * attemptNumber),
      );
    }
  }
}
