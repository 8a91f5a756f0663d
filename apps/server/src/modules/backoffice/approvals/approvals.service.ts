import {
  type ApprovalsPage,
  type ApprovalsQuery,
  currencyScale,
  formatMinorToDecimal,
} from '@casino/contract';
import type { ApprovalsRepository, PendingApprovalRow } from './approvals.repository.ts';

const kindsOf = {
  withdrawal: ['p2p_order', 'crypto_withdrawal'],
  adjustment: ['adjustment'],
  all: ['p2p_order', 'crypto_withdrawal', 'adjustment'],
} as const satisfies Record<string, ReadonlyArray<PendingApprovalRow['kind']>>;

/**
 * The maker-checker queue: withdrawals and manual adjustments above the four-eyes threshold that
 * one operator approved (or asked for) and a second must approve. The approving itself stays
 * where each one lives (orders, crypto withdrawals, adjustments), the rule in the cashier.
 */
export class ApprovalsService {
  constructor(private readonly repository: ApprovalsRepository) {}

  async pending(query: ApprovalsQuery): Promise<ApprovalsPage> {
    const { rows, total } = await this.repository.pending({
      kinds: kindsOf[query.kind ?? 'all'],
      currency: query.currency,
      playerGlobalId: query.playerGlobalId,
      limit: query.limit,
      offset: query.offset,
    });
    return {
      items: rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        playerGlobalId: row.global_id,
        currency: row.currency,
        amount: formatMinorToDecimal(BigInt(row.amount_minor), currencyScale(row.currency)),
        reason: row.reason,
        firstApprover: { id: row.operator_id, email: row.operator_email },
        requestedAt: row.requested_at.toISOString(),
        createdAt: row.created_at.toISOString(),
      })),
      meta: { total, limit: query.limit, offset: query.offset },
    };
  }
}
