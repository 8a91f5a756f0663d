import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { cappedCount } from '../../../../../lib/history-page.ts';
import { type HistoryKey, historyBefore, historyKeyAt } from '../../rail.ts';

type HistoryTable = 'crypto_deposits' | 'crypto_withdrawals';

/** The player's crypto deposits or withdrawals through `provider` (null: to an address on the chain). */
function ownRows(
  executor: DatabaseExecutor,
  table: HistoryTable,
  input: { userId: string; provider: 'cryptobot' | null; before: HistoryKey | null },
) {
  const before = input.before;
  return executor
    .selectFrom(table)
    .where('user_id', '=', input.userId)
    .where((eb) =>
      input.provider === null ? eb('provider', 'is', null) : eb('provider', '=', input.provider),
    )
    .$if(before !== null, (query) => query.where(historyBefore(before as HistoryKey)));
}

/**
 * The keys of the player's newest `count` crypto deposits or withdrawals after `before`, newest
 * first, as the history sorts them (index `<table>_user_idx`).
 */
export async function newestHistoryKeys(
  executor: DatabaseExecutor,
  table: HistoryTable,
  input: { userId: string; provider: 'cryptobot' | null; count: number; before: HistoryKey | null },
): Promise<HistoryKey[]> {
  return await ownRows(executor, table, input)
    .select(['id', historyKeyAt('created_at').as('at')])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.count)
    .execute();
}

/** How many of them follow `before`, counted up to `upTo`. */
export async function countHistory(
  executor: DatabaseExecutor,
  table: HistoryTable,
  input: { userId: string; provider: 'cryptobot' | null; before: HistoryKey | null; upTo: number },
): Promise<number> {
  return await cappedCount(executor, ownRows(executor, table, input), input.upTo);
}
