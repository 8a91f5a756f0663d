import type { IsolationLevel, Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../db/database.ts';

/**
 * The one transaction opener of the server (unit of work). Nothing else in `apps/server/src`
 * calls `.transaction()` (test/architecture/transaction-opener.test.ts keeps it so).
 *
 * `run(fn)` runs `fn` in one transaction (READ COMMITTED, the server default, unless asked
 * otherwise) and commits. On a serialization failure (40001) or deadlock (40P01) the whole
 * function runs again, at most `maxTransactionAttempts` times, after a short random pause so the
 * competing transactions do not collide again in lockstep; so `fn` must have no effect outside
 * the database — work that must happen outside it goes to `afterCommit`.
 *
 * Inside a transaction it opened, the opener takes two kinds of queued work:
 * - `beforeCommit(transaction, hook, items)`: gathers `items` for `hook`, which runs ONCE, at the
 *   end of `fn`, still inside the transaction, with every item gathered (e.g. the ledger's
 *   balance announcement: once per transaction however many movements it made). A hook may
 *   gather more items (for itself or another hook); they run before the commit too.
 * - `afterCommit(transaction, work)`: runs once the transaction committed, in the order queued;
 *   only the attempt that committed runs it (a retried attempt's work was rolled back with it).
 *   Failures are reported, never thrown: the transaction's effects stand either way.
 * Both answer false for an executor the opener did not open (the pool, or a transaction of
 * another opener): the caller then does the work at once instead.
 */

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

/** How often `Transactions.run` runs its function when PostgreSQL reports 40001 or 40P01. */
export const maxTransactionAttempts = 5;

export const defaultRetry: RetryOptions = { maxAttempts: maxTransactionAttempts, backoffMs: 20 };

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

/** Work run once before commit with every item gathered for it in the transaction. */
export type BeforeCommitHook<T> = (transaction: DatabaseTransaction, items: T[]) => Promise<void>;

export interface TransactionOptions {
  /** default: the server's READ COMMITTED */
  isolationLevel?: IsolationLevel;
  /** a read-only transaction (e.g. a consistent snapshot for a report) */
  readOnly?: boolean;
  /**
   * false: run `fn` once, never again after 40001/40P01 — for a function with an effect outside
   * the database that must not repeat (an HTTP call). Default: retried.
   */
  retry?: false;
}

export interface TransactionsDependencies {
  db: Kysely<Database>;
  retry?: RetryOptions;
  /** where failures of after-commit work are reported */
  reportError?: (error: unknown) => void;
}

/** The queued work of one open transaction (one attempt). */
interface OpenTransaction {
  beforeCommit: Map<BeforeCommitHook<never>, unknown[]>;
  afterCommit: Array<() => Promise<void>>;
}

export class Transactions {
  private readonly db: Kysely<Database>;
  private readonly retry: RetryOptions;
  private readonly reportError: (error: unknown) => void;
  private readonly open = new WeakMap<object, OpenTransaction>();

  constructor({
    db,
    retry = defaultRetry,
    reportError = (error) => console.error('work after a commit failed', error),
  }: TransactionsDependencies) {
    this.db = db;
    this.retry = retry;
    this.reportError = reportError;
  }

  /** Runs `fn` in one transaction with retries; see the comment at the top of this file. */
  async run<T>(
    fn: (transaction: DatabaseTransaction) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    let committed: OpenTransaction | null = null;
    const retry = options.retry === false ? { maxAttempts: 1, backoffMs: 0 } : this.retry;
    const result = await retrying(async () => {
      let builder = this.db.transaction();
      if (options.isolationLevel) builder = builder.setIsolationLevel(options.isolationLevel);
      if (options.readOnly) builder = builder.setAccessMode('read only');
      return await builder.execute(async (transaction) => {
        const work: OpenTransaction = { beforeCommit: new Map(), afterCommit: [] };
        this.open.set(transaction, work);
        committed = work;
        const value = await fn(transaction);
        await this.runBeforeCommit(transaction, work);
        return value;
      });
    }, retry);
    // Only the attempt that committed: a retried attempt's work was rolled back with it.
    if (committed) await this.runAfterCommit(committed);
    return result;
  }

  /**
   * Gathers `items` for `hook`, run once before `executor` commits; false (nothing queued) when
   * `executor` was not opened by this opener.
   */
  beforeCommit<T>(executor: DatabaseExecutor, hook: BeforeCommitHook<T>, items: T[]): boolean {
    const work = this.open.get(executor);
    if (!work) return false;
    const gathered = work.beforeCommit.get(hook as BeforeCommitHook<never>);
    if (gathered) gathered.push(...items);
    else work.beforeCommit.set(hook as BeforeCommitHook<never>, [...items]);
    return true;
  }

  /** Queues `work` for after `executor`'s commit; false when `executor` takes no queued work. */
  afterCommit(executor: DatabaseExecutor, work: () => Promise<void>): boolean {
    const open = this.open.get(executor);
    if (!open) return false;
    open.afterCommit.push(work);
    return true;
  }

  /** true when `executor` is a transaction this opener opened (and so takes queued work) */
  opened(executor: DatabaseExecutor): executor is DatabaseTransaction {
    return this.open.has(executor);
  }

  private async runBeforeCommit(
    transaction: DatabaseTransaction,
    work: OpenTransaction,
  ): Promise<void> {
    // A hook may gather more (for itself or another hook): run until nothing is left.
    while (work.beforeCommit.size > 0) {
      const [hook, items] = work.beforeCommit.entries().next().value as [
        BeforeCommitHook<unknown>,
        unknown[],
      ];
      work.beforeCommit.delete(hook as BeforeCommitHook<never>);
      await hook(transaction, items);
    }
  }

  private async runAfterCommit(work: OpenTransaction): Promise<void> {
    for (const queued of work.afterCommit) {
      try {
        await queued();
      } catch (error) {
        this.reportError(error);
      }
    }
  }
}
