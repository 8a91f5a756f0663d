import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

export interface StoredRate {
  base: string;
  quote: string;
  rate: string;
  setAt: Date;
  setByOperatorId: string | null;
}

export class ExchangeRatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(executor: DatabaseExecutor = this.db): Promise<StoredRate[]> {
    const rows = await executor
      .selectFrom('exchange_rates')
      .selectAll()
      .orderBy('base')
      .orderBy('quote')
      .execute();
    return rows.map((row) => ({
      base: row.base,
      quote: row.quote,
      rate: row.rate,
      setAt: row.set_at,
      setByOperatorId: row.set_by_operator_id,
    }));
  }

  /** Sets base→quote and drops a stored quote→base, so a pair never has two conflicting rates. */
  async put(
    rate: { base: string; quote: string; rate: string },
    change: { operatorId: string; at: Date },
    executor: DatabaseExecutor,
  ): Promise<void> {
    await executor
      .deleteFrom('exchange_rates')
      .where('base', '=', rate.quote)
      .where('quote', '=', rate.base)
      .execute();
    await executor
      .insertInto('exchange_rates')
      .values({
        base: rate.base,
        quote: rate.quote,
        rate: rate.rate,
        set_at: change.at,
        set_by_operator_id: change.operatorId,
      })
      .onConflict((conflict) =>
        conflict.columns(['base', 'quote']).doUpdateSet({
          rate: rate.rate,
          set_at: change.at,
          set_by_operator_id: change.operatorId,
        }),
      )
      .execute();
  }
}
