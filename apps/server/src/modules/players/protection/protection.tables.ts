import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Minor = ColumnType<bigint, bigint, bigint>;

/** Kysely's view of player_limits (migrations/0051_player_limits.sql). */
export interface PlayerLimitsTable {
  user_id: string;
  type: string;
  period: string;
  currency: string;
  amount_minor: Minor;
  pending_amount_minor: Minor | null;
  pending_effective_at: Timestamp | null;
  updated_at: Timestamp;
  /** migrations/0055: the operator who set the amount in force / asked for the pending one */
  set_by_operator_id: string | null;
  pending_by_operator_id: string | null;
}

/** player_limit_changes: every change asked for or come into force. */
export interface PlayerLimitChangesTable {
  id: ColumnType<bigint, never, never>;
  user_id: string;
  type: string;
  period: string;
  kind: string;
  from_minor: Minor | null;
  to_minor: Minor | null;
  effective_at: Timestamp;
  created_at: Timestamp;
  /**
   * the limit's currency ('MIN': session) when it changed — a 'converted' change: the new one
   * (migrations/0054; null on older rows)
   */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** migrations/0055: an operator's change and its reason (null: the player or the system) */
  operator_id: string | null;
  reason: string | null;
}

/** player_deposit_usage: every credited deposit in the primary currency at its credit. */
export interface PlayerDepositUsageTable {
  reference: string;
  user_id: string;
  currency: string;
  amount_minor: Minor;
  at: Timestamp;
}

/** player_deposit_reservations: open deposit orders counted against the deposit limits. */
export interface PlayerDepositReservationsTable {
  reference: string;
  user_id: string;
  currency: string;
  amount_minor: Minor;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** player_protection_flags: what operators should look at. */
export interface PlayerProtectionFlagsTable {
  id: Generated<bigint>;
  user_id: string;
  kind: string;
  details: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  /** migrations/0055: an operator's resolution */
  resolved_at: Timestamp | null;
  resolved_by_operator_id: string | null;
  resolution_note: string | null;
}

/** player_exclusions (migrations/0053): the time-out or self-exclusion in force per player. */
export interface PlayerExclusionsTable {
  user_id: string;
  kind: string;
  started_at: Timestamp;
  until: Timestamp | null;
  operator_id: string | null;
  reopens_at: Timestamp | null;
  updated_at: Timestamp;
}

/** player_exclusion_history: every change of a player's exclusion, who and when. */
export interface PlayerExclusionHistoryTable {
  id: Generated<bigint>;
  user_id: string;
  action: string;
  kind: string;
  until: Timestamp | null;
  operator_id: string | null;
  created_at: Timestamp;
}

/** rg_registry_sandbox_entries: the sandbox national self-exclusion registry. */
export interface RgRegistrySandboxEntriesTable {
  id: Generated<bigint>;
  email: string | null;
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  note: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** player_usage_hours (migrations/0054): stakes, wins and play per player, currency and hour. */
export interface PlayerUsageHoursTable {
  user_id: string;
  currency: string;
  hour: Timestamp;
  staked_minor: Minor;
  won_minor: Minor;
  played_seconds: Minor;
}

/** player_play_sessions: the player's play session and the reality check it last answered. */
export interface PlayerPlaySessionsTable {
  user_id: string;
  started_at: Timestamp;
  last_stake_at: Timestamp;
  reality_check_acked_at: Timestamp | null;
}

/** player_play_session_totals: the play session's stakes and wins per currency. */
export interface PlayerPlaySessionTotalsTable {
  user_id: string;
  currency: string;
  session_started_at: Timestamp;
  staked_minor: Minor;
  won_minor: Minor;
}
