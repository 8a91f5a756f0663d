import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';

export interface PendingApprovalRow {
  kind: 'p2p_order' | 'crypto_withdrawal' | 'adjustment';
  id: string;
  global_id: string;
  currency: string;
  amount_minor: string;
  reason: string | null;
  operator_id: string;
  operator_email: string;
  requested_at: Date;
  created_at: Date;
}

export interface ApprovalsFilter {
  kinds: ReadonlyArray<PendingApprovalRow['kind']>;
  currency?: string | undefined;
  playerGlobalId?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Reads only: what awaits a second operator (maker-checker). A withdrawal is in the list while
 * it is pending with a first approval recorded (the cashier's withdrawal_first_approvals); a
 * manual adjustment while awaiting_second_approval. Oldest request first. (Both withdrawal ids
 * are uuids: the join finds each by its primary key.)
 */
export class ApprovalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async pending(filter: ApprovalsFilter): Promise<{ rows: PendingApprovalRow[]; total: number }> {
    const kinds = [...filter.kinds];
    const globalId =
      filter.playerGlobalId !== undefined && /^\d{1,18}$/.test(filter.playerGlobalId)
        ? filter.playerGlobalId
        : null;
    if (filter.playerGlobalId !== undefined && globalId === null) return { rows: [], total: 0 };
    const result = await sql<PendingApprovalRow & { total: string }>`
      WITH pending AS (
        SELECT 'p2p_order' AS kind, o.id::text AS id, o.user_id, o.currency,
               o.amount_minor, NULL::text AS reason, a.operator_id,
               a.approved_at AS requested_at, o.created_at
        FROM withdrawal_first_approvals a
        JOIN fiat_orders o ON a.kind = 'p2p_order' AND o.id = a.withdrawal_id::uuid
        WHERE o.status = 'pending' AND o.type = 'sell'
        UNION ALL
        SELECT 'crypto_withdrawal', w.id::text, w.user_id, m.asset,
               w.amount_minor, NULL::text, a.operator_id, a.approved_at, w.created_at
        FROM withdrawal_first_approvals a
        JOIN crypto_withdrawals w ON a.kind = 'crypto_withdrawal' AND w.id = a.withdrawal_id::uuid
        JOIN crypto_methods m ON m.code = w.method_code
        WHERE w.status = 'pending'
        UNION ALL
        SELECT 'adjustment', b.id::text, b.user_id, b.currency, b.amount_minor, b.reason,
               b.requested_by, b.created_at, b.created_at
        FROM balance_adjustments b
        WHERE b.status = 'awaiting_second_approval'
      )
      SELECT p.kind, p.id, u.global_id::text AS global_id, p.currency,
             p.amount_minor::text AS amount_minor, p.reason, p.operator_id,
             op.email AS operator_email, p.requested_at, p.created_at,
             count(*) OVER () AS total
      FROM pending p
      JOIN users u ON u.id = p.user_id
      JOIN operators op ON op.id = p.operator_id
      WHERE p.kind = ANY(${kinds}::text[])
        AND (${filter.currency ?? null}::text IS NULL OR p.currency = ${filter.currency ?? null})
        AND (${globalId}::bigint IS NULL OR u.global_id = ${globalId}::bigint)
      ORDER BY p.requested_at, p.id
      LIMIT ${filter.limit} OFFSET ${filter.offset}
    `.execute(this.db);
    const total = result.rows[0] === undefined ? null : Number(result.rows[0].total);
    const rows = result.rows.map(({ total: _total, ...row }) => row);
    if (total !== null) return { rows, total };
    // an offset past the end: count what there is
    if (filter.offset === 0) return { rows, total: 0 };
    const all = await this.pending({ ...filter, offset: 0, limit: 1 });
    return { rows, total: all.total };
  }
}
