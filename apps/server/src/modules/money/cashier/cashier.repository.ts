import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

/**
 * The cashier's own queries over every rail's tables: the player's lock that serialises their
 * orders and withdrawals (the open-order, restriction and daily-limit checks), and the one sum
 * the daily withdrawal limit counts.
 */
export class CashierRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Serialises a player's orders and withdrawals of every rail in the transaction. The key is
   * the one fiat orders took before the rails shared it (a lock held across a deploy still
   * serialises both versions).
   */
  async lockPlayer(executor: DatabaseExecutor, userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`fiat_orders:${userId}`}, 0))`.execute(
      executor,
    );
  }

  /**
   * The player's pending and completed withdrawals of every rail created since `since`, summed
   * per currency, in one query: fiat sell orders (in the order's currency) and crypto
   * withdrawals, address payouts and crypto-bot payouts alike (in the method's asset).
   */
  async withdrawalSumsSince(
    userId: string,
    since: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<Array<{ currency: string; amountMinor: bigint }>> {
    const result = await sql<{ currency: string; amount_minor: string }>`
      SELECT currency, sum(amount_minor)::bigint AS amount_minor
      FROM (
        SELECT fiat_orders.currency, fiat_orders.amount_minor
        FROM fiat_orders
        WHERE fiat_orders.user_id = ${userId}
          AND fiat_orders.type = 'sell'
          AND fiat_orders.status IN ('pending', 'completed')
          AND fiat_orders.created_at >= ${since}
        UNION ALL
        SELECT crypto_methods.asset AS currency, crypto_withdrawals.amount_minor
        FROM crypto_withdrawals
        JOIN crypto_methods ON crypto_methods.code = crypto_withdrawals.method_code
        WHERE crypto_withdrawals.user_id = ${userId}
          AND crypto_withdrawals.status IN ('pending', 'completed')
          AND crypto_withdrawals.created_at >= ${since}
      ) AS withdrawals
      GROUP BY currency
      ORDER BY currency`.execute(executor);
    return result.rows.map((row) => ({
      currency: row.currency,
      amountMinor: BigInt(row.amount_minor),
    }));
  }
}
