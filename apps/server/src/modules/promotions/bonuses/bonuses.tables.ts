import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0016_bonuses.sql (listed in db/schema.ts `Database`). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric arrives as a decimal string */
type Numeric = ColumnType<string, string, string>;
type NullableNumeric = ColumnType<string | null, string | null, string | null>;
type Minor = ColumnType<bigint, bigint, bigint>;
type NullableMinor = ColumnType<bigint | null, bigint | null, bigint | null>;
/** jsonb: read as parsed JSON, written as a JSON string */
type Json<T> = ColumnType<T, string, string>;

export type BonusOfferType =
  | 'welcome'
  | 'everyday'
  | 'deposit'
  | 'promo'
  | 'promo_freespins'
  | 'wheel'
  | 'personal';
export type UserBonusStatusColumn =
  | 'active'
  | 'pending'
  | 'completed'
  | 'expired'
  | 'forfeited'
  | 'lost';

export interface BonusOffersTable {
  id: Generated<string>;
  type: BonusOfferType;
  title: Json<Record<string, string>>;
  description: ColumnType<Record<string, string>, string | undefined, string>;
  min_deposit_number: number | null;
  amount_multiplier: ColumnType<string, string | undefined, string>;
  amount_usd_minor: NullableMinor;
  freespins_count: Generated<number>;
  freespins_amount_usd_minor: ColumnType<bigint, bigint | undefined, bigint>;
  min_deposit_usd_minor: NullableMinor;
  max_deposit_usd_minor: NullableMinor;
  wager: ColumnType<string, string | undefined, string>;
  wager_freespins: ColumnType<string, string | undefined, string>;
  wager_max_bet_usd_minor: NullableMinor;
  max_amount_usd_minor: NullableMinor;
  max_amount_multiplier: NullableNumeric;
  freespins_max_amount_usd_minor: NullableMinor;
  freespins_max_amount_multiplier: NullableNumeric;
  deadline_hours: number;
  is_enabled: Generated<boolean>;
  position: Generated<number>;
  /** migrations/0042: what a settled sport ticket's stake counts for the wagering, in percent */
  sport_percent: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** migrations/0042: what each settlement of a sport ticket added to its bonus's wagering. */
export interface BonusSportContributionsTable {
  /** 'sport:{ticketId}:{generation}' */
  reference: string;
  bonus_id: string;
  amount_minor: Minor;
}

export interface BonusOfferGamesTable {
  offer_id: string;
  game_id: string;
  percent: number;
  position: Generated<number>;
}

export interface BonusPersonalOffersTable {
  id: Generated<string>;
  offer_id: string;
  user_id: string;
  reference: string;
  expires_at: Timestamp | null;
  used_at: Timestamp | null;
  user_bonus_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface UserBonusesTable {
  id: Generated<string>;
  user_id: string;
  offer_id: string;
  personal_offer_id: string | null;
  type: BonusOfferType;
  reference: string;
  status: UserBonusStatusColumn;
  currency: string;
  amount_minor: Minor;
  wager_total_minor: Minor;
  wager_current_minor: ColumnType<bigint, bigint | undefined, bigint>;
  wager_freespins: Numeric;
  wager_max_bet_minor: NullableMinor;
  max_convert_minor: NullableMinor;
  freespins_total: number;
  freespins_left: number;
  freespin_amount_minor: Minor;
  freespins_max_win_minor: NullableMinor;
  freespins_won_minor: ColumnType<bigint, bigint | undefined, bigint>;
  converted_minor: NullableMinor;
  deadline_hours: number;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: GeneratedTimestamp;
  activated_at: Timestamp | null;
  expires_at: Timestamp | null;
  ended_at: Timestamp | null;
}

export interface BonusPlayerSettingsTable {
  user_id: string;
  is_welcome_enabled_fiat: Generated<boolean>;
  is_welcome_enabled_crypto: Generated<boolean>;
  preferred_fiat_offer_id: string | null;
  preferred_fiat_enabled: Generated<boolean>;
  preferred_crypto_offer_id: string | null;
  preferred_crypto_enabled: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export interface BonusDailyStateTable {
  user_id: string;
  last_show_modal_at: Timestamp | null;
  /** `YYYY-MM-DD` (the pool returns `date` columns as strings) */
  armed_day: string | null;
  armed_at: Timestamp | null;
  consumed_at: Timestamp | null;
  user_bonus_id: string | null;
}

export interface CurrencyDepositBonusesTable {
  code: string;
  network: string | null;
  fraction: Numeric;
  offer_id: string | null;
  is_enabled: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}
