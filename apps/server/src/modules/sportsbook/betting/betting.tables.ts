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
