/**
 * Work that must wait until a transaction has committed (e.g. waking other processes with
 * NOTIFY). PostgreSQL serialises the commits of transactions that issued NOTIFY, which would cap
 * money movements at one commit flush at a time; a notification sent right after commit keeps
 * them group-committing. Only transactions opened by a runner that calls `runAfterCommit` take
 * deferred work; for any other executor `deferAfterCommit` answers false and the caller does the
 * work inside the transaction instead.
 */
const pending = new WeakMap<object, Array<() => Promise<void>>>();

/** Called by a transaction runner when it opens `transaction`. */
export function openAfterCommit(transaction: object): void {
  pending.set(transaction, []);
}

/** Queues `work` for after `executor`'s commit; false when `executor` takes no deferred work. */
export function deferAfterCommit(executor: object, work: () => Promise<void>): boolean {
  const queue = pending.get(executor);
  if (!queue) return false;
  queue.push(work);
  return true;
}

/**
 * Called by the runner once `transaction` committed: runs its queued work in order. Failures are
 * reported, never thrown — the transaction's effects stand either way.
 */
export async function runAfterCommit(
  transaction: object,
  report: (error: unknown) => void,
): Promise<void> {
  const queue = pending.get(transaction) ?? [];
  pending.delete(transaction);
  for (const work of queue) {
    try {
      await work();
    } catch (error) {
      report(error);
    }
  }
}
