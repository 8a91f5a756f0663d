import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0039_sport_cashout.sql (listed in db/schema.ts `Database`). */

/** bigint columns: read as bigint (db/database.ts), written as bigints or text */
type Int8 = ColumnType<bigint, bigint | string, bigint | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface SportCashoutSettingsTable {
  id: Generated<boolean>;
  enabled: boolean;
  margin_basis_points: number;
  updated_at: Timestamp;
}

/** One leg's prices as a quote saw them. */
export interface QuotedLegPrices {
  position: number;
  marketId: number;
  outcomeId: string;
  status: string;
  /** the selected outcome's current odds (open legs) */
  odds: string | null;
  /** every active outcome's current odds in its market (open legs) */
  market: string[];
}

export interface SportCashoutQuotesTable {
  id: Generated<string>;
  ticket_id: string;
  stake_minor: Int8;
  amount_minor: Int8;
  margin_basis_points: number;
  prices: ColumnType<QuotedLegPrices[], string, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SportCashoutsTable {
  ticket_id: string;
  n: number;
  quote_id: string;
  whole: boolean;
  amount_minor: Int8;
  main_paid_minor: Int8;
  bonus_paid_minor: Int8;
  released_stake_minor: Int8;
  released_bonus_stake_minor: Int8;
  created_at: Timestamp;
}
