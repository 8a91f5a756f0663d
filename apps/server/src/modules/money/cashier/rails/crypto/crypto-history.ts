import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { type HistoryKey, historyKeyAt, historyKeysOf, historyTotal } from '../../rail.ts';

/**
 * The player's newest `count` crypto deposits or withdrawals (newest first) through `provider`
 * (null: to an address on the chain), as the history sorts them, and how many there are.
 */
export async function newestHistoryKeys(
  executor: DatabaseExecutor,
  table: 'crypto_deposits' | 'crypto_withdrawals',
  input: { userId: string; provider: 'cryptobot' | null; count: number },
): Promise<{ keys: HistoryKey[]; total: number }> {
  const rows = await executor
    .selectFrom(table)
    .select(['id', historyKeyAt('created_at').as('at'), historyTotal().as('total')])
    .where('user_id', '=', input.userId)
    .where((eb) =>
      input.provider === null ? eb('provider', 'is', null) : eb('provider', '=', input.provider),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.count)
    .execute();
  return historyKeysOf(rows);
}
