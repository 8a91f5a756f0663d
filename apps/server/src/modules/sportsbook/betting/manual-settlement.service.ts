import type { ManualSettleBody, ManualSettlement as ManualSettlementView } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type {
  ManualSettlementRepository,
  OperatorSettlementRow,
} from './manual-settlement.repository.ts';
import type { SportSettlement } from './settlement.service.ts';

export interface ManualSettlementDependencies {
  db: Kysely<Database>;
  repository: ManualSettlementRepository;
  settlement: Pick<SportSettlement, 'settleMarketAs'>;
  transactions: Transactions;
  audit: AuditService;
  clock: Clock;
  /**
   * Holds the market suspended over the feed (feed/trading.service.ts, audited there), so that
   * no ticket is accepted on a market an operator has settled.
   */
  suspendMarket: (actor: OperatorActor, marketId: number) => Promise<unknown>;
}

/**
 * The operators' manual settlement of a sport market (issue 20, admin; audited). The rule
 * between operator and feed: an operator's settlement (results, or the market void) stands over
 * whatever the feed decides about the market, before or after, until the operator unsettles
 * it; unsettling gives the market back to the feed's decision (its results or cancellation, or
 * open when it has none). The feed's results keep being stored underneath meanwhile. The
 * settlement engine (`SportSettlement.settleMarketAs`) applies the market's decision to every
 * ticket on it in the operator's transaction — settled, resettled (a changed payout is taken
 * back and paid again) or reopened exactly once, with the operator's reason on what is taken
 * back — and its sweep follows the same decision for any ticket it meets later. Settling also
 * holds the market suspended (the book knows its result: no ticket may be accepted on it);
 * unsettling leaves it suspended for the operator to resume.
 */
export class ManualSettlement {
  private readonly db: Kysely<Database>;
  private readonly repository: ManualSettlementRepository;
  private readonly settlement: Pick<SportSettlement, 'settleMarketAs'>;
  private readonly transactions: Transactions;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly suspendMarket: ManualSettlementDependencies['suspendMarket'];

  constructor({
    db,
    repository,
    settlement,
    transactions,
    audit,
    clock,
    suspendMarket,
  }: ManualSettlementDependencies) {
    this.db = db;
    this.repository = repository;
    this.settlement = settlement;
    this.transactions = transactions;
    this.audit = audit;
    this.clock = clock;
    this.suspendMarket = suspendMarket;
  }

  /** The market's settlement as it stands (404 for an unknown market). */
  async current(marketId: number): Promise<ManualSettlementView> {
    if ((await this.repository.marketOutcomes(this.db, marketId)) === null) throw noSuchMarket();
    return view(marketId, await this.repository.find(this.db, marketId), {
      settled: 0,
      unsettled: 0,
    });
  }

  /**
   * Settles the market with these results (an outcome not named is lost), or again with new
   * ones. Outcomes must be the market's (400 naming the field otherwise).
   */
  async settle(
    actor: OperatorActor,
    marketId: number,
    body: ManualSettleBody,
  ): Promise<ManualSettlementView> {
    const outcomeIds = await this.repository.marketOutcomes(this.db, marketId);
    if (outcomeIds === null) throw noSuchMarket();
    const known = new Set(outcomeIds);
    const unknown = body.outcomes.flatMap((outcome, index) =>
      known.has(outcome.outcomeId)
        ? []
        : [{ field: `outcomes.${index}.outcomeId`, message: 'Validation.invalid_value' }],
    );
    if (unknown.length > 0) {
      throw new AppError('validation_error', {
        message: 'The market has no such outcome.',
        payload: { fields: unknown },
      });
    }
    return await this.decide(actor, marketId, {
      voided: false,
      reason: body.reason,
      outcomes: body.outcomes,
    });
  }

  /** Voids the market: every outcome void, every ticket's leg on it refunded. */
  async voidMarket(actor: OperatorActor, marketId: number, reason: string) {
    if ((await this.repository.marketOutcomes(this.db, marketId)) === null) throw noSuchMarket();
    return await this.decide(actor, marketId, { voided: true, reason, outcomes: [] });
  }

  /**
   * Takes the operator's settlement back: the market follows the feed's decision again (tickets
   * it leaves undecided are open). Idempotent: without an operator settlement nothing changes.
   */
  async unsettle(actor: OperatorActor, marketId: number, reason: string) {
    if ((await this.repository.marketOutcomes(this.db, marketId)) === null) throw noSuchMarket();
    return await this.transactions.run(async (transaction) => {
      await this.repository.lockMarket(transaction, marketId);
      const before = await this.repository.find(transaction, marketId);
      if (!before) return view(marketId, null, { settled: 0, unsettled: 0 });
      await this.repository.remove(transaction, marketId);
      const tickets = await this.settlement.settleMarketAs(
        transaction,
        String(marketId),
        `operator unsettled: ${reason}`,
      );
      await this.record(actor, transaction, 'sport.market.unsettle', marketId, {
        reason,
        before: stored(before),
        tickets,
      });
      return view(marketId, null, tickets);
    });
  }

  private async decide(
    actor: OperatorActor,
    marketId: number,
    decision: { voided: boolean; reason: string; outcomes: ManualSettleBody['outcomes'] },
  ): Promise<ManualSettlementView> {
    // first: no ticket is accepted on the market from now on
    await this.suspendMarket(actor, marketId);
    return await this.transactions.run(async (transaction) => {
      await this.repository.lockMarket(transaction, marketId);
      const before = await this.repository.find(transaction, marketId);
      await this.repository.save(transaction, marketId, {
        ...decision,
        operatorId: actor.operatorId,
        at: this.clock.now(),
      });
      const tickets = await this.settlement.settleMarketAs(
        transaction,
        String(marketId),
        `operator ${decision.voided ? 'voided' : 'settled'}: ${decision.reason}`,
      );
      const after = await this.repository.find(transaction, marketId);
      await this.record(
        actor,
        transaction,
        decision.voided ? 'sport.market.void' : 'sport.market.settle',
        marketId,
        {
          reason: decision.reason,
          before: before ? stored(before) : null,
          after: after ? stored(after) : null,
          tickets,
        },
      );
      return view(marketId, after, tickets);
    });
  }

  private async record(
    actor: OperatorActor,
    transaction: DatabaseTransaction,
    action: string,
    marketId: number,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      actor,
      { action, targetType: 'sport_market', targetId: String(marketId), payload },
      transaction,
    );
  }
}

function noSuchMarket(): AppError {
  return new AppError('not_found', { message: 'No market has this id.' });
}

/** The stored settlement for the audit log. */
function stored(row: OperatorSettlementRow) {
  return { voided: row.voided, reason: row.reason, outcomes: outcomesOf(row) };
}

function outcomesOf(
  row: OperatorSettlementRow,
): NonNullable<ManualSettlementView['settlement']>['outcomes'] {
  return row.outcomes.map((outcome) => ({
    outcomeId: outcome.outcomeId,
    result: outcome.result,
    voidFactor: Number(outcome.voidFactor),
    deadHeatFactor: Number(outcome.deadHeatFactor),
  }));
}

function view(
  marketId: number,
  row: OperatorSettlementRow | null,
  tickets: { settled: number; unsettled: number },
): ManualSettlementView {
  return {
    marketId,
    decidedBy: row ? 'operator' : 'feed',
    settlement: row
      ? {
          voided: row.voided,
          reason: row.reason,
          settledAt: row.settledAt.toISOString(),
          outcomes: outcomesOf(row),
        }
      : null,
    tickets,
  };
}
