import type { ColumnType, Generated } from 'kysely';
import type { EventStatus, MarketStatus, ProducerId } from './feed-messages.ts';

/**
 * Kysely's view of migrations/0031_sportsbook_feed.sql and 0034_sport_operator_overrides.sql
 * (listed in db/schema.ts `Database`).
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** bigint columns: read as text by the driver, written as numbers or text */
type BigintId = ColumnType<string, never, never>;
type Int8 = ColumnType<string, number | string, number | string>;
/** jsonb: read as parsed JSON, written as a JSON string */
type Json<T> = ColumnType<T, string, string>;

export interface SportSportsTable {
  id: number;
  slug: string;
  name: string;
  kind: 'sport' | 'esport';
  position: number;
}

export interface SportCategoriesTable {
  id: string;
  sport_id: number;
  name: string;
}

export interface SportTournamentsTable {
  id: string;
  sport_id: number;
  category_id: string;
  name: string;
}

export interface SportProducersTable {
  id: ProducerId;
  last_alive_at: NullableTimestamp;
  subscribed: Generated<boolean>;
  down_since: NullableTimestamp;
}

export interface SportEventsTable {
  id: BigintId;
  feed_id: string;
  sport_id: number;
  tournament_id: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  starts_at: Timestamp;
  fixture_status: EventStatus;
  fixture_timestamp: Int8;
  state_status: EventStatus | null;
  score: Json<unknown> | null;
  clock: Json<unknown> | null;
  state_version: ColumnType<string, number | string | undefined, number | string>;
  status: ColumnType<EventStatus, never, never>;
  version: ColumnType<string, number | string | undefined, number | string>;
  producer: ProducerId;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** held suspended by an operator (migration 0034) */
  operator_suspended: Generated<boolean>;
}

export interface SportAppliedVersionsTable {
  event_id: Int8;
  version: Int8;
}

export interface SportBetStopsTable {
  event_id: Int8;
  version: Int8;
  market_type_ids: number[] | null;
}

export interface SportMarketsTable {
  id: BigintId;
  event_id: Int8;
  type_id: number;
  specifiers: Json<Record<string, string>>;
  key: string;
  base_status: MarketStatus;
  status_version: Int8;
  status: MarketStatus;
  odds_version: ColumnType<string, number | string | undefined, number | string>;
  result_version: ColumnType<string, number | string | undefined, number | string>;
  certainty: 1 | 2 | null;
  cancel_version: ColumnType<string, number | string | undefined, number | string>;
  cancelled: Generated<boolean>;
  cancel_from: NullableTimestamp;
  cancel_to: NullableTimestamp;
  cancel_reason: string | null;
  /** held suspended by an operator (migration 0034) */
  operator_suspended: Generated<boolean>;
}

export interface SportOutcomesTable {
  market_id: Int8;
  outcome_id: string;
  odds: string | null;
  active: boolean;
  position: number;
  /** an operator's price shown instead of `odds` (migration 0034) */
  operator_odds: string | null;
}

export interface SportOutcomeResultsTable {
  market_id: Int8;
  outcome_id: string;
  result: 'won' | 'lost';
  void_factor: string;
  dead_heat_factor: string;
}

export interface SportMarketHistoryTable {
  market_id: Int8;
  version: Int8;
  kind: 'bet_settlement' | 'bet_cancel' | 'rollback_bet_settlement' | 'rollback_bet_cancel';
  detail: Json<unknown>;
  received_at: Timestamp;
}
