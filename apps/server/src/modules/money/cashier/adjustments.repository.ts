import type { DatabaseExecutor } from '../../../db/database.ts';

/** The cashier's manual balance adjustments (balance_adjustments). */
export class AdjustmentsRepository {
  async insert(
    executor: DatabaseExecutor,
    row: {
      userId: string;
      currency: string;
      amountMinor: bigint;
      reason: string;
      requestedBy: string;
      at: Date;
    },
  ) {
    return await executor
      .insertInto('balance_adjustments')
      .values({
        user_id: row.userId,
        currency: row.currency,
        amount_minor: row.amountMinor,
        reason: row.reason,
        status: 'awaiting_second_approval',
        requested_by: row.requestedBy,
        created_at: row.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async lock(executor: DatabaseExecutor, id: string) {
    const row = await executor
      .selectFrom('balance_adjustments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async markApplied(
    executor: DatabaseExecutor,
    id: string,
    applied: { approvedBy: string | null; ledgerTransactionId: bigint; at: Date },
  ) {
    return await executor
      .updateTable('balance_adjustments')
      .set({
        status: 'applied',
        approved_by: applied.approvedBy,
        ledger_transaction_id: applied.ledgerTransactionId,
        applied_at: applied.at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async markRejected(executor: DatabaseExecutor, id: string, rejectedBy: string, at: Date) {
    return await executor
      .updateTable('balance_adjustments')
      .set({ status: 'rejected', rejected_by: rejectedBy, rejected_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
