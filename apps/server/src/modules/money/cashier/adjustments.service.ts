import {
  type Adjustment,
  type AdjustmentBody,
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentQueueEvents } from '../../../lib/operator-events.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import { type LedgerService, platformAccount, playerAccount } from '../ledger/ledger.service.ts';
import type { AdjustmentsRepository } from './adjustments.repository.ts';
import type { Cashier } from './cashier.service.ts';

type AdjustmentRow = Awaited<ReturnType<AdjustmentsRepository['insert']>>;

export interface AdjustmentsServiceDependencies {
  repository: AdjustmentsRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'balance'>;
  users: Pick<UsersService, 'findAccountByGlobalId' | 'findAccount'>;
  audit: Pick<AuditService, 'record'>;
  cashier: Pick<Cashier, 'isAboveFourEyesThreshold'>;
  clock: Clock;
  /** the operators' live feed: an adjustment awaiting a second operator is in the approvals queue */
  operatorEvents?: PaymentQueueEvents | undefined;
}

/**
 * Manual balance adjustments: the operator's correction of a player's main balance, through the
 * ledger (`manual_adjustment`, the currency's house account on the other side), audited. Above
 * the four-eyes threshold (the cashier's, as for withdrawals) a second operator applies it.
 */
export class AdjustmentsService {
  constructor(private readonly dependencies: AdjustmentsServiceDependencies) {}

  private async view(row: AdjustmentRow, globalId?: string): Promise<Adjustment> {
    const playerGlobalId =
      globalId ?? (await this.dependencies.users.findAccount(row.user_id))?.globalId ?? '';
    return {
      id: row.id,
      playerGlobalId,
      currency: row.currency,
      amount: formatMinorToDecimal(row.amount_minor, currencyScale(row.currency)),
      reason: row.reason,
      status: row.status as Adjustment['status'],
      requestedBy: row.requested_by,
      approvedBy: row.approved_by,
      rejectedBy: row.rejected_by,
      createdAt: row.created_at.toISOString(),
      appliedAt: row.applied_at?.toISOString() ?? null,
      rejectedAt: row.rejected_at?.toISOString() ?? null,
    };
  }

  async request(
    transaction: DatabaseTransaction,
    actor: OperatorActor,
    globalId: string,
    body: AdjustmentBody,
  ): Promise<Adjustment> {
    const player = await this.dependencies.users.findAccountByGlobalId(globalId, transaction);
    if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
    const negative = body.amount.startsWith('-');
    const magnitude = parseDecimalToMinor(
      negative ? body.amount.slice(1) : body.amount,
      currencyScale(body.currency),
    );
    if (magnitude === null || magnitude === 0n) {
      throw new AppError('validation_error', {
        payload: { fields: [{ field: 'amount', message: 'Validation.invalid_amount' }] },
      });
    }
    const amountMinor = negative ? -magnitude : magnitude;
    // a debit the main balance does not cover is refused when asked, not only when applied: one
    // waiting for a second operator would otherwise wait for an approval that cannot succeed
    if (
      negative &&
      (await this.dependencies.ledger.balance(player.id, body.currency, 'main', transaction)) <
        magnitude
    ) {
      throw new AppError('insufficient_balance');
    }
    const now = this.dependencies.clock.now();
    const row = await this.dependencies.repository.insert(transaction, {
      userId: player.id,
      currency: body.currency,
      amountMinor,
      reason: body.reason,
      requestedBy: actor.operatorId,
      at: now,
    });
    await this.dependencies.audit.record(
      actor,
      {
        action: 'player.adjustment.request',
        targetType: 'player',
        targetId: globalId,
        payload: { adjustmentId: row.id, currency: body.currency, amount: body.amount },
      },
      transaction,
    );
    if (await this.dependencies.cashier.isAboveFourEyesThreshold(magnitude, body.currency)) {
      await this.dependencies.operatorEvents?.queuesChanged(transaction, 'approvals');
      return await this.view(row, globalId);
    }
    return await this.view(await this.apply(transaction, row, null), globalId);
  }

  /** The second operator's approval: applies it; the requester cannot (four_eyes_required). */
  async approve(
    transaction: DatabaseTransaction,
    actor: OperatorActor,
    adjustmentId: string,
  ): Promise<Adjustment> {
    const row = await this.dependencies.repository.lock(transaction, adjustmentId);
    if (!row) throw new AppError('not_found', { message: 'No adjustment has this id.' });
    if (row.status !== 'awaiting_second_approval') throw new AppError('adjustment_not_pending');
    if (row.requested_by === actor.operatorId) throw new AppError('four_eyes_required');
    const applied = await this.apply(transaction, row, actor.operatorId);
    await this.dependencies.operatorEvents?.queuesChanged(transaction, 'approvals');
    const view = await this.view(applied);
    await this.dependencies.audit.record(
      actor,
      {
        action: 'player.adjustment.approve',
        targetType: 'player',
        targetId: view.playerGlobalId,
        payload: { adjustmentId: row.id },
      },
      transaction,
    );
    return view;
  }

  /**
   * Turns down an adjustment awaiting a second operator: another operator rejects it, or the one
   * who asked withdraws it. Nothing reaches the ledger; it leaves the approvals queue.
   */
  async reject(
    transaction: DatabaseTransaction,
    actor: OperatorActor,
    adjustmentId: string,
  ): Promise<Adjustment> {
    const row = await this.dependencies.repository.lock(transaction, adjustmentId);
    if (!row) throw new AppError('not_found', { message: 'No adjustment has this id.' });
    if (row.status !== 'awaiting_second_approval') throw new AppError('adjustment_not_pending');
    const rejected = await this.dependencies.repository.markRejected(
      transaction,
      row.id,
      actor.operatorId,
      this.dependencies.clock.now(),
    );
    await this.dependencies.operatorEvents?.queuesChanged(transaction, 'approvals');
    const view = await this.view(rejected);
    await this.dependencies.audit.record(
      actor,
      {
        action: 'player.adjustment.reject',
        targetType: 'player',
        targetId: view.playerGlobalId,
        payload: { adjustmentId: row.id, withdrawn: row.requested_by === actor.operatorId },
      },
      transaction,
    );
    return view;
  }

  private async apply(
    transaction: DatabaseTransaction,
    row: AdjustmentRow,
    approvedBy: string | null,
  ): Promise<AdjustmentRow> {
    // the ledger refuses a debit the balance does not cover (insufficient_balance)
    const { transactionId } = await this.dependencies.ledger.postTransaction(transaction, {
      type: 'manual_adjustment',
      externalReference: row.id,
      postings: [
        {
          account: playerAccount(row.user_id, row.currency, 'main'),
          amountMinor: row.amount_minor,
        },
        { account: platformAccount(row.currency, 'house'), amountMinor: -row.amount_minor },
      ],
      metadata: { adjustmentId: row.id, reason: row.reason },
    });
    return await this.dependencies.repository.markApplied(transaction, row.id, {
      approvedBy,
      ledgerTransactionId: BigInt(transactionId),
      at: this.dependencies.clock.now(),
    });
  }
}
