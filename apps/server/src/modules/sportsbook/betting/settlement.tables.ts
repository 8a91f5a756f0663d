import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0038_sport_settlement.sql (listed in db/schema.ts `Database`). */

/** bigint columns: read as bigint (db/database.ts) */
type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
type NullableInt8 = ColumnType<
  bigint | null,
  bigint | number | string | null | undefined,
  bigint | number | string | null
>;

export interface SportTicketSettlementsTable {
  ticket_id: string;
  generation: number;
  status: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
  payout_minor: Int8;
  paid_main_minor: Int8;
  paid_bonus_minor: Int8;
  debt_recovered_minor: Int8;
  source: 'feed' | 'operator';
  settled_at: ColumnType<Date, Date | string, Date | string>;
  unsettled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  unsettle_reason: string | null;
  reversed_main_minor: NullableInt8;
  reversed_bonus_minor: NullableInt8;
  unrecovered_minor: NullableInt8;
}

export interface SportSettlementMarketsTable {
  market_id: Int8;
  result_version: Int8;
  cancel_version: Int8;
}
