import type { ColumnType } from 'kysely';

/** Kysely's view of migrations/0020_tournaments.sql (listed in db/schema.ts `Database`). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric arrives as a decimal string */
type Numeric = ColumnType<string, string | undefined, string>;
type Minor = ColumnType<bigint, bigint, bigint>;
/** jsonb: read as parsed JSON, written as a JSON string */
type Json<T> = ColumnType<T, string, string>;

export type TournamentStatusColumn = 'upcoming' | 'running' | 'finished' | 'paid';
export type TournamentScoringColumn = 'wagered' | 'won' | 'best_multiplier';

export interface StoredTournamentDescription {
  name: string;
  description: string;
  image: string;
}

export interface StoredTournamentPrize {
  place: number;
  /** decimal string in the tournament currency */
  amount: string;
}

export interface TournamentsTable {
  id: string;
  vip_only: ColumnType<boolean, boolean | undefined, boolean>;
  descriptions: Json<Record<string, StoredTournamentDescription>>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: ColumnType<
    TournamentStatusColumn,
    TournamentStatusColumn | undefined,
    TournamentStatusColumn
  >;
  scoring: TournamentScoringColumn;
  currency: string;
  prizes: Json<StoredTournamentPrize[]>;
  game_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** migrations/0042: settled sport tickets count too */
  scores_sport: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface TournamentScoresTable {
  tournament_id: string;
  user_id: string;
  score: Numeric;
  rounds: ColumnType<bigint, bigint | undefined, bigint>;
  updated_at: Timestamp;
  /** migrations/0042: the best multiplier of the plays that cannot be taken back */
  plain_best: Numeric;
}

export interface TournamentScoreContributionsTable {
  reference: string;
  tournament_id: string;
  user_id: string;
  score: Numeric;
  rounds: number;
}

export interface TournamentPayoutsTable {
  tournament_id: string;
  place: number;
  user_id: string;
  score: Numeric;
  amount_minor: Minor;
  currency: string;
  paid_amount_minor: Minor;
  paid_currency: string;
  rate: string;
  ledger_transaction_id: ColumnType<string | null, string | null, string | null>;
  paid_at: Timestamp;
}
