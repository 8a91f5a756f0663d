import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the promo tables of migrations/0017_wheel_promo.sql (see db/schema.ts). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type PromoCodeKindColumn = 'main' | 'bonus' | 'conditions';

export interface PromoCodesTable {
  id: Generated<string>;
  code: string;
  kind: PromoCodeKindColumn;
  amount_usd_minor: ColumnType<bigint, bigint, bigint>;
  offer_id: string | null;
  uses_limit: number | null;
  uses: Generated<number>;
  per_player_limit: number;
  valid_from: Timestamp | null;
  valid_to: Timestamp | null;
  new_players_only: boolean;
  vip_only: boolean;
  countries: ColumnType<string[], string[], string[]>;
  is_enabled: boolean;
  is_first_deposit_promo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromoActivationsTable {
  id: string;
  promo_code_id: string;
  user_id: string;
  use_number: number;
  kind: PromoCodeKindColumn;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  user_bonus_id: string | null;
  created_at: Timestamp;
}

export interface FirstDepositPromoShownTable {
  user_id: string;
  shown_at: Timestamp;
}
