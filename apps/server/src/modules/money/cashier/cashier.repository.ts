import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/**
 * The cashier's own query: the player's lock that serialises their orders and withdrawals of
 * every rail (the open-order, restriction and daily-limit checks). What each rail's rows hold
 * the rail answers itself (rail.ts).
 */
export class CashierRepository {
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
}
