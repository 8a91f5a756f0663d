import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0042_sport_operations.sql's operator settlements (db/schema.ts). */

type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;

export interface SportOperatorMarketsTable {
  market_id: Int8;
  voided: boolean;
  reason: string;
  operator_id: string;
  settled_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SportOperatorResultsTable {
  market_id: Int8;
  outcome_id: string;
  result: 'won' | 'lost';
  /** numeric arrives as a decimal string */
  void_factor: string;
  dead_heat_factor: string;
}
