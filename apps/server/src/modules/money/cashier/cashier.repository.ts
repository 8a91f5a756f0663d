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

  /** The first approval of a withdrawal (maker-checker), if any. */
  async firstApproval(executor: DatabaseExecutor, kind: WithdrawalKind, withdrawalId: string) {
    const row = await executor
      .selectFrom('withdrawal_first_approvals')
      .select(['operator_id'])
      .where('kind', '=', kind)
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirst();
    return row?.operator_id ?? null;
  }

  async recordFirstApproval(
    executor: DatabaseExecutor,
    approval: { kind: WithdrawalKind; withdrawalId: string; operatorId: string; at: Date },
  ): Promise<void> {
    await executor
      .insertInto('withdrawal_first_approvals')
      .values({
        kind: approval.kind,
        withdrawal_id: approval.withdrawalId,
        operator_id: approval.operatorId,
        approved_at: approval.at,
      })
      .onConflict((conflict) => conflict.columns(['kind', 'withdrawal_id']).doNothing())
      .execute();
  }
}

/** The withdrawals an operator approves: a fiat payout order, a crypto withdrawal. */
export type WithdrawalKind = 'p2p_order' | 'crypto_withdrawal';
