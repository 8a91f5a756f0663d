import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/0021_banners.sql (listed in db/schema.ts `Database`). */

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string */
type Json<T> = ColumnType<T, string, string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export type BannerTypeColumn =
  | 'specific_game'
  | 'tournament'
  | 'common'
  | 'wallet'
  | 'game_of_the_week_new_web'
  | 'game_of_the_week'
  | 'game_of_the_month'
  | 'vip'
  | 'active_players'
  | 'cashback'
  | 'cashback_new_web'
  | 'bonus_on_deposit'
  | 'turbine'
  | 'registration'
  | 'login'
  | 'players_with_deposits'
  | 'exit_window';

export interface StoredBannerDescription {
  image_bg: string;
  image_fg: string | null;
  image_3: string | null;
  title: string | null;
  text: string | null;
}

export interface BannersTable {
  id: Generated<string>;
  type: BannerTypeColumn;
  position: number;
  is_enabled: boolean;
  descriptions: Json<Record<string, StoredBannerDescription>>;
  url: string | null;
  game_ids: TextArray;
  provider_ids: TextArray;
  category_keys: TextArray;
  promo_category_id: number | null;
  tournament_id: string | null;
  geo: TextArray;
  authorized: boolean | null;
  vip: boolean | null;
  all_players: boolean;
  deposits_from_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  deposits_to_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  deposits_count_from: number | null;
  deposits_count_to: number | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface StoredPartnerDescription {
  title: string;
  description: string;
}

export interface PartnersTable {
  id: string;
  position: number;
  is_enabled: boolean;
  image: string;
  url: string;
  descriptions: Json<Record<string, StoredPartnerDescription>>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
