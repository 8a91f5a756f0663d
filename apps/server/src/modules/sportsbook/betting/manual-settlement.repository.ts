import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/** An operator's settlement of a market as stored (migrations/0042). */
export interface OperatorSettlementRow {
  voided: boolean;
  reason: string;
  operatorId: string;
  settledAt: Date;
  outcomes: Array<{
    outcomeId: string;
    result: 'won' | 'lost';
    voidFactor: string;
    deadHeatFactor: string;
  }>;
}

/**
 * The operators' settlements of markets (`sport_operator_markets`, `sport_operator_results`);
 * the settlement engine reads them with the feed's decisions (settlement.repository.ts).
 */
export class ManualSettlementRepository {
  /**
   * Serialises operators' actions on one market until the transaction ends (a transaction
   * advisory lock: the feed's market row is not taken, so its ingestion never waits for one).
   */
  async lockMarket(executor: DatabaseExecutor, marketId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('sport_operator_market'), hashtext(${String(marketId)}))`.execute(
      executor,
    );
  }

  /** The market's outcome ids (the feed's catalog); null when the market does not exist. */
  async marketOutcomes(executor: DatabaseExecutor, marketId: number): Promise<string[] | null> {
    const { rows } = await sql<{ outcome_ids: string[] }>`
      SELECT coalesce((SELECT array_agg(o.outcome_id) FROM sport_outcomes o WHERE o.market_id = m.id),
        '{}') AS outcome_ids
      FROM sport_markets m WHERE m.id = ${marketId}::bigint
    `.execute(executor);
    return rows[0]?.outcome_ids ?? null;
  }

  async find(executor: DatabaseExecutor, marketId: number): Promise<OperatorSettlementRow | null> {
    const { rows } = await sql<{
      voided: boolean;
      reason: string;
      operator_id: string;
      settled_at: Date;
      outcomes: OperatorSettlementRow['outcomes'];
    }>`
      SELECT m.voided, m.reason, m.operator_id, m.settled_at,
        coalesce((SELECT jsonb_agg(jsonb_build_object('outcomeId', r.outcome_id,
            'result', r.result, 'voidFactor', r.void_factor::text,
            'deadHeatFactor', r.dead_heat_factor::text) ORDER BY r.outcome_id)
          FROM sport_operator_results r WHERE r.market_id = m.market_id), '[]'::jsonb) AS outcomes
      FROM sport_operator_markets m WHERE m.market_id = ${marketId}::bigint
    `.execute(executor);
    const row = rows[0];
    if (!row) return null;
    return {
      voided: row.voided,
      reason: row.reason,
      operatorId: row.operator_id,
      settledAt: row.settled_at,
      outcomes: row.outcomes,
    };
  }

  /** Stores (or replaces) the operator's settlement of the market. */
  async save(
    executor: DatabaseExecutor,
    marketId: number,
    settlement: {
      voided: boolean;
      reason: string;
      operatorId: string;
      at: Date;
      outcomes: ReadonlyArray<{
        outcomeId: string;
        result: 'won' | 'lost';
        voidFactor: number;
        deadHeatFactor: number;
      }>;
    },
  ): Promise<void> {
    await executor
      .insertInto('sport_operator_markets')
      .values({
        market_id: marketId,
        voided: settlement.voided,
        reason: settlement.reason,
        operator_id: settlement.operatorId,
        settled_at: settlement.at,
      })
      .onConflict((conflict) =>
        conflict.column('market_id').doUpdateSet({
          voided: settlement.voided,
          reason: settlement.reason,
          operator_id: settlement.operatorId,
          settled_at: settlement.at,
        }),
      )
      .execute();
    await executor
      .deleteFrom('sport_operator_results')
      .where('market_id', '=', BigInt(marketId))
      .execute();
    if (settlement.outcomes.length === 0) return;
    await executor
      .insertInto('sport_operator_results')
      .values(
        settlement.outcomes.map((outcome) => ({
          market_id: marketId,
          outcome_id: outcome.outcomeId,
          result: outcome.result,
          void_factor: String(outcome.voidFactor),
          dead_heat_factor: String(outcome.deadHeatFactor),
        })),
      )
      .execute();
  }

  /** Removes the operator's settlement (its results go with it); false when there was none. */
  async remove(executor: DatabaseExecutor, marketId: number): Promise<boolean> {
    const row = await executor
      .deleteFrom('sport_operator_markets')
      .where('market_id', '=', BigInt(marketId))
      .returning('market_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
