import type {
  OddsChangePolicy,
  SportBetType,
  SportLegStatus,
  SportRejectionReason,
  SportTicketStatus,
} from '@casino/contract';
import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0036_sport_tickets.sql (listed in db/schema.ts `Database`). */

/** bigint columns: read as text by the driver, written as numbers, bigints or text */
type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;
type NullableInt8 = ColumnType<
  string | null,
  bigint | number | string | null | undefined,
  bigint | number | string | null
>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns: read as text */
type Numeric = ColumnType<string, string | number, string | number>;

export interface SportTicketsTable {
  id: Generated<string>;
  user_id: string;
  type: SportBetType;
  /** 'k' or a full-cover name; null unless a system */
  system_size: string | null;
  folds: number[];
  lines: number;
  status: SportTicketStatus;
  reason: SportRejectionReason | null;
  odds_change: OddsChangePolicy;
  currency: string;
  stake_minor: Int8;
  bonus_stake_minor: ColumnType<
    string,
    bigint | number | string | undefined,
    bigint | number | string
  >;
  bonus_id: string | null;
  placed_stake_minor: Int8;
  potential_payout_minor: Int8;
  payout_minor: NullableInt8;
  cashed_out_minor: ColumnType<
    string,
    bigint | number | string | undefined,
    bigint | number | string
  >;
  odds: Numeric;
  live: boolean;
  accept_after: NullableTimestamp;
  generation: Generated<number>;
  placed_at: GeneratedTimestamp;
  decided_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  /** the liability the ticket reserved, base currency; 0 once released (migration 0037) */
  liability_minor: ColumnType<
    string,
    bigint | number | string | undefined,
    bigint | number | string
  >;
  /** the hold of an in-play ticket's stake (migration 0037) */
  hold_id: string | null;
  /** what taken-back settlements left owing (migration 0038, settlement.service.ts) */
  debt_minor: ColumnType<string, bigint | number | string | undefined, bigint | number | string>;
}

export interface SportTicketLegsTable {
  ticket_id: string;
  position: number;
  event_id: Int8;
  market_id: Int8;
  outcome_id: string;
  odds: Numeric;
  live: boolean;
  status: ColumnType<SportLegStatus, SportLegStatus | undefined, SportLegStatus>;
  void_factor: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  dead_heat_factor: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
}

/** Kysely's view of migrations/0037_sport_acceptance.sql (betting's own tables). */

type NullableInt8Limit = ColumnType<
  bigint | null,
  bigint | number | string | null | undefined,
  bigint | number | string | null
>;

export interface SportBetLimitsTable {
  sport_id: number | null;
  market_type_id: number | null;
  min_stake_minor: NullableInt8Limit;
  max_stake_minor: NullableInt8Limit;
  max_payout_minor: NullableInt8Limit;
  market_liability_minor: NullableInt8Limit;
  bet_delay_ms: number | null;
  player_liability_minor: NullableInt8Limit;
  updated_at: GeneratedTimestamp;
}

export interface SportPlayerLimitsTable {
  user_id: string;
  bet_factor: ColumnType<string, string | number | undefined, string | number>;
  open_liability_minor: ColumnType<
    bigint,
    bigint | number | string | undefined,
    bigint | number | string
  >;
  updated_at: GeneratedTimestamp;
}

export interface SportLiabilityTable {
  market_id: ColumnType<bigint, bigint | number | string, bigint | number | string>;
  outcome_id: string;
  event_id: ColumnType<bigint, bigint | number | string, bigint | number | string>;
  liability_minor: ColumnType<bigint, bigint | number | string, bigint | number | string>;
  limit_minor: ColumnType<bigint, bigint | number | string, bigint | number | string>;
  tickets: number;
}
